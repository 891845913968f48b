"""Draw a build's files in two processes: this one draws some while a forked copy of it draws
the others, so a build uses a second core once the checker's games are done with it.

Each file is drawn by the same code whichever process draws it, into the same staging folder,
so the files are the same. The copy hands back what it drew (file names, pages, problems); if
it fails in any way, this process draws its share itself, and any error is raised here as if
the build had drawn everything alone. Where processes cannot be forked, everything is drawn
here, in order.
"""

from __future__ import annotations

import os
import pickle
import signal
from collections.abc import Callable, Sequence
from typing import Any

Step = tuple[str, int, Callable[[], Any]]  # (unit, its rough cost, what draws it)
SHARED_FROM = 4  # a copy pays for itself from about this much work (a rulebook costs 3)


def draw_in_two(steps: Sequence[Step]) -> dict[str, Any]:
    """Every step's result by unit, the costliest shared out between two processes."""
    here, beside = _lanes(steps)
    if not beside or not hasattr(os, "fork"):
        return {unit: draw() for unit, _, draw in steps}
    child = _start(beside)
    try:
        results = {unit: draw() for unit, _, draw in here}
    except BaseException:
        _stop(child)
        raise
    drawn = _collect(child)
    for unit, _, draw in beside:
        results[unit] = drawn[unit] if drawn is not None and unit in drawn else draw()
    return results


def _lanes(steps: Sequence[Step]) -> tuple[list[Step], list[Step]]:
    """Two shares of about equal cost (the first drawn here), or everything here when the
    work is too little to share."""
    if sum(cost for _, cost, _ in steps) < SHARED_FROM or len(steps) < 2:
        return list(steps), []
    here: list[Step] = []
    beside: list[Step] = []
    for step in sorted(steps, key=lambda step: -step[1]):
        lane = here if sum(s[1] for s in here) <= sum(s[1] for s in beside) else beside
        lane.append(step)
    order = {step[0]: place for place, step in enumerate(steps)}
    return sorted(here, key=lambda s: order[s[0]]), sorted(beside, key=lambda s: order[s[0]])


def _start(steps: list[Step]) -> tuple[int, int]:
    """Fork a copy that draws `steps` and writes their results, pickled, down a pipe."""
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:  # the copy: draw, report, and leave without running this process's exits
        os.close(reading)
        status = 1
        try:
            data = pickle.dumps({unit: draw() for unit, _, draw in steps})
            with os.fdopen(writing, "wb") as pipe:
                pipe.write(data)
            status = 0
        finally:
            os._exit(status)
    os.close(writing)
    return pid, reading


def _collect(child: tuple[int, int]) -> dict[str, Any] | None:
    """What the copy drew, or None when it failed."""
    pid, reading = child
    with os.fdopen(reading, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    if status != 0 or not data:
        return None
    try:
        drawn: dict[str, Any] = pickle.loads(data)
    except Exception:
        return None
    return drawn


def _stop(child: tuple[int, int]) -> None:
    pid, reading = child
    os.close(reading)
    try:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
    except OSError:
        pass
