"""The terminal beside the web pages: the same prompt as ever, on the same session, with what
was private moved to each player's own page (no more passing the laptop), what pages do
printed as it happens, and two words of its own: `web` shows the pages' addresses and codes
again, `web new NAME` gives NAME's page a new key (the old one opens nothing).

Without a terminal (standard input is a pipe or a file, or `--script`), the lines are run
through the same hub (a line whose answer is private, `pick`, `peek`, `back ben`, sends it to
the player's page), and the pages stay served until Ctrl-C or the process is stopped.
"""

from __future__ import annotations

import dataclasses
import io
import queue
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import Any, BinaryIO

from rich.console import Console

from engine.errors import HrdeckError
from hrdeck.printable import plain
from hrdeck.referee.interactive import Interactive
from hrdeck.referee.screen import print_lines, render_board
from hrdeck.referee.session import Session
from hrdeck.referee.views import (
    Line,
    Outcome,
    PickRequest,
    PrivateAsk,
    PrivateRule,
    Question,
    ShownRule,
)
from hrdeck.web.hub import LAPTOP, Hub
from hrdeck.web.seats import TABLE, SeatKeys
from hrdeck.web.server import Served, serve


class WebInteractive(Interactive):
    """The prompt, with private screens replaced by the players' own pages."""

    def __init__(self, session: Session, console: Console, errors: Console,
                 served: Served) -> None:
        super().__init__(session, console, errors)
        self.served = served
        self.hub = served.hub
        self.lock = self.hub.lock  # type: ignore[assignment]
        self._told: object = None
        self.hub.hear(self._heard)

    def execute(self, command: Any) -> Outcome:
        outcome = self.hub.execute(LAPTOP, command)
        self._warned = None
        return outcome

    def handle(self, line: str) -> bool:
        words = line.split()
        if words and words[0].lower() == "web":
            self.web_command(words[1:])
            return True
        return super().handle(line)

    def web_command(self, words: Sequence[str]) -> None:
        if not words:
            show_links(self.console, self.served, codes=True)
            return
        if words[0].lower() == "new" and len(words) == 2:
            from hrdeck.referee.commands import resolve_player

            try:
                seat = resolve_player(words[1], self.session.names)
            except HrdeckError as error:
                self.errors.print(plain(f"error: {error}", style="bold red"))
                return
            if seat >= len(self.served.keys.players):
                self.errors.print(plain(f"error: {self.session.names[seat]} has no page.",
                                        style="bold red"))
                return
            self.served.keys.reissue(seat)
            self.hub.forget(seat)
            name = self.session.names[seat]
            self.console.print(plain(f"{name}'s page has a new key; the old one opens nothing. "
                                     f"{name}, scan this:", style="bold"))
            show_seat(self.console, self.served, seat, codes=True)
            return
        self.errors.print(plain("web (the addresses and codes again) or web new NAME (a new "
                                "key for NAME's page).", style="yellow"))

    # -- private things go to the players' own pages ------------------------------------------

    def pick(self, request: PickRequest) -> None:
        self.console.print(plain(where_shown(request), style="bold"))

    def ask_privately(self, ask: PrivateAsk) -> None:
        self.console.print(plain(where_shown(ask), style="bold"))
        return None

    def show_privately(self, shown: ShownRule, question: Question | None) -> Outcome | None:
        self.console.print(plain(f"{shown.viewer} sees {shown.holder}'s rule on their own page"
                                 + (" and rules there." if question is not None else "."),
                                 style="bold"))
        return None

    def private(self, rule: PrivateRule) -> None:
        self.console.print(plain(where_shown(rule), style="bold"))

    def _ask_ruling(self) -> bool:
        question = self.session.question()
        if question is not None and question.shown is not None:
            if self._told != question.text:
                self._told = question.text
                self.show_privately(question.shown, question)
            return True
        return super()._ask_ruling()

    def _heard(self, lines: Sequence[Line], who: int | None) -> None:
        """What the table heard of a page's command, printed above the prompt."""
        name = "the table page" if who == TABLE or who is None else self.session.names[who]
        sys.stdout.write("\n")
        self.console.print(plain(f"from {name}:", style="dim"))
        print_lines(self.console, lines)
        sys.stdout.write(self.prompt())
        sys.stdout.flush()


def where_shown(shown: PickRequest | PrivateAsk | PrivateRule) -> str:
    """What the laptop says of something sent to a player's own page."""
    if isinstance(shown, PickRequest):
        who = ", ".join(dealt.name for dealt in shown.players)
        return f"{who}: pick your secret rule on your own page."
    if isinstance(shown, PrivateAsk):
        return f"{shown.player} answers on their own page."
    return f"It is shown on {shown.name}'s own page."


