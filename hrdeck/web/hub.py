"""One session shared by the terminal and every page: the one place commands run, under one
lock, and the one place that decides who is told what.

Every command, typed at the laptop or sent from a page, goes through `Hub.execute` (the
session alone writes the journal). What it announces goes to the table's log, which every
page shows; everything else of its outcome goes to the one who asked (an error, a question
to confirm, a choice), or to the one player whose eyes it is for (a private question, their
own rule, the challenged rule shown to the challenger). Each change bumps `version`, and
every page listening is told to fetch its own view (`seat_view`), built for that seat alone.
"""

from __future__ import annotations

import dataclasses
import io
import itertools
import queue
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console

from engine.errors import HrdeckError
from hrdeck.referee.screen import render_view
from hrdeck.referee.session import Session
from hrdeck.referee.views import (
    ACK,
    Board,
    HelpView,
    HistoryView,
    Line,
    Outcome,
    PickRequest,
    PrivateAsk,
    PrivateRule,
    RevealView,
    ShownRule,
)
from hrdeck.web import ownership
from hrdeck.web.seats import TABLE

LAPTOP: int | None = None   # the terminal; the table page (TABLE) has the laptop's rights
LOG_LINES = 60              # lines of the table's log every page keeps (history: all)


@dataclass(frozen=True, slots=True)
class Note:
    """Something for one player's eyes, shown on their page until they hide it."""

    id: int
    title: str
    text: str


@dataclass
class Reply:
    """What one request gets back; never shown to anyone else."""

    error: str | None = None
    said: str | None = None                 # a word for the asker ("Ann answers on …")
    confirm: str | None = None              # send `confirm` to go ahead
    choice: tuple[str, ...] = ()            # send `choose N` (1 up) to go ahead
    text: str | None = None                 # a view for the asker (help, history, board)
    lines: list[Line] = field(default_factory=list)  # what the table heard of it

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["lines"] = [line_json(line) for line in self.lines]
        return data


@dataclass(frozen=True, slots=True)
class _Waiting:
    """A command that needs one more word from the one who sent it."""

    confirmed: Any = None                   # run this on `confirm`
    options: tuple[Any, ...] = ()           # run one of these on `choose N`


def line_json(line: Line) -> dict[str, Any]:
    return {"kind": line.kind, "text": line.text, "entry": line.entry}


def view_text(view: Any, width: int = 60) -> str:
    """A view (help, history, the board) as the terminal would print it, as plain text."""
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None, highlight=False,
            emoji=False).print(render_view(view))
    return buffer.getvalue().rstrip()


