"""The contract every base game keeps, so that the journal, the simulation, the checker and
the referee serve any game without knowing it.

A `BaseGame` is the game's description and its entry points, registered by name (see
`engine.games`); a `Game` is one game in progress, built from its `GameStarted` entry and
advanced one journal entry at a time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import Field, dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeAlias

from engine.cards import Card
from engine.errors import ConfigError
from engine.events import Event, GameStarted
from engine.language.schema import Schema
from engine.moves import Seat

if TYPE_CHECKING:  # numpy is loaded only by a batched simulator, for a check
    import numpy as np
    import numpy.typing as npt
from engine.rules_layer import DealtRules, Enforcement, PointChange, SecretRule

Step: TypeAlias = "tuple[Event, Seat | None]"
"""A move a bot made: the entry, and the seat whose play it was (None when it was not a play
that triggers are tested on)."""


class Game(Protocol):
    """One game in progress, as the journal folds it. Every base game is played with
    hidden rules on top, kept by `engine.rules_layer.RulesLayer`: a game subclasses it and
    supplies the rest (its cards, turns and rounds)."""

    setup: GameStarted
    names: tuple[str, ...]
    scores: list[int]
    target: int
    floor: int
    rounds: int
    winner: Seat | None
    dealt: list[DealtRules]
    rules: list[SecretRule | None]
    enforcements: list[Enforcement]
    challenge_pending: Enforcement | None
    points: list[PointChange]

    def apply(self, event: Event) -> Event:
        """Carry out a journal entry (raising an `HrdeckError` if it cannot be); return it
        as recorded."""
        ...

    def snapshot(self) -> dict[str, object]:
        """Everything that makes this state, comparable and JSON-ready."""
        ...

    def has_started(self) -> bool: ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (with a winner, or, in a game that can end without
        a single one, a shared win or none)."""
        ...

    def challengeable(self) -> list[Enforcement]: ...

    def can_take_back(self, violator: Seat, card: Card | None = None) -> bool:
        """Whether the violator's latest play (`card`, when named) can go back to their hand
        (never, in a game that does not follow the cards)."""
        ...


Policy = Callable[[Any, random.Random], Any]
"""A bot: given what its game hands it (the part of the table a player sees) and its
dice, the move it makes. Each game defines what its policies are handed and return."""


class Figures(Protocol):
    """A game's own counts for a simulation report: a frozen dataclass of its own, one int
    field a figure, in the order a report prints them (`Simulation.figures` names them)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]


class Simulated(Game, Protocol):
    """A game the simulator can play to its end with bots."""

    @property
    def plays(self) -> int:
        """Moves made so far that count against a simulation's play limit."""
        ...

    def legal_actions(self) -> list[Event]:
        """Every journal entry the player to act may make now (none once the game is over):
        the one list of legal moves that bots, the checker and the referee rely on."""
        ...

    def step(self, policy: Policy, rng: random.Random,
             turn_limit: int) -> Step | None:
        """The player to act makes the move `policy` chooses (or the one the rules force).
        Returns the entry and the seat whose play it was (`Step`), or None when
        `turn_limit` plays are made and the game stops."""
        ...

    def figures(self) -> Figures:
        """The game's own counts for a simulation report (tricks taken, reshuffles ...)."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayColumns:
    """The plays of a batch of games, as columns (numpy arrays, one entry a play): which
    game and seat made each play, and what triggers read about it (`fields`, by path:
    "card", "total", "player.score" ..., as `engine.language.arrays` reads them)."""

    players: int
    plays_per_game: npt.NDArray[np.int64]    # plays made in each game of the batch
    game: npt.NDArray[np.int64]
    seat: npt.NDArray[np.int64]
    fields: Mapping[str, npt.NDArray[np.generic]]


@dataclass(frozen=True, slots=True, kw_only=True)
class BatchedPlay:
    """A game's optional fast simulator for the checker: a whole batch of games played at
    once as arrays, by the same rules and bots as `Simulated.step`, recording every play's
    trigger view as columns. A game without one is checked play by play."""

    policies: frozenset[str]   # the bots it can play
    provides: frozenset[str]   # the trigger paths it records ("card", "player.score" ...)
    # (players, games, *, seed, policy, turn_limit, needs) -> PlayColumns; `needs` is the
    # paths to record. The same arguments always play the same games.
    play: Callable[..., PlayColumns]


@dataclass(frozen=True, slots=True, kw_only=True)
class Simulation:
    """How bots play a game: its setup from names and a seed, and its policies."""

    setup: Callable[..., GameStarted]  # (names, *, seed, target, **options) -> GameStarted
    policies: Mapping[str, Policy]
    options: frozenset[str] = frozenset()  # settings `setup` takes beyond names, seed, target
    check_policy: str = "greedy"  # the policy a deck's check plays with unless it says
    target: int | None = None  # the target a bots' game plays to when none is given (the
    #                            rules layer's default when None); Mao: one round, to a Mao
    figures: tuple[tuple[str, str], ...] = ()  # (name, how a report prints it) of `figures()`
    # (key, numerator, denominator, how a report prints it): figures a report divides over
    # the whole run, e.g. turns per round ("turns" over "rounds")
    ratios: tuple[tuple[str, str, str, str], ...] = ()
    batched: BatchedPlay | None = None  # a fast simulator for the checker, if it has one


@dataclass(frozen=True, slots=True)
class Clarification:
    """A case a game's text leaves open, and the choice hrdeck made (printed in its rulebook,
    pinned by a test naming its key). A ruling about hrdeck itself (its referee, checker or
    rule language) is `for_software`: it prints only in the book's appendix for designers
    and referees, never on the players' clarifications page."""

    key: str
    topic: str
    ruling: str
    for_software: bool = False


