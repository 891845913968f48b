"""How many can play a deck: each player is dealt two triggers and two actions."""

from __future__ import annotations

from engine.upnover import MAX_PLAYERS, MIN_PLAYERS

RULE_CARDS_PER_PLAYER = 2  # each player is dealt two triggers and two actions, keeps one of each
LEAST_RULE_CARDS = MIN_PLAYERS * RULE_CARDS_PER_PLAYER


def max_players_for(triggers: int, actions: int) -> int:
    """The most players the rule cards can be dealt to (below MIN_PLAYERS: none can play).

    >>> max_players_for(45, 45), max_players_for(10, 7), max_players_for(3, 9)
    (5, 3, 1)
    """
    return min(MAX_PLAYERS, triggers // RULE_CARDS_PER_PLAYER, actions // RULE_CARDS_PER_PLAYER)


def player_range(triggers: int, actions: int) -> tuple[int, ...]:
    """Every player count the deck can be played with: (2, 3, 4) for eight of each."""
    return tuple(range(MIN_PLAYERS, max_players_for(triggers, actions) + 1))
