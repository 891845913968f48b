"""The referee's knowledge: every secret rule, which of them fired on each play, and the
verdicts that follow. Pure: the terminal, the SQLite journal and the deck file are elsewhere.

The referee watches the journal. After each card played it tests every kept rule's trigger
on that play (what the player said included, when recorded) and remembers whose fired. A
challenge can then be judged from the journal, against every card that could have broken
the rule: the cards of the trick on the table played since the rule could last be enforced
on the violator (or the one card the enforcer named). If the holder's trigger fired on none
of them, the enforcement was wrong. If it fired, only the table can say whether the action
was done right, so the referee asks. All of this is derived from the journal, so it is
rebuilt exactly after an undo or a resume.

A judgement has two wordings: `explanation` names the rule's trigger, for the challenger (who
is shown the rule) and the reveal at the end; `public` says only what the table may hear.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Subject
from engine.events import Called, Enforced, Event
from engine.games.base import TableWatch
from engine.games.registry import Game, find_game
from engine.journal import Journal

TriggerTest = Callable[[Any], bool]

FIRED, NOT_FIRED, UNKNOWN = "fired", "not fired", "unknown"


@dataclass(frozen=True, slots=True)
class Judgement:
    """What the journal says about one enforcement."""

    enforcement: int
    verdict: str                 # FIRED, NOT_FIRED or UNKNOWN
    play: int | None             # the journal entry of the play it fired on (or was judged on)
    explanation: str             # for the challenger and the reveal: names the trigger
    reads_speech: bool = False   # the trigger reads what was said, which may not be recorded
    public: str = ""             # for the whole table: who was right, nothing of the rule;
                                 # empty while only the table can say


@dataclass
class PlayRecord:
    entry: int
    player: int
    card: str
    fired_for: tuple[int, ...]           # holders whose rule's trigger fired on this play
    enforced_by_holder: set[int] = field(default_factory=set)
    next_player: int = 0                 # the player on the left, who plays next
    taker: int | None = None             # who took the trick with this play, if it did

    def concerns(self, subject: Subject) -> int | None:
        """The seat a trigger with this subject calls on, when it fires on this play."""
        if subject is Subject.TAKER:
            return self.taker
        if subject is Subject.NEXT_PLAYER:
            return self.next_player
        return self.player


@dataclass(frozen=True, slots=True)
class Window:
    """The plays one enforcement is about: the trick's plays since the rule could last be
    enforced on the violator, or the one card the enforcer named."""

    plays: tuple[int, ...]               # play record indices
    named: bool = False


class Referee:
    """A journal watcher that knows the rules: `Journal(setup, watcher=Referee(tests))`."""

    def __init__(self, triggers: Mapping[str, TriggerTest | None],
                 speech: frozenset[str] = frozenset(),
                 subjects: Mapping[str, Subject] | None = None) -> None:
        """`triggers`: each trigger id's test, or None when only the table can judge it;
        `speech`: the ids of triggers that read what was said; `subjects`: whom each
        trigger calls on, when not the player who played the card."""
        self.triggers = dict(triggers)
        self.speech = set(speech)
        self.subjects = dict(subjects or {})
        self.plays: list[PlayRecord] = []
        self.windows: dict[int, Window] = {}          # enforcement number -> its plays
        self._watch: TableWatch | None = None
        self._on_table: list[int] = []                   # records of the cards on the table
        self._since: dict[tuple[int, int], int] = {}  # (violator, holder) -> start in _trick

    # -- the watcher protocol ----------------------------------------------------------------

    def start(self, game: Game) -> None:
        self.plays.clear()
        self.windows.clear()
        self._on_table.clear()
        self._since.clear()
        watch = find_game(game.setup.game).watch
        self._watch = watch(game) if watch is not None else None

    def seen(self, game: Game, number: int, event: Event) -> None:
        watch = self._watch
        play = watch.seen(event) if watch is not None else None
        if play is not None:
            if watch is not None and watch.clears(event):  # a play that clears the table
                self._on_table.clear()                      # (a burn) stays enforceable
                self._since.clear()
            fired = tuple(seat for seat, rule in enumerate(game.rules)
                          if rule is not None and self._fires(rule.trigger, play.view))
            self._on_table.append(len(self.plays))
            self.plays.append(PlayRecord(number, play.player, play.card, fired,
                                         next_player=play.next_player, taker=play.taker))
        elif watch is not None and watch.clears(event):
            self._on_table.clear()
            self._since.clear()
        elif isinstance(event, Enforced):
            self._enforced(game, event)
        elif isinstance(event, Called) and event.take_back:
            self._card_went_back()

    def _enforced(self, game: Game, event: Enforced) -> None:
        number = len(game.enforcements)
        key = (event.violator, event.holder)
        window = self._on_table[self._since.get(key, 0):]
        if event.card is not None:
            window = [i for i in window if self.plays[i].card == event.card.code]
        self.windows[number] = Window(tuple(window), named=event.card is not None)
        subject = self._subject(game, event.holder)
        for index in window:
            play = self.plays[index]
            if event.holder in play.fired_for and play.concerns(subject) == event.violator:
                play.enforced_by_holder.add(event.holder)
        if event.take_back:
            self._card_went_back()
        self._since[key] = len(self._on_table)

    def _card_went_back(self) -> None:
        """The latest card on the table went back to its player's hand."""
        if self._on_table:
            self._on_table.pop()
        for key, start in self._since.items():
            self._since[key] = min(start, len(self._on_table))

    def add_trigger(self, trigger: str, test: TriggerTest | None,
                    reads_speech: bool = False, subject: Subject = Subject.PLAYER) -> None:
        """Learn one more trigger (say, one a player has just kept)."""
        self.triggers[trigger] = test
        if reads_speech:
            self.speech.add(trigger)
        if subject is not Subject.PLAYER:
            self.subjects[trigger] = subject

    def _fires(self, trigger: str, view: Any) -> bool:
        test = self.triggers.get(trigger)
        return bool(test is not None and test(view))

    def _subject(self, game: Game, holder: int) -> Subject:
        rule = game.rules[holder]
        return Subject.PLAYER if rule is None else self.subjects.get(rule.trigger,
                                                                      Subject.PLAYER)

    # -- asking which card ---------------------------------------------------------------------

    def cards_since(self, violator: int, holder: int) -> list[str]:
        """The violator's own cards on the table since `holder`'s rule could last be enforced
        on them (the cards an enforcer may have to choose between), in the order played."""
        start = self._since.get((violator, holder), 0)
        return [self.plays[i].card for i in self._on_table[start:]
                if self.plays[i].player == violator]

    # -- judging -------------------------------------------------------------------------------

    def judge(self, journal: Journal, number: int) -> Judgement:
        """Did the holder's trigger fire on a card enforcement `number` could be about?"""
        game = journal.game
        enforcement = game.enforcements[number - 1]
        holder, violator = enforcement.holder, enforcement.violator
        names = game.names
        rule = game.rules[holder]
        window = self.windows.get(number)
        table_judges = "only the table can judge."
        if rule is None:
            return _unknown(number, None, f"{names[holder]}'s secret rule was not recorded, so "
                            + table_judges)
        if self.triggers.get(rule.trigger) is None:
            return _unknown(number, None, f'{names[holder]}\'s trigger "{rule.trigger}" is '
                            "judged by the players, so " + table_judges)
        subject = self.subjects.get(rule.trigger, Subject.PLAYER)
        plays = [self.plays[i] for i in window.plays] if window is not None else []
        if window is not None and not window.named:
            plays = [play for play in plays if play.concerns(subject) == violator]
        if not plays:
            return _unknown(number, None, "No card in the trick on the table could have "
                            f"broken {names[holder]}'s rule for {names[violator]}, so "
                            + table_judges)
        speech = rule.trigger in self.speech
        trigger = f'{names[holder]}\'s trigger "{rule.trigger}"'
        fired = [play for play in plays if holder in play.fired_for
                 and play.concerns(subject) == violator]
        if fired:
            play = fired[0]
            return Judgement(
                number, FIRED, play.entry,
                f"{trigger} fired on {names[play.player]}'s {play.card}: the table decides "
                f'whether "{rule.action}" was done right.', speech)
        return Judgement(
            number, NOT_FIRED, plays[-1].entry,
            f"{trigger} did not fire on {_cards(names, plays)}: the enforcement was wrong.",
            speech, public=f"The journal shows {names[holder]}'s rule was not broken by "
                           f"{names[violator]}: the enforcement was wrong.")

    # -- the audit at the end ------------------------------------------------------------------

    def unenforced(self) -> list[tuple[PlayRecord, int]]:
        """(play, holder) for every rule that fired and was not enforced on that play."""
        return [(play, holder) for play in self.plays for holder in play.fired_for
                if holder not in play.enforced_by_holder]


def _unknown(number: int, play: int | None, explanation: str) -> Judgement:
    return Judgement(number, UNKNOWN, play, explanation)


def _cards(names: Sequence[str], plays: Sequence[PlayRecord]) -> str:
    cards = [f"{names[play.player]}'s {play.card}" for play in plays]
    return cards[0] if len(cards) == 1 else f"{', '.join(cards[:-1])} or {cards[-1]}"
