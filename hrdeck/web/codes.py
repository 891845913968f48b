"""QR codes of the pages' addresses (segno): as SVG for the table page, as text for the
terminal."""

from __future__ import annotations

import io

import segno


def qr_svg(url: str) -> bytes:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=6, border=2, dark="#111",
                                     xmldecl=False)
    return buffer.getvalue()


def qr_text(url: str) -> str:
    """The code in block characters, two rows of modules per line of text."""
    buffer = io.StringIO()
    segno.make(url, error="l").terminal(out=buffer, compact=True, border=2)
    return buffer.getvalue()
