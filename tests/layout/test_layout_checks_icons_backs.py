"""Unknown icons (in card text, layout text and icon elements), backs that differ from card
to card, and layout files that cannot be used."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.deck import load_deck
from generator.layout.check_backs import back_leaks
from generator.layout.check_look import BLEED_MM
from generator.layout.check_text_icons import BUILTIN_ICONS
from generator.layout.deck_look import deck_look
from generator.pipeline.faces import faces_for
from generator.printing.fonts import REGULAR, font_path
from generator.printing.shop import SHOP_PROFILES
from generator.printing.sizes import DEFAULT_BLEED_MM, find_size
from tests.layout.check_helpers import CLEAN, codes, deck_with, issues_of, picture

SAPDE = CLEAN.read_text(encoding="utf-8").replace('text: "When you play a jack…"',
                                                  'text: "When you play a :sapde: jack…"')


def test_an_unknown_icon_in_card_text_is_found_where_it_is_written(tmp_path: Path) -> None:
    issues = issues_of(tmp_path, "extends: classic\n", SAPDE)
    assert codes(issues) == ["icon-unknown"]
    issue = issues[0]
    assert issue.path == str(tmp_path / "deck.yaml") and issue.field == "triggers[1].text"
    line = SAPDE.splitlines()[issue.line - 1]  # type: ignore[operator]
    assert line[issue.column - 1:].startswith(":sapde:")  # type: ignore[operator]
    assert '":sapde:" names no icon' in issue.message
    assert 'Did you mean "spade"?' in issue.message


def test_a_deck_without_a_layout_has_its_text_icons_checked(tmp_path: Path) -> None:
    issues = issues_of(tmp_path, "extends: classic\n", SAPDE.replace("  layout: layout.yaml\n", ""))
    assert codes(issues) == ["icon-unknown"]


def test_the_layout_s_own_icons_and_the_built_in_ones_are_known(tmp_path: Path) -> None:
    (tmp_path / "sapde.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
        '<path d="M2 2h20v20z"/></svg>', encoding="utf-8")
    text = SAPDE.replace("When you play a queen…", "When you play a :heart: queen…")
    assert issues_of(tmp_path, "icons:\n  sapde: sapde.svg\n", text) == []
    assert {"say", "spade", "circle-outline", "joker"} <= set(BUILTIN_ICONS)


def test_an_icon_written_in_a_template_is_checked_once(tmp_path: Path) -> None:
    issues = issues_of(tmp_path, """\
templates:
  front:
    elements:
      label: {text: ":anchr: {heading}"}
  triggers:
    extends: front
""")
    assert codes(issues) == ["icon-unknown"]
    assert 'there is no icon "anchr"' in issues[0].message


KIND_ICON = """\
templates:
  actions:
    extends: front
    elements:
      kind_icon:
        type: icon
        icon: "{%s}"
        when: %s
        box: {of: safe, right: 0, top: 0, width: 5mm, height: 5mm}
"""


def test_an_icon_element_reading_a_field_is_checked_per_card(tmp_path: Path) -> None:
    # say and gesture are built in: no card names an unknown icon.
    assert issues_of(tmp_path, KIND_ICON % ("action_kind", "card.number > 0")) == []
    issues = issues_of(tmp_path, KIND_ICON % ("gesture", 'card.action_kind == "gesture"'))
    assert codes(issues) == ["icon-unknown", "icon-unknown", "icon-unknown"]
    assert {issue.data["icon"] for issue in issues} == {"clap", "knock", "wave"}
    assert 'the card "clap"' in issues[0].message


LEAKY = """\
templates:
  back:
    elements:
      deck_name: {text: "{deck} {id}"}
"""


def test_each_card_s_back_drawn_as_its_own_differs_and_both_cards_are_named(
        tmp_path: Path) -> None:
    deck = load_deck(deck_with(tmp_path, LEAKY))
    look = deck_look(deck)
    assert look is not None
    fronts, backs = faces_for(deck)
    leaks = list(back_leaks(look, fronts, backs, find_size("poker"), BLEED_MM))
    assert [(leak.section, leak.element.name, leak.first, leak.second) for leak in leaks] == [
        ("triggers", "deck_name", "seven", "jack"), ("actions", "deck_name", "arr", "clap")]


def test_backs_that_read_only_back_fields_are_not_drawn_again(tmp_path: Path) -> None:
    deck = load_deck(deck_with(tmp_path, "extends: classic\n"))
    look = deck_look(deck)
    assert look is not None
    fronts, backs = faces_for(deck)
    assert list(back_leaks(look, fronts, backs, find_size("poker"), BLEED_MM)) == []


def test_a_leak_found_both_ways_is_reported_once(tmp_path: Path) -> None:
    assert codes(issues_of(tmp_path, LEAKY)) == ["back-leaks"]


def test_sides_are_drawn_with_the_widest_bleed_a_target_asks_for() -> None:
    assert BLEED_MM >= DEFAULT_BLEED_MM
    assert all(profile.bleed_mm <= BLEED_MM for profile in SHOP_PROFILES.values())


def test_usable_font_icon_and_cover_files_pass(tmp_path: Path) -> None:
    shutil.copy(font_path(REGULAR), tmp_path / "pirate.ttf")
    (tmp_path / "anchor.svg").write_text(
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">'
        '<circle cx="4" cy="4" r="3"/></svg>', encoding="utf-8")
    picture(tmp_path / "wheel.png", (64, 64), "#224466")
    picture(tmp_path / "cover.png", (600, 800), "#224466")
    assert issues_of(tmp_path, """\
fonts:
  Pirate: pirate.ttf
icons:
  anchor: anchor.svg
  wheel: wheel.png
cover:
  art: cover.png
""") == []


def test_unusable_layout_files_are_each_named(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "anchor.gif").write_bytes(b"GIF89a")
    (tmp_path / "wheel.png").write_text("not a picture", encoding="utf-8")
    issues = issues_of(tmp_path, """\
fonts:
  Pirate: fonts
icons:
  anchor: anchor.gif
  wheel: wheel.png
cover:
  logo: anchor.gif
""")
    assert codes(issues) == ["font-unusable", "icon-unusable", "icon-unusable",
                             "art-unusable"]
    assert [issue.field for issue in issues] == ["fonts.Pirate", "icons.anchor",
                                                 "icons.wheel", "cover.logo"]
    assert "it is not a file" in issues[0].message
    assert "is not an SVG or PNG file" in issues[1].message


def test_a_leak_in_a_back_other_backs_inherit_is_reported_once(tmp_path: Path) -> None:
    issues = issues_of(tmp_path, LEAKY + "  triggers-back:\n    extends: back\n")
    assert codes(issues) == ["back-leaks"]
