"""Scripted use: the referee's commands from a file or standard input, one per line.

The same command language as at the keyboard; what needs a keypress there is written on the
line here (`undo yes`, `reveal yes`, `rule upheld`, `keep ann <trigger> <action>`). Blank
lines and lines starting with # are skipped. A line that fails is reported with its number
and the script goes on (or stops, when strict); nothing is written for a failed line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

from rich.console import Console
from rich.text import Text

from engine.errors import HrdeckError
from hrdeck.printable import plain, printable
from hrdeck.referee import commands as c
from hrdeck.referee.screen import print_lines, render_view
from hrdeck.referee.session import Session
from hrdeck.referee.views import Outcome, PickRequest, PrivateRule, ShownRule

MAX_LINE = 10_000  # bytes: a command is a line, not a file


class Unreadable(str):
    """A script line that could not be read as a command; the text says why."""


def script_lines(source: BinaryIO) -> Iterator[str]:
    """The lines of a script as text; a line that is not UTF-8, or far too long to be a
    command, comes as an `Unreadable` saying so, and the script goes on after it."""
    while raw := source.readline(MAX_LINE + 1):
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while (rest := source.readline(MAX_LINE)) and not rest.endswith(b"\n"):
                pass
            yield Unreadable(f"the line is longer than {MAX_LINE:,} bytes: no command is.")
            continue
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as error:
            yield Unreadable(f"the line is not UTF-8 text (byte {error.start + 1} is "
                             f"0x{raw[error.start]:02x}); save the script as UTF-8.")


@dataclass
class ScriptResult:
    failures: list[tuple[int, str]] = field(default_factory=list)
    commands: int = 0


def run_script(session: Session, lines: Iterable[str], *, out: Console, errors: Console,
               strict: bool = False,
               execute: Callable[[c.Command], Outcome] | None = None) -> ScriptResult:
    """Run each line; print acknowledgements as entries are committed, errors by line number.
    `execute` runs a command (default: the session's own; the web referee's hub, which
    tells every page)."""
    result = ScriptResult()
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        result.commands += 1
        error, stop = (str(raw), False) if isinstance(raw, Unreadable) else (
            _run_line(session, line, out, execute or session.execute))
        out.file.flush()
        if error is not None:
            result.failures.append((number, error))
            errors.print(Text.assemble((f"line {number}: ", "bold red"), printable(error)),
                         soft_wrap=True)
            errors.file.flush()
            if strict:
                break
        if stop:
            break
    return result


def _run_line(session: Session, line: str, out: Console,
              execute: Callable[[c.Command], Outcome]) -> tuple[str | None, bool]:
    """Run one line; return its error (None when it worked) and whether the script ends."""
    try:
        command = session.parse(line)
    except HrdeckError as error:
        return str(error), False
    outcome = execute(command)
    print_lines(out, outcome.lines)
    if outcome.error is not None:
        return outcome.error, False
    if outcome.confirm is not None:
        return f"{outcome.confirm} In a script, confirm on the line: {_confirmed(command)}.", False
    if outcome.choice is not None:
        return outcome.choice.question, False
    if outcome.private is not None:
        return outcome.private.in_a_script, False
    if isinstance(outcome.view, PrivateRule) and outcome.view.in_a_script:
        return outcome.view.in_a_script, False
    if isinstance(outcome.view, PickRequest | PrivateRule):
        return ("pick and peek show secret rules, so they only work at the keyboard; in a "
                "script write keep WHO TRIGGER ACTION."), False
    if outcome.view is not None and not isinstance(outcome.view, ShownRule):
        out.print(render_view(outcome.view))  # a shown rule is for a private screen only
    _ask(outcome, out)
    return None, outcome.quit


def _ask(outcome: Outcome, out: Console) -> None:
    if outcome.question is not None:
        out.print(plain(f"  ? {outcome.question.text} (next line: rule upheld, or rule "
                       "overturned)"), soft_wrap=True)


def _confirmed(command: c.Command) -> str:
    if isinstance(command, c.Undo):
        return f"undo {command.entry} yes" if command.entry is not None else "undo yes"
    return "reveal yes"
