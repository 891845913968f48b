"""The files a layout names that cannot be used: fonts (`font-unusable`), icons
(`icon-unusable`) and pictures (`art-unusable`), each said in a sentence when the layout is
read, before anything is drawn."""

from __future__ import annotations

from pathlib import Path

# The first bytes of the font files hrdeck can embed: TrueType, OpenType (CFF) and the
# collections and Apple variants of TrueType.
FONT_SIGNATURES = (b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf")
ICON_SUFFIXES = (".svg", ".png")
SVG_HEAD = 4096  # an SVG's <svg> tag is looked for this far in


def font_problem(path: Path) -> str | None:
    """Why the font file at `path` cannot be used, in words; None when it can.

    Until the fonts helper's own `generator.printing.fonts.font_problem` is in, a file is
    taken as a font when it starts as a TrueType or OpenType file does.
    """
    if not path.is_file():
        return "it is not a file"
    with path.open("rb") as file:
        head = file.read(4)
    if head not in FONT_SIGNATURES:
        return "it is not a TrueType or OpenType font (.ttf or .otf)"
    return None


def icon_problem(path: Path) -> str | None:
    """Why the icon file at `path` cannot be drawn, in words; None when it can."""
    if not path.is_file():
        return "it is not a file"
    if path.suffix.lower() not in ICON_SUFFIXES:
        return f'an icon is an SVG or PNG file, and "{path.name}" is neither'
    if path.suffix.lower() == ".png":
        return art_problem(path)
    with path.open("rb") as file:
        head = file.read(SVG_HEAD)
    if b"<svg" not in head:
        return "it is not an SVG picture (no <svg> element at its start)"
    return None


def art_problem(path: Path) -> str | None:
    """Why the picture at `path` cannot be printed, in words; None when it can."""
    if not path.is_file():
        return "it is not a file"
    from generator.printing.art import art_problem as picture_problem

    return picture_problem(path)


# What each kind of file the layout names is checked with, the code of its problem and
# what it is called.
CHECKS = {"font": ("font-unusable", font_problem, "font file"),
          "icon": ("icon-unusable", icon_problem, "icon file"),
          "art": ("art-unusable", art_problem, "picture")}


def file_problem(kind: str, path: Path, written: str) -> tuple[str, str] | None:
    """(issue code, message) for the file of `kind` (font, icon or art) written as
    `written` and found at `path`, when it cannot be used."""
    code, check, noun = CHECKS[kind]
    problem = check(path)
    if problem is None:
        return None
    return code, f'The {noun} "{written}" cannot be used: {problem}.'


__all__ = ["file_problem", "font_problem", "icon_problem"]
