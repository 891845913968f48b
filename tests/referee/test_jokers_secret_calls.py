"""Calls for an illegal play at a Joker's Secret table with secret rules, through the real
referee process (clarification illegal-plays): each costs a point; a card laid out of turn
never counts, and a slow player keeps their turn, as the play stands after any penalty."""

from __future__ import annotations

from pathlib import Path

from .helpers import ROOT, referee_process

RULES = ROOT / "decks" / "jokers-secret-rules.yaml"
SCRIPT = """keep ann 1 1
keep ben 1 1
ann
p ann 5h
p ben jd
call ann on ben turn
call ben on ann slow
score
"""


def test_out_of_turn_sends_the_card_back_and_a_slow_player_still_plays(tmp_path: Path) -> None:
    process = referee_process(
        "new", "--game", "jokers-secret", "--players", "Ann,Ben", "--deck", str(RULES),
        "--seed", "2", "--face-up", "9c 9d 9h / 2s Ks 4s", "--script", "-",
        db=tmp_path / "referee.sqlite3")
    out, err = process.communicate(SCRIPT, timeout=60)
    assert process.returncode == 0, err
    out = " ".join(out.split())
    assert ("Ann calls Ben for an illegal play: played out of turn Ben -1 (played out of "
            "turn): -1 point. A card laid out of turn never counts: it goes back to its "
            "player's hand. Ann to play on the J♦") in out
    assert ("Ben calls Ann for an illegal play: took more than five seconds to play Ann -1 "
            "(took more than five seconds to play): -1 point. The play stands: in Joker's "
            "Secret no card goes back and no turn is lost. Ann to play on the J♦") in out
