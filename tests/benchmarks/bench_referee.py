"""Benchmark of the referee (not a test: run it by hand).

    python3 tests/benchmarks/bench_referee.py [--entries 10000] [--repeat 5] [--keep DB]

1. Builds a journal of N entries with a seeded script run through the real command language
   and store: a full-mode game (typed cards from a shuffled game the engine deals), with
   speech, enforcements, challenges (judged by the referee or ruled by the table) and undos.
2. Resume: `Session.resume` of that journal in-process (open the database, read, parse,
   replay with the referee watching): the figure the brief asks for. Also the whole
   `python -m hrdeck.referee resume` process, which adds the interpreter and typer.
3. Response: the session's handling of each command of a stream (parse, apply, judge, commit
   to SQLite with synchronous=FULL), in a fresh game and at the end of the long one.
The machine's speed drifts from run to run, so each figure is the median of the repeats.
"""

from __future__ import annotations

import argparse
import copy
import io
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console

from engine.cards import Card
from engine.events import GameStarted, Voided
from engine.games.upnover.events import Played, TurnedUp
from engine.games.upnover.hidden_rules import HiddenRulesGame
from engine.games.upnover.trick_game import Phase
from engine.journal import Journal
from hrdeck.referee.rule_deck import load_rule_deck
from hrdeck.referee.screen import print_outcome, render_board
from hrdeck.referee.session import NewGame, Session
from hrdeck.referee.store import Store

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("Ann", "Ben", "Cat", "Dan")


class Scripted:
    """A full-mode session fed by a seeded script; a shuffled engine game deals the cards."""

    def __init__(self, store: Store, name: str, seed: int,
                 console: Console | None = None) -> None:
        deck = load_rule_deck(ROOT / "decks" / "base.yaml")
        self.session = Session.create(store, NewGame(players=PLAYERS, seed=seed,
                                                     target=10**9, deck=deck), name=name)
        setup = self.session.journal.entries[0]
        assert isinstance(setup, GameStarted)
        self.mirror = Journal(GameStarted(players=PLAYERS, seed=seed, target=10**9,
                                          triggers=setup.triggers, actions=setup.actions))
        self.rng = random.Random(seed)
        self.script: list[str] = []
        self.times: list[float] = []
        self.console = console  # when given, each outcome and the scoreboard are drawn too

    def run(self, line: str) -> None:
        command = self.session.parse(line)
        started = time.perf_counter()
        outcome = self.session.execute(command)
        if self.console is not None:
            print_outcome(self.console, self.console, outcome)
            if outcome.changed:
                self.console.print(render_board(self.session.board()))
        self.times.append(time.perf_counter() - started)
        assert outcome.error is None, (line, outcome.error)
        self.script.append(line)
        entries = self.session.journal.entries
        for event in entries[len(self.mirror.entries):]:
            if isinstance(event, Voided):
                self.mirror.void(event.entry, event.reason)
            elif isinstance(event, TurnedUp):
                self.mirror.record(TurnedUp(player=event.player, ace_value=event.ace_value))
            else:
                self.mirror.record(event)

    def step(self) -> None:
        """One command of the script, chosen by the seeded random generator."""
        rng, names = self.rng, self.session.names
        table = self.mirror.game.table  # type: ignore[union-attr]
        if self.session.question() is not None:
            self.run(f"rule {rng.choice(['upheld', 'overturned'])}")
        elif self.session.missing_rules():
            seat = self.session.missing_rules()[0]
            self.run(f"keep {names[seat]} {rng.randint(1, 2)} {rng.randint(1, 2)}")
        elif len(self.session.journal.entries) % 1000 == 999:
            self.run("undo yes")
        elif table.phase is not Phase.PLAY:
            self.run(f"up {self._next_turned_card().code}")
        elif self._just_played() and rng.random() < 0.08:
            self._enforce()
        else:
            card, ace = rng.choice(table.legal_plays(table.turn))
            speech = ' "please, thank you"' if rng.random() < 0.2 else ""
            self.run(f"p {card.code}{'' if ace is None else f' {ace}'}{speech}")

    def _next_turned_card(self) -> Card:
        """The card the shuffled game turns up next: after the refill, the top of the deck."""
        game = self.mirror.game
        assert isinstance(game, HiddenRulesGame)
        table = game.table
        needed = (table.hand_size * table.players - sum(map(len, table.hands))
                  if table.phase is Phase.TRICK_WON else 0)
        if needed < len(table.deck):
            return table.deck[-(needed + 1)]
        probe = copy.deepcopy(game)  # a reshuffle first: let a copy of the game show the card
        event = probe.turn_up(table.turn)
        assert event.card is not None
        return event.card

    def _just_played(self) -> bool:
        last = self.session.journal.entries[-1]
        return isinstance(last, Played)

    def _enforce(self) -> None:
        rng, names = self.rng, self.session.names
        last = self.session.journal.entries[-1]
        assert isinstance(last, Played)
        violator = last.player
        enforcer = rng.choice([seat for seat in range(len(names)) if seat != violator])
        holder = enforcer if rng.random() < 0.7 else rng.randrange(len(names))
        self.run(f'enforce {names[enforcer]} on {names[violator]} rule {names[holder]} '
                 '"You did not do what my rule asks of that card."')
        if rng.random() < 0.6:
            self.run(f"challenge {names[violator]}")


