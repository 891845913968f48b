"""`hrdeck … | head`: a reader that stops reading is not a finding. The command runs to its
end, exits with the code its report gives, and says nothing about the pipe."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures" / "decks"


def into_closed_pipe(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run hrdeck with its standard output a pipe whose reader has already gone."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        return subprocess.run([sys.executable, "-m", "hrdeck", *map(str, args)], stdout=writer,
                              stderr=subprocess.PIPE, text=True, timeout=120, cwd=cwd)
    finally:
        os.close(writer)


@pytest.mark.parametrize(("deck", "code"), [("valid-minimal.yaml", 0),
                                            ("unenforceable.yaml", 1)])
def test_check_into_a_closed_pipe_exits_as_its_report_would(tmp_path: Path, deck: str,
                                                            code: int) -> None:
    done = into_closed_pipe("check", FIXTURES / deck, "--games", "40", "--out", tmp_path,
                            cwd=tmp_path)
    assert done.returncode == code
    assert done.stderr == ""


def test_a_build_into_a_closed_pipe_finishes_and_succeeds(tmp_path: Path) -> None:
    done = into_closed_pipe("build", FIXTURES / "valid-minimal.yaml", "--games", "40",
                            "--target", "pnp-a4", "--out", tmp_path / "out", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    assert (tmp_path / "out" / "valid-minimal" / "valid-minimal-pnp-a4.pdf").is_file()


def test_only_a_stream_that_is_not_a_terminal_is_wrapped(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    from hrdeck.pipes import quiet_when_closed

    leader, follower = os.openpty()
    reader, writer = os.pipe()
    with os.fdopen(follower, "w") as terminal, os.fdopen(writer, "w") as pipe:
        monkeypatch.setattr(sys, "stdout", terminal)
        monkeypatch.setattr(sys, "stderr", pipe)
        quiet_when_closed()
        assert sys.stdout is terminal and sys.stderr is not pipe
        os.close(reader)
        print("nobody reads this", file=sys.stderr, flush=True)  # no BrokenPipeError
        monkeypatch.undo()
    os.close(leader)
