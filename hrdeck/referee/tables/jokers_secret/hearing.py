"""What the referee says after each Joker's Secret turn, the board's counts, the table line,
and how a new game is set up."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import FACE_DOWN, Card, Rank, parse_card
from engine.errors import CardError
from engine.events import OUT_OF_TURN, Called, Enforced, Event, GameStarted
from engine.games.jokers_secret import events as entries
from engine.games.jokers_secret.events import Flipped, JokerPlayed, PickedUp, Played, Swapped
from engine.games.jokers_secret.game import JokersSecretGame, new_game
from engine.games.jokers_secret.real_cards import TableShedding
from engine.games.jokers_secret.shedding import ROW, Zone
from engine.games.registry import Game
from engine.rules_layer import DEFAULT_TARGET
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.tables import NewGame
from hrdeck.referee.views import SAY, WIN, Line

# -- what the table hears ------------------------------------------------------------------------


def _table(game: Game) -> TableShedding | None:
    if isinstance(game, JokersSecretGame) and isinstance(game.table, TableShedding):
        return game.table
    return None


def _plural(card: Card) -> str:
    word = card.name.split(" of ")[0]
    return word + ("es" if word.endswith("x") else "s")


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _to_act(table: TableShedding, names: Sequence[str], *, again: bool = False) -> str:
    """What the player to act does now: "Ben to play on the 7♥", "Ann goes again and plays
    on an empty pile"."""
    name = names[table.turn]
    top = table.top
    on = ("on an empty pile" if top is None else f"on the {top}: anything goes"
          if top.rank is Rank.TWO else f"on the {top}")
    zone = table.zone(table.turn)
    if zone is Zone.FACE_DOWN:
        does = "goes again and flips" if again else "to flip"
        return f"{name} {does} a face-down card, {on} (flip PLACE CARD)"
    does = "goes again and plays" if again else "to play"
    where = " from the face-up row" if zone is Zone.FACE_UP else ""
    return f"{name} {does}{where} {on}"


def _landed(table: TableShedding, names: Sequence[str], player: int,
            cards: Sequence[Card]) -> str:
    """What cards `player` put on the pile did, as read right after: a burn ("four sevens:
    burn!"), a reset, a skip ("Ben is skipped") or nothing ("")."""
    if not table.pile or table.pile[-1] is not cards[-1]:  # only a burn empties it
        return "burn!" if cards[0].rank is Rank.TEN else f"four {_plural(cards[0])}: burn!"
    reset = cards[0].rank is Rank.TWO
    if table.run_on_top() > len(cards):  # clarification skip-once
        skipped = names[table.next_seat(player)]
        return f"reset, and {skipped} is skipped" if reset else f"{skipped} is skipped"
    return "reset: anything goes on a 2" if reset else ""


def _turn_words(game: Game, event: Event) -> list[str]:
    """What the latest turn did, in short phrases as they read mid-sentence ("four sevens:
    burn!", "Ben is skipped"), for the history and the table."""
    table = _table(game)
    if table is None:
        return []
    names = game.names
    if isinstance(event, Played):
        done = _landed(table, names, event.player, event.cards)
        return [done] if done else []
    if isinstance(event, Flipped) and event.card is not None:
        if event.card.is_joker:
            return [f"the {event.card.name} goes to the scrap pile"]
        if event.card in table.hands[event.player]:
            return [f"it cannot go on the pile: {names[event.player]} picks up "
                    f"{_count(table.taken)}"]
        done = _landed(table, names, event.player, [event.card])
        return [done] if done else []
    if isinstance(event, PickedUp):
        return [_count(table.taken)]
    if isinstance(event, JokerPlayed):
        return ["the pile stays as it was"]
    return []


def _count(cards: int) -> str:
    return f"{cards} card" if cards == 1 else f"{cards} cards"


