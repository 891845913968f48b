"""A preview run, and a watching preview's later runs: each checks the deck, composes the
chosen sides and draws again only those whose drawing changed since the last run."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from generator.paths import output_dir
from generator.printing.atomic import make_folder
from generator.printing.reports import MissingGlyphs, Overflow

from .hints import hinted_image, proof_sheet
from .render import DEFAULT_DPI, side_image, write_png
from .sides import CheckedDeck, Drawing, PreviewSide, checked_deck, compose_sides
from .watch import FileWatch, asset_files, changed_sides, drawing_files

PROOF = "proof.png"


@dataclass(frozen=True, slots=True, kw_only=True)
class PreviewOptions:
    """What to preview: the cards (every card when none is named), their backs too, the proof
    sheet, the resolution and the folder (default output/<deck id>/preview/)."""

    cards: tuple[str, ...] = ()
    backs: bool = False
    hints: bool = False
    dpi: int = DEFAULT_DPI
    out: Path | None = None


@dataclass(slots=True, kw_only=True)
class PreviewRun:
    """What one run did: the deck's check, the files written, which sides were drawn again,
    what did not fit, and how long it took (from the start of the run to the last file)."""

    checked: CheckedDeck
    folder: Path | None = None
    written: list[Path] = field(default_factory=list)
    redrawn: list[str] = field(default_factory=list)
    sides: int = 0
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    card_seconds: float = 0.0  # to the last card's PNG (the proof sheet comes after)
    unoutlined: bool = False  # a proof sheet without elements: the deck has no layout


class Previewer:
    """Previews one deck, remembering what it drew last so that a later run draws only the
    sides that changed; `poll()` runs again when a file the drawing reads has changed."""

    def __init__(self, deck: Path, options: PreviewOptions) -> None:
        self.deck = deck
        self.options = options
        self.drawn: dict[str, Drawing] = {}
        self.hinted: dict[str, Image.Image] = {}
        self.watch = FileWatch([deck])
        self.assets: set[Path] = set()

    def run(self, *, everything: bool = False) -> PreviewRun:
        """Check the deck and write the PNGs of the chosen sides that changed (all of them
        with `everything`); an `UnknownCard` when a chosen card is not in the deck."""
        started = time.perf_counter()
        checked = checked_deck(self.deck)
        run = PreviewRun(checked=checked)
        if checked.drawable:
            self._draw(checked, run, everything, started)
        if not checked.report.unusable:
            self.assets = asset_files(checked.deck)
            pictures = {path for _, stamps in self.drawn.values() for path, *_ in stamps}
            self.watch.follow(drawing_files(checked.deck) | self.assets | pictures)
        run.seconds = time.perf_counter() - started
        return run

    def poll(self) -> PreviewRun | None:
        """A run when a file the drawing reads changed since the last look, else None."""
        changed = self.watch.changed()
        if not changed:
            return None
        return self.run(everything=not self.assets.isdisjoint(changed))

    def _draw(self, checked: CheckedDeck, run: PreviewRun, everything: bool,
              started: float) -> None:
        options, deck = self.options, checked.deck
        sides, composer = compose_sides(deck, options.cards, backs=options.backs)
        drawings = {side.name: side.drawing for side in sides}
        redraw = set(drawings if everything else changed_sides(self.drawn, drawings))
        folder = run.folder = make_folder(options.out if options.out is not None
                                          else output_dir(deck.deck_id) / "preview")
        for side in sides:
            if side.name in redraw:
                image = side_image(side.composed, options.dpi)
                run.written.append(write_png(image, folder / f"{side.name}.png", options.dpi))
                self.hinted.pop(side.name, None)
        run.card_seconds = time.perf_counter() - started
        if options.hints and (redraw or not (folder / PROOF).exists()):
            sheet = proof_sheet(sides, [self._hinted(side) for side in sides], options.dpi)
            run.written.append(write_png(sheet, folder / PROOF, options.dpi))
            run.unoutlined = not any(side.composed.placed for side in sides)
        self.drawn.update(drawings)
        run.redrawn = [side.name for side in sides if side.name in redraw]
        run.sides = len(sides)
        fronts = {side.ident for side in sides}
        backs_redrawn = any(name.endswith(".back") for name in redraw)
        found_problems: list[Overflow | MissingGlyphs] = [*composer.overflow, *composer.missing]
        run.problems = [found.describe() for found in found_problems
                        if found.ident in redraw or (backs_redrawn and found.ident not in fronts)]

    def _hinted(self, side: PreviewSide) -> Image.Image:
        image = self.hinted.get(side.name)
        if image is None:
            image = self.hinted[side.name] = hinted_image(side, self.options.dpi)
        return image