def show_seat(console: Console, served: Served, seat: int, codes: bool) -> None:
    console.print(plain(f"  {served.hub.session.names[seat]}: {served.url(seat)}"),
                  soft_wrap=True)
    if codes:
        from hrdeck.web.codes import qr_text

        console.file.write(qr_text(served.url(seat)))
        console.file.flush()


def show_links(console: Console, served: Served, codes: bool) -> None:
    where = ("on the local network" if served.open_to_network
             else "on this computer only (--lan opens it to the local network)")
    console.print(plain(f"The pages are served {where}.", style="bold"), soft_wrap=True)
    console.print(plain(f"  The table: {served.url(TABLE)}"), soft_wrap=True)
    for seat in range(len(served.keys.players)):
        show_seat(console, served, seat, codes)
    console.print(plain("Each player opens their own address (scan its code); it shows their "
                        "secrets, so keep it to yourself.", style="dim"), soft_wrap=True)


def start(session: Session, console: Console, host: str, port: int | None,
          extra_routes: Sequence[Any] = (), pages: int | None = None) -> Served:
    """Serve the session's pages. `pages`: how many seats, the first ones, have a page
    (default: every seat; a seat the machine plays has none); `extra_routes`: a game's own
    routes (card pictures)."""
    if pages is None:  # the machine's seats, last at the table, have no page
        machines = session.table.machines(session.game)
        pages = min(machines) if machines else len(session.names)
    players = session.names[:pages]
    keys = SeatKeys(session.store, session.name, players)
    hub = Hub(session)
    served = serve(hub, keys, host, port, tuple(extra_routes))
    show_links(console, served, codes=sys.stdout.isatty())
    return served


def run_web(session: Session, console: Console, errors: Console, *, host: str,
            port: int | None, script: BinaryIO | None, strict: bool,
            extra_routes: Sequence[Any] = (), pages: int | None = None,
            opened: int | None = None) -> int:
    """Serve the pages and run the terminal (or the lines given) until the table stops.
    `opened`: a seat whose page opens in this computer's browser (one player alone)."""
    interactive = script is None and sys.stdin.isatty()
    stop = threading.Event()
    if not interactive:  # from the first address printed, a signal stops it cleanly
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda *_: stop.set())
    served = start(session, console, host, port, extra_routes, pages)
    if opened is not None:
        import webbrowser

        if not webbrowser.open(served.url(opened)):
            console.print(plain("No browser could be opened here: open the address above.",
                                style="yellow"))
    try:
        if interactive:
            WebInteractive(session, console, errors, served).run()
            return 0
        return _headless(session, console, errors, served, script, strict, stop)
    finally:
        served.stop()


def _headless(session: Session, console: Console, errors: Console, served: Served,
              script: BinaryIO | None, strict: bool, stop: threading.Event) -> int:
    """The lines given (a script, or standard input), then the pages alone until `stop`."""
    from hrdeck.referee.script import run_script, script_lines

    hub = served.hub

    def heard(lines: Sequence[Line], who: int | None) -> None:
        print_lines(console, lines)
        console.file.flush()

    def execute(command: Any) -> Outcome:
        """A line run at the laptop: what is for one player's eyes went to their page (the
        script goes on, as it would at the keyboard)."""
        outcome = hub.execute(LAPTOP, command)
        shown = outcome.private or outcome.view
        if isinstance(shown, PickRequest | PrivateAsk | PrivateRule):
            console.print(plain(where_shown(shown), style="bold"))
            outcome = dataclasses.replace(outcome, private=None, view=None)
        return outcome

    hub.hear(heard)
    result = run_script(session, _until(stop, script_lines(_unbuffered(script))),
                        out=console, errors=errors, strict=strict, execute=execute)
    if stop.is_set():
        return 1 if result.failures else 0
    console.print(render_board(session.board()))
    console.print(plain("The pages stay served: Ctrl-C stops (the game is saved).",
                        style="dim"))
    console.file.flush()
    while not stop.wait(0.5):
        pass
    return 1 if result.failures else 0


def _unbuffered(script: BinaryIO | None) -> BinaryIO:
    """The script, or standard input read straight from its descriptor: the thread reading
    it may still be waiting when the process stops, and Python cannot stop while a thread
    holds its buffered standard input (it aborts)."""
    if script is not None and script is not sys.stdin.buffer:
        return script
    return io.FileIO(sys.stdin.fileno(), "rb", closefd=False)


def _until(stop: threading.Event, lines: Iterator[str]) -> Iterator[str]:
    """`lines`, read on a thread of their own, until `stop` is set: a pipe left open (a
    program still feeding the laptop's lines) keeps no stopped referee waiting."""
    read: queue.Queue[str | None] = queue.Queue()

    def reader() -> None:
        for line in lines:
            read.put(line)
        read.put(None)

    threading.Thread(target=reader, name="hrdeck-lines", daemon=True).start()
    while not stop.is_set():
        try:
            line = read.get(timeout=0.2)
        except queue.Empty:
            continue
        if line is None:
            return
        yield line
