"""The `dtc-cmyk` build target: the print-shop PDF in CMYK as PDF/X-1a, for DriveThruCards.

Its choices (the CMYK profile, `--icc`, and the ink limit, `--ink-limit`) travel with the
build's sheet options. It needs a CMYK colour profile: named on its own, a build without one
fails with find_inks' sentence saying what to install; reached through `all`, it is left out
with a line saying why and how to get it, and the other targets are built (`cmyk_targets`).
Its writer is with the other targets' (targets.py); the print engine, and the colour
engine, load only when they are needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.deck import LoadedDeck
    from generator.pipeline.sheet_options import SheetOptions
    from generator.printing.inks import InkOptions

CMYK_TARGET = "dtc-cmyk"


def cmyk_targets(targets: tuple[str, ...], asked: Sequence[str],
                 options: InkOptions) -> tuple[tuple[str, ...], str | None]:
    """`targets` with the CMYK target left out, and a line saying why, when no CMYK profile
    can be found and the target came only through `all`; named in `asked` (as typed), the
    PrintError saying what to do goes on. Without the CMYK target, `targets` as they are."""
    from generator.printing.errors import PrintError
    from generator.printing.inks import find_inks

    if CMYK_TARGET not in targets:
        return targets, None
    try:
        find_inks(options)
    except PrintError as error:
        named = any(part.strip().lower() == CMYK_TARGET for name in asked
                    for part in name.split(","))
        if named:
            raise
        return (tuple(name for name in targets if name != CMYK_TARGET),
                f"{CMYK_TARGET} left out: {error}")
    return targets, None


def with_designer_colours(deck: LoadedDeck, sheets: SheetOptions) -> SheetOptions:
    """`sheets` whose inks hold the colours the deck's layout gives in CMYK (`cmyk:`)."""
    from generator.layout.deck_look import given_cmyk
    from generator.printing.inks import InkOptions

    given = given_cmyk(deck)
    if not given:
        return sheets
    return replace(sheets, inks=replace(sheets.inks or InkOptions(), given=given))