def build(db: Path, name: str, entries: int, seed: int) -> Scripted:
    store = Store(db)
    scripted = Scripted(store, name, seed)
    while len(scripted.session.journal.entries) < entries:
        scripted.step()
    store.close()
    return scripted


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="Build the database here and keep it.")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-referee-"))
    db = args.keep or folder / "referee.sqlite3"

    started = time.perf_counter()
    long = build(db, "long", args.entries, args.seed)
    built = time.perf_counter() - started
    journal = long.session.journal
    kinds: dict[str, int] = {}
    for event in journal.entries:
        kinds[type(event).__name__] = kinds.get(type(event).__name__, 0) + 1
    print(f"built a {len(journal.entries):,}-entry journal from a {len(long.script):,}-line "
          f"seeded script in {built:.1f} s: "
          + ", ".join(f"{count:,} {kind}" for kind, count in sorted(kinds.items())))
    (folder / "script.txt").write_text("\n".join(long.script) + "\n", encoding="utf-8")

    resumes, processes = [], []
    for _ in range(args.repeat):
        started = time.perf_counter()
        store = Store(db)
        session, dropped = Session.resume(store, "long")
        resumes.append(time.perf_counter() - started)
        assert not dropped and session.game.snapshot() == journal.game.snapshot()
        store.close()
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "hrdeck.referee", "resume", "long", "--db",
                        str(db), "--script", "-"], input="", capture_output=True, check=True,
                       cwd=ROOT, text=True)
        processes.append(time.perf_counter() - started)
    print(f"resume of {len(journal.entries):,} entries, in-process: median "
          f"{statistics.median(resumes) * 1000:.0f} ms (runs: "
          f"{', '.join(f'{t * 1000:.0f}' for t in resumes)})")
    print(f"  the whole `python -m hrdeck.referee resume` process: median "
          f"{statistics.median(processes):.2f} s (runs: "
          f"{', '.join(f'{t:.2f}' for t in processes)})")

    fresh_medians, long_medians, fresh_p90, drawn = [], [], [], []
    for repeat in range(args.repeat):
        fresh = Scripted(Store(db), f"fresh-{repeat}", args.seed + repeat)
        while len(fresh.times) < 1000:
            fresh.step()
        fresh_medians.append(statistics.median(fresh.times))
        fresh_p90.append(statistics.quantiles(fresh.times, n=10)[-1])
        screen = Console(file=io.StringIO(), width=100, force_terminal=True)
        shown = Scripted(Store(db), f"shown-{repeat}", args.seed + repeat, screen)
        while len(shown.times) < 300:
            shown.step()
        drawn.append(statistics.median(shown.times))
        store = Store(db)
        session, _ = Session.resume(store, "long")
        long.session, long.times = session, []
        while len(long.times) < 200:
            long.step()
        long_medians.append(statistics.median(
            [t for t, line in zip(long.times, long.script[-200:], strict=True)
             if not line.startswith("undo")]))
        store.close()
    print(f"response per command (parse, apply, judge, commit), 1,000 commands of a fresh "
          f"game: median {statistics.median(fresh_medians) * 1000:.2f} ms, 90th percentile "
          f"{statistics.median(fresh_p90) * 1000:.2f} ms (runs: "
          f"{', '.join(f'{t * 1000:.2f}' for t in fresh_medians)})")
    print(f"  with the announcements and the scoreboard drawn by rich (300 commands): median "
          f"{statistics.median(drawn) * 1000:.2f} ms (runs: "
          f"{', '.join(f'{t * 1000:.2f}' for t in drawn)})")
    print(f"  200 more commands at the end of the {len(journal.entries):,}-entry game: median "
          f"{statistics.median(long_medians) * 1000:.2f} ms (runs: "
          f"{', '.join(f'{t * 1000:.2f}' for t in long_medians)})")
    print(f"database and script in {folder if not args.keep else db}")


if __name__ == "__main__":
    main()