@dataclass(frozen=True, slots=True)
class RuleComparison:
    """Two rules of a game compared: the same rule, or a shortest row and a card on which
    they differ (each card in words), or too complex to decide (`too_complex` says why)."""

    same: bool
    situations: int                 # situations explored (0: the rules are written alike)
    row: tuple[str, ...] = ()       # the row so far, card by card
    card: str = ""                  # the card one rule accepts there and the other refuses
    first_accepts: bool = False     # the first rule is the one that accepts it
    understood: tuple[str, ...] = ()  # how a rule said in plain words was read, if any
    too_complex: str = ""           # not decided within the budget: the sentence saying why


@dataclass(frozen=True, slots=True)
class RuleReading:
    """A rule as typed, read: `rule` in the rule language and `words`, what was understood
    (empty when it was typed in the rule language); or, when it could not be read, empty
    `rule`, the `reason` and the `closest` phrasings the game knows."""

    text: str
    rule: str = ""
    words: str = ""
    reason: str = ""
    closest: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SeenPlay:
    """What the referee needs of one play to judge enforcements about it."""

    player: Seat
    card: str                 # the card's code, as the table names it
    view: object              # what a trigger reads about it (the game's trigger view)
    next_player: Seat         # who acts next
    taker: Seat | None = None  # who won the round's cards with it, if anyone


class TableWatch(Protocol):
    """The referee's eye on one game in progress: which entries are plays, and when the
    cards on the table leave it (so no enforcement can be about them any more)."""

    def seen(self, event: Event) -> SeenPlay | None:
        """The play `event` was (just applied to the game), or None if it was not one."""
        ...

    def clears(self, event: Event) -> bool:
        """After `event`, no card played before it can be enforced on (asked after `seen`;
        a play that clears, such as a burn, can itself still be enforced on)."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Taking:
    """How a trigger's facts tell whether a play takes the trick, for a game whose triggers
    may call on the taker: a trigger for the taker must fire only on such plays."""

    reads: frozenset[str]          # the trigger fields the test depends on
    takes: Callable[[Any], bool]   # on a trigger's facts
    # A play that hands the trick to another player (Up 'N Over: over 21, the player on the
    # right takes it): that taker played no card and announces no sum.
    hands_over: Callable[[Any], bool]
    handed: str                    # such a taker, in words
    own_card: str                  # what a trigger says to fire only on the taker's own card
    advice: str                    # what to add to a trigger so it fires only then


@dataclass(frozen=True, slots=True, kw_only=True)
class BaseGame:
    """A base game hidden rules are played over: its name, what a trigger reads in it, what
    rule effects it can carry out, its player range, how a game of it starts from its
    setup, and how its own journal entries read."""

    name: str                                   # as written in decks and journals
    title: str                                  # as printed
    schema: Schema                              # what a trigger can read, per play
    effects: frozenset[str]                     # effect actions the game can carry out
    min_players: int
    max_players: int
    start: Callable[[GameStarted], Game]        # a game from its setup entry
    events: tuple[type[Event], ...] = ()          # its own journal entries
    describe: Callable[[Event, Sequence[str]], str] | None = None  # one of them, in words
    simulation: Simulation | None = None        # how bots play it, if they can
    # A game in progress (of this base game: hence `Any`) -> the trigger view of its latest play.
    view_after_play: Callable[[Any], Callable[[], object]] | None = None
    watch: Callable[[Game], TableWatch | None] | None = None  # the referee's eye on a game
    clarifications: tuple[Clarification, ...] = ()
    # The moments it has for an action (`engine.actions.Timing` values) and whom a trigger
    # can call on (`Subject` values): a sum to announce or a trick to take are its own.
    timings: frozenset[str] = frozenset({"with_card", "before_next_card", "until_next_turn"})
    subjects: frozenset[str] = frozenset({"player", "next_player"})
    taking: Taking | None = None                # with "taker" among the subjects
    # For a game whose secret rule says which card may come next (What the Rule?!): two
    # rules, as written, compared exactly.
    compare_rules: Callable[[str, str], RuleComparison] | None = None
    # ... and a rule read from what a player typed: the rule language, or plain words.
    read_rule: Callable[[str], RuleReading] | None = None

    def verify_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ConfigError(f"{self.title} is played by {self.min_players} to "
                              f"{self.max_players} players, not {players}.")

    def describes(self, event: Event) -> bool:
        return self.describe is not None and type(event) in self.events
