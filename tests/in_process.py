"""`hrdeck ...` run inside the test's own process, answered as the real process would answer:
its exit code, what it wrote to standard output and error, and the traceback Python would
print for an exception that escaped. A handful of tests per command still start the real
process (the wiring); the rest run here, without starting Python and loading hrdeck again."""

from __future__ import annotations

import os
import subprocess
import sys
import traceback
from collections.abc import Mapping
from pathlib import Path

from click.testing import CliRunner


def hrdeck(*args: str | Path, cwd: Path | None = None, stdin: str = "",
           env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m hrdeck ARGS` in `cwd` (here by default), with `stdin` as its standard
    input and `env` added to the environment."""
    from hrdeck.cli import main

    argv = ["hrdeck", *map(str, args)]
    runner = CliRunner()
    _make_consoles(runner)
    code = 0
    before, saved_argv = Path.cwd(), sys.argv
    with runner.isolation(input=stdin, env=env) as (out, err, _):
        os.chdir(cwd or before)
        sys.argv = argv
        try:
            main()
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        except BaseException:  # as Python would: the traceback on standard error, code 1
            traceback.print_exc(file=sys.stderr)
            code = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            sys.argv = saved_argv
            os.chdir(before)
    return subprocess.CompletedProcess(argv, code, out.getvalue().decode("utf-8", "replace"),
                                       err.getvalue().decode("utf-8", "replace"))


def _make_consoles(runner: CliRunner) -> None:
    """hrdeck's two consoles are made once per process and keep the COLUMNS they saw then:
    made here, outside any one run's `env`, they read a run's COLUMNS only while it lasts
    (a width asked for by one test is never kept for the next)."""
    from hrdeck import console

    with runner.isolation(env={"COLUMNS": None}):
        console.out, console.err  # noqa: B018  (made on first use)
