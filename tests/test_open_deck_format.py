"""The open deck format: a deck names its base game and holds sections of cards, secret rules
(triggers and actions, always together) or other kinds such as player aids; the checker
knows which moments and people each base game has."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.games.registry import register, unregister
from generator.card_kinds import KINDS, CardKind, register_kind, unregister_kind
from generator.check import check_deck
from generator.check.options import CheckOptions
from generator.deck import LoadedDeck, load_deck
from generator.deck_model import AidCard
from generator.pipeline.faces import faces_for
from hrdeck import cmd_check  # noqa: F401  (it registers its command)
from hrdeck.app import app
from tests.fifth_game.game import TOY

AIDS = """deck:
  name: Table aids
aids:
  - id: special-cards
    number: 2
    title: Special cards
    text: "2: the pile starts again. 10: the pile is burnt."
  - id: who-starts
    number: 1
    title: Who starts
    text: Whoever holds the lowest club.
"""

RULES = """deck:
  name: Odd moments
triggers:
  - id: someone-laughs
    number: 1
    text: When anyone laughs…
    judged_by: table
    subject: taker
actions:
  - id: say-it
    number: 1
    kind: say
    text: …say "it" before the sum.
    timing: before_sum
    phrase: it
    hints: [You did not say "it".]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def codes(deck: LoadedDeck) -> list[str]:
    return [issue.code for issue in deck.issues]


def test_a_deck_of_player_aids_alone_is_a_deck(tmp_path: Path) -> None:
    deck = load_deck(write(tmp_path, AIDS))
    assert deck.issues == []
    assert not deck.has_secret_rules
    fronts, backs = faces_for(deck)
    assert [face.heading for face in fronts] == ["PLAYER AID 1", "PLAYER AID 2"]
    assert [face.title for face in fronts] == ["Who starts", "Special cards"]
    assert {back.label for back in backs} == {"PLAYER AID"}


def test_the_style_sets_a_section_accent(tmp_path: Path) -> None:
    text = AIDS.replace("  name: Table aids\n",
                        '  name: Table aids\n  style: {colours: {aids: "#123456"}}\n')
    fronts, backs = faces_for(load_deck(write(tmp_path, text)))
    assert {face.accent for face in fronts} == {back.accent for back in backs} == {"#123456"}


def test_a_deck_without_cards_says_which_sections_there_are(tmp_path: Path) -> None:
    deck = load_deck(write(tmp_path, "deck:\n  name: Empty\n"))
    [issue] = deck.issues
    assert issue.code == "missing-field"
    assert '"triggers" and "actions"' in issue.message and "aids" in issue.message


def test_secret_rules_need_triggers_and_actions_together(tmp_path: Path) -> None:
    text = RULES[:RULES.index("actions:")]
    deck = load_deck(write(tmp_path, text))
    assert [(issue.code, issue.message) for issue in deck.issues] == [
        ("missing-field", 'The deck file has no "actions" section; secret rules need '
                          "triggers and actions.")]


def test_an_unknown_section_suggests_the_closest(tmp_path: Path) -> None:
    deck = load_deck(write(tmp_path, AIDS.replace("aids:", "aid:")))
    unknown = [issue for issue in deck.issues if issue.code == "unknown-key"]
    assert len(unknown) == 1 and 'Did you mean "aids"' in unknown[0].message
    assert unknown[0].line == 3


def test_numbers_are_unique_within_a_kind(tmp_path: Path) -> None:
    deck = load_deck(write(tmp_path, AIDS.replace("number: 1", "number: 2")))
    [issue] = deck.issues
    assert issue.code == "duplicate-number" and "Two player aids" in issue.message
    assert issue.field == "aids[1].number"


@pytest.fixture()
def tiles() -> Iterator[CardKind]:
    kind = CardKind(section="tiles", noun="tile", label="TILE", model=AidCard,
                    accent="#000000", description="test", games=("what-the-rule",))
    register_kind(kind)
    yield kind
    unregister_kind("tiles")


def test_a_kind_for_another_game_is_refused(tmp_path: Path, tiles: CardKind) -> None:
    deck = load_deck(write(tmp_path, AIDS.replace("aids:", "tiles:")))
    [issue] = deck.issues
    assert issue.code == "bad-value" and issue.field == "tiles"
    assert issue.message == ('"tiles" (tiles) are made for what-the-rule; this deck is played '
                             "over up-n-over.")
    assert "tiles" in KINDS


@pytest.fixture()
def toy() -> Iterator[None]:
    register(TOY)
    yield
    unregister(TOY.name)


def test_check_over_a_game_without_a_sum_or_a_taker(tmp_path: Path, toy: None) -> None:
    path = write(tmp_path, RULES)
    report, _ = check_deck(path, CheckOptions(simulate=False))
    assert report.game == "up-n-over"
    assert not {"subject-unsupported", "timing-unsupported"} & {i.code for i in report.issues}
    report, _ = check_deck(path, CheckOptions(simulate=False, game=TOY.name))
    assert report.game == TOY.name
    found = {issue.code: issue for issue in report.issues}
    assert found["subject-unsupported"].field == "triggers[0].subject"
    assert found["subject-unsupported"].line == 8
    assert "Higher or Lower" in found["subject-unsupported"].message
    assert found["timing-unsupported"].field == "actions[0].timing"
    assert "before you announce the sum" in found["timing-unsupported"].message


def test_check_refuses_an_unknown_game_with_a_suggestion(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["check", str(write(tmp_path, AIDS)), "--game",
                                      "up-n-ovr"])
    assert result.exit_code == 2
    words = " ".join(result.output.replace("│", " ").split())  # the error's box, wrapped
    assert 'Did you mean "up-n-over"?' in words


def test_check_of_player_aids_is_clean(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["check", str(write(tmp_path, AIDS)), "--no-chart"])
    assert result.exit_code == 0, result.output
    assert "played over Up 'N Over" in result.output
    assert "0 error(s), 0 warning(s)" in result.output


def test_the_referee_will_not_deal_from_a_deck_without_secret_rules(tmp_path: Path) -> None:
    from hrdeck.referee.errors import RefereeError
    from hrdeck.referee.rule_deck import load_rule_deck

    with pytest.raises(RefereeError, match="holds no secret rules"):
        load_rule_deck(write(tmp_path, AIDS))


def test_a_deck_of_player_aids_builds_sheets_and_says_why_there_is_no_rulebook(
        tmp_path: Path) -> None:
    from pypdf import PdfReader

    from generator.pipeline import build_deck

    report = build_deck(write(tmp_path, AIDS), out=tmp_path / "out")
    assert not report.failed, report.reason
    names = sorted(file.path.name for file in report.files)
    assert names == ["deck-dtc.pdf", "deck-pnp-a4.pdf", "deck-pnp-letter.pdf"]
    assert report.no_rulebook is not None and "no secret rules" in report.no_rulebook
    text = " ".join(page.extract_text() for page in
                    PdfReader(tmp_path / "out" / "deck" / "deck-dtc.pdf").pages)
    assert "PLAYER AID 1" in text and "Who starts" in text and "Special cards" in text
    again = build_deck(write(tmp_path, AIDS), out=tmp_path / "out")
    assert again.up_to_date and again.no_rulebook == report.no_rulebook
