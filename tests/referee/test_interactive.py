"""The real interactive referee, driven through a terminal with pexpect: pass-the-laptop rule
picking, cards and sums, Tab completion, a challenge asked as a question, undo with
confirmation, the turn timer, reveal, and resuming."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.hidden_rules import new_game
from engine.rules_layer import deal_rules
from tests.referee.helpers import DECK, ROOT, rule_deck, seed_dealing

pexpect = pytest.importorskip("pexpect")

PLAYERS = ("Ann", "Ben")


def spawn(*args: str, db: Path) -> Any:
    env = {**os.environ, "TERM": "dumb", "COLUMNS": "120", "LINES": "40"}
    child = pexpect.spawn(sys.executable, ["-m", "hrdeck.referee", *args, "--db", str(db)],
                          cwd=str(ROOT), env=env, encoding="utf-8", timeout=20,
                          dimensions=(40, 120))
    return child


def pick(child: Any, name: str, trigger: int, action: int) -> None:
    child.expect(f"Pass the laptop to {name}")
    child.expect("press Enter when only you can see the screen")
    child.sendline("")
    child.expect("Triggers:")
    child.expect("Keep which trigger, 1 or 2")
    child.sendline(str(trigger))
    child.expect("Keep which action, 1 or 2")
    child.sendline(str(action))
    child.expect(r"Keep this rule\? \(y/n\)")
    child.sendline("y")
    child.expect("Press Enter to hide it")
    child.sendline("")
    child.expect(f"{name} keeps a secret rule")


def test_a_game_at_the_keyboard(tmp_path: Path) -> None:
    db = tmp_path / "referee.sqlite3"
    seed = seed_dealing(PLAYERS, {"Ann": "seven-played"})
    deck = rule_deck()
    dealt = deal_rules(new_game(list(PLAYERS), seed=seed, mode="table",
                                triggers=tuple(card.id for card in deck.triggers),
                                actions=tuple(card.id for card in deck.actions)))
    child = spawn("new", "--players", ",".join(PLAYERS), "--seed", str(seed), "--deck",
                  str(DECK), "--session", "kb", db=db)
    pick(child, "Ann", dealt[0].triggers.index("seven-played") + 1, 1)
    pick(child, "Ben", 2, 2)
    child.expect("Everyone has a secret rule. Ann turns up the first card")
    child.expect("Ann, turn up> ")
    child.sendline("up 9c")
    child.expect(r"Sum 9\. Ben to play\.")
    child.expect("Ben, play> ")
    child.sendline("p 7h")
    child.expect(r"Sum 16\. Ann to play\.")
    child.expect("Ann, play> ")
    child.send("hist\t2\r")  # Tab completes "hist" to "history "
    child.expect("4  Ben plays the seven of hearts — sum 16")
    child.sendline('enforce ann on ben "You did not name an animal."')
    child.expect(r"Ben -1 \(broke Ann's rule\)")
    child.expect("Ben takes back the seven of hearts: the sum is back to 9.")
    child.sendline("challenge")
    child.expect("Challenge: the table rules")
    child.expect(r"Its[\s│]+trigger[\s│]+fired")
    child.expect(r"Upheld\? y/n")
    child.sendline("y")
    child.expect("Enforcement 1 is upheld.")
    child.expect(r"Ann \+1 \(enforcement 1 upheld\): 1 point\.")
    child.expect("Ann, play> ")
    child.sendline("undo")
    child.expect(r"Undo entry 7: ruling: the enforcement is upheld\? \(y/n\)")
    child.sendline("n")
    child.expect("Nothing changed.")
    child.sendline("undo")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    child.expect(r"\[8\] entry 7 is void \(undo\)")
    child.expect(r"Upheld\? y/n")  # the challenge waits for a ruling again
    child.sendline("rule overturned")
    child.expect("Enforcement 1 is overturned.")
    child.sendline("timer on 0.5")
    child.expect("The turn timer is on")
    child.expect(r"Ann has taken \d+ s: over the 0.5-second limit", timeout=5)
    child.sendline("timer off")
    child.expect("The turn timer is off.")
    child.sendline("reveal")
    child.expect(r"The game is not over\. Show every secret rule to the whole table\? \(y/n\)")
    child.sendline("y")
    child.expect("The secret rules")
    child.expect("seven-played")
    child.expect("Every enforcement")
    child.sendline("quit")
    child.expect("The game is saved: hrdeck referee resume kb")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    again = spawn("resume", "kb", db=db)
    again.expect("Resuming kb: 10 entries.")
    again.expect("Ann, play> ")
    again.sendline("score")
    again.expect(r"Ann\s+│\s+-1")
    again.sendline("quit")
    again.expect(pexpect.EOF)
