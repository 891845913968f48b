"""What a base game brings to the referee: its verbs (each parsed and carried out in one
place), what it announces after an entry, its columns on the board, and how a new game of it
is set up. The generic session (`hrdeck.referee.session`) runs everything else: the journal,
undo, resume, secret rules, enforcements, challenges, the timer, help, export and reveal.

A game that does without some of that says so: `generic` names the every-game commands it
uses (Mao's penalties are its own calls, so it has no enforcements or challenges),
`deals_rules` whether the referee deals it secret rules from a deck, and `rules_optional`
whether it is also played without them (Joker's Secret: the plain game, unless a deck of
secret rules is given).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.events import DEFAULT_GAME, Event, GameStarted
from engine.games.registry import Game
from engine.referee import Referee
from hrdeck.referee.commands import Parser, Spec, Token
from hrdeck.referee.rule_deck import RuleDeck
from hrdeck.referee.views import Line, Outcome


@dataclass(frozen=True, slots=True)
class NewGame:
    """The settings of a new game, as `hrdeck referee new` takes them."""

    players: tuple[str, ...]
    game: str = DEFAULT_GAME
    mode: str = "full"
    seed: int = 0
    dealer: int = 0
    fewer_cards: bool = False   # Up 'N Over's variant; a game without it refuses it
    target: int = 3
    deck: RuleDeck | None = None
    face_up: tuple[tuple[str, ...], ...] = ()  # cards dealt face up, a row per seat, as
                                               # typed (Joker's Secret); () when none given
    first: str = ""             # the card turned up to start the pile, as typed (Mao)
    options: tuple[str, ...] = ()  # the game's own settings, "name=value" as typed (Mao)


class Table(Protocol):
    """What a game's verbs and the reports see of a session."""

    @property
    def game(self) -> Game: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def referee(self) -> Referee: ...

    @property
    def deck(self) -> RuleDeck | None:
        """The session's rule cards, stored with it."""
        ...

    def record(self, event: Event, outcome: Outcome) -> Event:
        """Apply, commit, then acknowledge the entry (a refusal changes nothing)."""
        ...

    def verify_ready(self) -> None:
        """Refuse a move while secret rules are still to be kept."""
        ...

    def slow_warning(self, player: int) -> str | None:
        """A warning when `player`, the one to act, took longer than the turn timer."""
        ...


Handler = Callable[[Table, Any, Outcome], None]


@dataclass(frozen=True, slots=True)
class Verb:
    """One command of a game: how it reads, how its line is parsed, what it does."""

    spec: Spec
    parse: Parser
    command: type[Any]
    run: Handler


# the every-game commands a game without secret rules or points still has
BOOKKEEPING = frozenset({"score", "history", "turn", "undo", "help", "quit"})


def _no_lines(game: Game, event: Event) -> list[Line]:
    return []


def _the_winner(game: Game) -> tuple[int, ...]:
    return () if game.winner is None else (game.winner,)


def _won_on_points(game: Game, names: Sequence[str]) -> str:
    winner = game.winner
    assert winner is not None
    return f"The game is over: {names[winner]} won with {game.scores[winner]} points."


@dataclass(frozen=True, slots=True, kw_only=True)
class TableGame:
    """A base game at the referee's table."""

    name: str                                          # the base game's name
    setup: Callable[[NewGame, tuple[str, ...], tuple[str, ...]], GameStarted]
    verbs: tuple[Verb, ...] = ()
    bare: Callable[[list[Token], Sequence[str]], Any] | None = None  # a line that is no
                                                       # command (a card), or None
    setup_words: Callable[[GameStarted], str] = lambda setup: ""  # after "the game starts"
    to_act: Callable[[Game], tuple[int, str] | None] = lambda game: None  # (seat, "play")
    next_step: Callable[[Game], str] = lambda game: "Play on."
    game_over: Callable[[Game, Sequence[str]], str] = _won_on_points  # once the game is over
    winners: Callable[[Game], tuple[int, ...]] = _the_winner  # who won (a shared win: more
                                                       # than one; none in a game without)
    goal: Callable[[int], str] = lambda target: f"first to {target}"  # the target, on the board
    default_target: Callable[[int], int] = lambda players: 3  # --target when none is given
    rules_deck: str = ""                               # its own deck of secret rules, in decks/
    ready: Callable[[Game], str] = lambda game: ""     # said once every rule is kept
    on_entry: Callable[[Game, Event], list[Line]] = _no_lines      # before points are said
    after_points: Callable[[Game, Event], list[Line]] = _no_lines  # after points are said
    after_round: Callable[[Game, Event], list[Line]] = _no_lines   # after a round's end
    note: Callable[[Game, Event], str | None] = lambda game, event: None  # for the history
    columns: tuple[str, ...] = ()                      # the game's counts on the board
    counts: Callable[[Game], Sequence[tuple[int, ...]]] = lambda game: ()  # per seat
    table_line: Callable[[Game], str | None] = lambda game: None  # the cards on the table
    generic: frozenset[str] | None = None              # the every-game commands it uses, by
                                                       # name (`commands.SPECS`); None: all
    unused: Callable[[str], str] = lambda name: ""     # why an every-game command it does not
                                                       # use has no place in it
    deals_rules: bool = True                           # full mode deals secret rules from a deck
    rules_optional: bool = False                       # ... only from a deck given (--deck);
                                                       # without one it is the plain game
    unscored: Callable[[Game], str | None] = lambda game: None  # a game set up without
                                                       # secret rules or points: how it is won
                                                       # ("first out of cards wins"); no score,
                                                       # round or target on the board, and only
                                                       # the commands of BOOKKEEPING
    ask: Callable[[Game], str | None] = lambda game: None  # a question the table answers on
                                                       # the next line, asked at the prompt
    takes: frozenset[str] = frozenset()                # the setup options it reads beyond the
                                                       # common ones: "first", "options"
    says_round_ends: bool = False                      # it says its own round ends and winner
                                                       # (not "Round 2 is over", "… points!")
    own_rules: Callable[[Game], Sequence[tuple[int, str]]] = lambda game: ()  # secret rules
                                                       # it keeps itself (seat, words), for
                                                       # peek and reveal, when it deals none
    machines: Callable[[Game], tuple[int, ...]] = lambda game: ()  # seats the machine plays
                                                       # (no page of their own on the web)
    help_note: str = ""                                # under help's list ("": the usual
                                                       # words on names, Tab and cards)
    handlers: dict[type[Any], Handler] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self.handlers.update({verb.command: verb.run for verb in self.verbs})

    def uses(self, command: str, game: Game | None = None) -> bool:
        """Whether the every-game command `command` (its name) is one of this game's; as
        `game` is set up, when given: one without points (`unscored`) keeps only these of
        bookkeeping."""
        if game is not None and command not in BOOKKEEPING and self.unscored(game) is not None:
            return False
        return self.generic is None or command in self.generic
