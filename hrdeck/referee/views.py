"""What the referee shows, as data: the scoreboard, the history, the reveal, help, and the
outcome of a command. `screen` renders these; nothing here prints."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hrdeck.referee.commands import Command, Spec
from hrdeck.referee.rule_deck import RuleCard

# kinds of line in an outcome
ACK = "ack"          # an entry was committed: `entry` holds its number
SAY = "say"          # an announcement: a sum, a trick, what happens next
POINTS = "points"    # a score changed
WIN = "win"          # the game is won
WARN = "warn"        # worth a second look (a vague hint, a slow player)
INFO = "info"        # anything else


@dataclass(frozen=True, slots=True)
class Line:
    kind: str
    text: str
    entry: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerRow:
    seat: int
    name: str
    score: int
    counts: tuple[int, ...]    # the game's own counts, one per `Board.columns` (tricks)
    to_act: bool
    has_rule: bool | None      # None in score mode, where the referee knows no rules


@dataclass(frozen=True, slots=True)
class Board:
    session: str
    mode: str                  # "full" or "score"
    rows: tuple[PlayerRow, ...]
    target: int
    round: int
    columns: tuple[str, ...]   # what the game counts per player ("tricks")
    table_line: str | None     # what is on the table ("Sum 14:  7h (Ann)  7d (Ben)")
    next_step: str
    winner: str | None         # "Ann", or "Ann and Ben" for a shared win
    entries: int
    winners: tuple[str, ...] = ()  # each winner's name
    goal: str = ""             # the target in words ("first to 3", "4 rounds")
    scored: bool = True        # False: a game without points (no score, round or target)


@dataclass(frozen=True, slots=True)
class HistoryRow:
    number: int
    text: str
    active: bool
    voided_by: int | None


@dataclass(frozen=True, slots=True)
class HistoryView:
    rows: tuple[HistoryRow, ...]


@dataclass(frozen=True, slots=True)
class RevealedRule:
    name: str
    trigger: str | None
    action: str | None


@dataclass(frozen=True, slots=True)
class AuditRow:
    number: int
    what: str
    hint: str
    verdict: str               # "right", "wrong" or "unjudged"
    explanation: str
    challenge: str             # "not challenged", "upheld" or "overturned", "waiting"


@dataclass(frozen=True, slots=True)
class RevealView:
    rules: tuple[RevealedRule, ...]
    audit: tuple[AuditRow, ...]
    unenforced: tuple[str, ...]
    winner: str | None
    mode: str
    enforcing: bool = True     # the game has enforcements (else only its rules are shown)


@dataclass(frozen=True, slots=True)
class HelpView:
    specs: tuple[Spec, ...]
    topic: str | None
    note: str = ""             # said under the list (a game's own; "": the usual one)


@dataclass(frozen=True, slots=True)
class PrivateRule:
    """One player's own rule, for their eyes only (`peek`); or, with a `title`, anything
    else for one player's eyes (Mao's game master sees what the referee knows). A script
    cannot show it: `in_a_script` says so, when the default would be wrong."""

    seat: int
    name: str
    text: str
    title: str = ""
    in_a_script: str = ""


@dataclass(frozen=True, slots=True)
class ShownRule:
    """A challenged rule, shown to one player alone (its holder may look too): the rule, and
    what the referee found in the journal. The table hears only the ruling. The viewer is
    the challenger; when the holder challenges, it is the enforcer
    (clarification holder-shows-enforcer)."""

    viewer: str
    holder: str
    rule: str
    finding: str


@dataclass(frozen=True, slots=True)
class Dealt:
    seat: int
    name: str
    triggers: tuple[RuleCard, ...]
    actions: tuple[RuleCard, ...]


@dataclass(frozen=True, slots=True)
class PickRequest:
    """Players who still have to pick their secret rule, in private, in this order."""

    players: tuple[Dealt, ...]


View = Board | HistoryView | RevealView | HelpView | PrivateRule | PickRequest | ShownRule


@dataclass(frozen=True, slots=True)
class Choice:
    """A command that needs one more answer: each option is the command to run for it."""

    question: str
    options: tuple[tuple[str, Command], ...]

    @property
    def asked(self) -> str:
        """The question as a person is asked it, without how a script answers."""
        return self.question.split(" (In a script")[0]


@dataclass(frozen=True, slots=True)
class PrivateAsk:
    """A command that needs an answer only one player may see (the hand card a joker's swap
    puts face down): asked on a cleared screen, never echoed; `answer` is the command to run
    with it. A script cannot ask privately and types the whole command (`in_a_script`).

    `check`, when given, says what is wrong with an answer (None: nothing): the player sees
    it on the private screen and answers again, so a refusal never shows the answer to the
    table. `shown`, when given, is what the player alone then sees of the answer taken (the
    rule card the referee drew for them), until they hide it."""

    player: str
    question: str
    answer: Callable[[str], Command]
    in_a_script: str
    check: Callable[[str], str | None] | None = None
    shown: Callable[[str], str | None] | None = None


@dataclass(frozen=True, slots=True)
class Question:
    """A challenge waits for the table's ruling: ask it, answer with `rule upheld|overturned`."""

    text: str                      # for the whole table: nothing of the rule itself
    advice: bool | None = None     # what the referee would rule, when it has a view
    shown: ShownRule | None = None  # for the viewer's eyes, who rules with the holder


@dataclass
class Outcome:
    """What a command did: lines to announce, something to show, or something to ask."""

    lines: list[Line] = field(default_factory=list)
    view: View | None = None
    confirm: str | None = None     # repeat the command confirmed to go ahead
    choice: Choice | None = None   # run one of its options to go ahead
    private: PrivateAsk | None = None  # ask one player in private, then run the answer
    question: Question | None = None
    error: str | None = None
    changed: bool = False
    quit: bool = False

    def add(self, kind: str, text: str, entry: int | None = None) -> None:
        self.lines.append(Line(kind, text, entry))
