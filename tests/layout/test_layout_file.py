"""The layout file as a designer relies on it (docs/layout.md): every mistake named at its
file and line with the closest right word, elements merged key by key over the look they
extend, templates extending templates, `~` taking an element away, files kept inside the
deck's folder, backs that cannot give a card away, colours, boxes, and corner indices drawn
twice, the second upside down."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.deck import load_deck
from generator.issues import Issue
from generator.layout.checks import check_layout
from generator.layout.compose import Side, compose_side
from generator.layout.fields import Fields
from generator.layout.load import load_look
from generator.layout.look import Look
from generator.layout.measures import MeasureError, resolve_box
from generator.layout.model import BoxSpec
from generator.layout.paint import colour_of
from generator.printing.drawing import Text
from generator.printing.sizes import CARD_SIZES
from generator.printing.units import Box, mm

from .helpers import pirate_deck

POKER = CARD_SIZES["poker"]


def checked(tmp_path: Path, layout: str) -> list[Issue]:
    """The issues `hrdeck check` reports about the pirate deck's layout."""
    deck = load_deck(pirate_deck(tmp_path, layout))
    check_layout(deck)
    return deck.issues


def look_of(tmp_path: Path, layout: str) -> Look:
    """The pirate deck's look, read without a problem."""
    (tmp_path / "layout.yaml").write_text(layout, encoding="utf-8")
    look, issues = load_look(tmp_path / "layout.yaml", tmp_path)
    assert look is not None and issues == [], [issue.message for issue in issues]
    return look


def only(issues: list[Issue], code: str) -> Issue:
    found = [issue for issue in issues if issue.code == code]
    assert len(found) == 1, [(issue.code, issue.message) for issue in issues]
    return found[0]


def element_issue(tmp_path: Path, elements: str, code: str, template: str = "front") -> Issue:
    """The one issue of `code` about the element written first (line 4) in `template`."""
    issue = only(checked(tmp_path, f"templates:\n  {template}:\n    elements:\n{elements}"),
                 code)
    assert issue.line == 4 and issue.path == str(tmp_path / "layout.yaml"), issue
    return issue


def element(look: Look, template: str, name: str) -> dict[str, object]:
    """The keys an element of a resolved template ends up with."""
    for placed in look.templates[template]:
        if placed.name == name:
            return placed.spec.model_dump(exclude_none=True)
    raise AssertionError(f"{template} has no element {name}")


def names(look: Look, template: str) -> list[str]:
    return [placed.name for placed in look.templates[template]]


# -- every key checked, at its file and line -------------------------------------------------

def test_an_unknown_key_is_named_at_its_line_with_the_closest_key(tmp_path: Path) -> None:
    issue = element_issue(tmp_path, "      label: {txt: OMEN}\n", "unknown-key")
    assert '"txt"' in issue.message and 'Did you mean "text"?' in issue.message


def test_an_unknown_top_level_key_suggests_the_layout_key(tmp_path: Path) -> None:
    issue = only(checked(tmp_path, "labels: {triggers: OMEN}\ntemplats: {}\n"), "unknown-key")
    assert issue.line == 2 and 'Did you mean "templates"?' in issue.message


def test_a_key_another_type_of_element_has_is_refused_with_the_keys_it_has(
        tmp_path: Path) -> None:
    issue = element_issue(tmp_path, "      stamp: {type: rect, fill: red, text: ARR}\n",
                          "bad-value")
    assert 'a rect element has no "text"' in issue.message
    assert "fill, stroke, stroke_width, radius" in issue.message


# -- extends: the built-in look, then templates ----------------------------------------------

def test_a_layout_changes_one_key_of_the_look_it_extends(tmp_path: Path) -> None:
    look = look_of(tmp_path, "templates:\n  front:\n    elements:\n"
                             "      label: {text: 'OMEN {number}'}\n")
    label = element(look, "front", "label")
    assert label["text"] == "OMEN {number}"
    # everything else the classic look says about its label is kept
    assert label["style"] == "bold" and label["size"] == "18pt" and label["one_line"] is True
    assert names(look, "front")[:3] == ["background", "panel", "label"]  # in the look's order


def test_a_new_element_comes_after_the_inherited_ones(tmp_path: Path) -> None:
    look = look_of(tmp_path, "templates:\n  front:\n    elements:\n"
                             "      stamp: {type: rect, fill: red, box: safe}\n")
    assert names(look, "front")[-1] == "stamp"


