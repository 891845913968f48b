"""Benchmark of what `--web` adds to the referee's start (not a test: run it by hand).

    python3 tests/benchmarks/bench_web_start.py --repeat 5      # both ways, timed here
    python3 tests/benchmarks/bench_web_start.py [--web]         # one run, for an outside timer

A run starts `python3 -m hrdeck referee new` for a What the Rule?! game of 4 players with a
short script (a round led, cards typed, hands shown, guesses). Without `--web` the run ends
when the script does. With `--web` the script runs the same way and then the pages are
served until the process is stopped, so a run ends once the table page has been served:
its address is read from the referee's output and fetched, then the referee is stopped with
SIGTERM (what Ctrl-C does). Both ways go through this same small driver, so the driver's
own start counts on both sides; the difference is what `--web` adds before a phone can
open its page. The issue asks for at most 1 s. With --repeat the served run is timed until
its page is served (the plain run until its process has exited); an outside timer of the
whole process also counts the served referee's stop (uvicorn's shutdown), an upper bound.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """lead 9
w2fs
w6fs
guess first or card.colour == previous.colour
w3uc
guess not (card.count <= 4)
show b5uc b4uc b5fc b3fc w5fs w3fc b5fs w1uc b3ft b4ft
w1fc
show b4uc w6ut w5us b1ft b6uc w2fc b6uc w4fs w1ft
w3fc
guess card.shape == "circle"
w1ft
"""


def start(web: bool, folder: Path) -> float:
    """One referee run, until its script is done (or, with `web`, its table page served);
    returns when that was (perf_counter), before the referee is stopped."""
    script = folder / "script.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    command = [sys.executable, "-m", "hrdeck", "referee", "new", "--players",
               "Ann,Ben,Cat,Dan", "--game", "what-the-rule", "--seed", "1", "--db",
               str(folder / f"referee-{time.monotonic_ns()}.sqlite3"), "--script", str(script)]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    if not web:
        subprocess.run(command, cwd=ROOT, env=environment, check=True,
                       stdout=subprocess.DEVNULL)
        return time.perf_counter()
    referee = subprocess.Popen([*command, "--web"], cwd=ROOT, env=environment,
                               stdout=subprocess.PIPE, text=True)
    try:
        assert referee.stdout is not None
        for line in referee.stdout:
            found = re.match(r"\s*The table: (http\S+)", line)
            if found:
                with urllib.request.urlopen(found[1], timeout=10) as page:
                    assert page.status == 200 and b"<html" in page.read().lower()
                return time.perf_counter()
        raise SystemExit(f"the referee stopped before serving (exit {referee.wait()})")
    finally:
        referee.send_signal(signal.SIGTERM)
        referee.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--web", action="store_true", help="One run with --web.")
    parser.add_argument("--repeat", type=int, default=0,
                        help="Time this many runs each way, in turn, and print the medians.")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if not options.repeat:
            start(options.web, Path(folder))
            return
        times: dict[bool, list[float]] = {False: [], True: []}
        stopping: list[float] = []
        for _ in range(options.repeat + 1):  # the first of each way warms the disk's cache
            for web in (False, True):
                started = time.perf_counter()
                done = start(web, Path(folder))
                times[web].append(done - started)
                if web:
                    stopping.append(time.perf_counter() - done)
        plain, served = times[False][1:], times[True][1:]
        print(f"without --web: median {statistics.median(plain):.2f} s "
              f"({', '.join(f'{t:.2f}' for t in plain)})")
        print(f"with --web, until the table page is served: median "
              f"{statistics.median(served):.2f} s ({', '.join(f'{t:.2f}' for t in served)})")
        added = [web - plain for web, plain in zip(served, plain, strict=True)]
        print(f"--web adds: median {statistics.median(added):.2f} s (run by run: "
              f"{', '.join(f'{t:+.2f}' for t in added)})")
        print(f"(stopping the served referee afterwards: median "
              f"{statistics.median(stopping[1:]):.2f} s, not counted above; an outside timer "
              "of a whole --web run counts it)")


if __name__ == "__main__":
    main()
