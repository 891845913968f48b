"""Up 'N Over at the referee's table: cards typed in as they are played (`p 7h`, `up 9c`),
draws a rule asks for, tricks recorded by hand in score mode; the sum and the trick
announced, the trick on the board.

>>> from hrdeck.referee.commands import parse_command
>>> table = ("Ann", "Ben", "Cat")
>>> parse_command('p 7h "Captain Nemo"', table, UP_N_OVER)
Play(player=None, card=Card('7h'), ace_value=None, said='Captain Nemo')
>>> parse_command("as 11", table, UP_N_OVER).ace_value
11
>>> parse_command("ben 10s", table, UP_N_OVER).player
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, Rank
from engine.events import OUT_OF_TURN, Called, Enforced, Event, GameStarted
from engine.games.registry import Game
from engine.games.upnover.events import Drew, Played, TrickTaken, TurnedUp
from engine.games.upnover.hidden_rules import HiddenRulesGame, new_game
from engine.games.upnover.score_game import ScoreGame
from engine.games.upnover.trick_game import Phase
from hrdeck.referee.commands import (
    Spec,
    Token,
    card_and_value,
    is_number,
    is_player,
    looks_like_card,
    resolve_player,
    typed_text,
)
from hrdeck.referee.errors import CommandError, RefereeError
from hrdeck.referee.tables import NewGame, Table, TableGame, Verb, register_table
from hrdeck.referee.views import SAY, WARN, Line, Outcome

# -- the verbs -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    player: int | None          # None: whoever's turn it is
    card: Card
    ace_value: int | None = None
    said: str = ""


@dataclass(frozen=True, slots=True)
class TurnUp:
    player: int | None
    card: Card | None
    ace_value: int | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    player: int | None          # None: whoever played the latest card
    count: int = 1


@dataclass(frozen=True, slots=True)
class Trick:
    player: int


def parse_play(tokens: list[Token], names: Sequence[str]) -> Play:
    player = None
    if (len(tokens) > 1 and not looks_like_card(tokens[0].text)) or (
            len(tokens) > 1 and is_player(tokens[0].text, names)
            and looks_like_card(tokens[1].text)):
        player = resolve_player(tokens[0].text, names)
        tokens = tokens[1:]
    card, value, rest = card_and_value(tokens, "p")
    if card.rank is Rank.ACE and value is None:
        raise CommandError(f"Say what the {card.name} counts: p {card.code} 1 or "
                           f"p {card.code} 11.")
    said = ""
    if rest and not rest[0].quoted and rest[0].text.lower() == "say":
        said = typed_text(rest[1:], "What was said")
    elif len(rest) == 1 and rest[0].quoted:
        said = typed_text(rest, "What was said")
    elif rest:
        words = " ".join(token.text for token in rest)
        raise CommandError(f'What is "{words}"? Put what the player said in quotes: '
                           f'p {card.code} "{words}".')
    return Play(player=player, card=card, ace_value=value, said=said.strip())


def parse_bare(tokens: list[Token], names: Sequence[str]) -> Play | None:
    """A card (`7h`, `as 11`), or a player and a card (`ben 7h`); None for anything else."""
    word = tokens[0].text
    if looks_like_card(word) or (is_player(word, names) and len(tokens) > 1):
        return parse_play(tokens, names)
    return None


def parse_up(tokens: list[Token], names: Sequence[str]) -> TurnUp:
    player = None
    if tokens and not looks_like_card(tokens[0].text) and is_player(tokens[0].text, names):
        player = resolve_player(tokens[0].text, names)
        tokens = tokens[1:]
    if not tokens:
        return TurnUp(player=player, card=None)
    card, value, rest = card_and_value(tokens, "up")
    if rest:
        raise CommandError(f'"{rest[0].text}" is left over: write up {card.code}'
                           + (" 11." if card.rank is Rank.ACE else "."))
    return TurnUp(player=player, card=card, ace_value=value)


def parse_draw(tokens: list[Token], names: Sequence[str]) -> Draw:
    player, count = None, None
    for token in tokens:
        if is_number(token.text) and count is None:
            count = int(token.text)
        elif player is None and not is_number(token.text):
            player = resolve_player(token.text, names)
        else:
            raise CommandError(f'"{token.text}" is left over: write draw [WHO] [N].')
    return Draw(player=player, count=1 if count is None else count)


def parse_trick(tokens: list[Token], names: Sequence[str]) -> Trick:
    if len(tokens) != 1:
        raise CommandError("Who took the trick? Write: trick WHO.")
    return Trick(player=resolve_player(tokens[0].text, names))


# -- what they do --------------------------------------------------------------------------------

def cards_game(session: Table) -> HiddenRulesGame:
    game = session.game
    if not isinstance(game, HiddenRulesGame):
        raise CommandError("This game keeps score only: the referee does not see the "
                           "cards. Record who took each trick: trick WHO.")
    return game


def play(session: Table, command: Play, outcome: Outcome) -> None:
    table = cards_game(session).table
    session.verify_ready()
    player = table.turn if command.player is None else command.player
    if player != table.turn and table.phase is Phase.PLAY:
        name = session.names[player]
        raise CommandError(f"{name} cannot play out of turn: it is "
                           f"{session.names[table.turn]}'s turn. The card goes back to {name}'s "
                           f"hand; anyone may call it: call WHO on {name} turn.")
    slow = session.slow_warning(player)
    session.record(Played(player=player, card=command.card, ace_value=command.ace_value,
                          said=command.said), outcome)
    if slow:
        outcome.add(WARN, slow)


def turn_up(session: Table, command: TurnUp, outcome: Outcome) -> None:
    game = cards_game(session)
    table = game.table
    session.verify_ready()
    player = table.turn if command.player is None else command.player
    if game.gathering_wins() is not None:  # the game ends as the trick is gathered
        table.verify_turn_up(player)
        session.record(TurnedUp(player=player), outcome)
        return
    if command.card is None:
        table.verify_turn_up(player)
        raise CommandError(f"Which card did {session.names[player]} turn up? For example: "
                           "up 9c.")
    slow = session.slow_warning(player)
    session.record(TurnedUp(player=player, card=command.card, ace_value=command.ace_value),
                   outcome)
    if slow:
        outcome.add(WARN, slow)


def draw(session: Table, command: Draw, outcome: Outcome) -> None:
    table = cards_game(session).table
    session.verify_ready()
    player = command.player
    if player is None:
        if len(table.trick) < 2:
            raise CommandError("Who draws? Write: draw WHO [N].")
        player = table.trick[-1][2]
    session.record(Drew(player=player, count=command.count), outcome)


def trick(session: Table, command: Trick, outcome: Outcome) -> None:
    if isinstance(session.game, HiddenRulesGame):
        raise CommandError("In a full game the referee works out who takes each trick from "
                           "the cards: type the cards played (p 7h).")
    session.record(TrickTaken(player=command.player), outcome)


VERBS = (
    Verb(Spec("play", ("p",), 'play [player] CARD [1|11] ["what they said"]',
              "a card played (7h, 10s, Qd, As 11); `7h` alone is whoever's turn it is",
              "players"), parse_play, Play, play),
    Verb(Spec("up", ("u",), "up [player] CARD [1|11]",
              "the card turned up to open a trick (an ace counts 1 unless 11 is said)",
              "players"), parse_up, TurnUp, turn_up),
    Verb(Spec("draw", ("d",), "draw [WHO] [N]",
              "WHO (by default whoever played the latest card) draws N cards (1) as a rule "
              "says", "players"), parse_draw, Draw, draw),
    Verb(Spec("trick", ("t", "took"), "trick WHO", "score mode: WHO took a trick", "players"),
         parse_trick, Trick, trick),
)

# -- the game at the table -----------------------------------------------------------------------


def setup(new: NewGame, triggers: tuple[str, ...], actions: tuple[str, ...]) -> GameStarted:
    if new.face_up:
        raise RefereeError("Up 'N Over deals no cards face up: --face-up is for games that do.")
    return new_game(new.players, seed=new.seed, dealer=new.dealer,
                    fewer_cards_variant=new.fewer_cards, target=new.target,
                    mode="table" if new.mode == "full" else new.mode,
                    triggers=triggers, actions=actions)


def setup_words(setup: GameStarted) -> str:
    return (f" (target {setup.target}, {setup.hand_size} cards each)" if setup.mode == "table"
            else f" (score keeping, target {setup.target})")


def to_act(game: Game) -> tuple[int, str] | None:
    if not isinstance(game, HiddenRulesGame):
        return None
    table = game.table
    return table.turn, "play" if table.phase is Phase.PLAY else "turn up"


def next_step(game: Game) -> str:
    if not isinstance(game, HiddenRulesGame):
        return "Record each trick as it is taken: trick WHO (and enforce, challenge, rule)."
    table, names = game.table, game.names
    turn = names[table.turn]
    if table.phase is Phase.PLAY:
        return f"{turn} to play; the sum is {table.total}."
    if table.phase is Phase.TRICK_WON and table.taker is not None:
        taker, winner = names[table.taker], game.gathering_wins()
        if winner is not None:
            return (f"{taker} took the trick; gathering it ends the round and {names[winner]} "
                    "wins, unless a rule is enforced first: up.")
        return (f"{taker} took the trick: {taker} gathers it, everyone draws back up, and "
                f"{taker} turns up the next card: up CARD.")
    which = "the first" if not game.has_started() else "the next"
    return f"{turn} turns up a card to open {which} trick: up CARD."


def ready(game: Game) -> str:
    return f"{game.names[game.setup.dealer]} turns up the first card: up CARD."


def on_entry(game: Game, event: Event) -> list[Line]:
    if not isinstance(game, HiddenRulesGame):
        return []
    table, names = game.table, game.names
    if isinstance(event, Played):
        player = names[event.player]
        if table.phase is Phase.TRICK_WON and table.taker is not None:
            taker = names[table.taker]
            if table.went_over:
                return [Line(SAY, f"Sum {table.total}: over 21! {taker}, on {player}'s right, "
                                  "takes the trick.")]
            return [Line(SAY, f"Sum 21! {player} takes the trick.")]
        return [Line(SAY, f"Sum {table.total}. {names[table.turn]} to play.")]
    if isinstance(event, Drew):
        held = len(table.hands[event.player])
        return [Line(SAY, f"{names[event.player]} now holds {held} cards.")]
    return []


def after_points(game: Game, event: Event) -> list[Line]:
    if not isinstance(game, HiddenRulesGame):
        return []
    table, names = game.table, game.names
    lines = []
    if isinstance(event, Enforced):
        card = game.enforcements[-1].card_taken_back
        if event.take_back and card is not None:
            lines.append(Line(SAY, f"{names[event.violator]} takes back the {card.name}: the "
                                   f"sum is back to {table.total}."))
        elif table.plays:
            lines.append(Line(SAY, "The play stands (it is no longer the latest card); only "
                                   "the point is lost."))
    elif isinstance(event, Called):
        offender = names[event.offender]
        if event.offence == OUT_OF_TURN:
            lines.append(Line(SAY, f"The card {offender} played out of turn goes back to "
                                   "their hand; it never counted."))
        elif event.take_back:
            lines.append(Line(SAY, f"{offender}'s slow card goes back to their hand: the sum "
                                   f"is back to {table.total}."))
        else:
            lines.append(Line(SAY, f"{offender} loses the rest of the turn."))
    else:
        return []
    if table.phase is Phase.PLAY:
        lines.append(Line(SAY, f"{names[table.turn]} to play."))
    return lines


def after_round(game: Game, event: Event) -> list[Line]:
    if not isinstance(game, HiddenRulesGame):
        return []
    table, names = game.table, game.names
    if isinstance(event, TurnedUp) and table.trick:
        return [Line(SAY, f"Sum {table.total}. {names[table.turn]} to play.")]
    if isinstance(event, Played) and table.phase is Phase.TRICK_WON:
        taker, winner = names[table.turn], game.gathering_wins()
        if winner is not None:
            return [Line(SAY, f"{taker} gathers the trick: up. Unless a rule is enforced "
                              f"first, gathering the trick ends the round and {names[winner]} "
                              "wins; no card is turned up.")]
        return [Line(SAY, f"{taker} gathers the trick, everyone draws back up, and {taker} "
                          "turns up the next card: up CARD.")]
    return []


def note(game: Game, event: Event) -> str | None:
    """What the history adds to a card: "sum 18", "sum 21: Ben takes the trick"."""
    if not isinstance(game, HiddenRulesGame) or not isinstance(event, Played | TurnedUp):
        return None
    table = game.table
    if isinstance(event, TurnedUp) and not table.trick:
        return None  # the game ended as the trick was gathered
    taker = table.taker if isinstance(event, Played) else None
    if taker is None:
        return f"sum {table.total}"
    if table.went_over:
        return f"sum {table.total}, over 21: {game.names[taker]} takes the trick"
    return f"sum {table.total}: {game.names[taker]} takes the trick"


def counts(game: Game) -> list[tuple[int, ...]]:
    if isinstance(game, HiddenRulesGame):
        return [(tricks,) for tricks in game.table.tricks_taken]
    assert isinstance(game, ScoreGame)
    return [(tricks,) for tricks in game.tricks]


def table_line(game: Game) -> str | None:
    if not isinstance(game, HiddenRulesGame) or not game.table.trick:
        return None
    cards = "  ".join(f"{card} ({game.names[seat]})" for card, _, seat in game.table.trick)
    return f"Sum {game.table.total}:  {cards}"


UP_N_OVER = register_table(TableGame(
    name="up-n-over", setup=setup, verbs=VERBS, bare=parse_bare, setup_words=setup_words,
    to_act=to_act, next_step=next_step, ready=ready, on_entry=on_entry,
    after_points=after_points, after_round=after_round, note=note, columns=("tricks",),
    counts=counts, table_line=table_line, rules_deck="base.yaml"))
