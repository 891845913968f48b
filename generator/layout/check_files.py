"""The files a layout names that cannot be used: fonts (`font-unusable`), icons
(`icon-unusable`) and pictures (`art-unusable`), each said in a sentence when the layout is
read, before anything is drawn."""

from __future__ import annotations

from pathlib import Path


def font_problem(path: Path) -> str | None:
    """Why the font file at `path` cannot be used, in words; None when it can."""
    if not path.is_file():
        return "it is not a file"
    from generator.printing.font_files import font_problem as face_problem

    return face_problem(path)


def icon_problem(path: Path) -> str | None:
    """Why the icon file at `path` cannot be drawn, in words; None when it can (a stranger's
    SVG is refused when it refers to anything outside itself)."""
    if not path.is_file():
        return "it is not a file"
    from generator.printing.icons import icon_problem as art_of_icon_problem

    problem = art_of_icon_problem(path)
    prefix = f'"{path.name}" cannot be used: '
    return problem[len(prefix):] if problem and problem.startswith(prefix) else problem


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
