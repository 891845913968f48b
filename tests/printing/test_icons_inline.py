"""`:name:` in text: known names become private-use characters, nothing else is touched."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.printing.icons import INLINE, inline_icons, unknown_icons

KNOWN = {name: Path(f"{name}.svg") for name in ("say", "heart", "spade", "circle-outline")}


@pytest.mark.parametrize("text", ["Note: play a card.", "At 12:30 sharp", "a :: b", "::",
                                  ":", ": say :", ":Say:", ":say :", ":9lives:", "http://x.y",
                                  ":-say:", "a:b:c"])
def test_ordinary_colons_are_never_icons(text: str) -> None:
    assert inline_icons(text, KNOWN) == (text, {})


def test_known_names_become_one_character_each_and_repeat_it() -> None:
    text, chars = inline_icons("Say :say:, then :heart::spade: and :say: again", KNOWN)
    assert text == "Say \ue000, then \ue001\ue002 and \ue000 again"
    assert chars == {"\ue000": "say", "\ue001": "heart", "\ue002": "spade"}


def test_unknown_names_stay_as_written_and_are_reported_once_with_a_suggestion() -> None:
    text, _ = inline_icons(":hart: :heart: :hart: :circle-outline: :zebra:", KNOWN)
    assert text == ":hart: \ue000 :hart: \ue001 :zebra:"
    assert unknown_icons(":hart: :heart: :hart: :zebra:", KNOWN) == [
        ("hart", ' Did you mean "heart"?'), ("zebra", "")]


def test_the_closing_colon_of_one_name_does_not_open_the_next() -> None:
    assert [m.group(1) for m in INLINE.finditer(":say:heart:")] == ["say"]
    assert inline_icons(":say:heart:", KNOWN)[0] == "\ue000heart:"
