"""Issues: every problem hrdeck finds in a deck, with where it is and how serious.

Each issue names the file, line, column and field, has a stable code (listed in
`ISSUE_CODES`, documented in docs/deck-format.md) and a full-sentence message.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field
from enum import Enum


class Severity(Enum):
    ERROR = "error"      # the deck cannot be printed like this
    WARNING = "warning"  # it works, but players will notice (use --strict to refuse)
    INFO = "info"        # worth knowing

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


@dataclass(frozen=True, slots=True)
class Issue:
    code: str
    severity: Severity
    message: str
    path: str               # the deck file
    line: int | None = None
    column: int | None = None
    field: str = ""         # where in the deck: "triggers[3].when"
    # The figures the message states, for tools reading --json: {"first_line": 12}.
    data: dict[str, float | int | str] = _field(default_factory=dict, compare=False)

    @property
    def location(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return where

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "severity": self.severity.value, "path": self.path,
                "line": self.line, "column": self.column, "field": self.field,
                "message": self.message, "data": dict(self.data)}


E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO
ISSUE_CODES: dict[str, tuple[Severity, str]] = {
    # reading the file
    "file-unreadable": (E, "the deck file cannot be read"),
    "yaml-syntax": (E, "the file is not valid YAML"),
    "yaml-tag": (E, "a YAML tag other than plain values"),
    "yaml-key": (E, "a key that is not a plain word, or a merge key"),
    "yaml-duplicate-key": (E, "the same key twice in one mapping"),
    "sheet-unreadable": (E, "a spreadsheet a section reads its cards from cannot be read"),
    # the shape of the deck
    "unknown-key": (E, "a key the deck format does not have"),
    "missing-field": (E, "a required field is missing"),
    "wrong-type": (E, "a value of the wrong type"),
    "bad-value": (E, "a value outside what is allowed"),
    "duplicate-id": (E, "two cards with the same id"),
    "duplicate-number": (E, "two cards of one kind with the same number"),
    "unknown-game": (E, "a base game hrdeck does not know"),
    "unknown-size": (E, "a card size hrdeck does not know"),
    "art-missing": (E, "an art file that does not exist"),
    "art-unusable": (E, "an art file that is not a picture, or lies outside the deck's folder"),
    "cards-too-few": (E, "too few triggers or actions to deal to the players"),
    "glyph-missing": (E, "text with characters the card fonts cannot print"),
    # the layout (docs/layout.md)
    "back-leaks": (E, "a card back that shows or depends on what differs from card to card"),
    # the layout checks: each card side drawn at check time (generator/layout/check_*.py)
    "text-overflow": (E, "text that does not fit its box even at its smallest size"),
    "text-too-small": (W, "text a card sets below 7 pt"),
    "outside-safe": (W, "text, an icon or a picture reaching outside the safe zone"),
    "bleed-short": (E, "a background that reaches the trim but stops short of the bleed"),
    "low-contrast": (W, "text whose colour is too close to what it is drawn on (WCAG)"),
    "art-low-dpi": (W, "a picture printed at under 300 dpi at its placed size"),
    "icon-unknown": (E, "an icon name (:name: in text, or an icon element) no icon has"),
    "font-unusable": (E, "a layout's font file that is not a TrueType or OpenType font"),
    "icon-unusable": (E, "an icon file that is not a safe SVG or PNG under 2 MB"),
    # triggers
    "expr-syntax": (E, "a trigger that is not a valid expression"),
    "expr-forbidden": (E, "a trigger using something the language does not allow"),
    "expr-unknown-name": (E, "a trigger reading a name the base game does not offer"),
    "expr-unknown-attribute": (E, "a trigger reading a part a card or player does not have"),
    "expr-type": (E, "a trigger mixing types, or not true/false"),
    "expr-too-long": (E, "a trigger over the length limit"),
    "expr-too-complex": (E, "a trigger over the size, depth or value limits"),
    "expr-hidden": (E, "a trigger reading what no player can see"),
    "expr-owner": (E, "a trigger reading what only one player can see"),
    "expr-impossible-value": (E, "a trigger comparing a field with a value it never takes"),
    "expr-never": (E, "a trigger that can never be true"),
    "expr-always": (E, "a trigger that is always true"),
    "subject-not-taking": (E, "a trigger for the taker that can fire when no trick is taken"),
    "players-skipped": (N, "player counts asked for that the deck's cards cannot be dealt to"),
    "subject-unsupported": (E, "a trigger calling on someone the base game does not have"),
    "table-only": (N, "a trigger only a real table can judge (speech): not simulated"),
    "trigger-duplicate": (W, "two triggers that fire on exactly the same plays"),
    # actions
    "hint-missing": (E, "an action with no hint for enforcers"),
    "hint-vague": (W, "a hint that tells a violator nothing about this rule in particular"),
    "effect-unsupported": (E, "an effect the base game cannot carry out"),
    "timing-unsupported": (E, "an action timed by a moment the base game does not have"),
    "answers-too-few": (E, "a unique-answer list with fewer than two answers"),
    "answers-duplicate": (W, "the same answer twice in one list"),
    # pairs
    "pair-timing": (E, "a trigger and an action that cannot be combined in time"),
    "speech-conflict": (W, "rules that fire together, one demanding speech, one forbidding it"),
    "rule-dead-end": (E, "a rule card that can leave the table with no card that fits"),
    "rule-accepts-all": (E, "a rule card that accepts every card everywhere"),
    "rule-too-complex": (E, "a rule card the referee cannot compare with a guess within its "
                            "budget"),
    "rule-level": (W, "a rule card labelled easier or harder than measured"),
    "rules-contradict": (E, "two rules that can fire on the same card, one making it valid "
                            "and the other not"),
    "rules-undecided": (W, "two rules, one making a card valid and the other not, that the "
                           "checker could not prove never fire on the same card"),
    # rule cards (What the Rule?!)
    "first-card-unsaid": (E, "a rule reading the row that does not say what the first card "
                             "may be"),
    # simulation
    "sim-never": (W, "a trigger that never fired in the simulated games"),
    "sim-rare": (W, "a trigger too rare to come up in a typical game"),
    "sim-common": (W, "a trigger that fires on so many plays it is no secret"),
    "sim-seat-bias": (W, "a trigger that fires far more for some seats than others"),
    "answers-run-out": (W, "games that need more unique answers than the list holds"),
}

SIMULATION_CODES = ("sim-never", "sim-rare", "sim-common", "sim-seat-bias", "answers-run-out",
                    "speech-conflict")


WARNING_CODES = tuple(code for code, (severity, _) in ISSUE_CODES.items()
                      if severity is Severity.WARNING)


def make_issue(code: str, message: str, path: str, line: int | None = None,
               column: int | None = None, field: str = "",
               data: dict[str, float | int | str] | None = None) -> Issue:
    severity = ISSUE_CODES[code][0]
    return Issue(code=code, severity=severity, message=message, path=path, line=line,
                 column=column, field=field, data=dict(data or {}))


def plural(count: int, noun: str, many: str | None = None) -> str:
    """The count and the noun, agreeing.

    >>> plural(1, "action"), plural(2, "action"), plural(0, "answer")
    ('1 action', '2 actions', '0 answers')
    """
    return f"{count:,} {noun if count == 1 else many or noun + 's'}"
