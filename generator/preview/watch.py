"""What a watching preview looks at: the files a deck's drawing reads, polled for changes, and
which sides drew differently from one run to the next.

Polling a few file stamps a few times a second costs next to nothing and needs no library
(nor an operating system's notification service, which network drives and some editors'
save-by-rename confuse).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from generator.layout.deck_files import asset_files as asset_files
from generator.layout.deck_files import drawing_files as drawing_files

from .sides import Drawing, file_stamp

POLL_SECONDS = 0.1


def changed_sides(before: Mapping[str, Drawing], after: Mapping[str, Drawing]) -> list[str]:
    """The sides of `after` that draw differently from `before` (or were not drawn), in
    `after`'s order."""
    return [name for name, drawing in after.items() if before.get(name) != drawing]


class FileWatch:
    """The stamps (modification time, size) of a set of files, and which of them changed."""

    def __init__(self, files: Iterable[Path] = ()) -> None:
        self.stamps: dict[Path, tuple[int, int]] = {}
        self.follow(files)

    def follow(self, files: Iterable[Path]) -> None:
        """Watch `files` from now on (instead of the files watched so far)."""
        self.stamps = {path: self.stamps.get(path) or file_stamp(path) for path in files}

    def changed(self) -> list[Path]:
        """The files whose stamp differs from the last look (a file gone or come counts)."""
        moved = []
        for path, stamp in self.stamps.items():
            now = file_stamp(path)
            if now != stamp:
                self.stamps[path] = now
                moved.append(path)
        return moved
