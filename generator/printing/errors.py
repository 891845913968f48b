"""Errors the print engine raises for things a designer or a build setting can cause."""

from __future__ import annotations

from engine.errors import HrdeckError


class PrintError(HrdeckError):
    """The cards cannot be printed as asked (no layout fits, unknown size, unsafe directory...)."""
