"""What the referee says after each Mao entry, the board, the table line, and how a new
game is set up.

The shared screen says only what happened at the table: the card played and what was said
(the entry itself), each call with its result, the cards taken, a point of order, a Mao.
Never why, and never whose turn it is: a skip, the order turning round, a chain of 7s, the
suit to follow, a card that did not fit or a phrase owed are for the table to find out,
and for the game master to ask about in private (`knowledge`, clarification game-master).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, parse_card
from engine.errors import CardError, HrdeckError
from engine.events import Event, GameStarted
from engine.games.mao import offences, speech
from engine.games.mao.events import PenaltyCall, Played, ReEntered, Said
from engine.games.mao.game import MaoGame, new_game
from engine.games.mao.real_cards import RealMaoTable
from engine.games.mao.settings import DICTATORIAL, read_settings, settings_words
from engine.games.mao.table import HAND
from engine.games.registry import Game
from hrdeck.referee.commands import resolve_player
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.tables import NewGame
from hrdeck.referee.tables.mao.shorthand import HELP
from hrdeck.referee.views import SAY, WIN, Line

# the every-game commands Mao uses: no enforcements, challenges or dealt rules, and no turn
# or timer, which would say whose turn it is
GENERIC = frozenset({"peek", "score", "history", "undo", "reveal", "help", "quit"})
_PENALTIES = ("enforce", "call", "challenge", "rule")
HELP_NOTE = ("Names may be shortened (b for Ben); Tab completes commands and names. Every "
             "move names its player first: b 7s, p ben 7s: seven of spades. " + HELP)


def unused(command: str) -> str:
    """Why an every-game command has no place in Mao."""
    if command in _PENALTIES:
        return ("there are no enforcements or challenges; every penalty is a call the referee "
                "judges: call WHO on WHOM WORDS (help call).")
    if command in ("keep", "pick"):
        return ("the referee deals no secret rules; a player brings one in when they come back "
                "after a Mao (back WHO).")
    if command == "turn":
        return ("the table keeps track of play itself, and the game master may ask the "
                "referee in private (master).")
    if command == "timer":
        return "the table keeps its own time."
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


def _going(cards: int) -> str:
    return "The card goes" if cards == 1 else f"The {cards} cards go"


def _sentences(parts: Sequence[str]) -> str:
    return " ".join(part[0].upper() + part[1:] + ("" if part.endswith(("!", ".", "?")) else ".")
                    for part in parts if part)


# -- before and after an entry -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Glance:
    """What the announcements compare with: the game just before an entry."""

    order_called: int | None
    rounds: int
    answered: int               # contests answered with "new rule"
    reshuffles: int
    last: Card | None           # the latest card played, while a call can still send it back

    @classmethod
    def of(cls, game: MaoGame) -> Glance:
        return cls(game.order_called, game.rounds,
                   sum(penalty.answered for penalty in game.penalties), game.table.reshuffles,
                   None if game.last is None else game.last.card)


def _mao(game: MaoGame, player: int) -> list[Line]:
    name, maos = game.names[player], game.scores[player]
    won = f"Mao! {name} wins a Mao ({maos} of {game.target})."
    if game.winner is not None:
        return [Line(WIN, won), Line(WIN, game_over(game, game.names))]
    return [Line(WIN, won)]


def _penalty(game: MaoGame, before: Glance) -> str:
    """The call's result, as the table sees it."""
    penalty = game.penalties[-1]
    names = game.names
    taker = names[penalty.taker]
    if penalty.late:
        return "Too late: nobody takes a card."
    if penalty.reason == offences.BAD_CALL and not penalty.bad_call:
        return f"{_going(penalty.cards)} back to {taker}: bad call."
    short = (f" (only {penalty.cards}: every other card is in a hand)"
             if penalty.cards < penalty.owed else "")
    if penalty.bad_call:
        took = "the card" if penalty.owed == 1 else _cards(penalty.owed)
        return f"Bad call: {taker} takes {took}{short}."
    if penalty.reason in (offences.BAD_CARD, offences.OUT_OF_TURN) and (
            before.last is not None and game.last is None):
        return (f"{taker} takes the {before.last} back, and a penalty card{short}: "
                f"{penalty.words}.")
    return f"{taker} takes {_cards(penalty.cards)}{short}: {penalty.words}."


