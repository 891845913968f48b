"""Joker's Secret registered as a base game: a shedding game for 2 to 5 players with 54
cards (the package's `__init__.py` declares its parts).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Subject, Timing
from engine.events import Event, GameStarted
from engine.games.base import BaseGame, Game, Simulation
from engine.games.jokers_secret import events as entries
from engine.games.jokers_secret.clarifications import CLARIFICATIONS
from engine.games.jokers_secret.events import Flipped, JokerPlayed, PickedUp, Played, Swapped
from engine.games.jokers_secret.game import NAME, JokersSecretGame, new_game
from engine.games.jokers_secret.policies import POLICIES
from engine.games.jokers_secret.shedding import MAX_PLAYERS, MIN_PLAYERS
from engine.games.jokers_secret.view import JOKERS_SECRET_SCHEMA, ViewBuilder, watch
from engine.games.registry import register


def start(setup: GameStarted) -> Game:
    return JokersSecretGame(setup)


def _cards(cards: Sequence[object]) -> str:
    names = [getattr(card, "name", str(card)) for card in cards]
    if len(names) > 1 and len({name.split(" of ")[0] for name in names}) == 1:
        rank = names[0].split(" of ")[0]
        return f"{len(names)} {rank}{'es' if rank.endswith('x') else 's'}"
    return "the " + " and the ".join(names)


def describe(event: Event, names: Sequence[str]) -> str:
    """One of Joker's Secret's entries in words: 'Ann plays 2 sevens'."""
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    if isinstance(event, Played):
        return f"{who(event.player)} plays {_cards(event.cards)}"
    if isinstance(event, PickedUp):
        return f"{who(event.player)} picks up the pile"
    if isinstance(event, entries.StartCardHeld):
        holder = "Nobody" if event.player is None else who(event.player)
        return f"{holder} holds the {event.card.name} (in hand or face up)"
    if isinstance(event, Swapped):
        return (f"{who(event.player)} swaps the {event.hand_card.name} (hand) with the "
                f"{event.face_up_card.name} (face up)")
    if isinstance(event, Flipped):
        card = f": the {event.card.name}" if event.card is not None else ""
        return f"{who(event.player)} flips face-down card {event.slot + 1}{card}"
    assert isinstance(event, JokerPlayed)
    peek = "" if event.peek is None else f", peeks at face-down card {event.peek + 1}"
    swap = "" if event.swap is None else " and swaps a hand card with it"
    return f"{who(event.player)} plays the {event.joker.name}{peek}{swap}"


JOKERS_SECRET = register(BaseGame(
    name=NAME, title="Joker's Secret", schema=JOKERS_SECRET_SCHEMA,
    effects=frozenset(),  # the engine carries out none of draw, skip, reverse or suit here
    timings=frozenset(timing.value for timing in Timing
                      if timing not in (Timing.BEFORE_SUM, Timing.AFTER_SUM)),
    subjects=frozenset({Subject.PLAYER.value, Subject.NEXT_PLAYER.value}),
    view_after_play=lambda game: ViewBuilder(game).after_play, watch=watch,
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, start=start,
    events=(entries.StartCardHeld, Swapped, Played, PickedUp, Flipped, JokerPlayed),
    describe=describe,
    simulation=Simulation(setup=new_game, policies=POLICIES,
                          figures=(("pickups", "pick-ups per game"),
                                   ("burns", "burns per game"),
                                   ("resets", "resets per game"),
                                   ("skips", "skips per game"),
                                   ("jokers", "jokers per game"),
                                   ("start_player_wins", "share won by the start player"))),
    clarifications=CLARIFICATIONS))
