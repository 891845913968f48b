"""What the referee says after each Mao entry, the board's counts, the table line, and how a
new game is set up.

The referee says what the cards do (a skip, the order turning round, a chain of 7s, the suit
a jack's player named), every call as it is judged, points of order and Maos. It never says
that a card did not fit or that a phrase is owed: in Mao the table finds that out and calls
it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, Rank, parse_card
from engine.errors import CardError, HrdeckError
from engine.events import Event, GameStarted
from engine.games import Game
from engine.games.mao import offences
from engine.games.mao.events import Passed, PenaltyCall, Played, ReEntered, Said, TookSevens
from engine.games.mao.game import MaoGame, new_game
from engine.games.mao.real_cards import RealMaoTable
from engine.games.mao.settings import DICTATORIAL, read_settings, settings_words
from engine.games.mao.table import HAND, Turns, as_played
from hrdeck.referee.commands import resolve_player
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.tables import NewGame
from hrdeck.referee.views import SAY, WIN, Line

# the every-game commands Mao uses: no enforcements, challenges or dealt rules
GENERIC = frozenset({"peek", "score", "history", "turn", "undo", "reveal", "timer", "help",
                     "quit"})
_PENALTIES = ("enforce", "call", "challenge", "rule")


def unused(command: str) -> str:
    """Why an every-game command has no place in Mao."""
    if command in _PENALTIES:
        return ("there are no enforcements or challenges; every penalty is a call the referee "
                "judges: call WHO on WHOM REASON (help call).")
    if command in ("keep", "pick"):
        return ("the referee deals no secret rules; a player brings one in when they come back "
                "after a Mao (back WHO).")
    return ""


def _game(game: Game) -> MaoGame | None:
    if isinstance(game, MaoGame) and isinstance(game.table, RealMaoTable):
        return game
    return None


def _cards(count: int) -> str:
    return "a card" if count == 1 else f"{count} cards"


def _maos(count: int) -> str:
    return "1 Mao" if count == 1 else f"{count} Maos"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _sentences(parts: Sequence[str]) -> str:
    return " ".join(part[0].upper() + part[1:] + ("" if part.endswith(("!", ".", "?")) else ".")
                    for part in parts if part)


# -- before and after an entry -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Glance:
    """What the announcements compare with: the game just before an entry."""

    turns: Turns
    order_called: int | None
    rounds: int
    penalties: int
    reshuffles: int
    last: Card | None           # the latest card played, while a call can still send it back

    @classmethod
    def of(cls, game: MaoGame) -> Glance:
        return cls(game.table.turns, game.order_called, game.rounds, len(game.penalties),
                   game.table.reshuffles, None if game.last is None else game.last.card)


def _on_top(game: MaoGame) -> str:
    top = game.table.pile[-1]
    text = f"the {top.name} (a nine of diamonds)" if top.is_joker else f"the {top}"
    turns = game.table.turns
    if turns.suit_named and turns.suit is not None:
        text += f": {turns.suit.plural} must follow"
    return text


def _to_act(game: MaoGame) -> str:
    """ "Ben to play on the 9♥", "Cat faces 2 sevens: play a 7 or take 2 cards"."""
    table, names = game.table, game.names
    if table.turn in table.out:
        return "Everyone is out after a Mao: back WHO brings a player back in"
    name = names[table.turn]
    sevens = table.turns.sevens
    if sevens:
        return (f"{name} faces {sevens} seven{'s' if sevens > 1 else ''}: play a 7 or take "
                f"{sevens} card{'s' if sevens > 1 else ''}")
    return f"{name} to play on {_on_top(game)}"


def _mao(game: MaoGame, player: int) -> list[Line]:
    name, maos = game.names[player], game.scores[player]
    won = f"Mao! {name} wins a Mao ({maos} of {game.target})."
    if game.winner is not None:
        return [Line(WIN, won), Line(WIN, game_over(game, game.names))]
    return [Line(WIN, f"{won} {name} leaves the game until they come back with five cards "
                      f"(back {name.lower()}).")]


def _card_did(game: MaoGame, player: int, card: Card, *, suit: bool = True) -> list[str]:
    """What a card put down did to the turns, as the table sees it (with `suit`, the suit its
    player named with a jack)."""
    table, names = game.table, game.names
    rank = as_played(card).rank
    said = [f"the {card.name} is a nine of diamonds"] if card.is_joker else []
    if rank is Rank.ACE:
        said.append(f"{names[table.next_seat(player, table.turns.direction)]} is skipped")
    elif rank is Rank.EIGHT:
        way = "clockwise" if table.turns.direction == 1 else "anticlockwise"
        said.append(f"the order turns round: {way} now")
    elif (suit and rank is Rank.JACK and table.turns.suit_named
          and table.turns.suit is not None):
        said.append(f"{table.turns.suit.plural} must follow")
    return said


def _penalty(game: MaoGame, before: Glance) -> tuple[list[str], bool]:
    """The call as judged, and whether the turns went back with a card."""
    penalty = game.penalties[-1]
    names = game.names
    cost = offences.cost(penalty.reason)
    short = (f" (only {penalty.cards}: every other card is in a hand)"
             if penalty.cards < cost else "")
    if penalty.bad_call:
        took = "the card" if cost == 1 else _cards(cost)
        return [f"Bad call: {names[penalty.taker]} takes {took}{short}"], False
    name = names[penalty.offender]
    if penalty.reason in (offences.BAD_CARD, offences.OUT_OF_TURN) and before.last is not None:
        return [f"{name} takes the {before.last} back, and a penalty card{short}: "
                f"{penalty.words}"], True
    return [f"{name} takes {_cards(cost)}{short}: {penalty.words}"], False


def heard(game: MaoGame, before: Glance, event: Event) -> list[Line]:
    """Everything the table hears after `event`, recorded on the game `before` was."""
    names, table = game.names, game.table
    lines: list[Line] = []
    said: list[str] = []
    going_on = True  # whose turn it is comes last
    if isinstance(event, Played):
        if game.rounds > before.rounds:
            lines += _mao(game, event.player)
        if game.winner is None:  # the next step says the suit named
            said += _card_did(game, event.player, event.card, suit=False)
    elif isinstance(event, TookSevens):
        said.append(f"{names[event.player]} takes {_cards(before.turns.sevens)} and plays on")
    elif isinstance(event, Said):
        going_on = False
        if before.order_called is None and game.order_called is not None:
            said.append(f"Point of order, called by {names[game.order_called]}: no card is "
                        "played or taken until it ends (end WHO)")
        elif before.order_called is not None and game.order_called is None:
            said.append("End of the point of order: play goes on")
            going_on = True
        elif not before.turns.suit_named and table.turns.suit_named:
            going_on = True  # "Dan to play on the J♥: clubs must follow."
        if game.rounds > before.rounds:
            lines += _mao(game, event.player)
            going_on = True
    elif isinstance(event, PenaltyCall):
        said, going_on = _penalty(game, before)
    elif isinstance(event, ReEntered):
        going_on = False
        said.append(f"{names[event.player]} is back in the game: they take {HAND} cards from "
                    "the stack")
    elif not isinstance(event, Passed):
        going_on = False
    if table.reshuffles > before.reshuffles:
        said.append("the stack ran out: shuffle the pile under its top card into a new stack")
    if going_on and game.winner is None and game.order_called is None:
        said.append(_to_act(game))
    if said:
        lines.append(Line(SAY, _sentences(said)))
    return lines


def note(game: Game, event: Event) -> str | None:
    """What the history adds to an entry: "Cat is skipped", "bad call: Dan takes the card"."""
    mao = _game(game)
    if mao is None:
        return None
    if isinstance(event, Played):
        if event.player in mao.table.out:
            return f"Mao! {_maos(mao.scores[event.player])}"
        said = _card_did(mao, event.player, event.card)
        sevens = mao.table.turns.sevens
        if sevens and as_played(event.card).rank is Rank.SEVEN:
            said.append(f"{sevens} seven{'s' if sevens > 1 else ''} aimed at "
                        f"{mao.names[mao.table.turn]}")
        return "; ".join(said) or None
    if isinstance(event, PenaltyCall) and mao.penalties:
        penalty = mao.penalties[-1]
        taker = mao.names[penalty.taker]
        if penalty.bad_call:
            return f"bad call: {taker} takes {_cards(penalty.cards)}"
        return f"{taker} takes {_cards(penalty.cards)}: {penalty.words}"
    return None


# -- the game at the table -----------------------------------------------------------------------


def _options(words: Sequence[str], players: Sequence[str]) -> tuple[str, ...]:
    """Settings as typed ("master=Cat", "sevens=thank-you") as the engine reads them
    ("master=2", "sevens=thank you"); the engine says what is wrong with the rest."""
    found: dict[str, str] = {}
    odd: list[str] = []  # not name=value
    for word in words:
        name, equals, value = word.partition("=")
        name, value = name.strip().lower(), value.strip()
        if not equals:
            odd.append(word)
            continue
        if name == "master" and value and not value.isdigit():
            try:
                value = str(resolve_player(value, players))
            except HrdeckError as error:
                raise RefereeError(f"The Mao master: {error}") from None
        elif name in ("sevens", "calls", "talking"):
            value = " ".join(value.lower().replace("-", " ").replace("_", " ").split())
            value = "penalised" if value == "penalized" else value
        found[name] = value
    return settings_words(found) + tuple(odd)


def setup(new: NewGame, triggers: tuple[str, ...], actions: tuple[str, ...]) -> GameStarted:
    if new.mode != "full":
        raise RefereeError("Mao is refereed in full mode only: the referee follows the cards "
                           "and judges every call, and the only score is a Mao.")
    if new.fewer_cards:
        raise RefereeError("--fewer-cards is a variant of Up 'N Over: in Mao everyone is dealt "
                           "five cards.")
    if new.face_up:
        raise RefereeError("Mao deals no cards face up: the card turned up to start the pile "
                           "is --first.")
    if not new.first.strip():
        raise RefereeError("Type in the card turned up to start the pile: --first 9h.")
    try:
        first = parse_card(new.first.strip(), jokers=True)
    except CardError as error:
        raise RefereeError(f"The card turned up (--first): {error}") from None
    return new_game(new.players, seed=new.seed, target=new.target, deck=(first,),
                    dealer=new.dealer, options=_options(new.options, new.players),
                    mode="table")


def setup_words(setup: GameStarted) -> str:
    """ " (first card 9♥; Ann deals, Ben goes first; 3 Maos end the session)"; the way the 7s
    are answered is a rule like any other, so it is not said."""
    names, players = setup.players, len(setup.players)
    parts = [f"first card {setup.deck[0]}" if setup.deck else "",
             f"{names[setup.dealer]} deals, {names[(setup.dealer + 1) % players]} goes first",
             f"{_maos(setup.target)} end the session"]
    try:
        settings = read_settings(setup.options, players, setup.dealer)
    except HrdeckError:
        settings = None
    if settings is not None:
        if settings.calls == DICTATORIAL and settings.master is not None:
            parts.append(f"only the Mao master, {names[settings.master]}, calls penalties")
        if settings.talking_penalised:
            parts.append("no talking")
        parts.append(f"{settings.seconds} seconds to begin a turn")
    return f" ({'; '.join(part for part in parts if part)})"


def to_act(game: Game) -> tuple[int, str] | None:
    mao = _game(game)
    if (mao is None or mao.winner is not None or mao.order_called is not None
            or mao.table.turn in mao.table.out):
        return None
    return mao.table.turn, "play"


def next_step(game: Game) -> str:
    mao = _game(game)
    if mao is None:
        return "Play on."
    names = mao.names
    if mao.order_called is not None:
        text = (f"Point of order, called by {names[mao.order_called]}: no card is played or "
                "taken until it ends (end WHO).")
    else:
        text = _to_act(mao) + "."
    out = [names[seat] for seat in sorted(mao.table.out)]
    if out:
        text += (f" {_and(out)} {'is' if len(out) == 1 else 'are'} out after a Mao (back WHO "
                 "brings them back).")
    return text


def game_over(game: Game, names: Sequence[str]) -> str:
    winner = game.winner
    assert winner is not None
    return f"The game is over: {names[winner]} won with {_maos(game.scores[winner])}."


def counts(game: Game) -> list[tuple[int, ...]]:
    mao = _game(game)
    if mao is None:
        return []
    return [(len(hand),) for hand in mao.table.hands]


def table_line(game: Game) -> str | None:
    """The pile's top cards, the stack, the order of play, the suit in force, a chain of 7s,
    a point of order, and who is out."""
    mao = _game(game)
    if mao is None:
        return None
    table, names = mao.table, mao.names
    pile = table.pile
    shown = (f"{'… ' if len(pile) > 4 else ''}{' '.join(str(card) for card in pile[-4:])} "
             f"({len(pile)} card{'s' if len(pile) > 1 else ''})")
    turns = table.turns
    parts = [f"Pile: {shown}", f"stack: {len(table.stack)}",
             "clockwise" if turns.direction == 1 else "anticlockwise"]
    suit = table.suit_in_force
    if suit is not None:
        parts.append(f"{suit.plural} in force" + (" (named)" if turns.suit_named else ""))
    if turns.sevens:
        parts.append(f"7s: {turns.sevens} aimed at {names[turns.turn]}")
    if mao.order_called is not None:
        parts.append(f"point of order ({names[mao.order_called]})")
    lines = [" · ".join(parts)]
    if table.out:
        lines.append("Out after a Mao: " + _and([names[seat] for seat in sorted(table.out)]))
    return "\n".join(lines)


def own_rules(game: Game) -> list[tuple[int, str]]:
    """The rules players brought in as they came back after a Mao: (holder, its words)."""
    mao = _game(game)
    return [] if mao is None else [(rule.holder, rule.name) for rule in mao.secret_rules]
