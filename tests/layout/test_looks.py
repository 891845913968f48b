"""The four games' looks, on the shipped decks' cards as printed: each deck in its game's look,
every text readable and inside its panel and the safe zone, backs that never tell cards
apart, and the old hard-coded design drawing none of them."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.check import CheckOptions
from generator.layout.checks import check_layout
from generator.layout.compose import LookDrawer
from generator.layout.deck_look import deck_look
from generator.layout.load import LOOKS_DIR, load_look
from generator.pipeline import build_deck
from generator.printing import face_designs
from generator.printing.composed import Composed
from generator.printing.drawing import Text, walk_text
from generator.printing.face_designs import compose_face
from generator.printing.faces import CardFace
from generator.printing.units import Box, mm

from .looks import (
    DECKS,
    POKER,
    SHIPPED_LOOKS,
    composed_back,
    composed_front,
    contrast,
    shipped,
    texts,
)

PANELS = ("panel", "frame_inner")  # the element a look sets its words on
LABELS = ("label", "number", "index_count", "back_label")
MIN_GAP_MM = 2.5


@pytest.mark.parametrize("name", list(SHIPPED_LOOKS))
def test_every_shipped_deck_prints_in_its_games_look(name: str) -> None:
    loaded = shipped(name)
    look = deck_look(loaded.deck)
    assert look is not None
    assert look.files[0].stem == "classic"
    assert look.files[-1].stem == SHIPPED_LOOKS[name]
    assert all(face.look is not None for face in loaded.fronts)
    assert all(back.look is not None for back in loaded.backs)
    issues = len(loaded.deck.issues)
    check_layout(loaded.deck)
    assert loaded.deck.issues[issues:] == []


def test_the_old_design_draws_no_shipped_card(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **keys: object) -> None:
        raise AssertionError("drawn by the old design")

    for design in list(face_designs.FACE_DESIGNS):
        monkeypatch.setitem(face_designs.FACE_DESIGNS, design, refused)
    monkeypatch.setattr(face_designs, "compose_back", refused)
    for name in SHIPPED_LOOKS:
        loaded = shipped(name)
        for face, back in list(zip(loaded.fronts, loaded.backs, strict=True))[::7]:
            assert compose_face(face, POKER, 3).placed
            assert composed_back(back).placed


def test_a_game_without_a_look_keeps_its_own_face_designs() -> None:
    """The test suite's fifth game declares no look: its cards keep its own face design."""
    from generator.deck import load_deck
    from tests.fifth_game.plugged import declared_fifth_game

    with declared_fifth_game():
        deck = load_deck(Path(__file__).resolve().parents[1] / "fifth_game" / "deck.yaml")
        assert deck_look(deck) is None


def _each_front(name: str) -> list[int]:
    """Every card of the small decks; every third of the big ones, the longest texts kept."""
    fronts = shipped(name).fronts
    longest = sorted(range(len(fronts)), key=lambda index: -len(fronts[index].text))[:6]
    return sorted({*range(0, len(fronts), 1 if len(fronts) < 100 else 3), *longest})


def _visible(box: Box, other: Box) -> Box | None:
    return box.intersection(other)


@pytest.mark.parametrize("name", list(SHIPPED_LOOKS))
def test_text_sits_in_the_safe_zone_and_well_inside_its_panel(name: str) -> None:
    gap = mm(MIN_GAP_MM)
    for index in _each_front(name):
        side = composed_front(name, index)
        ident = shipped(name).fronts[index].ident
        assert not side.overflow, ident
        panels = [drawn.box for drawn in side.placed if drawn.name in PANELS]
        for drawn in texts(side):
            assert drawn.ink is not None
            assert side.safe.contains(drawn.ink), (ident, drawn.name)
            for panel in panels:
                inside = _visible(panel, side.trim)
                if inside is not None and inside.contains(drawn.ink):
                    assert inside.inset(gap).contains(drawn.ink), (ident, drawn.name)


@pytest.mark.parametrize("name", list(SHIPPED_LOOKS))
def test_every_text_reads_against_what_it_is_printed_on(name: str) -> None:
    sides = [composed_front(name, index) for index in _each_front(name)]
    sides += [composed_back(back) for back in {back.kind: back
                                               for back in shipped(name).backs}.values()]
    for side in sides:
        for drawn in texts(side):
            assert drawn.text is not None and drawn.colour is not None
            assert drawn.text.size >= 7.0, drawn.name
            if drawn.name in LABELS:
                assert drawn.text.size >= 10.0, drawn.name  # across the table
            if drawn.ground is not None:
                assert contrast(drawn.colour, drawn.ground) >= 4.5, (drawn.name,
                                                                       drawn.colour,
                                                                       drawn.ground)


@pytest.mark.parametrize("name", list(SHIPPED_LOOKS))
def test_the_backs_of_a_kind_are_identical_and_kinds_differ(name: str) -> None:
    drawn: dict[str, set[str]] = {}
    for back in shipped(name).backs:
        drawn.setdefault(back.kind, set()).add(repr(composed_back(back).items))
    assert all(len(sides) == 1 for sides in drawn.values())
    every = [next(iter(sides)) for sides in drawn.values()]
    assert len(set(every)) == len(every)  # a trigger pile and an action pile look apart