def on_entry(game: Game, event: Event) -> list[Line]:
    table = _table(game)
    if table is None:
        return []
    names = game.names
    if isinstance(event, Swapped):
        row = _cards_text(table.face_up[event.player])
        return [Line(SAY, f"{names[event.player]}'s face-up row: {row}.")]
    if isinstance(event, entries.StartCardHeld):
        return [Line(SAY, _who_starts(table, names))]
    if not isinstance(event, Played | Flipped | PickedUp | JokerPlayed):
        return []
    player = event.player
    said = _turn_words(game, event)
    if isinstance(event, PickedUp):
        said = [f"{names[player]} picks up {said[0]}"]
    if table.drawn:
        said.append(f"{names[player]} draws {table.drawn}"
                    + ("" if table.draw_pile else ": the draw pile is empty"))
    if table.winner is not None:  # the win is said last (`after_round`); a burn before it
        said = said[:1] if table.burned and table.burned[-1] in _played(event) else []
    else:
        said.append(_to_act(table, names, again=table.turn == player))  # again: a burn, or
                                                                       # a skip with two
    text = " ".join(part[0].upper() + part[1:] + ("" if part.endswith(("!", ".")) else ".")
                    for part in said)
    return [Line(SAY, text)] if text else []


def _played(event: Played | Flipped | PickedUp | JokerPlayed) -> tuple[Card, ...]:
    if isinstance(event, Played):
        return event.cards
    if isinstance(event, Flipped) and event.card is not None:
        return (event.card,)
    return ()


def after_points(game: Game, event: Event) -> list[Line]:
    table = _table(game)
    if table is None or not isinstance(event, Enforced | Called):
        return []
    if isinstance(event, Called) and event.offence == OUT_OF_TURN:  # illegal-plays
        said = "A card laid out of turn never counts: it goes back to its player's hand."
    else:
        said = "The play stands: in Joker's Secret no card goes back and no turn is lost."
    lines = [Line(SAY, said)]
    if table.started and game.winner is None:
        lines.append(Line(SAY, f"{_to_act(table, game.names)}."))
    return lines


def after_round(game: Game, event: Event) -> list[Line]:
    table = _table(game)
    if table is None or table.winner is None or not isinstance(
            event, Played | Flipped | JokerPlayed):
        return []
    name = game.names[table.winner]
    return [Line(WIN, f"{name} has no cards left: {name} wins the game!")]


def note(game: Game, event: Event) -> str | None:
    """What the history adds to a turn: "four sevens: burn!", "Ben is skipped", "5 cards"."""
    return "; ".join(_turn_words(game, event)) or None


# -- the game at the table -----------------------------------------------------------------------


def _face_up_rows(new: NewGame) -> tuple[Card, ...]:
    if not new.face_up:
        return ()
    if len(new.face_up) != len(new.players):
        raise RefereeError(f"Give a face-up row for each of the {len(new.players)} players, "
                           f"in seating order, not {len(new.face_up)}.")
    cards: list[Card] = []
    for name, row in zip(new.players, new.face_up, strict=True):
        try:
            typed = [parse_card(code, jokers=True) for code in row]
        except CardError as error:
            raise RefereeError(f"{name}'s face-up row: {error}") from None
        if len(typed) != ROW:
            raise RefereeError(f"{name}'s face-up row is {ROW} cards, not {len(typed)}.")
        cards += typed
    return tuple(cards)


def setup(new: NewGame, triggers: tuple[str, ...], actions: tuple[str, ...]) -> GameStarted:
    """The plain game unless a deck of secret rules was given (`--mode score` too: the plain
    game keeps no score, and the referee follows the cards either way)."""
    if new.fewer_cards:
        raise RefereeError("--fewer-cards is a variant of Up 'N Over: in Joker's Secret every "
                           "player has three cards of each kind.")
    if not triggers and new.target != DEFAULT_TARGET:  # no secret rules given, or score mode
        raise RefereeError("The plain game of Joker's Secret has no points, so no target: "
                           "the first player out of cards wins. Leave out --target, or play "
                           "with secret rules: --deck decks/jokers-secret-rules.yaml.")
    return new_game(new.players, seed=new.seed, target=new.target, deck=_face_up_rows(new),
                    mode="table", triggers=triggers, actions=actions)


def setup_words(setup: GameStarted) -> str:
    kind = (f"with secret rules, target {setup.target}" if setup.triggers
            else "the plain game: the first player out of cards wins")
    if not setup.deck:
        return (f" ({kind}; the face-up rows were not typed in: the referee learns them as "
                "they are played)")
    rows = [f"{name} {_cards_text(setup.deck[ROW * seat:ROW * (seat + 1)])}"
            for seat, name in enumerate(setup.players)]
    return f" ({kind}; face up: {', '.join(rows)})"


