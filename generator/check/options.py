"""What the command line may override in a deck's own check settings."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """Command-line overrides of the deck's own `check` settings."""

    games: int | None = None
    players: tuple[int, ...] | None = None
    seed: int | None = None
    workers: int | None = None
    simulate: bool = True
