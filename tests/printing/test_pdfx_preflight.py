"""The PDF/X-1a preflight: a clean CMYK file passes; each fault a shop refuses is caught, on
the page it is on, in a sentence that says what to do."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pikepdf
import pytest
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from generator.printing.pdfx_preflight import PdfxReport, preflight_pdfx

from .pdfx_files import PAGE, SWOP, altered, clean_drawing, first_image, make_file

pytestmark = pytest.mark.skipif(not SWOP.is_file(), reason="needs ghostscript's CMYK profile "
                                "(apt install libgs-common)")


def only_finding(report: PdfxReport) -> str:
    (sentence,) = report.sentences()
    return sentence


def test_a_clean_cmyk_file_passes_and_says_what_it_is(tmp_path: Path) -> None:
    report = preflight_pdfx(make_file(tmp_path / "clean.pdf"))
    assert report.passed, report.sentences()
    assert report.version == "1.3" and report.pages == 2
    assert report.profile == "Artifex CMYK SWOP Profile"
    assert report.most_ink == pytest.approx(160)  # the form's stroke: 90 + 50 + 0 + 20
    assert report.line().endswith("passes") and "PDF/X-1a:2001" in report.line()


def test_the_packaging_writes_what_pdfx_names(tmp_path: Path) -> None:
    with pikepdf.open(make_file(tmp_path / "clean.pdf")) as pdf:
        assert pdf.pdf_version == "1.3" and not pdf.is_encrypted
        assert "/ID" in pdf.trailer
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and intent.DestOutputProfile.N == 4
        assert intent.DestOutputProfile.read_bytes() == SWOP.read_bytes()
        assert str(intent.OutputConditionIdentifier) == "Artifex CMYK SWOP Profile"
        info = pdf.docinfo
        assert (str(info.GTS_PDFXVersion), str(info.GTS_PDFXConformance)) == (
            "PDF/X-1:2001", "PDF/X-1a:2001")
        assert info.Trapped == pikepdf.Name("/False") and str(info.Title) == "Test"
        meta = pdf.open_metadata()
        assert meta["pdf:Trapped"] == "False" and meta["dc:title"] == "Test"
        assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-1:2001"
        assert meta["pdf:Producer"] == str(info.Producer)
    assert b"/ObjStm" not in (tmp_path / "clean.pdf").read_bytes()


def drawn_with(extra: Callable[[Canvas], None]) -> Callable[[Canvas], None]:
    """The clean card with `extra` drawn on it."""
    def draw(canvas: Canvas) -> None:
        clean_drawing(canvas)
        extra(canvas)
    return draw


def test_an_rgb_colour_inside_a_form_is_found_on_the_pages_drawing_it(tmp_path: Path) -> None:
    def rgb_form(canvas: Canvas) -> None:
        if not canvas.hasForm("rgb"):
            canvas.beginForm("rgb")
            canvas.setFillColorRGB(0.2, 0.3, 0.9)
            canvas.rect(10, 10, 20, 20, fill=1)
            canvas.endForm()
        canvas.doForm("rgb")

    sentence = only_finding(preflight_pdfx(make_file(tmp_path / "x.pdf",
                                                     drawn_with(rgb_form))))
    assert sentence.startswith("pages 1–2: ") and "RGB (the rg operator)" in sentence
    assert "CMYK" in sentence


def test_an_rgb_image_is_found(tmp_path: Path) -> None:
    def rgb_image(canvas: Canvas) -> None:
        canvas.drawImage(ImageReader(Image.new("RGB", (8, 6), (10, 200, 30))), 5, 5)

    sentence = only_finding(preflight_pdfx(make_file(tmp_path / "x.pdf", drawn_with(rgb_image),
                                                     pages=1)))
    assert sentence == "page 1: An image (8 × 6 px) is in RGB; convert it to CMYK."


def test_a_soft_mask_is_found(tmp_path: Path) -> None:
    def soft_mask(pdf: pikepdf.Pdf) -> None:
        image = first_image(pdf)
        image.SMask = pikepdf.Stream(pdf, bytes(30 * 20), Type=pikepdf.Name.XObject,
                                     Subtype=pikepdf.Name.Image, Width=30, Height=20,
                                     ColorSpace=pikepdf.Name.DeviceGray, BitsPerComponent=8)

    path = altered(make_file(tmp_path / "x.pdf"), soft_mask)
    sentence = only_finding(preflight_pdfx(path))
    assert "soft mask (SMask)" in sentence and "1-bit mask" in sentence


def test_a_stencil_mask_passes(tmp_path: Path) -> None:
    def stencil(pdf: pikepdf.Pdf) -> None:
        first_image(pdf).Mask = pikepdf.Stream(
            pdf, bytes(4 * 20), Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
            Width=30, Height=20, ImageMask=True, BitsPerComponent=1)

    assert preflight_pdfx(altered(make_file(tmp_path / "x.pdf"), stencil)).passed


def test_half_transparent_fills_are_found(tmp_path: Path) -> None:
    def see_through(canvas: Canvas) -> None:
        canvas.setFillAlpha(0.5)
        canvas.rect(10, 10, 20, 20, fill=1)

    sentence = only_finding(preflight_pdfx(make_file(tmp_path / "x.pdf",
                                                     drawn_with(see_through))))
    assert "see-through (/ca 0.5)" in sentence and "white" in sentence


def test_a_page_without_trimbox_is_named(tmp_path: Path) -> None:
    def no_trim(pdf: pikepdf.Pdf) -> None:
        del pdf.pages[1].obj["/TrimBox"]

    sentence = only_finding(preflight_pdfx(altered(make_file(tmp_path / "x.pdf"), no_trim)))
    assert sentence == "page 2: The page has no TrimBox, so the shop cannot tell where to cut."


def test_a_trimbox_outside_the_bleedbox_is_found(tmp_path: Path) -> None:
    def too_wide(pdf: pikepdf.Pdf) -> None:
        pdf.pages[0].obj.TrimBox = pikepdf.Array([-1, 9, 189, 261])

    sentence = only_finding(preflight_pdfx(altered(make_file(tmp_path / "x.pdf"), too_wide)))
    assert sentence == "page 1: The TrimBox reaches outside the BleedBox."


def test_an_unembedded_base_14_font_is_named(tmp_path: Path) -> None:
    def helvetica(canvas: Canvas) -> None:
        canvas.setFont("Helvetica", 9)
        canvas.drawString(10, 10, "plain")

    sentence = only_finding(preflight_pdfx(make_file(tmp_path / "x.pdf",
                                                     drawn_with(helvetica))))
    assert "The font Helvetica is not embedded" in sentence


def test_a_file_without_output_intent_is_refused(tmp_path: Path) -> None:
    def no_intent(pdf: pikepdf.Pdf) -> None:
        del pdf.Root["/OutputIntents"]

    sentence = only_finding(preflight_pdfx(altered(make_file(tmp_path / "x.pdf"), no_intent)))
    assert sentence.startswith("The file has no PDF/X output intents; it needs exactly one")


def test_an_rgb_profile_as_output_intent_is_refused(tmp_path: Path) -> None:
    def rgb_intent(pdf: pikepdf.Pdf) -> None:
        rgb = SWOP.with_name("default_rgb.icc").read_bytes()
        pdf.Root.OutputIntents[0].DestOutputProfile = pikepdf.Stream(pdf, rgb, N=3)

    sentence = only_finding(preflight_pdfx(altered(make_file(tmp_path / "x.pdf"), rgb_intent)))
    assert "not a CMYK profile" in sentence


def test_trapping_not_stated_is_found(tmp_path: Path) -> None:
    def no_trapped(pdf: pikepdf.Pdf) -> None:
        del pdf.docinfo["/Trapped"]

    sentence = only_finding(preflight_pdfx(altered(make_file(tmp_path / "x.pdf"), no_trapped)))
    assert "does not state trapping" in sentence


def test_320_per_cent_ink_is_over_the_limit(tmp_path: Path) -> None:
    def heavy(canvas: Canvas) -> None:
        canvas.setFillColorCMYK(0.8, 0.8, 0.8, 0.8)
        canvas.rect(10, 10, 20, 20, fill=1)

    path = make_file(tmp_path / "x.pdf", drawn_with(heavy), pages=1)
    sentence = only_finding(preflight_pdfx(path))
    assert sentence.startswith("page 1: A colour carries 320% ink (C+M+Y+K)")
    assert "300% limit" in sentence
    assert preflight_pdfx(path, ink_limit=340).passed  # a shop that takes more


def test_a_heavy_cmyk_image_is_over_the_limit(tmp_path: Path) -> None:
    def heavy(canvas: Canvas) -> None:
        picture = Image.new("CMYK", (4, 4), (0, 0, 0, 0))
        picture.putpixel((2, 3), (250, 250, 250, 100))  # one pixel: 333 %
        canvas.drawImage(ImageReader(picture), 5, 5, width=8, height=8)

    path = make_file(tmp_path / "x.pdf", drawn_with(heavy), pages=1)
    sentence = only_finding(preflight_pdfx(path))
    assert "An image (4 × 4 px) carries 333% ink" in sentence


def test_object_streams_and_a_newer_version_are_found(tmp_path: Path) -> None:
    path = altered(make_file(tmp_path / "x.pdf"), lambda pdf: None, force_version="1.5",
                   object_stream_mode=pikepdf.ObjectStreamMode.generate)
    sentences = preflight_pdfx(path).sentences()
    assert any(s.startswith("The file is PDF 1.5; PDF/X-1a:2001 is a PDF 1.3 file")
               for s in sentences)
    assert any("object streams, a PDF 1.5 feature" for s in sentences)
    assert len(sentences) == 2


def test_an_encrypted_file_is_refused(tmp_path: Path) -> None:
    path = make_file(tmp_path / "x.pdf")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.save(path, encryption=pikepdf.Encryption(owner="o", user="u"))
    assert "encrypted" in only_finding(preflight_pdfx(path))


def test_a_clean_page_size_is_what_was_drawn(tmp_path: Path) -> None:
    with pikepdf.open(make_file(tmp_path / "x.pdf")) as pdf:
        assert [float(v) for v in pdf.pages[0].mediabox] == [0, 0, *PAGE]


def test_a_shading_the_drawing_does_not_hold_is_found(tmp_path: Path) -> None:
    def stray_shading(canvas: Canvas) -> None:
        canvas._code.append("/Sh0 sh")  # what svglib's gradients leave in a form

    path = make_file(tmp_path / "x.pdf", drawn_with(stray_shading), pages=1)
    assert "A shading (Sh0) is drawn that the drawing's resources do not hold" in only_finding(
        preflight_pdfx(path))


def test_the_packaging_copies_the_drawn_streams_as_they_are(tmp_path: Path) -> None:
    """Made PDF/X without decoding and compressing again what reportlab wrote."""
    from generator.printing.pdf import new_canvas, save
    from generator.printing.pdfx import make_pdfx

    drawn = tmp_path / "drawn.pdf"
    canvas = new_canvas(drawn, PAGE, title="T", subject="s")
    clean_drawing(canvas)
    canvas.showPage()
    save(canvas)
    make_pdfx(drawn, tmp_path / "x.pdf", profile=SWOP.read_bytes(), profile_name="SWOP",
              title="T")

    def raw_streams(path: Path) -> list[bytes]:
        with pikepdf.open(path) as pdf:
            return sorted(obj.read_raw_bytes() for obj in pdf.objects
                          if isinstance(obj, pikepdf.Stream) and "/N" not in obj
                          and obj.get("/Type") != "/Metadata")

    assert raw_streams(tmp_path / "x.pdf") == raw_streams(drawn)
