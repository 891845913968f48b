"""What the commands' help says of each base game, read from the games' declarations (see
`engine.games`), which load no game."""

from __future__ import annotations

from engine.games import DEFAULT_NAME, DeclarationError, GameDeclaration, declared


def _join(words: list[str], last: str) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _games() -> list[GameDeclaration]:
    """The declared games; none when a declaration cannot be read (the command then says
    why, in one line, when it runs)."""
    try:
        return list(declared().values())
    except DeclarationError:
        return []


def default_title() -> str:
    """The title of the game a deck or session that names none is played over."""
    return next((game.title for game in _games() if game.name == DEFAULT_NAME), DEFAULT_NAME)


def per_game(option: str, *, before: str = "", after: str = "") -> str:
    """What `option` means in each game that gives it a meaning, "Mao: …; What the Rule?!: …",
    between `before` and `after` ("" when no game does)."""
    meanings = [f"{game.title}: {game.option_help[option]}" for game in _games()
                if option in game.option_help]
    return f"{before}{'; '.join(meanings)}{after}" if meanings else ""


def player_counts() -> str:
    """ "Up 'N Over 2 to 5, Mao 2 to 12, …" """
    return ", ".join(f"{game.title} {game.players[0]} to {game.players[1]}"
                     for game in _games())


def policies() -> str:
    """ "Up 'N Over: random or greedy; Mao: random, careful or sloppy; …" """
    return "; ".join(f"{game.title}: {_join(list(game.policies), 'or')}"
                     for game in _games())