class Hub:
    """A session shared by the terminal and the pages."""

    def __init__(self, session: Session, lock: threading.RLock | None = None) -> None:
        self.session = session
        self.lock = lock or threading.RLock()
        self.version = 0
        self.log: deque[Line] = deque(maxlen=LOG_LINES)
        self.asks: dict[int, PrivateAsk] = {}      # seat -> a question they alone answer
        self.notes: dict[int, list[Note]] = {}     # seat -> things for their eyes
        self.joined: set[int] = set()              # seats whose page has opened
        self._waiting: dict[int | None, _Waiting] = {}
        self._ids = itertools.count(1)
        self._listeners: list[Callable[[int], None]] = []
        self._heard: list[Callable[[Sequence[Line], int | None], None]] = []
        self._to_tell: queue.SimpleQueue[tuple[list[Line], int | None]] = queue.SimpleQueue()
        self._telling: threading.Thread | None = None
        self.views: dict[int, tuple[int, dict[str, Any]]] = {}  # seat -> (version, view),
                                                   # kept by `seat_view`
        self._start_log()

    def _start_log(self) -> None:
        """A resumed game's log starts with its latest entries, as the history words them."""
        history = self.session.history(last=12)
        self.log.extend(Line(ACK, row.text, row.number) for row in history.rows if row.active)

    # -- listening ----------------------------------------------------------------------------

    def listen(self, callback: Callable[[int], None]) -> Callable[[], None]:
        """Call `callback(version)` after every change; returns what stops it."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def hear(self, callback: Callable[[Sequence[Line], int | None], None]) -> None:
        """Call `callback(lines, who)` with what the table heard of a command from a page
        (the terminal prints it), on a thread of its own: a terminal that stalls (a pipe
        nobody reads, Ctrl-S) never holds up the game or the pages."""
        self._heard.append(callback)
        if self._telling is None:
            self._telling = threading.Thread(target=self._tell_heard, name="hrdeck-heard",
                                             daemon=True)
            self._telling.start()

    def _tell_heard(self) -> None:
        while True:
            lines, who = self._to_tell.get()
            for heard in list(self._heard):
                heard(lines, who)

    def _changed(self, lines: Sequence[Line] = (), who: int | None = LAPTOP) -> None:
        with self.lock:
            self.version += 1
            self.log.extend(lines)
            version = self.version
        for callback in list(self._listeners):
            callback(version)
        if lines and who is not LAPTOP and self._heard:
            self._to_tell.put((list(lines), who))

    def touch(self) -> None:
        """Tell every page to look again (a key re-issued: its old page stops)."""
        self._changed()

    def forget(self, seat: int) -> None:
        """`seat`'s key was re-issued: the table page shows its (new) code again."""
        with self.lock:
            self.joined.discard(seat)
        self._changed()

    def join(self, seat: int) -> None:
        if seat >= 0 and seat not in self.joined:
            self.joined.add(seat)
            self._changed()

    # -- running commands ---------------------------------------------------------------------

    def execute(self, who: int | None, command: Any) -> Outcome:
        """Run `command` for `who` (LAPTOP, TABLE or a seat); tell every page."""
        with self.lock:
            outcome = self.session.execute(command)
            self._route(who, outcome)
        self._changed(outcome.lines, who)
        return outcome

    def run_line(self, who: int, line: str) -> Reply:
        """A line typed on a page: a seat's own command, or the laptop's (the table page)."""
        line = line.strip()
        if not line:
            return Reply(error="Type a command (help lists them).")
        with self.lock:
            try:
                command = (ownership.for_table(self.session, self.session.parse(line))
                           if who == TABLE else ownership.read_line(self.session, who, line))
            except HrdeckError as error:
                return Reply(error=str(error))
        return self.run(who, command)

    def run(self, who: int, command: Any) -> Reply:
        with self.lock:
            self._waiting.pop(who, None)
            outcome = self.execute(who, command)
            return self._reply(who, command, outcome)

    def confirm(self, who: int) -> Reply:
        with self.lock:
            waiting = self._waiting.pop(who, None)
            if waiting is None or waiting.confirmed is None:
                return Reply(error="Nothing waits to be confirmed.")
            return self.run(who, waiting.confirmed)

    def choose(self, who: int, number: int) -> Reply:
        with self.lock:
            waiting = self._waiting.pop(who, None)
            if waiting is None or not waiting.options:
                return Reply(error="Nothing waits for a choice.")
            if not 1 <= number <= len(waiting.options):
                self._waiting[who] = waiting
                return Reply(error=f"Choose 1 to {len(waiting.options)}.")
            return self.run(who, waiting.options[number - 1])

    def cancel(self, who: int) -> Reply:
        with self.lock:
            self._waiting.pop(who, None)
        return Reply(said="Nothing changed.")

    def answer(self, seat: int, text: str) -> Reply:
        """`seat`'s answer to the question put to them alone (empty: they leave it)."""
        with self.lock:
            ask = self.asks.get(seat)
            if ask is None:
                return Reply(error="Nothing is asked of you now.")
            text = text.strip()
            if not text:
                del self.asks[seat]
                self._changed()
                return Reply(said="Nothing changed.")
            problem = None if ask.check is None else ask.check(text)
            if problem is not None:
                return Reply(error=f"Not taken: {problem}")
            try:
                command = ask.answer(text)
            except HrdeckError:  # said without repeating the answer
                return Reply(error="That answer could not be read; nothing changed.")
            shown = None if ask.shown is None else ask.shown(text)
            del self.asks[seat]
            outcome = self.execute(seat, command)
            if outcome.error is not None and seat not in self.asks:
                self.asks[seat] = ask  # refused: the question stays, for another answer
            reply = self._reply(seat, command, outcome)
            if shown and outcome.error is None:
                self.tell(seat, "For your eyes only", shown)
            return reply

    def dismiss(self, seat: int, note: int) -> Reply:
        with self.lock:
            self.notes[seat] = [item for item in self.notes.get(seat, []) if item.id != note]
        self._changed()
        return Reply()

    def tell(self, seat: int, title: str, text: str) -> None:
        """Put something on `seat`'s page alone."""
        with self.lock:
            self.notes.setdefault(seat, []).append(Note(next(self._ids), title, text))
        self._changed()

    # -- who is told what ---------------------------------------------------------------------

    def seat_of(self, name: str) -> int:
        return self.session.names.index(name)

    def _route(self, who: int | None, outcome: Outcome) -> None:
        """Send what an outcome holds for one player's eyes to that player's page."""
        ask = outcome.private
        if ask is not None:
            self.asks[self.seat_of(ask.player)] = ask
        view = outcome.view
        if isinstance(view, PrivateRule):
            self.notes.setdefault(view.seat, []).append(
                Note(next(self._ids), view.title or "Your secret rule", view.text))
        elif isinstance(view, ShownRule):
            for name in dict.fromkeys((view.viewer, view.holder)):
                self.notes.setdefault(self.seat_of(name), []).append(Note(
                    next(self._ids), f"{view.holder}'s secret rule",
                    f"{view.rule}\n\nThe referee's finding: {view.finding}"))

    def _reply(self, who: int, command: Any, outcome: Outcome) -> Reply:
        reply = Reply(error=outcome.error, lines=list(outcome.lines))
        names = self.session.names
        if outcome.confirm is not None:
            self._waiting[who] = _Waiting(confirmed=dataclasses.replace(command,
                                                                        confirmed=True))
            reply.confirm = outcome.confirm
        if outcome.choice is not None:
            self._waiting[who] = _Waiting(options=tuple(command for _, command in
                                                        outcome.choice.options))
            reply.choice = tuple(label for label, _ in outcome.choice.options)
            reply.said = outcome.choice.asked
        if outcome.private is not None and self.seat_of(outcome.private.player) != who:
            reply.said = f"{outcome.private.player} answers on their own page."
        view = outcome.view
        if isinstance(view, PrivateRule) and view.seat != who:
            reply.said = f"It is shown on {names[view.seat]}'s page alone."
        elif isinstance(view, PickRequest):
            reply.said = "Each player picks their secret rule on their own page."
        elif isinstance(view, Board | HistoryView | HelpView | RevealView):
            reply.text = view_text(view)
        return reply