def test_a_template_extends_another_and_changes_one_key(tmp_path: Path) -> None:
    look = look_of(tmp_path, "templates:\n  triggers:\n    extends: front\n    elements:\n"
                             "      label: {colour: '#000000'}\n")
    assert names(look, "triggers") == names(look, "front")
    assert element(look, "triggers", "label")["colour"] == "#000000"
    assert element(look, "triggers", "label")["size"] == "18pt"
    assert element(look, "front", "label")["colour"] == "auto"  # the template extended is kept


def test_templates_extending_each_other_are_a_loop_named_at_its_line(tmp_path: Path) -> None:
    issues = checked(tmp_path, "templates:\n  omen:\n    extends: curse\n"
                               "  curse:\n    extends: omen\n")
    loops = {issue.line: issue.message for issue in issues if "leads back to it" in issue.message}
    assert set(loops) == {3, 5}, [issue.message for issue in issues]
    assert loops[3].startswith('The template "omen" extends "curse", which leads back to it')


def test_a_template_extending_itself_is_named(tmp_path: Path) -> None:
    issue = only(checked(tmp_path, "templates:\n  omen:\n    extends: omen\n"), "bad-value")
    assert issue.line == 3 and issue.message == 'The template "omen" extends itself.'


def test_extending_a_template_that_does_not_exist_suggests_one(tmp_path: Path) -> None:
    issue = only(checked(tmp_path, "templates:\n  triggers:\n    extends: frnt\n"), "bad-value")
    assert issue.line == 3 and 'Did you mean "front"?' in issue.message


def test_extending_a_look_that_does_not_exist_names_the_looks(tmp_path: Path) -> None:
    issue = only(checked(tmp_path, "extends: clasic\n"), "bad-value")
    assert issue.line == 1 and "classic" in issue.message and "Did you mean" in issue.message


def test_a_tilde_removes_an_inherited_element(tmp_path: Path) -> None:
    look = look_of(tmp_path, "templates:\n  front:\n    elements:\n      title_rule: ~\n"
                             "  triggers:\n    extends: front\n    elements:\n      flavour: ~\n")
    assert "title_rule" not in names(look, "front") and "title" in names(look, "front")
    assert "flavour" not in names(look, "triggers") and "flavour" in names(look, "front")


# -- files stay in the deck's folder ---------------------------------------------------------

def test_a_file_outside_the_decks_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    (tmp_path / "secret.svg").write_text("<svg/>", encoding="utf-8")
    issue = only(checked(folder, "icons:\n  skull: ../secret.svg\n"), "bad-value")
    assert issue.line == 2 and "outside the deck's folder" in issue.message


def test_a_layout_outside_the_decks_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    (tmp_path / "layout.yaml").write_text("labels: {triggers: OMEN}\n", encoding="utf-8")
    path = pirate_deck(folder, "{}\n")
    path.write_text(path.read_text("utf-8").replace("layout: layout.yaml",
                                                    "layout: ../layout.yaml"), "utf-8")
    deck = load_deck(path)
    check_layout(deck)
    issue = only(deck.issues, "bad-value")
    assert issue.path == str(path) and "outside the deck's folder" in issue.message


def test_a_missing_picture_is_named_at_its_line(tmp_path: Path) -> None:
    issue = element_issue(tmp_path, "      picture: {type: image, src: sea.png}\n",
                          "art-missing", template="back")
    assert '"sea.png"' in issue.message


# -- what a template reads --------------------------------------------------------------------

def test_a_wrong_condition_is_named_at_its_line(tmp_path: Path) -> None:
    issue = element_issue(tmp_path, "      stamp:\n        type: rect\n        fill: red\n"
                                    "        when: card.number = 1\n", "expr-syntax")
    assert "when:" in issue.message and "==" in issue.message


def test_a_condition_reading_a_field_no_card_has_suggests_one(tmp_path: Path) -> None:
    issue = element_issue(tmp_path, "      stamp: {type: rect, fill: red, "
                                    "when: card.flavor != ''}\n", "expr-unknown-attribute")
    assert "flavour" in issue.message


def test_a_field_typo_suggests_the_field(tmp_path: Path) -> None:
    issue = element_issue(tmp_path, "      label: {text: '{labl} {number}'}\n", "bad-value")
    assert "{labl}" in issue.message and 'Did you mean "label"?' in issue.message


def test_every_field_of_a_kind_may_be_read(tmp_path: Path) -> None:
    issues = checked(tmp_path, "templates:\n  actions:\n    extends: front\n    elements:\n"
                               "      say: {type: text, text: '{phrase}', "
                               "when: card.action_kind == \"say\"}\n")
    assert issues == [], [issue.message for issue in issues]


