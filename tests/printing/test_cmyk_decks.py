"""The CMYK shop PDF of every shipped deck is PDF/X-1a and passes the preflight; ghostscript,
where installed, confirms the inks from the rendered pixels; a file that fails is not written."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image

from engine.games import load_part
from generator.deck import load_deck
from generator.pipeline.cmyk_target import with_designer_colours
from generator.pipeline.faces import faces_for
from generator.pipeline.sheet_options import SheetOptions
from generator.printing import inks as inks_module
from generator.printing.inks import InkOptions, find_inks
from generator.printing.pdfx import PdfxError, PdfxSummary, write_pdfx
from generator.printing.pdfx_content import INK_SLACK
from generator.printing.pdfx_preflight import PdfxFinding, PdfxReport, preflight_pdfx

from .pdfx_files import SWOP

ROOT = Path(__file__).resolve().parents[2]
DECKS = [*sorted((ROOT / "decks").glob("*.yaml")), ROOT / "decks/examples/pirates/pirates.yaml"]

pytestmark = pytest.mark.skipif(not SWOP.is_file(), reason="needs ghostscript's CMYK profile "
                                "(apt install libgs-common)")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, PdfxSummary]:
    """Each shipped deck's CMYK file, written once for the module, as the target writes it."""
    folder = tmp_path_factory.mktemp("cmyk")
    files = {}
    for path in DECKS:
        deck = load_deck(path)
        assert deck.info is not None
        load_part(deck.info.base_game, "printing")
        fronts, backs = faces_for(deck)
        inks = find_inks(with_designer_colours(deck, SheetOptions()).inks or InkOptions())
        files[path.stem] = write_pdfx(folder / f"{path.stem}.pdf", fronts, backs, inks=inks,
                                      deck_name=deck.info.name)
    return files


@pytest.mark.parametrize("deck", [path.stem for path in DECKS])
def test_every_shipped_deck_passes_the_pdfx_preflight(built: dict[str, PdfxSummary],
                                                      deck: str) -> None:
    summary = built[deck]
    report = preflight_pdfx(summary.path)
    assert report.passed, report.sentences()
    assert report.most_ink <= 300 + INK_SLACK and report.most_ink == summary.most_ink
    with pikepdf.open(summary.path) as pdf:
        assert len(pdf.pages) == summary.pages == 2 * summary.cards
        assert pdf.pdf_version == "1.3" and len(pdf.Root.OutputIntents) == 1
        assert all("/TrimBox" in page.obj and "/BleedBox" in page.obj for page in pdf.pages)


def test_a_colour_the_layout_gives_in_cmyk_is_printed_exactly(
        built: dict[str, PdfxSummary]) -> None:
    """The pirate deck's layout gives its sea as C 95 M 60 Y 40 K 25."""
    found = set()
    with pikepdf.open(built["pirates"].path) as pdf:
        for page in pdf.pages[:2]:
            for xobject in page.resources.XObject.values():
                found |= {tuple(float(v) for v in instruction.operands)
                          for instruction in pikepdf.parse_content_stream(xobject)
                          if str(instruction.operator) in ("k", "K")}
    assert (0.95, 0.6, 0.4, 0.25) in found


def cmyk_pixels(pdf: Path, page: int, tmp_path: Path) -> np.ndarray:
    """Page `page` rendered by ghostscript into CMYK pixels (0..255 each ink)."""
    out = tmp_path / f"page{page}.tif"
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc",
                    "-r100", f"-dFirstPage={page}", f"-dLastPage={page}",
                    f"-sOutputFile={out}", str(pdf)], check=True, timeout=60)
    with Image.open(out) as image:
        assert image.mode == "CMYK"
        return np.asarray(image, dtype=np.int32)


needs_gs = pytest.mark.skipif(shutil.which("gs") is None, reason="needs ghostscript (gs)")


@needs_gs
def test_ghostscript_finds_no_pixel_over_the_ink_limit(built: dict[str, PdfxSummary],
                                                       tmp_path: Path) -> None:
    pixels = cmyk_pixels(built["pirates"].path, 1, tmp_path)  # the most colourful card
    most = pixels.sum(axis=-1).max() * 100 / 255
    assert 200 < most <= 300 + INK_SLACK


@needs_gs
def test_ghostscript_sees_black_text_on_black_ink_alone(built: dict[str, PdfxSummary],
                                                        tmp_path: Path) -> None:
    pixels = cmyk_pixels(built["what-the-rule"].path, 1, tmp_path)
    height, width, _ = pixels.shape
    corner = pixels[: height // 4, : width // 3]  # the card's number, in black, on white
    assert (corner[..., 3] > 200).sum() > 50  # the digit is there, in solid black
    assert corner[..., :3].max() == 0  # and carries no cyan, magenta or yellow


def test_a_file_that_fails_the_preflight_is_not_written(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    from generator.printing import pdfx_preflight

    def failing(path: Path, *, ink_limit: float) -> PdfxReport:
        return PdfxReport(path=path, pages=2, version="1.3", profile="", most_ink=0.0,
                          findings=(PdfxFinding(message="An image is in RGB.", pages=(2,)),))

    monkeypatch.setattr(pdfx_preflight, "preflight_pdfx", failing)
    deck = load_deck(DECKS[0])
    assert deck.info is not None
    load_part(deck.info.base_game, "printing")
    fronts, backs = faces_for(deck)
    with pytest.raises(PdfxError, match="would not pass as PDF/X-1a:2001") as raised:
        write_pdfx(tmp_path / "cards.pdf", fronts[:1], backs[:1],
                   inks=inks_module.find_inks(InkOptions()), deck_name="D")
    assert "page 2: An image is in RGB." in str(raised.value)
    assert list(tmp_path.iterdir()) == []  # neither the file nor anything temporary
