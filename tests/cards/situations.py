"""One turn of Joker's Secret set up in-process, and whether a trigger fires on it.

A situation is the table as the player about to move sees it (the pile, their hand and
rows, the draw pile, the player on their left); the move is then made through the game's
own verbs, so the engine decides what it burned, reset, skipped or picked up, and the
trigger is asked about the view the referee and the checker build after that turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import CARDS, Card, parse_cards
from engine.games.jokers_secret.game import JokersSecretGame, new_game
from engine.games.jokers_secret.shedding import ROW
from engine.games.jokers_secret.view import ViewBuilder
from engine.games.registry import find_game
from engine.language.compile import compile_trigger
from engine.language.parse import parse_trigger

GAME = find_game("jokers-secret")
YOU, LEFT = 0, 1


def cards(text: str) -> list[Card]:
    return parse_cards(text, jokers=True) if text else []


@dataclass(frozen=True)
class Situation:
    """The table before your move. `pile` is bottom first; `face_down` fills the places
    left to right (a missing card is a place already turned over); `burns` is how many
    burns have ended rounds so far; `left` is everything the player on your left holds."""

    move: str                 # "7h 7s" (cards laid), "pick up", "flip 2", "joker"
    pile: str = ""
    hand: str = ""
    face_up: str = ""
    face_down: str = ""
    draw: int = 20
    left: str = "5s 6s 8s Qs"
    burns: int = 0

    def named(self) -> set[int]:
        text = " ".join((self.pile, self.hand, self.face_up, self.face_down, self.left))
        return {card.index for card in cards(text)}


def _set_table(game: JokersSecretGame, spot: Situation) -> None:
    table = game.table
    table.started = True
    table.turn = YOU
    table.pile = cards(spot.pile)
    table.hands[YOU] = cards(spot.hand)
    table.face_up[YOU] = cards(spot.face_up)
    down: list[Card | None] = list(cards(spot.face_down))
    table.face_down[YOU] = down + [None] * (ROW - len(down))
    table.hands[LEFT], table.face_up[LEFT] = cards(spot.left), []
    table.face_down[LEFT] = [None] * ROW
    named = spot.named()
    spare = [card for card in CARDS if card.index not in named and not card.is_joker]
    table.draw_pile = spare[:spot.draw]
    table.burns = spot.burns


def _move(game: JokersSecretGame, move: str) -> None:
    if move == "pick up":
        game.pick_up(YOU)
    elif move.startswith("flip "):
        game.flip(YOU, int(move.split()[1]) - 1)
    elif move == "joker":
        table = game.table
        source = table.hands[YOU] or table.face_up[YOU]
        game.play_joker(YOU, next(card for card in source if card.is_joker))
    else:
        game.play(YOU, cards(move))


def fires(when: str, spot: Situation) -> bool:
    """Whether the trigger `when` fires on the turn `spot` describes."""
    test = compile_trigger(parse_trigger(when, GAME.schema), GAME.schema)
    game = JokersSecretGame(new_game(["Ann", "Ben", "Cat"], seed=1))
    _set_table(game, spot)
    views = ViewBuilder(game)
    _move(game, spot.move)
    return bool(test(views.after_play(YOU)))
