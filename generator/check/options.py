"""What the command line may override in a deck's own check settings."""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import ConfigError

MIN_GAMES, MAX_GAMES = 10, 200_000  # as a deck's own check.games
MAX_WORKERS = 64
MOST_PLAYERS = 20  # a player count asked for; each game checks its own range


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """Command-line overrides of the deck's own `check` settings."""

    games: int | None = None
    players: tuple[int, ...] | None = None
    seed: int | None = None
    workers: int | None = None
    simulate: bool = True
    game: str | None = None  # the base game to check over (default: the deck's)

    def __post_init__(self) -> None:
        if self.games is not None and not MIN_GAMES <= self.games <= MAX_GAMES:
            raise ConfigError(f"{self.games:,} games is not a number hrdeck checks with: "
                              f"choose {MIN_GAMES} to {MAX_GAMES:,} per player count.")
        if self.workers is not None and not 1 <= self.workers <= MAX_WORKERS:
            raise ConfigError(f"{self.workers:,} processes is not a number hrdeck checks "
                              f"with: choose 1 to {MAX_WORKERS}.")
