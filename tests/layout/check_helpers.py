"""The clean fixture deck copied with a layout of the test's own, checked in-process."""

from __future__ import annotations

from pathlib import Path

from generator.check import CheckOptions, check_deck
from generator.issues import Issue

CLEAN = Path(__file__).resolve().parents[1] / "fixtures" / "layouts" / "clean" / "deck.yaml"


def deck_with(folder: Path, layout: str, deck: str | None = None) -> Path:
    """The clean deck (or `deck`) in `folder`, its layout file saying `layout`."""
    if not any(line.startswith("extends:") for line in layout.splitlines()):
        layout = layout.rstrip("\n") + "\nextends: classic\n"  # last: lines keep their numbers
    (folder / "layout.yaml").write_text(layout, encoding="utf-8")
    path = folder / "deck.yaml"
    path.write_text(deck if deck is not None else CLEAN.read_text(encoding="utf-8"),
                    encoding="utf-8")
    return path


def issues_of(folder: Path, layout: str, deck: str | None = None) -> list[Issue]:
    report, _ = check_deck(deck_with(folder, layout, deck), CheckOptions(simulate=False))
    return report.issues


def codes(issues: list[Issue]) -> list[str]:
    return [issue.code for issue in issues]


def picture(path: Path, size: tuple[int, int], colour: str,
            half: str | None = None) -> Path:
    """A PNG of `size` pixels in `colour` (its right half in `half`, when given)."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", size, colour)
    if half is not None:
        ImageDraw.Draw(image).rectangle((size[0] // 2, 0, size[0], size[1]), fill=half)
    image.save(path)
    return path
