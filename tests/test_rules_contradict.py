"""Two Mao rules, one making a card fit (`wild`) and one not (`bad`), that can fire on the
same card contradict: the checker decides it exactly wherever going through the situations
is cheap, proves it by finding one where both fire, and when it cannot decide it says so
with a warning naming both rules, never silently."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.check import CheckOptions, check_deck
from generator.check.report import CheckReport
from generator.issues import Severity
from tests.fuzz_scale import examples

STATIC = CheckOptions(simulate=False)
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def rule(ident: str, number: int, effect: str, when: str, allow: str = "") -> str:
    return (f"  - id: {ident}\n    number: {number}\n    text: Rule {number}.\n"
            f"    when: '{when}'\n"
            f"    then: {{kind: effect, effect: {effect}, timing: with_card,"
            f" hints: [The {ident} rule.]}}\n" + (f"    allow: [{allow}]\n" if allow else ""))


def check_pair(folder: Path, wild: str, bad: str, allow: str = "") -> CheckReport:
    path = folder / "mao-pair.yaml"
    path.write_text("deck:\n  name: Mao Pair\n  base_game: mao\nrules:\n"
                    + rule("wild-one", 1, "wild", wild) + rule("bad-one", 2, "bad", bad, allow),
                    encoding="utf-8")
    return check_deck(path, STATIC)[0]


def codes(report: CheckReport) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for issue in report.issues:
        found.setdefault(issue.code, []).append(issue.message)
    return found


QUEEN = 'played and card.rank == "Q"'


def test_a_wild_rule_on_pile_arithmetic_and_a_bad_queen_rule_contradict(tmp_path: Path) -> None:
    """The issue's deck: both fire on any queen; the check now fails (exit code 1)."""
    report = check_pair(tmp_path, "played and (pile_size + stack_size * 7) % 9973 != 17",
                        QUEEN)
    [message] = codes(report)["rules-contradict"]
    assert '"wild-one"' in message and '"bad-one"' in message and "card Q" in message
    assert report.exit_code(False) == 1


def test_arithmetic_that_meets_only_in_one_situation_is_found_exactly(tmp_path: Path) -> None:
    """pile_size + 7 × stack_size is 1,700 for a few piles only: going through every pile and
    stack size finds one."""
    report = check_pair(tmp_path, "played and (pile_size + stack_size * 7) % 9973 == 1700",
                        QUEEN)
    [message] = codes(report)["rules-contradict"]
    assert "stack_size" in message and "pile_size" in message


def test_rules_too_long_to_join_are_still_decided(tmp_path: Path) -> None:
    """Together the two triggers are over the 400 characters one trigger may have."""
    padding = "".join(f' and previous.rank != "{rank}"' for rank in RANKS[:9])
    wild = "played and card.suit == \"hearts\"" + padding
    bad = "played and card.rank == \"Q\"" + padding.replace("previous", " previous")
    assert len(wild) + len(bad) > 400
    [message] = codes(check_pair(tmp_path, wild, bad))["rules-contradict"]
    assert "card Qh" in message
    never = codes(check_pair(tmp_path, wild, bad.replace('"Q"', '"Q" and card.suit == "clubs"')))
    assert "rules-contradict" not in never and "rules-undecided" not in never


def test_rules_that_never_meet_however_large_the_situations_are_pass(tmp_path: Path) -> None:
    wild = "played and (pile_size + stack_size * 7 + run * 3) % 9973 != 17 and card.rank == \"K\""
    assert codes(check_pair(tmp_path, wild, QUEEN)) == {}


def test_a_remainder_the_counts_never_reach_is_decided_exactly(tmp_path: Path) -> None:
    """Three counts together are millions of situations, but their sum never reaches 9,972:
    the rules never meet, and nothing is said."""
    wild = "played and (pile_size * 9 + stack_size * 7 + run * 3) % 9973 == 9972"
    assert codes(check_pair(tmp_path, wild, QUEEN)) == {}


UNDECIDED = "played and (pile_size * 2 + stack_size * 4 + run * 6) % 2 == 1"


def test_a_pair_that_cannot_be_decided_is_a_warning_naming_both(tmp_path: Path) -> None:
    """Three counts together are millions of situations, and none of those tried fires
    (none can: the sum is even, which the checker does not work out)."""
    report = check_pair(tmp_path, UNDECIDED, QUEEN)
    [issue] = [issue for issue in report.issues if issue.code == "rules-undecided"]
    assert issue.severity is Severity.WARNING and issue.field == "rules[1].when"
    assert '"wild-one"' in issue.message and '"bad-one"' in issue.message
    assert 'allow: [rules-undecided] to "bad-one"' in issue.message
    assert report.exit_code(True) == 1 and report.exit_code(False) == 0


def test_an_undecided_pair_can_be_accepted_with_allow(tmp_path: Path) -> None:
    report = check_pair(tmp_path, UNDECIDED, QUEEN, allow="rules-undecided")
    assert codes(report) == {}


# -- rule pairs whose answer is known ----------------------------------------------------------

def pile_arithmetic(first: str, second: str) -> st.SearchStrategy[str]:
    """`first + second × k` against a remainder it takes (first = r, second = 0), or not."""
    return st.builds(
        lambda k, m, r, equal: f"({first} + {second} * {k}) % {m} {'==' if equal else '!='} "
                               f"{min(r, m - 1, 16) if equal else r}",
        st.integers(1, 50), st.integers(2, 9973), st.integers(0, 9972), st.booleans())


RANK_SETS = st.lists(st.sampled_from(RANKS), min_size=1, max_size=4, unique=True)


def in_ranks(ranks: list[str]) -> str:
    return "card.rank in (" + ", ".join(f'"{rank}"' for rank in ranks) + ",)"


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wild_ranks=RANK_SETS, bad_ranks=RANK_SETS,
       wild_pad=pile_arithmetic("pile_size", "stack_size"),
       bad_pad=pile_arithmetic("run", "sevens"))
def test_a_known_contradiction_is_found_and_a_known_exclusion_passes(
        wild_ranks: list[str], bad_ranks: list[str], wild_pad: str, bad_pad: str) -> None:
    """Each rule reads the card's rank and some counts of its own: they meet exactly when
    their ranks do, whatever the counts (each can be met alone)."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        found = codes(check_pair(Path(folder),
                                 f"played and {in_ranks(wild_ranks)} and {wild_pad}",
                                 f"{bad_pad} and played and {in_ranks(bad_ranks)}"))
    meet = bool(set(wild_ranks) & set(bad_ranks))
    assert ("rules-contradict" in found) is meet, found
    assert "rules-undecided" not in found, found  # every group here is small: decided exactly


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wild_ranks=RANK_SETS, bad_ranks=RANK_SETS,
       pad=pile_arithmetic("pile_size + run * 5", "stack_size"))
def test_a_pair_too_large_to_go_through_is_never_passed_silently(
        wild_ranks: list[str], bad_ranks: list[str], pad: str) -> None:
    """Three counts in one part: too many situations to go through. Rules that meet are an
    error or a warning, never nothing; rules whose ranks differ still pass."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        found = codes(check_pair(Path(folder), f"played and {pad} and {in_ranks(wild_ranks)}",
                                 f"played and {in_ranks(bad_ranks)}"))
    if set(wild_ranks) & set(bad_ranks):
        assert "rules-contradict" in found or "rules-undecided" in found, found
    else:
        assert found == {}, found
