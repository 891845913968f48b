"""Card sides as the games' looks compose them: everything legible sits in the safe zone and
well inside its panel, labels large, short rules large and long ones fitting, colours that
read, on every card size. (The looks' templates are in templates/layouts/; the old
hard-coded design, generator/printing/design.py, now draws only the cards of a game that
declares no look.)"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from generator.layout.compose import LookDrawer
from generator.layout.load import LOOKS_DIR, load_look
from generator.printing import CardBack, CardFace, PrintError, find_size
from generator.printing.composed import Composed
from generator.printing.drawing import Fill, Picture, Text, readable_on, walk_text
from generator.printing.face_designs import compose_card_back, compose_face
from generator.printing.sizes import CARD_SIZES
from generator.printing.units import mm

LONG = "When the trick total is prime, name a bird that has not been named this game. " * 3
# Each built-in look, with the sections its games' cards are in.
LOOK_SECTIONS = [("classic", "triggers"), ("hidden-rules", "triggers"),
                 ("hidden-rules", "actions"), ("hidden-rules", "aids"), ("mao", "rules"),
                 ("jokers-secret", "aids"), ("jokers-secret", "triggers"),
                 ("what-the-rule", "rule_cards")]
PANELS = ("panel", "frame_inner")
CUTTING_TOLERANCE_MM = 3.175  # 1/8 in: how far a home or shop cut may wander from the trim


@functools.cache
def drawer(look: str) -> LookDrawer:
    loaded, issues = load_look(None, LOOKS_DIR, look)
    assert loaded is not None and not issues, issues
    return LookDrawer(loaded)


def face(look: str = "hidden-rules", section: str = "triggers", **changes: object) -> CardFace:
    fields: dict[str, object] = dict(kind=section.removesuffix("s"), label="TRIGGER", number=13,
                                     text=LONG, accent="#1f5f8b", ident="t13", section=section,
                                     deck_name="Test Deck", fields=(("level", "hard"),),
                                     look=drawer(look))
    fields.update(changes)
    return CardFace(**fields)  # type: ignore[arg-type]


def back(look: str = "hidden-rules", section: str = "actions") -> CardBack:
    return CardBack(kind=section.removesuffix("s"), label="ACTION",
                    deck_name="Hidden Rules — Base Set",
                    accent="#b0452c", section=section, look=drawer(look))


def drawn_named(side: Composed, name: str) -> list[Text]:
    return [text for text, _ in walk_text(side.items)
            if any(record.name == name and record.text is not None
                   and text in record.text.items for record in side.placed)]


# Every card size without a picture; pictures on the size the games ship in.
SIZES_AND_ART = [(size, False) for size in CARD_SIZES] + [("poker", True)]


@pytest.mark.parametrize("look, section", LOOK_SECTIONS)
@pytest.mark.parametrize("size, with_art", SIZES_AND_ART)
@pytest.mark.parametrize("title", [None, "Prime Birds"])
def test_front_text_stays_in_the_safe_zone_and_inside_its_panel(
        look: str, section: str, size: str, title: str | None, with_art: bool,
        art: Path) -> None:
    side = compose_face(face(look, section, title=title, art=art if with_art else None),
                        find_size(size), 3)
    texts = walk_text(side.items)
    assert texts
    for text, clip in texts:
        visible = text.box if clip is None else text.box.intersection(clip)
        if visible is not None:  # None: a line of overflowing text clipped away entirely
            assert side.safe.contains(visible), text.text
    panels = [record.box.intersection(side.trim) for record in side.placed
              if record.name in PANELS]
    for record in side.placed:
        if record.type != "text" or record.ink is None or record.overflow is not None:
            continue  # overflowing text is reported, and clipped to its box
        for panel in panels:
            if panel is not None and panel.contains(record.ink):
                assert panel.inset(mm(2.5) - 0.05).contains(record.ink), record.name
    if with_art:
        (picture,) = [item for item in side.items if isinstance(item, Picture)]
        assert side.safe.contains(picture.box)
        assert picture.box.w / picture.box.h == pytest.approx(600 / 400)
        words = [record.ink for record in side.placed if record.type == "text" and record.ink]
        assert all(box.intersection(picture.box) is None for box in words)


@pytest.mark.parametrize("look, section", LOOK_SECTIONS)
@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_every_look_renders_on_every_card_size(look: str, section: str, size: str) -> None:
    """Each element's box is a real box on the smallest card too: the PNG writer draws it."""
    from generator.printing.png import render_png
    from generator.printing.units import pixels

    card = find_size(size)
    for side in (compose_face(face(look, section, title="Prime Birds"), card, 3),
                 compose_card_back(back(look, section), card, 3)):
        assert all(record.box.w >= 0 and record.box.h >= 0 for record in side.placed)
        width, height = (round(pixels(length, 150)) for length in (card.trim.w, card.trim.h))
        assert render_png(side, size_px=(width, height), dpi=150).getbbox() is not None


