"""Mao's rule cards: the shipped deck of standard and secret rules checked against Mao,
and what the checker says about a rule Mao cannot carry out, two rules that contradict each
other on one card, a rule that reads what Mao does not have, and a rule whose halves cannot
meet in time."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.check import CheckOptions, check_deck
from generator.check.report import CheckReport
from generator.deck import load_deck

ROOT = Path(__file__).resolve().parent.parent
MAO_DECK = ROOT / "decks" / "mao.yaml"

FINE_RULE = """\
  - id: fine
    number: 1
    text: A fine rule.
    when: played and card.rank == "6"
    then: {kind: say, phrase: six, timing: with_card, hints: [Sixes are counted aloud.]}
"""


def write_rules(tmp_path: Path, *rules: str) -> Path:
    path = tmp_path / "mao-test.yaml"
    path.write_text("deck:\n  name: Mao Test\n  base_game: mao\nrules:\n" + FINE_RULE
                    + "".join(rules), encoding="utf-8")
    return path


def rule(number: int, when: str, then: str, *, subject: str = "player") -> str:
    return (f"  - id: r{number}\n    number: {number}\n    text: Rule {number}.\n"
            f"    when: '{when}'\n    subject: {subject}\n    then: {then}\n")


def static(path: Path) -> CheckReport:
    return check_deck(path, CheckOptions(simulate=False))[0]


def codes(report: CheckReport) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for issue in report.issues:
        found.setdefault(issue.code, []).append(issue.message)
    return found


@pytest.fixture(scope="module")
def shipped() -> CheckReport:
    return check_deck(MAO_DECK, CheckOptions(game="mao"))[0]


def test_the_shipped_deck_checks_clean_against_mao(shipped: CheckReport) -> None:
    assert shipped.game == "mao"
    assert [issue.location + " " + issue.message for issue in shipped.issues] == []
    assert shipped.games == 1000 and shipped.players == [3, 4, 5]


def test_the_shipped_deck_has_the_standard_rules_and_thirty_secret_ones() -> None:
    deck = load_deck(MAO_DECK)
    rules = [card for _, card in deck.cards_of("rules")]
    standard = [card for card in rules if card.standard]
    secret = [card for card in rules if not card.standard]
    assert {card.id for card in standard} >= {"name-the-spade", "the-badger", "have-a-nice-day",
                                              "penalty-card", "ace-skips", "eight-turns",
                                              "jack-names-a-suit", "last-card", "mao"}
    assert len(secret) >= 30
    assert all(card.when for card in rules)  # every rule has its machine form
    effects = {card.then.effect for card in secret if card.then.kind == "effect"}
    assert effects >= {"skip", "reverse", "draw", "wild", "bad"}


def test_standard_rules_are_checked_but_their_fire_rates_make_no_warning(
        shipped: CheckReport) -> None:
    rows = {row.card_id: row for row in shipped.triggers}
    assert not rows["name-the-spade"].simulated   # public: no claim of secrecy to test
    assert rows["second-six"].simulated


def test_a_secret_rule_firing_with_a_standard_one_is_no_shared_secret(tmp_path: Path) -> None:
    """A standard rule is public: a secret rule with its trigger is not a duplicate, while
    two secret rules with one trigger still are."""
    standard = ("  - id: std\n    number: 2\n    standard: true\n    text: Aces skip.\n"
                "    when: 'played and card.rank == \"A\"'\n    then: {kind: effect, effect: "
                "skip, timing: with_card, hints: [Someone sits out.]}\n")
    flat = rule(3, 'played and card.rank == "A"',
                "{kind: gesture, gesture: lay your hand flat, timing: with_card, "
                "hints: [Hands rest after an ace.]}")
    assert "trigger-duplicate" not in codes(static(write_rules(tmp_path, standard, flat)))
    twin = rule(4, 'played and card.rank == "A"',
                "{kind: say, phrase: ace, timing: with_card, hints: [Aces are named.]}")
    [issue] = codes(static(write_rules(tmp_path, standard, flat, twin)))["trigger-duplicate"]
    assert '"r4"' in issue and '"r3"' in issue


def test_an_effect_mao_cannot_carry_out_is_an_error_at_its_line(tmp_path: Path) -> None:
    path = write_rules(tmp_path, rule(2, "played and card.rank == \"J\"",
                                      "{kind: effect, effect: suit, timing: with_card, "
                                      "hints: [Name the suit.]}"))
    report = static(path)
    [issue] = [issue for issue in report.issues if issue.code == "effect-unsupported"]
    assert issue.line == 15 and issue.field == "rules[1].then.effect"  # its "then" line
    assert '"suit"' in issue.message and "Mao cannot do" in issue.message


def test_two_rules_making_one_card_valid_and_not_contradict(tmp_path: Path) -> None:
    """Clarification rule-order-check: the checker refuses such a deck."""
    path = write_rules(
        tmp_path,
        rule(2, "played and card.suit == \"hearts\"",
             "{kind: effect, effect: wild, timing: with_card, hints: [Hearts go anywhere.]}"),
        rule(3, "played and card.rank == \"Q\" and previous.rank == \"K\"",
             "{kind: effect, effect: bad, timing: with_card, hints: [No queen on a king.]}"))
    [issue] = [issue for issue in static(path).issues if issue.code == "rules-contradict"]
    assert issue.field == "rules[2].when" and '"r1"' not in issue.message
    assert '"r2"' in issue.message and '"r3"' in issue.message
    assert "card Qh" in issue.message and "previous K" in issue.message  # both fire on it


def test_rules_that_never_meet_on_one_card_do_not_contradict(tmp_path: Path) -> None:
    path = write_rules(
        tmp_path,
        rule(2, "played and card.suit == \"hearts\"",
             "{kind: effect, effect: wild, timing: with_card, hints: [Hearts go anywhere.]}"),
        rule(3, "played and card.suit == \"clubs\" and previous.rank == \"K\"",
             "{kind: effect, effect: bad, timing: with_card, hints: [No club on a king.]}"))
    assert "rules-contradict" not in codes(static(path))


def test_a_rule_reading_what_mao_lacks_names_the_field(tmp_path: Path) -> None:
    path = write_rules(tmp_path, rule(2, "total >= 21",
                                      "{kind: say, phrase: bust, timing: with_card, "
                                      "hints: [Too high.]}"))
    messages = " ".join(message for found in codes(static(path)).values() for message in found)
    assert "total" in messages


def test_a_rule_for_the_next_player_cannot_ask_for_something_with_the_card(
        tmp_path: Path) -> None:
    path = write_rules(tmp_path, rule(2, "played and card.rank == \"5\"",
                                      "{kind: gesture, gesture: clap, timing: with_card, "
                                      "hints: [A clap was missing.]}", subject="next_player"))
    [issue] = [issue for issue in static(path).issues if issue.code == "pair-timing"]
    assert issue.field == "rules[1].subject"


def test_a_policy_mao_bots_do_not_have_is_a_bad_value(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text("deck:\n  name: Mao Test\n  base_game: mao\n  check: {policy: greedy}\n"
                    "rules:\n" + FINE_RULE, encoding="utf-8")
    report = check_deck(path, CheckOptions(games=20))[0]
    [issue] = [issue for issue in report.issues if issue.code == "bad-value"]
    assert "random, careful, sloppy" in issue.message and issue.field == "deck.check.policy"