def test_hidden_rules_halves_meet_at_their_seam() -> None:
    """Laid side by side, a trigger's panel runs off its right edge and an action's off its
    left, at the same height, and the seam's half discs meet: one sentence."""
    loaded = shipped("base")
    trigger = next(i for i, face in enumerate(loaded.fronts) if face.kind == "trigger")
    action = next(i for i, face in enumerate(loaded.fronts) if face.kind == "action")
    first, second = composed_front("base", trigger), composed_front("base", action)

    def named(side: Composed, name: str) -> Box:
        return next(drawn.box for drawn in side.placed if drawn.name == name)

    left, right = named(first, "panel"), named(second, "panel")
    assert left.right > first.trim.right and left.x > first.trim.x  # open to the right
    assert right.x < second.trim.x and right.right < second.trim.right  # open to the left
    assert (left.y, left.h) == (right.y, right.h)
    seam_left, seam_right = named(first, "seam"), named(second, "seam")
    assert seam_left.centre_x == pytest.approx(first.trim.right)
    assert seam_right.centre_x == pytest.approx(second.trim.x)
    assert seam_left.centre_y == pytest.approx(seam_right.centre_y)
    labels = {drawn.name: drawn for drawn in first.placed + second.placed}
    assert labels["label"].text is not None


@pytest.mark.parametrize("look, section", [("hidden-rules", "triggers"),
                                           ("jokers-secret", "aids"), ("mao", "rules"),
                                           ("what-the-rule", "rule_cards")])
def test_hearts_and_diamonds_print_red_in_every_look(look: str, section: str) -> None:
    loaded, issues = load_look(None, LOOKS_DIR, look)
    assert loaded is not None and not issues
    face = CardFace(kind=section.removesuffix("s"), label="CARD", number=3,
                    text="Play a ♥ or a ♦ on a ♠ or a ♣.", accent="#1f5f8b",
                    title="Standard rule", ident="red", section=section, deck_name="Red",
                    fields=(("level", "easy"),), look=LookDrawer(loaded))
    side = compose_face(face, POKER, 3)
    runs = [text for text, _ in walk_text(side.items) if isinstance(text, Text)]
    red = [run for run in runs if "♥" in run.text or "♦" in run.text]
    black = [run for run in runs if "♠" in run.text or "♣" in run.text]
    assert red and all(run.colour == "#c8102e" for run in red)
    assert black and all(run.colour != "#c8102e" for run in black)


EXPECTED_WORDS = {"base": ["TRIGGER", "ACTION", "then an action →"],
                  "jokers-secret-rules": ["TRIGGER", "ACTION"],
                  "jokers-secret": ["PLAYER AID 1", "Special cards"],
                  "mao": ["№ 1", "STANDARD RULE", "SECRET RULE", "RULE"],
                  "what-the-rule": ["RULE 1", "EASY RULE", "What the Rule?!"]}


@pytest.mark.parametrize("name", list(SHIPPED_LOOKS))
def test_each_shipped_deck_builds_in_its_look_with_fonts_embedded(name: str,
                                                                  tmp_path: Path) -> None:
    """`hrdeck build` (the shop PDF, one card a page): the look's words are in the PDF, and
    every font it uses is embedded."""
    report = build_deck(DECKS / f"{name}.yaml", targets=("dtc",), out=tmp_path,
                        check_options=CheckOptions(simulate=False))
    assert not report.failed, report.reason
    (cards,) = [file.path for file in report.files if file.path.name.endswith("-dtc.pdf")]
    reader = PdfReader(cards)
    fronts = shipped(name).fronts  # one page a side: front, back, front ...
    firsts = {face.kind: index for index, face in reversed(list(enumerate(fronts)))}
    secret = [index for index, face in enumerate(fronts) if face.title == "Secret rule"][:1]
    read = sorted({page for index in (*firsts.values(), *secret)
                   for page in (2 * index, 2 * index + 1)})
    words = " ".join(reader.pages[page].extract_text() for page in read)
    for expected in EXPECTED_WORDS[name]:
        assert expected in words, expected
    for page in read:
        for font in reader.pages[page]["/Resources"]["/Font"].values():
            descriptor = font.get_object()
            if "/DescendantFonts" in descriptor:
                descriptor = descriptor["/DescendantFonts"][0].get_object()
            assert "/FontFile2" in descriptor["/FontDescriptor"], descriptor["/BaseFont"]


@pytest.mark.parametrize("look", sorted(set(SHIPPED_LOOKS.values())))
def test_each_look_gives_its_rulebook_a_cover_in_its_colours(look: str) -> None:
    loaded, _ = load_look(None, LOOKS_DIR, look)
    assert loaded is not None and loaded.cover is not None
    assert loaded.cover.background is not None and loaded.cover.ink is not None
    assert contrast(loaded.cover.background, loaded.cover.ink) >= 4.5


def test_the_decks_folder_holds_exactly_the_decks_tested() -> None:
    assert sorted(path.stem for path in DECKS.glob("*.yaml")) == sorted(SHIPPED_LOOKS)