@pytest.mark.parametrize("look, section", LOOK_SECTIONS)
def test_the_label_is_large_and_the_words_smaller(look: str, section: str) -> None:
    side = compose_face(face(look, section, text="Skip."), find_size("poker"), 3)
    label = drawn_named(side, "label") + drawn_named(side, "number")
    assert label and max(text.size for text in label) >= 14
    body = drawn_named(side, "body") + drawn_named(side, "body_titled")
    assert body and max(text.size for text in body) <= max(text.size for text in label)
    assert not side.overflow and not side.missing


def test_no_number_prints_the_label_alone() -> None:
    side = compose_face(face("classic", number=None), find_size("poker"), 3)
    assert "TRIGGER" in [t.text for t, _ in walk_text(side.items)]


def test_label_colour_reads_on_light_and_dark_accents() -> None:
    assert readable_on("#1f6feb") == "#ffffff"
    assert readable_on("#f2c94c") == "#1a1a1a"
    for accent, colour in (("#f2c94c", "#1a1a1a"), ("#1f5f8b", "#ffffff")):
        side = compose_face(face(accent=accent), find_size("poker"), 3)
        assert {text.colour for text in drawn_named(side, "label")} == {colour}


@pytest.mark.parametrize("look, section", LOOK_SECTIONS)
def test_overflow_is_reported_and_clipped_in_its_box(look: str, section: str) -> None:
    side = compose_face(face(look, section, text="overflowing " * 400), find_size("poker"), 3)
    assert [item.part for item in side.overflow if item.part.startswith("body")]
    assert all(item.ident == "t13" and item.size_pt >= 7.0 for item in side.overflow)
    assert all(clip is not None and side.safe.contains(clip) for t, clip in walk_text(side.items)
               if t.text.startswith("overflowing"))


def test_missing_glyphs_are_reported() -> None:
    side = compose_face(face(text="Say 你好 then ♥"), find_size("poker"), 3)
    assert side.missing and side.missing[0].ident == "t13"
    assert set(side.missing[0].characters) == set("你好")


def test_unreadable_art_is_a_print_error(tmp_path: Path) -> None:
    broken = tmp_path / "art.png"
    broken.write_text("not a picture")
    with pytest.raises(PrintError, match="cannot be printed: it is not a picture"):
        compose_face(face(art=broken), find_size("poker"), 3)


@pytest.mark.parametrize("look", ["classic", "hidden-rules", "mao", "jokers-secret",
                                  "what-the-rule"])
@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_back_carries_label_and_deck_name_in_the_safe_zone(look: str, size: str) -> None:
    side = compose_card_back(back(look), find_size(size), 3)
    texts = [t for t, _ in walk_text(side.items)]
    words = " ".join(t.text for t in texts)
    assert "ACTION" in words and "Hidden Rules — Base Set" in words
    assert not side.overflow
    assert all(side.safe.contains(t.box) for t in texts)
    assert isinstance(side.items[0], Fill) and side.items[0].box == side.bleed


@pytest.mark.parametrize("turns", [0, 1, -1, 2])
def test_turned_text_is_drawn_inside_its_box_in_pngs(turns: int) -> None:
    from PIL import ImageOps

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


@pytest.mark.parametrize("look, section", LOOK_SECTIONS)
def test_short_text_is_set_large_and_long_text_still_fits(look: str, section: str) -> None:
    poker = find_size("poker")
    short = compose_face(face(look, section, text="When you play a seven…"), poker, 3)
    body = drawn_named(short, "body") + drawn_named(short, "body_titled")
    assert body and min(text.size for text in body) >= 13
    long = compose_face(face(look, section), poker, 3)
    sizes = {text.size for text in drawn_named(long, "body") + drawn_named(long, "body_titled")}
    assert sizes and 7.0 <= min(sizes) < 14 and not long.overflow
    # The floor is kept: what cannot fit at 7 pt is reported at 7 pt.
    crammed = compose_face(face(look, section, text="word " * 400), poker, 3)
    assert [(o.part, o.size_pt) for o in crammed.overflow] in (
        [("body", 7.0)], [("body_titled", 7.0)])


@pytest.mark.parametrize("look, section", LOOK_SECTIONS)
@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_panel_edges_stay_clear_of_the_cutting_tolerance(look: str, section: str,
                                                         size: str) -> None:
    """A panel edge within 1/8 in of the trim shows every wobble of the cut as a frame that
    is thick on one side and thin on the other; a panel that runs off the card (Hidden
    Rules' open side) has no edge there to show."""
    side = compose_face(face(look, section), find_size(size), 3)
    inner = side.trim.inset(mm(CUTTING_TOLERANCE_MM + 0.5))
    for record in side.placed:
        if record.name not in PANELS:
            continue
        box = record.box
        for edge, inside, off_card in ((box.x, box.x >= inner.x, box.x <= side.bleed.x),
                                       (box.right, box.right <= inner.right,
                                        box.right >= side.bleed.right),
                                       (box.y, box.y >= inner.y, box.y <= side.bleed.y),
                                       (box.top, box.top <= inner.top,
                                        box.top >= side.bleed.top)):
            assert inside or off_card, (record.name, edge)
