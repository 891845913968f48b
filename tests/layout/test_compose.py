"""Drawing card sides from a layout: what each element type puts on the card."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from generator.layout.compose import Side, compose_side
from generator.layout.load import load_look
from generator.layout.look import Look
from generator.printing.drawing import Circle, Clip, Fill, Outline, Picture, Polygon, Text
from generator.printing.sizes import find_size
from generator.printing.units import mm

POKER = find_size("poker")


def look_of(folder: Path, layout: str) -> Look:
    path = folder / "layout.yaml"
    path.write_text(layout, encoding="utf-8")
    look, issues = load_look(path, folder)
    assert look is not None and not issues, issues
    return look


def front(look: Look, **fields: str | int) -> tuple[object, ...]:
    side = compose_side(look, Side(look.templates["front"], dict(fields), "c1", "trigger"),
                        POKER, 3.0)
    return side.items


def texts(items: tuple[object, ...]) -> list[Text]:
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif isinstance(item, Clip):
            found += texts(item.items)
    return found


def test_a_field_and_a_condition_choose_what_is_drawn(tmp_path: Path) -> None:
    look = look_of(tmp_path, """\
templates:
  front:
    extends: ~
    elements:
      background: ~
      panel: ~
      label: {text: "{label} {number}"}
      title: ~
      title_rule: ~
      art: ~
      art_titled: ~
      body: ~
      body_titled: ~
      body_under_art: ~
      body_under_titled_art: ~
      flavour: ~
      dark: {type: rect, box: bleed, fill: "#000000", when: 'card.colour == "black"', layer: -1}
""")
    black = front(look, label="OMEN", number=3, colour="black")
    white = front(look, label="OMEN", number=3, colour="white")
    assert [t.text for t in texts(black)] == ["OMEN 3"] == [t.text for t in texts(white)]
    assert isinstance(black[0], Fill) and black[0].colour == "#000000"
    assert not any(isinstance(item, Fill) for item in white)
    assert texts(black)[0].colour == "#ffffff"  # label colour auto: light on the black card
    assert texts(white)[0].colour == "#1a1a1a"


def test_colours_by_name_field_and_mix(tmp_path: Path) -> None:
    look = look_of(tmp_path, """\
colours: {sea: "#0000ff"}
templates:
  front:
    elements:
      a: {type: rect, box: trim, fill: sea}
      b: {type: rect, box: safe, fill: "mix(sea, #ffffff, 50%)", stroke: "{accent}"}
""")
    items = front(look, accent="#ff0000")
    fills = {item.colour for item in items if isinstance(item, Fill)}
    assert {"#0000ff", "#8080ff"} <= fills
    assert any(isinstance(item, Outline) and item.colour == "#ff0000" for item in items)


@pytest.mark.parametrize(("fit", "clipped"), [("contain", False), ("cover", True),
                                                 ("stretch", False)])
def test_an_image_is_fitted_covered_or_stretched(tmp_path: Path, fit: str,
                                                 clipped: bool) -> None:
    Image.new("RGB", (400, 200), "#336699").save(tmp_path / "wide.png")
    look = look_of(tmp_path, f"""\
templates:
  front:
    elements:
      art: {{type: image, src: wide.png, box: bleed, fit: {fit}, when: ~}}
""")
    items = front(look)
    art = [item for item in items if isinstance(item, Picture | Clip)
           and (isinstance(item, Picture) or any(isinstance(inner, Picture)
                                                 for inner in item.items))]
    assert len(art) == 1
    bleed = POKER.bleed_box(3.0)
    picture = art[0].items[0] if isinstance(art[0], Clip) else art[0]
    assert isinstance(picture, Picture)
    if fit == "contain":
        assert picture.box.w == pytest.approx(bleed.w) and picture.box.h < bleed.h
    elif fit == "cover":
        assert picture.box.h == pytest.approx(bleed.h) and picture.box.w > bleed.w
        assert isinstance(art[0], Clip) and art[0].box == bleed
    else:
        assert picture.box == bleed
    assert isinstance(art[0], Clip) is clipped


def test_the_shapes_element_draws_the_cards_count_in_its_ink(tmp_path: Path) -> None:
    look = look_of(tmp_path, """\
templates:
  front:
    elements:
      pips: {type: shapes, box: safe, padding: 2mm}
""")
    items = front(look, shape="triangle", count=5, fill="filled", colour="black")
    shapes = [item for item in items if isinstance(item, Polygon | Circle)]
    assert len(shapes) == 5 and {shape.fill for shape in shapes} == {"#ffffff"}


def test_a_pattern_stays_inside_its_box(tmp_path: Path) -> None:
    look = look_of(tmp_path, """\
templates:
  back:
    elements:
      dots: {type: pattern, pattern: dots, box: bleed, stroke: "#222222", spacing: 3mm}
""")
    side = compose_side(look, Side(look.templates["back"], {}, "back", "trigger"), POKER, 3.0)
    clips = [item for item in side.items if isinstance(item, Clip)]
    assert any(all(isinstance(inner, Circle) for inner in clip.items) and
               clip.box == POKER.bleed_box(3.0) and len(clip.items) > 50 for clip in clips)


def test_text_sits_inside_its_padding_and_shrinks_to_fit(tmp_path: Path) -> None:
    look = look_of(tmp_path, """\
templates:
  front:
    elements:
      words: {type: text, text: "{text}", box: {left: 5mm, right: 5mm, top: 20mm,
              height: 20mm}, padding: 2.5mm, size: 16pt, min_size: 7pt}
""")
    long = "Every word of this rather long rule must fit inside its box " * 3
    side = compose_side(look, Side(look.templates["front"], {"text": long}, "c1", "trigger"),
                        POKER, 3.0)
    words = next(drawn for drawn in side.placed if drawn.name == "words")
    assert words.text is not None and words.text.fits
    lines = [t for t in texts(words.text.items) if t.text.strip()]
    inner_left, inner_right = mm(7.5), POKER.trim.w - mm(7.5)
    assert all(line.size < 16 for line in lines)
    assert all(inner_left - 0.01 <= line.box.x and line.box.right <= inner_right + 0.01
               for line in lines)
