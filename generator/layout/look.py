"""A look: a layout file and the built-in looks it extends, merged and checked, ready to draw.

Templates are found by name: a card of the section "triggers" is drawn with the template
"triggers" if there is one, otherwise "front"; its back with "triggers-back", otherwise
"back". Other templates exist to be extended.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .model import Cover, Element

# C, M, Y, K, each 0.0 to 1.0 (as generator.printing.inks.Cmyk, without loading the printing)
Cmyk = tuple[float, float, float, float]
# Where an element (or a key of it) was last written: file, line, column and field, for issues.
Origin = tuple[str, int | None, int | None, str]


@dataclass(frozen=True, slots=True)
class Placed:
    """One element of a resolved template: its name, its keys merged, and where it was written."""

    name: str
    spec: Element
    origin: Origin


@dataclass(frozen=True, eq=False)
class Look:
    """Everything a card side's drawing needs from the layout files (hashed by identity)."""

    name: str
    templates: Mapping[str, tuple[Placed, ...]] = field(repr=False)
    fonts: Mapping[str, Mapping[str, Path]] = field(default_factory=dict)  # family: style: file
    fallback: tuple[str, ...] = ()
    icons: Mapping[str, Path] = field(default_factory=dict)
    colours: Mapping[str, str] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)
    # colours the designer gave in process inks, by #rrggbb (lower case): a CMYK build
    # prints them so instead of converting them
    cmyk: Mapping[str, Cmyk] = field(default_factory=dict)
    language: str = "en"
    cover: Cover | None = None
    files: tuple[Path, ...] = ()  # the layout files read, base look first

    def front_template(self, section: str) -> tuple[Placed, ...] | None:
        return self.templates.get(section, self.templates.get("front"))

    def back_template(self, section: str) -> tuple[Placed, ...] | None:
        return self.templates.get(f"{section}-back", self.templates.get("back"))

    def template_name(self, section: str, side: str) -> str:
        """Which template draws `side` ("front" or "back") of the section's cards."""
        own = section if side == "front" else f"{section}-back"
        return own if own in self.templates else side
