"""The What the Rule?! comparison never runs past its budget (issue 25, item 1): the issue's
hanging pair decides at once (what a rule computes from `position` is folded onto its period,
exactly); a pair that needs more than the budget is "too complex to decide" for `rule equiv`
(exit 3), the deck check (an issue on the rule card naming what makes it complex) and the
referee (the master judges the guess, clarification too-complex); and a verdict the referee
reached is journaled, so replaying never compares again.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import hrdeck.what_the_rule.rule_commands
from engine.errors import IllegalActionError
from engine.games.what_the_rule import judging
from engine.games.what_the_rule.equivalence import (
    KEPT_SHARE,
    WORK,
    TooComplex,
    compare,
    dead_end,
    same_rule,
)
from engine.games.what_the_rule.events import Guessed, Played, RoundLed
from engine.games.what_the_rule.game import WhatTheRuleGame, new_game
from engine.games.what_the_rule.row_length import length_key
from engine.games.what_the_rule.rules import Rule
from engine.journal import Journal, replay
from generator.check import check_deck
from generator.check.options import CheckOptions
from hrdeck.app import app
from tests.wtr_rule_parts import rule_pair

ROOT = Path(__file__).resolve().parents[1]
ISSUE = ("first or card.fill != previous.fill or card.count != previous_2.count or "
         "card.shape != previous_3.shape or previous.colour != previous_3.colour or "
         "(position % 9973 != 9972 and previous.count != 7)")
ISSUE_TOO = ISSUE.replace("9973 != 9972", "9967 != 9966")
# The same rule the issue's hides behind `position`, its parts reordered: nothing folds, but
# the two judge every card alike in any situation, reachable or not (`pointwise`).
DEEP = ("first or card.fill != previous.fill or card.count != previous_2.count or "
        "card.shape != previous_3.shape or previous.colour != previous_3.colour")
DEEP_REORDERED = ("first or card.count != previous_2.count or card.fill != previous.fill or "
                  "card.shape != previous_3.shape or previous.colour != previous_3.colour")
# Moduli that do tell places of a row apart, with all that history.
NEAR = (ISSUE.replace("9973 != 9972", "139 != 138"), ISSUE.replace("9973 != 9972", "137 != 136"))


def rule(source: str) -> Rule:
    return Rule.parse(source)


def hrdeck(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hrdeck", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=timeout,
                          env={"PYTHONPATH": str(ROOT), "COLUMNS": "200", "PATH": ""})


# -- deciding cheaper, exactly ----------------------------------------------------------------

def test_the_issues_pair_is_the_same_rule_decided_without_exploring() -> None:
    """position is at most 144, so `position % 9973 != 9972` is true at every place."""
    verdict = compare(rule(ISSUE), rule(ISSUE_TOO))
    assert verdict.same and verdict.tries == 0


def test_a_modulus_larger_than_the_deck_is_folded_and_a_smaller_one_still_counts() -> None:
    white = 'card.colour == "white"'
    assert same_rule(rule(white), rule(f"position % 9973 != 9972 and {white}")) is None
    found = same_rule(rule(white), rule(f"position % 139 != 138 and {white}"))
    assert found is not None and len(found.row) == 137 and found.first_accepts
    assert same_rule(rule(f"{white} or position % 9967 == 9966"), rule(white)) is None


def test_what_position_reads_is_folded_onto_its_period_so_long_rows_stay_cheap() -> None:
    every_third = "first or position % 3 != 0 or card.count > previous.count"
    key = length_key(rule(every_third), rule(every_third), 1)
    assert [key(length) for length in (0, 1, 2, 3, 4, 5, 141, 142, 143)] == [
        0, 1, 2, 3, 1, 2, 3, 1, 2]   # places 1, 2, 3, 4, 5, 6 … 144: a period of 3
    verdict = compare(rule(every_third), rule(every_third.replace("% 3 != 0", "% 3 >= 1")))
    assert verdict.same and 0 < verdict.tries < 5_000


# -- the budget -------------------------------------------------------------------------------

def test_a_pair_past_the_budget_is_too_complex_and_says_what_makes_it_so() -> None:
    verdict = compare(rule(NEAR[0]), rule(NEAR[1]))
    assert not verdict.same and verdict.difference is None and verdict.too_complex
    assert "position % 139 != 138" in verdict.too_complex
    assert "previous_3.shape" in verdict.too_complex
    assert verdict.tries <= WORK
    with pytest.raises(TooComplex, match="Too complex to decide"):
        same_rule(rule(NEAR[0]), rule(NEAR[1]), work=WORK // 20)


def test_the_budget_is_a_count_so_the_verdict_is_the_same_every_time() -> None:
    small = 5_000
    first = compare(rule(DEEP), rule(DEEP_REORDERED), work=small)
    again = compare(rule(DEEP), rule(DEEP_REORDERED), work=small)
    assert first.too_complex and first == again and first.tries <= small


def test_rules_that_agree_everywhere_are_the_same_without_exploring_the_row() -> None:
    verdict = compare(rule(DEEP), rule(DEEP_REORDERED))
    assert verdict.same and verdict.situations == 0 and 0 < verdict.tries <= WORK // 4
    found = compare(rule(DEEP), rule(DEEP_REORDERED.replace("!= previous_2", "== previous_2")))
    assert found.difference is not None   # parted somewhere: the row is explored


def test_a_dead_end_search_past_the_budget_is_too_complex() -> None:
    with pytest.raises(TooComplex):
        dead_end(rule(DEEP), work=WORK // 20)


def test_rule_equiv_prints_a_sentence_and_exits_3_when_too_complex() -> None:
    done = hrdeck("rule", "equiv", *NEAR)
    assert done.returncode == 3, done.stderr
    assert done.stdout.startswith("Too complex to decide:") and "Traceback" not in done.stderr
    assert "judge the two by hand" in done.stdout
    as_json = CliRunner().invoke(app, ["rule", "equiv", "--json", *NEAR])
    assert as_json.exit_code == 3
    found = json.loads(as_json.stdout)
    assert found["same"] is False and found["too_complex"].startswith("Too complex")
    same = hrdeck("rule", "equiv", ISSUE, ISSUE_TOO, timeout=20)
    assert same.returncode == 0 and same.stdout.startswith("The same rule")


def pairs_within_the_budget(first: str, second: str, work: int) -> None:
    begun = time.perf_counter()
    verdict = compare(rule(first), rule(second), work=work)
    spent = time.perf_counter() - begun
    assert verdict.tries <= work                            # the deterministic work check
    assert verdict.kept <= work // KEPT_SHARE + 2 * 72      # memory: what is kept
    assert spent < 5.0, (first, second, spent)              # generous for a loaded machine
    if verdict.difference is not None:   # a difference found is a real one
        found = verdict.difference
        assert rule(first).accepts(found.row, found.card) == found.first_accepts
        assert rule(second).accepts(found.row, found.card) != found.first_accepts


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_any_pair_of_rules_decides_or_is_refused_within_the_budget(seed: int) -> None:
    """Pairs built from the language's parts (moduli large and small, previous_N, chained
    comparisons, not, and/or), under a tenth of the budget to keep CI fast (the benchmark
    tests/benchmarks/bench_rule_budget.py runs the full one)."""
    pairs_within_the_budget(*rule_pair(seed), work=WORK // 10)


@pytest.mark.parametrize("pair", [(ISSUE, ISSUE_TOO), NEAR, (DEEP, DEEP_REORDERED)],
                         ids=["issue", "near-moduli", "deep"])
def test_the_hand_made_pairs_stay_within_the_full_budget(pair: tuple[str, str]) -> None:
    pairs_within_the_budget(*pair, work=WORK)


# -- the deck check ---------------------------------------------------------------------------

def test_a_rule_card_too_complex_to_compare_is_an_issue_naming_its_parts(
        tmp_path: Path) -> None:
    deck = tmp_path / "complex.yaml"
    deck.write_text("\n".join([
        "deck:", "  name: Complex", "  base_game: what-the-rule", "rule_cards:",
        "  - id: simple", "    number: 1", "    text: Only white.",
        "    rule: 'card.colour == \"white\"'", "    level: easy",
        "  - id: tangled", "    number: 2", "    text: Tangled.", f"    rule: '{ISSUE}'",
        "    level: hard"]) + "\n", encoding="utf-8")
    begun = time.perf_counter()
    report, _ = check_deck(deck, CheckOptions())
    assert time.perf_counter() - begun < 30
    [issue] = [issue for issue in report.issues if issue.code == "rule-too-complex"]
    assert issue.field == "rule_cards[1].rule" and issue.severity.value == "error"
    assert 'rule card "tangled"' in issue.message and "previous_3.shape" in issue.message
    assert not [issue for issue in report.issues if issue.field == "rule_cards[0].rule"]


# -- the referee (clarification too-complex) --------------------------------------------------

def led(rule_source: str) -> Journal:
    """A machine-judged round with Ann's rule and a first card of Ben's that fits."""
    journal = Journal(new_game(("Ann", "Ben", "Cat"), seed=5))
    journal.record(RoundLed(master=0, rule=rule_source))
    game = journal.game
    assert isinstance(game, WhatTheRuleGame) and game.round is not None
    journal.record(Played(player=1, card=game.round.hands[1][0].code))
    return journal


def no_comparing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> None:
        raise AssertionError("the guess was compared again")

    judging._compared.cache_clear()
    monkeypatch.setattr(judging, "judge_guess", refuse)


def test_a_verdict_is_journaled_and_a_replay_never_compares_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    journal = led('card.colour == "white" or first')
    wrong = journal.record(Guessed(player=1, rule='card.shape == "circle"'))
    assert isinstance(wrong, Guessed) and wrong.judged == "wrong" and wrong.differs
    stored = journal.to_json()
    before = journal.game.snapshot()
    no_comparing(monkeypatch)
    assert Journal.from_json(stored).game.snapshot() == before


def test_an_old_journals_guess_without_a_verdict_is_compared_again() -> None:
    journal = led('card.colour == "white" or first')
    journal.record(Guessed(player=1, rule='card.colour != "black" or first'))
    old = [Guessed(player=1, rule=entry.rule) if isinstance(entry, Guessed) else entry
           for entry in journal.entries]   # as an older hrdeck wrote it
    assert replay(old).snapshot() == journal.game.snapshot()
    assert journal.game.results and journal.game.results[0].guesser == 1   # right


def test_a_guess_too_complex_to_compare_goes_to_the_master_and_is_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    journal = led(NEAR[0])
    snapshot = journal.game.snapshot()
    with pytest.raises(IllegalActionError, match="cannot judge Ben's guess by machine") as told:
        journal.record(Guessed(player=1, rule=NEAR[1]))
    assert "Ann, judge it" in str(told.value) and "guess right" in str(told.value)
    assert journal.game.snapshot() == snapshot and len(journal.entries) == 3
    with pytest.raises(IllegalActionError, match="an entry does not say"):
        journal.record(Guessed(player=1, rule="card.count > 9", right=True))  # decidable
    judged = journal.record(Guessed(player=1, rule=NEAR[1], right=True))
    assert isinstance(judged, Guessed) and judged.judged == "too-complex"
    no_comparing(monkeypatch)
    assert replay(journal.entries).snapshot() == journal.game.snapshot()


def test_the_referee_process_hands_a_complex_guess_to_the_master(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"

    def referee(*args: str, lines: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "hrdeck", "referee", *args, "--script",
                               "-", "--db", str(db)], input=lines, capture_output=True,
                              text=True, cwd=ROOT, timeout=120,
                              env={"COLUMNS": "200", "PYTHONPATH": str(ROOT), "PATH": ""})

    started = referee("new", "--game", "what-the-rule", "--players", "Ann,Ben,Cat",
                      "--session", "deep", lines=f"lead: {NEAR[0]}\nw3ft\nguess {NEAR[1]}\n"
                                                 f"guess right {NEAR[1]}\n")
    said = started.stdout + started.stderr
    assert "line 3: The referee cannot judge Ben's guess by machine." in said
    assert "Ann, judge it as the game's master" in said
    assert "Right, says Ann: the guess was too complex for the referee to judge" in said
    begun = time.perf_counter()
    resumed = referee("resume", "deep", lines="history\n")
    assert resumed.returncode == 0, resumed.stderr
    assert time.perf_counter() - begun < 20


def test_the_plain_words_reader_counts_readings_too_complex_to_compare_as_two(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Never a guess: two readings it cannot compare are asked about, like two that differ."""
    from engine.games.what_the_rule import equivalence, words

    class Reading:
        def __init__(self, source: str) -> None:
            self.source = source

        def machine(self) -> str:
            return self.source

    readings = [Reading("card.count > 1"), Reading("card.count >= 2")]
    assert len(words._meanings(readings)) == 1  # type: ignore[arg-type]

    def too_complex(*_: object, **__: object) -> None:
        raise TooComplex("what the rules read")

    monkeypatch.setattr(equivalence, "same_rule", too_complex)
    assert len(words._meanings(readings)) == 2  # type: ignore[arg-type]
