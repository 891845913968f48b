"""Print-shop files: one side per page with TrimBox and BleedBox, and shop-sized PNGs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.printing import PrintError, write_shop_pdf, write_shop_pngs
from generator.printing.pngs import png_names

from .conftest import deck, red_pixels
from .pdfread import box_mm, placements, size_mm, verify_fonts_embedded


def test_dtc_pages_alternate_front_and_back_with_boxes(tmp_path: Path) -> None:
    fronts, backs = deck(5, deck_name="Hidden Rules")
    summary = write_shop_pdf(tmp_path / "dtc.pdf", fronts, backs, profile="dtc")
    reader = PdfReader(summary.paths[0])
    assert summary.pages == len(reader.pages) == 10
    assert summary.page_mm == pytest.approx((69.85, 95.25), abs=0.01)
    for number, page in enumerate(reader.pages):
        # 2.5 × 3.5 in cards with 1/8 in bleed: the page is 2.75 × 3.75 in.
        assert size_mm(page) == pytest.approx((69.85, 95.25), abs=0.1)
        assert box_mm(page.trimbox) == pytest.approx((3.175, 3.175, 66.675, 92.075), abs=0.01)
        assert box_mm(page.bleedbox) == pytest.approx((0, 0, 69.85, 95.25), abs=0.01)
        assert box_mm(page.mediabox) == pytest.approx(box_mm(page.bleedbox), abs=0.001)
        (placed,) = placements(reader, page)
        assert placed.matrix[:4] == (1, 0, 0, 1)
        text = page.extract_text()
        card = fronts[number // 2]
        if number % 2 == 0:
            assert card.heading in text and card.text.split()[0] in text
        else:
            assert card.label in text and "Hidden Rules" in text and card.heading not in text
    verify_fonts_embedded(summary.paths[0])


def test_size_and_bleed_can_be_chosen(tmp_path: Path) -> None:
    fronts, backs = deck(2)
    summary = write_shop_pdf(tmp_path / "p.pdf", fronts, backs, size="poker", bleed_mm=2)
    page = PdfReader(summary.paths[0]).pages[0]
    assert size_mm(page) == pytest.approx((67, 92), abs=0.1)
    assert box_mm(page.trimbox) == pytest.approx((2, 2, 65, 90), abs=0.01)


def test_split_profile_writes_fronts_and_backs_apart(tmp_path: Path) -> None:
    fronts, backs = deck(4)
    summary = write_shop_pdf(tmp_path / "deck.pdf", fronts, backs, profile="split")
    assert [p.name for p in summary.paths] == ["deck-fronts.pdf", "deck-backs.pdf"]
    assert not (tmp_path / "deck.pdf").exists()
    front_pages = PdfReader(summary.paths[0]).pages
    back_pages = PdfReader(summary.paths[1]).pages
    assert len(front_pages) == len(back_pages) == 4
    for card, front, back in zip(fronts, front_pages, back_pages, strict=True):
        assert card.heading in front.extract_text()
        assert card.heading not in back.extract_text() and card.label in back.extract_text()


def test_unknown_profile(tmp_path: Path) -> None:
    fronts, backs = deck(1)
    with pytest.raises(PrintError, match='Did you mean "dtc"'):
        write_shop_pdf(tmp_path / "x.pdf", fronts, backs, profile="dct")
    with pytest.raises(PrintError, match='Did you mean "mpc"'):
        write_shop_pngs(tmp_path / "x", fronts, backs, profile="mcp")


@pytest.mark.parametrize(("profile", "pixels"), [("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_pngs_have_the_shop_pixel_size(tmp_path: Path, profile: str,
                                       pixels: tuple[int, int]) -> None:
    fronts, backs = deck(3)
    summary = write_shop_pngs(tmp_path / profile, fronts, backs, profile=profile)
    files = sorted((tmp_path / profile).glob("*.png"))
    assert len(files) == 3 + 2 == len(summary.files) - 1  # a back each for triggers and actions
    for path in files:
        with Image.open(path) as image:
            assert image.size == pixels
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)  # stored per metre
    assert summary.pixels == pixels


def test_png_names_sort_in_deck_order() -> None:
    fronts, _ = deck(120)
    names = png_names(fronts)
    assert sorted(names) == names
    assert names[0] == "front-001-trigger-1.png"
    assert names[119] == "front-120-action-120.png"
    assert all(re.fullmatch(r"[a-z0-9-]+\.png", name) for name in names)


def test_each_distinct_back_is_written_once_and_the_readme_says_where_it_goes(
        tmp_path: Path) -> None:
    fronts, backs = deck(91)  # alternating trigger, action
    summary = write_shop_pngs(tmp_path / "tgc", fronts, backs)
    folder = tmp_path / "tgc"
    assert sorted(p.name for p in folder.glob("back-*.png")) == ["back-action.png",
                                                               "back-trigger.png"]
    assert len(list(folder.glob("front-*.png"))) == 91
    assert (summary.fronts, summary.backs) == (91, 2)
    with Image.open(folder / "back-trigger.png") as back:
        assert back.size == (825, 1125)
    readme = (folder / "README.txt").read_text(encoding="utf-8")
    assert "back-trigger.png: 46 card(s), fronts 1, 3, 5" in readme
    assert "back-action.png: 45 card(s), fronts 2, 4, 6" in readme
    assert "The Game Crafter" in readme


def test_png_front_shows_red_hearts_and_the_accent(tmp_path: Path) -> None:
    fronts, backs = deck(1, text="♥ ♥ ♥ ♦ ♦ ♦")
    write_shop_pngs(tmp_path / "tgc", fronts, backs)
    with Image.open(tmp_path / "tgc" / "front-001-trigger-1.png") as image:
        rgb = image.convert("RGB")
        assert rgb.getpixel((5, 5)) == (0x1F, 0x6F, 0xEB)  # accent all the way into the bleed
        assert red_pixels(rgb) > 500


def test_pngs_replace_an_earlier_run_and_refuse_foreign_folders(tmp_path: Path) -> None:
    folder = tmp_path / "tgc"
    fronts, backs = deck(4)
    write_shop_pngs(folder, fronts, backs)
    write_shop_pngs(folder, fronts[:2], backs[:2])
    assert sorted(p.name for p in folder.iterdir()) == [  # no stale cards 3 and 4 left behind
        "README.txt", "back-action.png", "back-trigger.png", "front-001-trigger-1.png",
        "front-002-action-2.png"]
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(PrintError, match=r"notes\.txt"):
        write_shop_pngs(folder, fronts, backs)
    assert (folder / "notes.txt").read_text() == "mine"
