"""The layout checks on drawn sides, case by case: what counts, what does not, and the
figures each message gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.layout import check_sides
from generator.layout.check_contrast import contrast, needed
from tests.layout.check_helpers import CLEAN, codes, issues_of, picture


def art_behind(src: str, box: str = "bleed") -> str:
    """A layout drawing the picture `src` behind the classic front, in place of its colour."""
    return f"""\
templates:
  front:
    elements:
      background: ~
      sea: {{type: image, src: {src}, box: {box}, fit: cover, layer: -1}}
"""


def test_overflow_names_each_shortfall_once_with_its_cards(tmp_path: Path) -> None:
    issues = issues_of(tmp_path, """\
templates:
  front:
    elements:
      body: {box: {left: 4mm, right: 4mm, top: 14mm, height: 4mm}, padding: 0.5mm,
             min_size: 10pt}
""")
    assert codes(issues) == ["text-overflow"]
    assert 'the cards "seven", "jack", "queen", "king" and 4 more' in issues[0].message
    assert "1 line where 0 fit: 1 line (0.5 mm) too many" in issues[0].message
    assert issues[0].data["lines_that_fit"] == 0


def test_a_one_line_text_too_wide_says_by_how_much(tmp_path: Path) -> None:
    issues = issues_of(tmp_path, """\
templates:
  front:
    elements:
      label: {box: {of: safe, left: 0, width: 12mm, top: 0, height: 10mm}, min_size: 9pt}
""")
    overflow = [issue for issue in issues if issue.code == "text-overflow"]
    assert overflow and all("its one line is" in issue.message for issue in overflow)
    assert all("mm wider than the box" in issue.message for issue in overflow)
    assert "tried 18 pt down to 9 pt" in overflow[0].message


def test_a_min_size_under_7_pt_is_only_a_problem_when_a_card_reaches_it(
        tmp_path: Path) -> None:
    assert issues_of(tmp_path, """\
templates:
  front:
    elements:
      body: {min_size: 5pt}
""") == []


def test_the_corner_index_upside_down_is_checked_too(tmp_path: Path) -> None:
    issues = issues_of(tmp_path, """\
templates:
  front:
    elements:
      corner:
        type: text
        text: "{number}"
        box: {of: safe, left: 0, top: 0, width: 6mm, height: 5mm}
        size: 7pt
        colour: auto
        one_line: true
        repeat: [0, 180]
      side_note:
        type: text
        text: "{kind}"
        box: {of: safe, left: 0, top: 20mm, width: 5mm, height: 20mm}
        turn: 90
        size: 7pt
        one_line: true
        colour: auto
""")
    assert issues == []
    turned = issues_of(tmp_path, """\
templates:
  front:
    elements:
      side_note:
        type: text
        text: "{kind}"
        box: {left: 0.5mm, top: 20mm, width: 5mm, height: 20mm}
        turn: 90
        size: 7pt
        one_line: true
        colour: auto
""")
    assert codes(turned) == ["outside-safe"]
    assert "at the left" in turned[0].message


def test_panels_and_backgrounds_are_not_content(tmp_path: Path) -> None:
    assert issues_of(tmp_path, """\
templates:
  front:
    elements:
      frame: {type: rect, box: {left: 1mm, right: 1mm, top: 1mm, bottom: 1mm},
              stroke: "#000000", layer: -1}
      wash: {type: pattern, pattern: dots, box: bleed, stroke: "#eeeeee", layer: -1}
""") == []


def test_full_bleed_art_is_a_background_and_spot_art_is_content(tmp_path: Path) -> None:
    picture(tmp_path / "sea.png", (900, 1200), "#ffffff")
    assert issues_of(tmp_path, art_behind("sea.png")) == []
    short = issues_of(tmp_path, art_behind("sea.png", "trim"))
    assert codes(short) == ["bleed-short"]
    picture(tmp_path / "spot.png", (600, 600), "#ffffff")
    spot = issues_of(tmp_path, """\
templates:
  front:
    elements:
      spot: {type: image, src: spot.png, box: {left: 2mm, width: 20mm, top: 30mm, height: 20mm},
             layer: 1}
""")
    assert codes(spot) == ["outside-safe"]


def test_a_rect_a_little_past_the_trim_but_short_of_the_bleed(tmp_path: Path) -> None:
    issues = issues_of(tmp_path, """\
templates:
  front:
    elements:
      background: {box: {of: trim, left: -1mm, right: -1mm, top: -3.175mm, bottom: -3.175mm}}
""")
    assert codes(issues) == ["bleed-short"]
    assert "stops up to 2.175 mm short of the edge of the 3.175 mm bleed" in issues[0].message
    assert "at the left and right" in issues[0].message


def test_wcag_contrast_and_the_large_text_threshold() -> None:
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast("#767676", "#ffffff"), 2) == 4.54
    assert needed(12, bold=False) == 4.5 and needed(14, bold=True) == 3.0
    assert needed(14, bold=False) == 4.5 and needed(18, bold=False) == 3.0


def test_large_text_passes_at_3_to_1_and_small_text_does_not(tmp_path: Path) -> None:
    grey = """\