def unscored(game: Game) -> str | None:
    """The plain game keeps no points: how it is won, for the board."""
    if isinstance(game, JokersSecretGame) and game.is_plain:
        return "first out of cards wins"
    return None


def unused(command: str) -> str:
    """Why an every-game command has no place: only the plain game does without any."""
    return ("this is the plain game, without secret rules or points (a deck of secret rules "
            "deals them: --deck decks/jokers-secret-rules.yaml).")


def to_act(game: Game) -> tuple[int, str] | None:
    table = _table(game)
    if table is None or table.winner is not None:
        return None
    if not table.started:
        starter = table.starter() if table.questions is not None else None
        return None if starter is None else (starter[0], "play")
    return table.turn, "flip" if table.zone(table.turn) is Zone.FACE_DOWN else "play"


def ask(game: Game) -> str | None:
    """The question the table answers on the next line: who holds the start card."""
    table = _table(game)
    card = None if table is None else table.asked()
    return None if card is None else f"Who holds the {card}, in hand or face up? Name, or nobody"


def _question(card: Card) -> str:
    return (f"Who holds the {card.name}, in hand or face up? Type their name, or nobody (the "
            "next card is asked).")


def _who_starts(table: TableShedding, names: Sequence[str]) -> str:
    if table.questions is not None:
        found = table.start_search()
        if isinstance(found, Card):
            return _question(found)
        return (f"{names[found.seat]} starts: {table.questions.reason(found)}. Type the first "
                "play: p CARDS.")
    starter = table.starter()
    if starter is not None:
        seat, card = starter
        where = "lies face up in front of" if card in table.face_up[seat] else "is in the hand of"
        return (f"{names[seat]} starts: the {card.name} {where} {names[seat]}. Type the first "
                "play: p CARDS.")
    return ("Whoever holds the 3 of clubs starts (if nobody does, the 4 of clubs, and so on up "
            "the clubs): type their first play with their name, as in p ann 3c.")


def next_step(game: Game) -> str:
    table = _table(game)
    if table is None:
        return "Play on."
    if not table.started:
        return ("Swaps between hand and face-up row first (swap WHO HAND-CARD FACE-UP-CARD). "
                + _who_starts(table, game.names))
    text = _to_act(table, game.names)
    if table.zone(table.turn) is not Zone.FACE_DOWN and table.pile:
        text += ", or pick up"
    return text + "."


def ready(game: Game) -> str:
    table = _table(game)
    return "" if table is None else next_step(game)


def counts(game: Game) -> list[tuple[int, ...]]:
    table = _table(game)
    if table is None:
        return []
    return [(len(table.hands[seat]), len(table.face_up[seat]),
             sum(card is not None for card in table.face_down[seat]))
            for seat in range(table.players)]


_ZONES = {Zone.HAND: "plays from the hand", Zone.FACE_UP: "plays from the face-up row",
          Zone.FACE_DOWN: "flips face-down cards", Zone.OUT: "has no cards left"}


def table_line(game: Game) -> str | None:
    """The pile's top cards and the draw pile, then each player's face-up row and where
    they play from."""
    table = _table(game)
    if table is None:
        return None
    pile = table.pile
    shown = ("empty" if not pile else f"{'… ' if len(pile) > 4 else ''}"
             f"{_cards_text(pile[-4:])} ({len(pile)} card{'s' if len(pile) > 1 else ''})")
    lines = [f"Pile: {shown} · draw pile: {len(table.draw_pile)} · burned: "
             f"{len(table.burned)}"]
    for seat, name in enumerate(game.names):
        row = table.face_up[seat]
        known = _cards_text([card for card in row if card is not FACE_DOWN])
        unseen = row.count(FACE_DOWN)
        if unseen:
            known = f"{known} + {unseen} not typed in".strip(" +")
        lines.append(f"{name} {_ZONES[table.zone(seat)]} · face up: {known or 'none'}")
    return "\n".join(lines)




def game_over(game: Game, names: Sequence[str]) -> str:
    """The winner played their last card first (or, with secret rules, led at a round's end
    at the target)."""
    winner = game.winner
    assert winner is not None
    table = _table(game)
    if table is not None and table.zone(winner) is Zone.OUT:
        return f"The game is over: {names[winner]} played their last card first and won."
    return f"The game is over: {names[winner]} won with {game.scores[winner]} points."
