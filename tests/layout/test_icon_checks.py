"""The icon checks: an unknown `:name:` or icon element, and an icon file that cannot be used,
are issues at check time, with where they are and what was meant."""

from __future__ import annotations

from pathlib import Path

from generator.deck import load_deck
from generator.issues import Issue
from generator.layout.check_icons import check_icons
from generator.layout.deck_look import deck_look
from tests.layout.helpers import DECK, pirate_deck

LAYOUT = """\
icons: {anchor: anchor.svg}
templates:
  front:
    elements:
      kind: {type: icon, icon: "{action_kind}", box: {top: 3mm, left: 3mm, width: 5mm, height: 5mm}}
      mark: {type: icon, icon: ancor, box: {top: 3mm, right: 3mm, width: 5mm, height: 5mm}}
"""
ANCHOR = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
          '<circle cx="12" cy="12" r="9" fill="currentColor"/></svg>')


def checked(tmp_path: Path, deck: str = DECK, layout: str = LAYOUT) -> list[Issue]:
    (tmp_path / "anchor.svg").write_text(ANCHOR, encoding="utf-8")
    loaded = load_deck(pirate_deck(tmp_path, layout, deck))
    look = deck_look(loaded)
    assert look is not None
    check_icons(loaded, look)
    return [issue for issue in loaded.issues if issue.code.startswith("icon-")]


def test_an_unknown_inline_icon_is_found_in_the_card_with_a_suggestion(tmp_path: Path) -> None:
    deck = DECK.replace('text: "When you play a jack…"',
                        'text: "When you play a :hart: at 12:30 with an :anchor:…"')
    issues = [i for i in checked(tmp_path, deck) if i.field.startswith("triggers")]
    (issue,) = issues
    line = deck.splitlines()[issue.line - 1]
    assert issue.field == "triggers[1].text" and line[issue.column - 1:].startswith(":hart:")
    assert ":hart:" in issue.message and 'Did you mean "heart"?' in issue.message


def test_icon_elements_naming_no_icon_are_found(tmp_path: Path) -> None:
    issues = checked(tmp_path)
    messages = " ".join(issue.message for issue in issues)
    # "ancor" written in the layout; the action kind "gesture" has a built-in icon, "say" too.
    assert '"mark"' in messages and 'Did you mean "anchor"?' in messages
    assert '"kind"' not in messages
    assert all(issue.path.endswith("layout.yaml") for issue in issues)


def test_an_unusable_icon_file_is_said_where_the_layout_names_it(tmp_path: Path) -> None:
    (tmp_path / "evil.svg").write_text(
        '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg '
        'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><text>&x;</text></svg>',
        encoding="utf-8")
    loaded = load_deck(pirate_deck(tmp_path, "icons: {evil: evil.svg}\n"))
    assert deck_look(loaded) is not None
    (issue,) = [i for i in loaded.issues if i.code == "icon-unusable"]
    assert issue.line == 1 and "evil.svg" in issue.message and "entit" in issue.message
