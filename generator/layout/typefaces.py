"""The font a text element is set in: its family's style, then the look's fallback families,
then DejaVu Sans, as one chain measured and drawn character by character
(`generator.printing.fonts.font_chain`), inline icons measured as their icons.

Families a layout may name without shipping a file: DejaVu Sans, DejaVu Serif, DejaVu Sans
Condensed (bold), Bebas Neue (a capitals display face) and Blankenburg (blackletter); any
other is one of the layout's `fonts:`. A style a family lacks is set in the family's regular
(the checker says so).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path

from generator.printing import fonts as faces

from .look import Look

BUILTIN_FAMILY = "DejaVu Sans"
BUILTIN_FAMILIES: dict[str, dict[str, str]] = {
    "DejaVu Sans": {"regular": faces.REGULAR, "bold": faces.BOLD, "italic": faces.OBLIQUE,
                    "bold-italic": faces.BOLD_OBLIQUE},
    "DejaVu Serif": {"regular": faces.SERIF, "bold": faces.SERIF_BOLD,
                     "italic": faces.SERIF_ITALIC, "bold-italic": faces.SERIF_BOLD_ITALIC},
    "DejaVu Sans Condensed": {"bold": faces.CONDENSED_BOLD},
    "Bebas Neue": {"regular": faces.DISPLAY, "bold": faces.DISPLAY_BOLD},
    "Blankenburg": {"regular": faces.BLACKLETTER},
}
STYLE_KEYS = {"regular": "regular", "bold": "bold", "italic": "italic",
              "bold-italic": "bold_italic"}


def family_file(look: Look, family: str, style: str) -> Path | None:
    """The file a layout's family sets `style` in (its regular when it has no such style)."""
    files = look.fonts.get(family, {})
    return files.get(STYLE_KEYS[style]) or files.get(style) or files.get("regular")


def face_of(look: Look, family: str, style: str) -> str:
    """One family's font name in `style`: a built-in face, or the layout's file registered."""
    builtin = BUILTIN_FAMILIES.get(family)
    if (builtin is not None and family not in look.fonts) or family == BUILTIN_FAMILY:
        faces_of = builtin or BUILTIN_FAMILIES[BUILTIN_FAMILY]
        return (faces_of.get(style) or faces_of.get("bold" if "bold" in style else "regular")
                or next(iter(faces_of.values())))
    path = family_file(look, family, style)
    if path is None:
        return faces.BOLD if "bold" in style else faces.REGULAR
    return _registered(path)


@functools.cache
def _registered(path: Path) -> str:
    from generator.printing.font_files import register_font_file

    return register_font_file(path)


def font_for(look: Look, family: str, style: str, icons: Mapping[str, Path]) -> str:
    """The font name to measure and draw with: `family` in `style`, then the look's fallback
    families in the same style, then DejaVu Sans; the private-use characters of `icons`
    measured as their icons (a plain font name when there is nothing to chain)."""
    members = [face_of(look, family, style)]
    members += [face_of(look, other, style) for other in look.fallback if other != family]
    advances = _icon_advances(icons)
    if len(members) == 1 and faces.is_dejavu(members[0]) and not advances:
        return members[0]
    return faces.font_chain(members, advances)


def _icon_advances(icons: Mapping[str, Path]) -> dict[str, float]:
    """Each inline icon's width at 1 pt, side bearings included."""
    if not icons:
        return {}
    from generator.printing.icons import inline_advance

    return {char: inline_advance(path) for char, path in icons.items()}


def text_fonts(look: Look) -> str | None:
    """The font (a chain) a card's words are set in: the front element printing `{text}`,
    for the glyph check; None when the look sets them in hrdeck's own font alone."""
    if not look.fonts and not look.fallback:
        return None
    for section_template in look.templates.values():
        for element in section_template:
            spec = element.spec
            if spec.type == "text" and "{text}" in (spec.text or ""):
                return font_for(look, spec.font or BUILTIN_FAMILY, spec.style or "regular", {})
    return None
