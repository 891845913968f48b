"""The pictures of What the Rule?!'s 72 card designs, drawn by the print sheets' own code
(the deck's look, composed and replayed to PNG as `hrdeck preview` does), each once: kept in
memory, and on disk under the user's cache folder so the next game starts with them drawn.

The designs are no secret (every hand is made of them); which ones a seat holds is, and that
is only ever in the seat's own view.
"""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path
from typing import Any

from engine.games.what_the_rule.shapes import DESIGNS

GAME = "what-the-rule"
DPI = 100                       # a poker card: 248 x 346 pixels
SIZE = (248, 346)
CODES = frozenset(design.code for design in DESIGNS)
ROUTE = "/cards/{code}.png"


def picture_url(code: str) -> str:
    return ROUTE.replace("{code}", code)


def deck_file() -> Path:
    """The game's own deck, whose look draws the cards (the deck the machine deals from)."""
    from hrdeck.referee.cli import default_deck

    return default_deck(GAME)


def cache_dir() -> Path:
    """Where drawn cards are kept between games: $XDG_CACHE_HOME (or ~/.cache)/hrdeck/cards,
    one folder per version of the deck's file and of hrdeck."""
    from hrdeck import __version__

    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    stamp = hashlib.sha256(deck_file().read_bytes() + __version__.encode()).hexdigest()[:16]
    return base / "hrdeck" / "cards" / stamp


class Pictures:
    """The card pictures, drawn when first asked for (or all at once: `draw_all`)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self.drawn: dict[str, bytes] = {}
        self._lock = threading.Lock()
        self._deck: Any = None

    def png(self, code: str) -> bytes:
        """The PNG of design `code` (one of `CODES`)."""
        with self._lock:
            found = self.drawn.get(code)
            if found is None:
                found = self.drawn[code] = self._read_or_draw(code)
            return found

    def draw_all(self) -> None:
        for code in sorted(CODES):
            self.png(code)

    def _read_or_draw(self, code: str) -> bytes:
        path = None if self.folder is None else self.folder / f"{code}.png"
        if path is not None and path.is_file():
            return path.read_bytes()
        data = self._draw(code)
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                temporary = path.with_suffix(".part")
                temporary.write_bytes(data)
                temporary.replace(path)
            except OSError:
                pass  # a cache that cannot be written: drawn again next time
        return data

    def _draw(self, code: str) -> bytes:
        import io

        from generator.preview.render import Frame
        from generator.preview.sides import compose_sides
        from generator.printing.png import render_png

        if self._deck is None:
            from generator.deck import load_deck

            self._deck = load_deck(deck_file())
        sides, _ = compose_sides(self._deck, [f"{code}-1"], bleed_mm=0)
        side = sides[0].composed
        frame = Frame.of(side, DPI)
        image = render_png(side, size_px=frame.size, dpi=DPI)
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", optimize=True)
        return buffer.getvalue()


def card_route(pictures: Pictures) -> Any:
    """The route that serves the pictures (a design that does not exist: 404)."""
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import PlainTextResponse, Response
    from starlette.routing import Route

    async def picture(request: Request) -> Response:
        code = str(request.path_params["code"])
        if code not in CODES:
            return PlainTextResponse("Not found", status_code=404)
        return Response(await run_in_threadpool(pictures.png, code), media_type="image/png")

    return Route(ROUTE, picture)