@pytest.mark.parametrize(("keys", "what"), [
    ("{type: text, text: '{number}'}", "{number}"),
    ("{type: text, text: '{flavour}'}", "{flavour}"),
    ("{type: rect, fill: red, when: card.id == \"seven\"}", "when:"),
])
def test_a_back_that_could_give_a_card_away_leaks(tmp_path: Path, keys: str, what: str) -> None:
    issue = element_issue(tmp_path, f"      tell: {keys}\n", "back-leaks", template="back")
    assert what in issue.message


def test_a_back_may_show_the_label_and_the_decks_name(tmp_path: Path) -> None:
    issues = checked(tmp_path, "labels: {triggers: OMEN}\ntemplates:\n  back:\n    elements:\n"
                               "      name: {type: text, text: '{label} of {deck}', "
                               "when: card.kind == \"trigger\"}\n")
    assert issues == [], [issue.message for issue in issues]


# -- colours ---------------------------------------------------------------------------------

def test_colours_by_name_and_mixed(tmp_path: Path) -> None:
    look = look_of(tmp_path, "colours: {sea: '#204060'}\n")
    assert colour_of("sea", look, {}, "#000000") == "#204060"
    assert colour_of("{accent}", look, {"accent": "#112233"}, "#000000") == "#112233"
    assert colour_of("mix(sea, #ffffff, 50%)", look, {}, "#000000") == "#90a0b0"
    assert colour_of("mix({accent}, paper, 0%)", look, {"accent": "#112233"},
                     "#000000") == "#112233"


@pytest.mark.parametrize(("value", "wrong", "hint"), [
    ("see", "see", 'Did you mean "sea"?'),
    ("'#12'", "#12", "write #rrggbb"),
    ("'mix(sea, papr, 20%)'", "papr", 'Did you mean "paper"?'),
])
def test_a_colour_that_is_not_one_is_named(tmp_path: Path, value: str, wrong: str,
                                           hint: str) -> None:
    issue = only(checked(tmp_path, "colours: {sea: '#204060'}\ntemplates:\n  front:\n"
                                   f"    elements:\n      stamp: {{type: rect, fill: {value}}}\n"),
                 "bad-value")
    assert issue.line == 5 and f'"{wrong}" is not a colour' in issue.message
    assert hint in issue.message


def test_a_colour_in_colours_must_be_rrggbb(tmp_path: Path) -> None:
    issue = only(checked(tmp_path, "colours:\n  sea: blue\n"), "bad-value")
    assert issue.line == 2 and issue.field == "colours.sea"


# -- boxes -----------------------------------------------------------------------------------

TRIM = Box(0.0, 0.0, mm(63), mm(88))
BOXES = {"trim": TRIM, "bleed": TRIM.inset(-mm(3)), "safe": TRIM.inset(mm(3.5))}


def close(box: Box, x: float, y: float, w: float, h: float) -> bool:
    """Whether `box` is at (x, y) of size w × h, in mm."""
    return all(abs(a - mm(b)) < 1e-6 for a, b in ((box.x, x), (box.y, y), (box.w, w),
                                                   (box.h, h)))


@pytest.mark.parametrize(("spec", "expected"), [
    ({"left": "4mm", "right": "4mm", "top": "14mm", "bottom": "4mm"}, (4, 4, 55, 70)),
    ({"left": "4mm", "width": "20mm", "top": 0, "height": "10mm"}, (4, 78, 20, 10)),
    ({"width": "20mm", "right": "3mm", "bottom": "5mm", "height": "10mm"}, (40, 5, 20, 10)),
    ({"width": "20mm", "height": "10mm"}, (21.5, 39, 20, 10)),  # one of each: centred
    ({"left": "10%", "right": "10%", "top": "50%", "height": "25%"}, (6.3, 22, 50.4, 22)),
    ({"of": "safe", "left": 0, "width": "7mm", "top": 0, "height": "9mm"}, (3.5, 75.5, 7, 9)),
    ({"of": "bleed", "top": 0, "height": "17mm"}, (-3, 74, 69, 17)),
])
def test_a_box_is_measured_inward_from_the_box_it_names(spec: dict[str, object],
                                                          expected: tuple[float, ...]) -> None:
    box = resolve_box(BoxSpec.model_validate(spec), BOXES)
    assert close(box, *expected), box


