"""Composed card sides: everything legible sits in the safe zone; colours and labels."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.printing import CardBack, CardFace, PrintError, find_size
from generator.printing.design import compose_back, compose_front
from generator.printing.drawing import Fill, Item, Picture, Text, readable_on, walk_text
from generator.printing.sizes import CARD_SIZES
from generator.printing.units import mm

LONG = "When the trick total is prime, name a bird that has not been named this game. " * 3


def face(**changes: object) -> CardFace:
    fields: dict[str, object] = dict(kind="trigger", label="TRIGGER", number=13, text=LONG,
                                     accent="#1f6feb", ident="t13")
    fields.update(changes)
    return CardFace(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", list(CARD_SIZES))
@pytest.mark.parametrize("title", [None, "Prime Birds"])
@pytest.mark.parametrize("with_art", [False, True])
def test_front_text_stays_in_the_safe_zone(size: str, title: str | None, with_art: bool,
                                           art: Path) -> None:
    side = compose_front(face(title=title, art=art if with_art else None), find_size(size), 3)
    texts = walk_text(side.items)
    assert texts
    for text, clip in texts:
        visible = text.box if clip is None else text.box.intersection(clip)
        if visible is not None:  # None: a line of overflowing text clipped away entirely
            assert side.safe.contains(visible), text.text
    if with_art:
        (picture,) = [item for item in side.items if isinstance(item, Picture)]
        assert side.safe.contains(picture.box)
        assert picture.box.w / picture.box.h == pytest.approx(600 / 400)


def test_front_has_accent_bleed_and_big_label() -> None:
    side = compose_front(face(), find_size("poker"), 3)
    fills = [item for item in side.items if isinstance(item, Fill)]
    assert fills[0].box == side.bleed and fills[0].colour == "#1f6feb"
    labels = [t for t, _ in walk_text(side.items) if t.text == "TRIGGER 13"]
    assert labels and labels[0].size >= 14
    body = [t for t, _ in walk_text(side.items) if t.size < labels[0].size]
    assert max(t.size for t in body) < labels[0].size
    assert not side.overflow and not side.missing


def test_no_number_prints_the_label_alone() -> None:
    side = compose_front(face(number=None), find_size("poker"), 3)
    assert "TRIGGER" in [t.text for t, _ in walk_text(side.items)]


def test_label_colour_reads_on_light_and_dark_accents() -> None:
    assert readable_on("#1f6feb") == "#ffffff"
    assert readable_on("#f2c94c") == "#1a1a1a"
    side = compose_front(face(accent="#f2c94c"), find_size("poker"), 3)
    (label,) = [t for t, _ in walk_text(side.items) if t.text == "TRIGGER 13"]
    assert label.colour == "#1a1a1a"


def test_overflow_is_reported_and_clipped_in_its_box() -> None:
    side = compose_front(face(text="overflowing " * 400, title="T" * 80, label="W" * 60),
                         find_size("poker"), 3)
    parts = {item.part for item in side.overflow}
    assert parts == {"text", "title", "label"}
    assert all(item.ident == "t13" for item in side.overflow)
    assert all(item.size_pt in (7.0, 8.0) for item in side.overflow)
    assert all(clip is not None and side.safe.contains(clip) for t, clip in walk_text(side.items)
               if t.text.startswith(("overflowing", "TT", "WW")))


def test_missing_glyphs_are_reported() -> None:
    side = compose_front(face(text="Say 你好 then ♥"), find_size("poker"), 3)
    assert side.missing and side.missing[0].ident == "t13"
    assert set(side.missing[0].characters) == set("你好")


def test_unreadable_art_is_a_print_error(tmp_path: Path) -> None:
    broken = tmp_path / "art.png"
    broken.write_text("not a picture")
    with pytest.raises(PrintError, match="cannot be printed: it is not a picture"):
        compose_front(face(art=broken), find_size("poker"), 3)


def test_back_carries_label_and_deck_name_in_the_safe_zone() -> None:
    back = CardBack(kind="action", label="ACTION", deck_name="Hidden Rules", accent="#c2410c")
    side = compose_back(back, find_size("poker"), 3)
    texts = [t for t, _ in walk_text(side.items)]
    assert [t.text for t in texts] == ["ACTION", "Hidden Rules"]
    assert all(side.safe.contains(t.box) for t in texts)
    assert isinstance(side.items[0], Fill) and side.items[0].colour == "#c2410c"
    assert isinstance(texts[0], Text)


@pytest.mark.parametrize("turns", [0, 1, -1, 2])
def test_turned_text_is_drawn_inside_its_box_in_pngs(turns: int) -> None:
    from PIL import ImageOps

    from generator.printing.design import Composed
    from generator.printing.fonts import BOLD, text_width
    from generator.printing.png import render_png
    from generator.printing.units import pixels

    card = find_size("poker")
    text = Text(card.trim.centre_x, card.trim.centre_y, "WWW", BOLD, 14, "#000000", turns)
    side = Composed(items=(Fill(card.bleed_box(0), "#ffffff"), text), trim=card.trim,
                    bleed=card.bleed_box(0), safe=card.safe)
    dpi = 150
    width, height = round(pixels(card.trim.w, dpi)), round(pixels(card.trim.h, dpi))
    image = render_png(side, size_px=(width, height), dpi=dpi)
    ink = ImageOps.invert(image.convert("L")).getbbox()
    assert ink is not None
    box = text.box  # advance width by ascent and descent: the ink lies inside it
    left, top, right, bottom = (pixels(box.x, dpi), height - pixels(box.top, dpi),
                                pixels(box.right, dpi), height - pixels(box.y, dpi))
    assert left - 1 <= ink[0] and top - 1 <= ink[1] and ink[2] <= right + 1
    assert ink[3] <= bottom + 1
    along = (ink[3] - ink[1]) if turns in (1, -1) else (ink[2] - ink[0])
    assert along == pytest.approx(pixels(text_width("WWW", BOLD, 14), dpi), abs=3)


def _body_sizes(items: tuple[Item, ...], label: str) -> set[float]:
    return {t.size for t, _ in walk_text(items) if t.text != label}


def test_short_text_is_set_large_and_long_text_still_fits() -> None:
    from generator.printing.design import STYLE

    poker = find_size("poker")
    short = compose_front(face(text="When you play a seven…"), poker, 3)
    assert _body_sizes(short.items, "TRIGGER 13") == {STYLE.text_pt[0]} == {16.0}
    long = compose_front(face(), poker, 3)
    (size,) = _body_sizes(long.items, "TRIGGER 13")
    assert STYLE.text_pt[1] <= size < 16.0 and not long.overflow
    # On a mini card the label shrinks to fit, and the text stays 2 pt smaller than it.
    mini = compose_front(face(text="Skip."), find_size("mini"), 3)
    (label,) = [t for t, _ in walk_text(mini.items) if t.text == "TRIGGER 13"]
    assert label.size < 18
    assert _body_sizes(mini.items, "TRIGGER 13") == {label.size - 2}
    # The floor is kept: what cannot fit at 7 pt is reported at 7 pt.
    crammed = compose_front(face(text="word " * 400), poker, 3)
    assert [(o.part, o.size_pt) for o in crammed.overflow] == [("text", 7.0)]


CUTTING_TOLERANCE_MM = 3.175  # 1/8 in: how far a home or shop cut may wander from the trim


@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_the_white_panel_stays_clear_of_the_cutting_tolerance(size: str) -> None:
    """A panel edge within 1/8 in of the trim shows every wobble of the cut as a frame that
    is thick on one side and thin on the other."""
    side = compose_front(face(), find_size(size), 3)
    panels = [item for item in side.items if isinstance(item, Fill) and item.colour == "#ffffff"]
    assert panels
    for panel in panels:
        inner = side.trim.inset(mm(CUTTING_TOLERANCE_MM + 0.5))
        assert inner.contains(panel.box), (panel.box.in_mm(), side.trim.in_mm())
