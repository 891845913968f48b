"""Card art as hrdeck accepts it: a PNG or JPEG file of bounded size, read whole.

A picture is refused with a sentence before anything is drawn when its file is too large,
its header promises too many pixels (a "decompression bomb" is a small file claiming
40,000 × 40,000), or its data stops short. 25 megapixels is five times what a poker card
needs at 600 dpi.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from .errors import PrintError

MAX_ART_PIXELS = 25_000_000
MAX_ART_BYTES = 50_000_000
FORMATS = ("PNG", "JPEG")


def art_problem(path: Path, *, decode: bool = True) -> str | None:
    """Why the picture at `path` cannot be printed, in words; None when it can.

    With `decode`, the whole picture is read, so a truncated file is found too.
    """
    problem, _ = _inspect(path, decode)
    return problem


def art_size(path: Path) -> tuple[int, int]:
    """The picture's width and height in pixels, or a PrintError saying why it is unusable."""
    problem, size = _inspect(path, decode=False)
    if problem is not None:
        raise PrintError(f"The card picture {path} cannot be printed: {problem}.")
    return size


def _inspect(path: Path, decode: bool) -> tuple[str | None, tuple[int, int]]:
    """(why it cannot be printed or None, its size in pixels), from one opening."""
    from PIL import Image, UnidentifiedImageError

    try:
        if path.stat().st_size > MAX_ART_BYTES:
            return f"the file is larger than {MAX_ART_BYTES // 1_000_000} MB", (0, 0)
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                width, height = image.size
                if image.format not in FORMATS:
                    return f"it is {image.format or 'not a picture'}, not PNG or JPEG", (0, 0)
                if width * height > MAX_ART_PIXELS:
                    return (f"it is {width:,} × {height:,} pixels; card art may have at most "
                            f"{MAX_ART_PIXELS // 1_000_000} million (2,000 pixels on the long "
                            "side is plenty for print)"), (0, 0)
                if decode:
                    image.load()
    except UnidentifiedImageError:
        return "it is not a picture hrdeck can print (PNG or JPEG)", (0, 0)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return f"it claims more than {MAX_ART_PIXELS // 1_000_000} million pixels", (0, 0)
    except OSError as error:
        reason = str(error).rstrip(".") or error.__class__.__name__
        return f"it cannot be read as a picture ({reason})", (0, 0)
    except Exception as error:  # Pillow raises many kinds for a file it cannot read
        return f"it cannot be read as a picture ({error.__class__.__name__})", (0, 0)
    return None, (width, height)


def printing_art(path: Path) -> PrintError:
    """The error for a picture that failed while being drawn (e.g. its data stops short)."""
    problem = art_problem(path) or "it could not be drawn"
    return PrintError(f"The card picture {path} cannot be printed: {problem}.")
