"""Shared by the referee tests: a test deck, seeds that deal wanted rules, scripted tables."""

from __future__ import annotations

import functools
import io
import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from engine.games.upnover.hidden_rules import new_game
from engine.rules_layer import deal_rules
from hrdeck.referee.rule_deck import RuleDeck, load_rule_deck
from hrdeck.referee.script import ScriptResult, run_script
from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.referee.tables import NewGame

ROOT = Path(__file__).resolve().parents[2]
DECK = Path(__file__).parent / "fixtures" / "referee-deck.yaml"


@functools.cache
def rule_deck() -> RuleDeck:
    return load_rule_deck(DECK)


def seed_dealing(players: Sequence[str], wanted: dict[str, str]) -> int:
    """The first seed that deals each wanted trigger (by player name) to that player."""
    deck = rule_deck()
    triggers = tuple(card.id for card in deck.triggers)
    actions = tuple(card.id for card in deck.actions)
    for seed in range(10_000):
        dealt = deal_rules(new_game(list(players), seed=seed, mode="table", triggers=triggers,
                                    actions=actions))
        if all(trigger in dealt[list(players).index(name)].triggers
               for name, trigger in wanted.items()):
            return seed
    raise AssertionError(f"no seed deals {wanted}")


@dataclass
class Table:
    """A session driven by scripts, its output kept."""

    session: Session
    store: Store
    out: io.StringIO
    errors: io.StringIO

    def run(self, script: str, strict: bool = False) -> ScriptResult:
        return run_script(self.session, script.splitlines(),
                          out=Console(file=self.out, width=200, highlight=False),
                          errors=Console(file=self.errors, width=200, highlight=False),
                          strict=strict)

    def ok(self, script: str) -> str:
        """Run lines that must all work; return what they printed."""
        start = self.out.tell()
        result = self.run(script)
        assert not result.failures, (result.failures, self.errors.getvalue())
        return self.out.getvalue()[start:]

    def fails(self, line: str, match: str) -> None:
        """A line that must fail, say `match`, and write nothing."""
        entries = len(self.store.entries(self.session.name))
        snapshot = self.session.game.snapshot()
        result = self.run(line)
        assert len(result.failures) == 1, result.failures
        assert match.lower() in result.failures[0][1].lower(), result.failures[0][1]
        assert len(self.store.entries(self.session.name)) == entries
        assert self.session.game.snapshot() == snapshot

    @property
    def scores(self) -> list[int]:
        return list(self.session.game.scores)

    def stored_scores(self) -> list[int]:
        """The scores a fresh resume of the database gives: what is on disk."""
        resumed, dropped = Session.resume(self.store, self.session.name)
        assert not dropped
        return list(resumed.game.scores)


def open_table(tmp_path: Path, players: Sequence[str] = ("Ann", "Ben", "Cat"), *,
               mode: str = "full", rules: dict[str, str] | None = None, target: int = 3,
               name: str = "t") -> Table:
    """A new game; in full mode everyone keeps a rule (`rules`: name -> trigger id)."""
    rules = rules or {}
    seed = seed_dealing(players, rules) if mode == "full" else 0
    store = Store(tmp_path / "referee.sqlite3")
    session = Session.create(store, NewGame(players=tuple(players), mode=mode, seed=seed,
                                            target=target,
                                            deck=rule_deck() if mode == "full" else None),
                             name=name)
    table = Table(session, store, io.StringIO(), io.StringIO())
    if mode == "full":
        lines = [f"keep {player} {rules.get(player, '1')} 1" for player in players]
        table.ok("\n".join(lines))
    return table


def referee_process(*args: str, db: Path, **options: object) -> subprocess.Popen[str]:
    """The real referee in its own process (`python -m hrdeck.referee`)."""
    env = {**os.environ, "HRDECK_DB": str(db), "PYTHONUNBUFFERED": "1", "COLUMNS": "200"}
    process: subprocess.Popen[str] = subprocess.Popen(
        [sys.executable, "-m", "hrdeck.referee", *args], cwd=ROOT, env=env, text=True,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        **options)  # type: ignore[call-overload]
    return process