def test_three_measures_across_are_refused(tmp_path: Path) -> None:
    with pytest.raises(MeasureError):
        resolve_box(BoxSpec(left="1mm", width="2mm", right="3mm"), BOXES)
    issue = element_issue(tmp_path, "      stamp:\n        type: rect\n        fill: red\n"
                                    "        box: {top: 1mm, height: 2mm, bottom: 3mm}\n",
                          "bad-value")
    assert "at most two of top, height and bottom" in issue.message


def test_a_length_in_unknown_units_is_refused(tmp_path: Path) -> None:
    issue = element_issue(tmp_path, "      stamp: {type: rect, fill: red, box: {left: 1cm}}\n",
                          "bad-value")
    assert '"1cm" is not a length' in issue.message and "4mm, 12pt, 0.5in or 25%" \
        in issue.message


# -- turn and repeat -------------------------------------------------------------------------

INDEX = """\
templates:
  corner:
    elements:
      ground: {type: rect, box: bleed, fill: paper}
      index:
        type: text
        text: "{number}"
        box: {of: safe, left: 0, width: 7mm, top: 0, height: 7mm}
        colour: ink
        size: 11pt
        one_line: true
        repeat: [0, 180]
"""


def test_a_corner_index_is_drawn_twice_the_second_upside_down(tmp_path: Path) -> None:
    look = look_of(tmp_path, INDEX)
    composed = compose_side(look, Side(look.templates["corner"], {"number": 7}, "seven",
                                       "trigger"), POKER, 3.0)
    first, second = (item for item in composed.items if isinstance(item, Text))
    assert first.text == second.text == "7"
    assert first.turns == 0 and second.turns == 2
    centre = (POKER.trim.centre_x, POKER.trim.centre_y)
    assert abs(first.x + second.x - 2 * centre[0]) < 1e-6
    assert abs(first.y + second.y - 2 * centre[1]) < 1e-6
    assert first.x < centre[0] and first.y > centre[1]  # top left, then bottom right


def test_a_turned_element_is_drawn_sideways_in_its_box(tmp_path: Path) -> None:
    look = look_of(tmp_path, "templates:\n  side:\n    elements:\n"
                             "      spine: {type: text, text: '{deck}', turn: 90, "
                             "box: {left: 0, width: 6mm}, size: 9pt, one_line: true}\n")
    composed = compose_side(look, Side(look.templates["side"], {"deck": "Omens"}, "back",
                                       "trigger"), POKER, 3.0)
    text = next(item for item in composed.items if isinstance(item, Text))
    # it reads bottom to top up the left edge, at the size it was given (the box is tall)
    assert text.turns == 1 and 0 < text.x < mm(6) and text.size == 9.0
    assert 0 < text.y < POKER.trim.centre_y


def test_a_font_size_as_a_share_of_the_box_is_refused(tmp_path: Path) -> None:
    issue = element_issue(tmp_path, "      label: {size: 50%}\n", "bad-value")
    assert "size" in issue.message and "not as a percentage" in issue.message


@pytest.mark.parametrize("turning", ["turn: 180", "repeat: [0, 180]"])
def test_a_picture_turned_is_refused_before_printing(tmp_path: Path, turning: str) -> None:
    (tmp_path / "sea.png").write_bytes((Path(__file__).parents[2] / "decks" / "examples" /
                                        "pirates" / "logo.png").read_bytes())
    issue = element_issue(tmp_path, f"      picture: {{type: image, src: sea.png, {turning}}}\n",
                          "bad-value")
    assert "cannot be turned" in issue.message


@pytest.mark.parametrize("condition", ['card.action_kind == "say"', 'card.action_kind != "say"'])
def test_a_condition_reading_a_field_a_card_lacks_is_false_on_it(tmp_path: Path,
                                                                 condition: str) -> None:
    look = look_of(tmp_path, "templates:\n  mark:\n    elements:\n"
                             f"      say: {{type: rect, fill: ink, when: '{condition}'}}\n")
    trigger: Fields = {"kind": "trigger", "number": 1, "text": "When you play a seven…"}
    composed = compose_side(look, Side(look.templates["mark"], trigger, "seven", "trigger"),
                            POKER, 3.0)
    assert composed.items == ()
    say: Fields = {**trigger, "kind": "action", "action_kind": "say"}
    composed = compose_side(look, Side(look.templates["mark"], say, "arr", "action"), POKER, 3.0)
    assert len(composed.items) == (1 if "==" in condition else 0)
