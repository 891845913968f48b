"""The referee's knowledge: every secret rule, which of them fired on each play, and the
verdicts that follow. Pure: the terminal, the SQLite journal and the deck file are elsewhere.

The referee watches the journal. After each card played it tests every kept rule's trigger
on that play (what the player said included, when recorded) and remembers whose fired. A
challenge can then be judged from the journal: if the holder's trigger did not fire on the
violator's play, the enforcement was wrong. If it fired, only the table can say whether the
action was done right, so the referee asks. All of this is derived from the journal, so it
is rebuilt exactly after an undo or a resume.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.events import Enforced, Event, Played, TurnedUp
from engine.hidden_rules import HiddenRulesGame
from engine.journal import Game, Journal
from engine.language.upnover_view import ViewBuilder

TriggerTest = Callable[[Any], bool]

FIRED, NOT_FIRED, UNKNOWN = "fired", "not fired", "unknown"


@dataclass(frozen=True, slots=True)
class Judgement:
    """What the journal says about one enforcement."""

    enforcement: int
    verdict: str                 # FIRED, NOT_FIRED or UNKNOWN
    play: int | None             # the journal entry of the play it was about
    explanation: str
    reads_speech: bool = False   # the trigger reads what was said, which may not be recorded


@dataclass
class PlayRecord:
    entry: int
    player: int
    card: str
    fired_for: tuple[int, ...]           # holders whose rule's trigger fired on this play
    enforced_by_holder: set[int] = field(default_factory=set)


class Referee:
    """A journal watcher that knows the rules: `Journal(setup, watcher=Referee(tests))`."""

    def __init__(self, triggers: Mapping[str, TriggerTest | None],
                 speech: frozenset[str] = frozenset()) -> None:
        """`triggers`: each trigger id's test, or None when only the table can judge it;
        `speech`: the ids of triggers that read what was said."""
        self.triggers = dict(triggers)
        self.speech = set(speech)
        self.plays: list[PlayRecord] = []
        self.enforcement_plays: dict[int, int | None] = {}  # enforcement -> play record index
        self._views: ViewBuilder | None = None
        self._latest: dict[int, int] = {}  # seat -> play record index, in the open trick

    # -- the watcher protocol ----------------------------------------------------------------

    def start(self, game: Game) -> None:
        self.plays.clear()
        self.enforcement_plays.clear()
        self._latest.clear()
        self._views = ViewBuilder(game) if isinstance(game, HiddenRulesGame) else None

    def seen(self, game: Game, number: int, event: Event) -> None:
        if isinstance(event, Played) and self._views is not None:
            view = self._views.after_play(event.said)
            fired = tuple(seat for seat, rule in enumerate(game.rules)
                          if rule is not None and self._fires(rule.trigger, view))
            self._latest[event.player] = len(self.plays)
            self.plays.append(PlayRecord(number, event.player, event.card.code, fired))
        elif isinstance(event, TurnedUp):
            self._latest.clear()
        elif isinstance(event, Enforced):
            index = self._latest.get(event.violator)
            self.enforcement_plays[len(game.enforcements)] = index
            if index is not None:
                self.plays[index].enforced_by_holder.add(event.holder)

    def add_trigger(self, trigger: str, test: TriggerTest | None,
                    reads_speech: bool = False) -> None:
        """Learn one more trigger (say, one a player has just kept)."""
        self.triggers[trigger] = test
        if reads_speech:
            self.speech.add(trigger)

    def _fires(self, trigger: str, view: Any) -> bool:
        test = self.triggers.get(trigger)
        return bool(test is not None and test(view))

    # -- judging -------------------------------------------------------------------------------

    def judge(self, journal: Journal, number: int) -> Judgement:
        """Did the holder's trigger fire on the play enforcement `number` was about?"""
        game = journal.game
        enforcement = game.enforcements[number - 1]
        holder, violator = enforcement.holder, enforcement.violator
        names = game.names
        rule = game.rules[holder]
        index = self.enforcement_plays.get(number)
        if rule is None:
            return Judgement(number, UNKNOWN, None, f"{names[holder]}'s secret rule was not "
                             "recorded, so only the table can judge.")
        if index is None:
            return Judgement(number, UNKNOWN, None, f"The enforcement was not about a card "
                             f"{names[violator]} played in this trick; the table judges.")
        play = self.plays[index]
        if self.triggers.get(rule.trigger) is None:
            return Judgement(number, UNKNOWN, play.entry, f'{names[holder]}\'s trigger '
                             f'"{rule.trigger}" depends on what was said; the table judges.')
        speech = rule.trigger in self.speech
        if holder in play.fired_for:
            return Judgement(number, FIRED, play.entry, f'{names[holder]}\'s trigger '
                             f'"{rule.trigger}" fired on {names[violator]}\'s {play.card}: '
                             f'the table decides whether "{rule.action}" was done right.',
                             speech)
        return Judgement(number, NOT_FIRED, play.entry, f'{names[holder]}\'s trigger '
                         f'"{rule.trigger}" did not fire on {names[violator]}\'s {play.card}: '
                         "the enforcement was wrong.", speech)

    # -- the audit at the end ------------------------------------------------------------------

    def unenforced(self) -> list[tuple[PlayRecord, int]]:
        """(play, holder) for every rule that fired and was not enforced on that play."""
        return [(play, holder) for play in self.plays for holder in play.fired_for
                if holder not in play.enforced_by_holder]