templates:
  front:
    elements:
      body: {colour: "#8a8a8a", size: %s, min_size: %s}
"""
    # #8a8a8a on white: 3.5:1.
    assert "low-contrast" not in codes(issues_of(tmp_path, grey % ("20pt", "18pt")))
    small = issues_of(tmp_path, grey % ("12pt", "7pt"))
    assert codes(small) == ["low-contrast"]
    assert "3.45:1" in small[0].message and "needs 4.5:1" in small[0].message


@pytest.mark.parametrize(("under", "half", "low"), [
    ("#ffffff", None, False),           # black text on a white picture
    ("#3a3a3a", None, True),            # on a dark grey one
    ("#ffffff", "#202020", True),       # half of the picture under the text is dark
])
def test_text_over_a_picture_is_judged_by_its_pixels(tmp_path: Path, under: str,
                                                     half: str | None, low: bool) -> None:
    picture(tmp_path / "sea.png", (900, 1200), under, half)
    issues = issues_of(tmp_path, art_behind("sea.png") + """\
      panel: ~
      label: {colour: "#1a1a1a"}
      body: {colour: "#1a1a1a"}
""")
    low_contrast = [issue for issue in issues if issue.code == "low-contrast"]
    assert bool(low_contrast) is low, issues
    assert {issue.code for issue in issues} <= {"low-contrast"}
    if low:
        assert 'the picture "sea.png" under it' in low_contrast[0].message


def test_art_dpi_is_taken_at_the_size_it_prints(tmp_path: Path) -> None:
    picture(tmp_path / "wide.png", (2000, 500), "#ffffff")
    issues = issues_of(tmp_path, art_behind("wide.png"))
    # Covering the 69.35 × 94.35 mm bleed box, the picture is scaled to its height: 500
    # pixels over 94.35 mm is 135 dpi.
    assert codes(issues) == ["art-low-dpi"]
    assert "at 135 dpi" in issues[0].message and "1,115 pixels" in issues[0].message


def test_every_card_art_is_checked_once_per_picture(tmp_path: Path) -> None:
    picture(tmp_path / "seven.png", (100, 100), "#ffffff")
    text = CLEAN.read_text(encoding="utf-8")
    deck_text = text.replace('flavour: "Sevens are bad luck at sea."}',
                             'flavour: "Sevens are bad luck at sea.", art: seven.png}')
    assert deck_text != text
    issues = issues_of(tmp_path, "extends: classic\n", deck_text)
    assert codes(issues) == ["art-low-dpi"]
    assert 'the card "seven"' in issues[0].message


def test_fronts_alike_are_drawn_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    real = check_sides.compose_side

    def counting(look, side, size, bleed_mm):  # type: ignore[no-untyped-def]
        drawn.append(side.ident)
        return real(look, side, size, bleed_mm)

    monkeypatch.setattr(check_sides, "compose_side", counting)
    assert issues_of(tmp_path, """\
templates:
  triggers:
    elements:
      label: {type: text, text: "{label}", box: safe, size: 12pt, one_line: true}
  actions:
    extends: triggers
""") == []
    # One front per kind (the label is all a front reads), one back per kind.
    assert len(drawn) == 4


def test_a_deck_without_a_layout_draws_nothing(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*args: object) -> None:
        raise AssertionError("drawn")

    monkeypatch.setattr(check_sides, "compose_side", never)
    text = CLEAN.read_text(encoding="utf-8")
    assert issues_of(tmp_path, "extends: classic\n",
                     text.replace("  layout: layout.yaml\n", "")) == []


def test_a_box_that_cannot_be_worked_out_is_named_not_a_traceback(tmp_path: Path) -> None:
    issues = issues_of(tmp_path, """\
templates:
  front:
    elements:
      body: {box: {left: 4mm, width: 40mm, right: 4mm, top: 14mm, bottom: 4mm}}
""")
    assert "bad-value" in codes(issues)
    bad = next(issue for issue in issues if issue.code == "bad-value")
    assert 'The element "body" of the template "front": box: give at most two' in bad.message
    assert "at most two of left, width and right" in bad.message


def test_a_condition_that_cannot_be_read_is_reported_once_not_drawn(tmp_path: Path) -> None:
    issues = issues_of(tmp_path, """\
templates:
  front:
    elements:
      title: {when: 'card.title ==== 2'}
  back:
    elements:
      deck_name: {when: 'card.foo == 2'}
""")
    assert codes(issues) == ["expr-syntax", "expr-unknown-attribute"]


def test_a_long_deck_name_shrinks_under_7_pt_on_every_back_in_one_issue(
        tmp_path: Path) -> None:
    long = CLEAN.read_text(encoding="utf-8").replace(
        "name: Pirate Omens", "name: The Pirate Omens of the Seven Seas, Collected")
    issues = issues_of(tmp_path, """\
templates:
  back:
    elements:
      deck_name: {one_line: true, min_size: 5pt}
""", long)
    assert codes(issues) == ["text-too-small"]
    assert "on the backs of the triggers and the actions" in issues[0].message
    assert issues[0].path.endswith("layout.yaml") and "set at 5.75 pt" in issues[0].message
