"""How many can play a deck: the base game's player range, and each player is dealt
`RULE_CARDS_EACH` triggers and as many actions (the hidden-rules layer's deal)."""

from __future__ import annotations

from engine.games.registry import BaseGame
from engine.rules_layer import RULE_CARDS_EACH

RULE_CARDS_PER_PLAYER = RULE_CARDS_EACH


def least_rule_cards(game: BaseGame) -> int:
    """The fewest triggers (and actions) a deck needs for the game's smallest table."""
    return game.min_players * RULE_CARDS_PER_PLAYER


def max_players_for(triggers: int, actions: int, game: BaseGame) -> int:
    """The most players the rule cards can be dealt to (below the game's least: none can
    play).

    >>> from engine.games.registry import find_game
    >>> up = find_game("up-n-over")
    >>> max_players_for(45, 45, up), max_players_for(10, 7, up), max_players_for(3, 9, up)
    (5, 3, 1)
    """
    return min(game.max_players, triggers // RULE_CARDS_PER_PLAYER,
               actions // RULE_CARDS_PER_PLAYER)


def player_range(triggers: int, actions: int, game: BaseGame) -> tuple[int, ...]:
    """Every player count the deck can be played with: (2, 3, 4) for eight of each."""
    return tuple(range(game.min_players, max_players_for(triggers, actions, game) + 1))
