"""Icons from a layout file: `icon` elements and `:name:` inline in a card's text."""

from __future__ import annotations

from pathlib import Path

from generator.layout.compose import Side, compose_side
from generator.layout.inline import inline_text, unknown_inline_icons
from generator.layout.look import Look
from generator.printing.drawing import Clip, Icon, Item, Text
from generator.printing.icon_names import builtin_icons
from generator.printing.png import render_png
from tests.layout.test_compose import POKER, look_of

FLAG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10">'
        '<rect width="10" height="10" fill="#0000ff"/>'
        '<rect x="10" width="10" height="10" fill="#00ff00"/></svg>')


def drawn(look: Look, **fields: str | int) -> tuple[Item, ...]:
    side = compose_side(look, Side(look.templates["front"], dict(fields), "c1", "action"),
                        POKER, 3.0)
    return side.items


def flat(items: tuple[Item, ...]) -> list[Item]:
    found: list[Item] = []
    for item in items:
        found += flat(item.items) if isinstance(item, Clip) else [item]
    return found


def icons(items: tuple[Item, ...]) -> list[Icon]:
    return [item for item in flat(items) if isinstance(item, Icon)]


def one_element(spec: str, extra: str = "", name: str = "body") -> str:
    """A layout whose front's element `name` is `spec` (a YAML flow mapping)."""
    return f"{extra}templates:\n  front:\n    extends: ~\n    elements:\n      {name}: {spec}\n"


def only_body(extra: str = "") -> str:
    return one_element('{type: text, text: "{text}", box: safe, colour: "#c8102e", size: 10pt}',
                       extra)


def test_an_icon_element_names_its_icon_or_reads_it_from_a_field(tmp_path: Path) -> None:
    (tmp_path / "flag.svg").write_text(FLAG, encoding="utf-8")
    look = look_of(tmp_path, """\
icons: {flag: flag.svg, say: flag.svg}
templates:
  front:
    extends: ~
    elements:
      kind: {type: icon, icon: "{action_kind}", colour: "#c8102e",
             box: {top: 5mm, left: 5mm, width: 10mm, height: 10mm}}
      own: {type: icon, icon: flag, box: {top: 20mm, left: 5mm, width: 10mm, height: 10mm},
            padding: 1mm}
""")
    kind, own = icons(drawn(look, action_kind="gesture"))
    assert kind.source == builtin_icons()["gesture"] and kind.colour == "#c8102e"
    assert own.source == tmp_path / "flag.svg" and own.colour is None  # keeps its colours
    assert own.box.w < kind.box.w  # the padding is kept inside the box
    # The layout's own icon of a built-in name wins over the built-in one.
    assert icons(drawn(look, action_kind="say"))[0].source == tmp_path / "flag.svg"
    # No icon by that name (or an empty field): nothing is drawn there.
    assert len(icons(drawn(look, action_kind="sing"))) == 1
    assert len(icons(drawn(look, action_kind=""))) == 1


def test_a_repeated_icon_is_drawn_again_upside_down(tmp_path: Path) -> None:
    look = look_of(tmp_path, one_element("{type: icon, icon: spade, repeat: [0, 180], "
                                         "box: {top: 3mm, left: 3mm, width: 4mm, height: 4mm}}",
                                         name="corner"))
    side = compose_side(look, Side(look.templates["front"], {}, "c1", "action"), POKER, 3.0)
    upright, turned = icons(side.items)
    assert (upright.turns, turned.turns) == (0, 2)
    assert turned.box.x > side.trim.centre_x > upright.box.x


def test_inline_icons_sit_in_the_text_in_its_colour(tmp_path: Path) -> None:
    look = look_of(tmp_path, only_body())
    items = drawn(look, text="At 12:30 :say: “arr” :sya: then ::.")
    texts = [item for item in flat(items) if isinstance(item, Text)]
    (say,) = icons(items)
    assert say.source == builtin_icons()["say"] and say.colour == "#c8102e"
    words = " ".join(text.text for text in texts)
    assert "12:30" in words and ":sya:" in words and "::" in words and ":say:" not in words
    before = next(text for text in texts if text.text.endswith("12:30 "))
    assert before.y - 3 < say.box.y < before.y  # on the line's baseline, down to the descent
    assert say.box.x >= before.x  # after the words before it
    after = next(text for text in texts if "arr" in text.text)
    assert after.x >= say.box.right


def test_a_multi_colour_icon_inline_keeps_its_colours(tmp_path: Path) -> None:
    (tmp_path / "flag.svg").write_text(FLAG, encoding="utf-8")
    look = look_of(tmp_path, only_body("icons: {flag: flag.svg}\n"))
    (flag,) = icons(drawn(look, text="Raise the :flag: now"))
    assert flag.colour is None


def test_a_card_with_an_inline_icon_renders_it(tmp_path: Path) -> None:
    look = look_of(tmp_path, only_body())
    side = compose_side(look, Side(look.templates["front"], {"text": ":square:"}, "c1",
                                   "action"), POKER, 3.0)
    (square,) = icons(side.items)
    image = render_png(side, size_px=(300, 420), dpi=72)
    centre = (round(square.box.centre_x - side.trim.x + (300 - side.trim.w) / 2),
              round(420 - (square.box.centre_y - side.trim.y + (420 - side.trim.h) / 2)))
    assert image.getpixel(centre) == (200, 16, 46)


def test_unknown_inline_icons_are_found_with_a_suggestion(tmp_path: Path) -> None:
    look = look_of(tmp_path, only_body())
    assert unknown_inline_icons("Note: :hart: and :heart: at 9:15", look) == [
        ("hart", ' Did you mean "heart"?')]
    text, files = inline_text(":heart::heart: :club:", look)
    assert text == "\ue000\ue000 \ue001" and set(files.values()) == {builtin_icons()["heart"],
                                                      builtin_icons()["club"]}


def test_inline_hearts_and_diamonds_are_red_as_the_suit_signs_are(tmp_path: Path) -> None:
    look = look_of(tmp_path, one_element('{type: text, text: "{text}", box: safe}'))
    items = drawn(look, text="Play a :heart: or ♥ on a :spade:")
    heart, spade = icons(items)
    (sign,) = [item for item in flat(items) if isinstance(item, Text) and item.text == "♥"]
    assert heart.colour == sign.colour != spade.colour