def heard(game: MaoGame, before: Glance, event: Event) -> list[Line]:
    """Everything the table hears after `event`, recorded on the game `before` was: what
    happened, never why."""
    names, table = game.names, game.table
    lines: list[Line] = []
    said: list[str] = []
    if isinstance(event, PenaltyCall):
        said.append(_penalty(game, before))
    elif isinstance(event, Said):
        if before.order_called is None and game.order_called is not None:
            said.append(f"Point of order, called by {names[game.order_called]}")
        elif before.order_called is not None and game.order_called is None:
            said.append("End of the point of order")
        answered = [penalty for penalty in game.penalties if penalty.answered]
        if len(answered) > before.answered:
            said.append(f"{_going(answered[-1].cards)} back to {names[answered[-1].taker]}: "
                        f"{speech.NEW_RULE}")
    elif isinstance(event, ReEntered):
        said.append(f"{names[event.player]} is back in the game: they take {HAND} cards from "
                    "the stack")
    if isinstance(event, Played | Said) and game.rounds > before.rounds:
        lines += _mao(game, event.player)
    if table.reshuffles > before.reshuffles:
        said.append("the stack ran out: shuffle the pile under its top card into a new stack")
    if said:
        lines.append(Line(SAY, _sentences(said)))
    return lines


def note(game: Game, event: Event) -> str | None:
    """What the history adds to an entry: a call's result, a Mao."""
    mao = _game(game)
    if mao is None:
        return None
    if isinstance(event, Played) and event.player in mao.table.out:
        return f"Mao! {_maos(mao.scores[event.player])}"
    if isinstance(event, PenaltyCall) and mao.penalties:
        penalty = mao.penalties[-1]
        taker = mao.names[penalty.taker]
        if penalty.late:
            return "too late: nobody takes a card"
        if penalty.reason == offences.BAD_CALL and not penalty.bad_call:
            return f"{_going(penalty.cards).lower()} back to {taker}: bad call"
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
    """ " (first card 9♥; Ann deals, Ben goes first; 3 Maos end the session)", and who calls
    in a dictatorial game: the rest of the settings are rules like any other."""
    names, players = setup.players, len(setup.players)
    parts = [f"first card {setup.deck[0]}" if setup.deck else "",
             f"{names[setup.dealer]} deals, {names[(setup.dealer + 1) % players]} goes first",
             f"{_maos(setup.target)} end the session"]
    try:
        settings = read_settings(setup.options, players, setup.dealer)
    except HrdeckError:
        settings = None
    if settings is not None and settings.calls == DICTATORIAL and settings.master is not None:
        parts.append(f"only the Mao master, {names[settings.master]}, calls penalties")
    return f" ({'; '.join(part for part in parts if part)})"


def to_act(game: Game) -> tuple[int, str] | None:
    """Nobody, as far as the shared screen goes: it never says whose turn it is."""
    return None


def next_step(game: Game) -> str:
    mao = _game(game)
    if mao is None:
        return "Play on."
    names = mao.names
    if mao.order_called is not None:
        text = f"Point of order, called by {names[mao.order_called]} (end WHO ends it)."
    else:
        text = "Play on."
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
    """The pile's top cards, the stack, a point of order, and who is out."""
    mao = _game(game)
    if mao is None:
        return None
    table, names = mao.table, mao.names
    pile = table.pile
    shown = (f"{'… ' if len(pile) > 4 else ''}{' '.join(str(card) for card in pile[-4:])} "
             f"({len(pile)} card{'s' if len(pile) > 1 else ''})")
    parts = [f"Pile: {shown}", f"stack: {len(table.stack)}"]
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
