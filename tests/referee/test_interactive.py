"""The real interactive referee, driven through a terminal with pexpect: pass-the-laptop rule
picking, cards and sums, Tab completion, a challenge asked as a question, undo with
confirmation, the turn timer, reveal, and resuming."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.games.upnover.hidden_rules import new_game
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


def new_game_dealing(players: tuple[str, ...], wanted: dict[str, str], *, session: str,
                     db: Path) -> tuple[Any, list[int]]:
    """A new game whose seed deals each wanted trigger; where it lies among each one's two."""
    seed = seed_dealing(players, wanted)
    deck = rule_deck()
    dealt = deal_rules(new_game(list(players), seed=seed, mode="table",
                                triggers=tuple(card.id for card in deck.triggers),
                                actions=tuple(card.id for card in deck.actions)))
    child = spawn("new", "--players", ",".join(players), "--seed", str(seed), "--deck",
                  str(DECK), "--session", session, db=db)
    positions = [dealt[seat].triggers.index(wanted[name]) + 1 if name in wanted else 1
                 for seat, name in enumerate(players)]
    return child, positions


def test_a_game_at_the_keyboard(tmp_path: Path) -> None:
    db = tmp_path / "referee.sqlite3"
    child, positions = new_game_dealing(PLAYERS, {"Ann": "seven-played"}, session="kb", db=db)
    pick(child, "Ann", positions[0], 1)
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
    child.expect(r"Ann shows the rule to Ben \(Ann may look too\)")
    child.expect("Ben, press Enter when only you can see the screen")
    assert "When you play a seven" not in child.before, "the table must not see the rule"
    child.sendline("")
    child.expect(r"When you play a seven")
    child.expect(r"fired[\s│]+on[\s│]+Ben's[\s│]+7h")
    child.expect(r"Was the enforcement right\? y: upheld, n: overturned")
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
    child.expect("Ben, press Enter when only you can see the screen")  # a ruling again
    child.sendline("")
    child.expect(r"Was the enforcement right\? y: upheld, n: overturned")
    child.sendline("n")
    child.expect("Enforcement 1 is overturned.")
    child.sendline("timer on 0.5")
    child.expect("The turn timer is on")
    child.expect(r"Ann has taken \d+ s: over the 0.5-second limit\. Anyone may call it: "
                 r"call WHO on Ann slow", timeout=5)
    child.sendline("call ben on ann slow")
    child.expect(r"Ann -1 \(took more than five seconds to play\)")
    child.expect("Ann loses the rest of the turn.")
    child.expect("Ben, play> ")
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
    again.expect("Resuming kb: 11 entries.")
    again.expect("Ben, play> ")
    again.sendline("score")
    again.expect(r"Ann\s+│\s+-2")
    again.sendline("quit")
    again.expect(pexpect.EOF)


def test_a_late_enforcement_asks_which_card_at_the_keyboard(tmp_path: Path) -> None:
    """Ben's 2d is the latest card but his Ks broke Cat's rule: the referee asks which."""
    players = ("Ann", "Ben", "Cat")
    child, positions = new_game_dealing(players, {"Cat": "below-zero"}, session="late",
                                        db=tmp_path / "referee.sqlite3")
    for name, position in zip(players, positions, strict=True):
        pick(child, name, position, 1)
    for line in ("up 2h", "p ks", "p 5c", "p 4c", "p 2d"):
        child.expect(r"> ")
        child.sendline(line)
    child.expect(r"Sum 9\. Cat to play\.")
    child.sendline('enforce cat on ben "Below zero, you name an animal."')
    child.expect("Which card broke it?")
    child.expect("1. the king of spades")
    child.expect("2. the two of diamonds")
    child.expect("3. no card: something else broke it")
    child.sendline("1")
    child.expect("Cat enforces their own rule on Ben for the king of spades")
    child.expect(r"The play stands")
    child.sendline("challenge")
    child.expect("Ben, press Enter when only you can see the screen")
    child.sendline("")
    child.expect(r"fired[\s│]+on[\s│]+Ben's[\s│]+Ks")
    child.expect(r"Was the enforcement right\?")
    child.sendline("y")
    child.expect("Enforcement 1 is upheld.")
    child.sendline("quit")
    child.expect(pexpect.EOF)
