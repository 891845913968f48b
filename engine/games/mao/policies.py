"""How bots play Mao: the player to act plays a random valid card (or takes one when none
fits), and now and then makes a mistake: a card that does not fit, or a phrase forgotten.
The others notice most offences and call them; a bot called for a phrase says it at once;
a winner comes straight back. A policy is handed the game and its dice and returns the
entry to record and the seat whose play it was (None for anything but a move).

Bots' memory (what they have already looked at, the calls they mean to make) lives in
`BotMemory`, one per game, kept by the policy: nothing of it enters the journal.
"""

from __future__ import annotations

import random
import weakref
from typing import TYPE_CHECKING, Any

from engine.cards import Card, Rank, Suit
from engine.errors import allowed
from engine.events import Event
from engine.games.base import Policy, Step
from engine.games.mao import offences, speech
from engine.games.mao.events import Passed, PenaltyCall, Played, ReEntered, Said, TookSevens
from engine.games.mao.table import as_played

if TYPE_CHECKING:
    from engine.games.mao.state import MaoState

NOTICED = 0.9      # how often the table notices an offence
SUITS = tuple(Suit)


class BotMemory:
    __slots__ = ("looked", "queue")

    def __init__(self) -> None:
        self.looked = -1               # the latest move the bots looked at
        self.queue: list[Event] = []   # what they will do before the next move


def mistaken(rate: float) -> Policy:
    """A policy whose bots make a mistake at `rate`: a card that does not fit instead of
    a valid one, and each phrase owed forgotten, each that often; a bad call by a watching
    bot a quarter as often."""
    memories: weakref.WeakKeyDictionary[Any, BotMemory] = weakref.WeakKeyDictionary()

    def policy(game: Any, rng: random.Random) -> Step:
        memory = memories.get(game)
        if memory is None:
            memory = memories[game] = BotMemory()
        if memory.looked != game.moves:
            memory.looked = game.moves
            _look(game, rng, rate, memory.queue)
        if memory.queue:
            return memory.queue.pop(0), None
        if game.table.out:
            return ReEntered(player=min(game.table.out)), None
        seat = game.table.turn
        return _move(game, rng, rate, seat), seat

    return policy


def _look(game: Any, rng: random.Random, rate: float, queue: list[Event]) -> None:
    """What the other players notice after a move, and the calls they make."""
    inside = [seat for seat in range(len(game.names)) if seat not in game.table.out]
    master = game.settings.master

    def caller(offender: int) -> int | None:
        if master is not None:
            return master if master not in game.table.out else None
        others = [seat for seat in inside if seat != offender]
        return rng.choice(others) if others else None

    def call(offender: int, reason: str, phrase: str = "") -> None:
        who = caller(offender)
        if who is not None and rng.random() < NOTICED:
            queue.append(PenaltyCall(caller=who, offender=offender, reason=reason,
                                     phrase=phrase))
            if reason == offences.FAILURE_TO_SAY:
                queue.append(Said(player=offender, words=phrase))

    last = game.last
    if last is not None and last.move == game.moves:
        if not last.valid:
            call(last.player, offences.BAD_CARD)
        elif rate and rng.random() < rate / 4:
            call(last.player, offences.BAD_CARD)  # a bad call: the card was fine
    if game.owed:
        due = [owed for owed in game.owed if owed.due <= game.moves]
        for seat in inside:
            for owed in due:
                if owed.player == seat:
                    call(seat, offences.FAILURE_TO_SAY, owed.phrase)
    if game.open_calls.slips and any(game.mao_in_vain):
        for seat in inside:
            if game.mao_in_vain[seat]:
                call(seat, offences.SAYING_MAO)


def _move(game: Any, rng: random.Random, rate: float, seat: int) -> Event:
    table = game.table
    hand = table.hands[seat]
    fits = table.fits
    valid = [card for card in hand if fits(card)]
    sevens = table.turns.sevens
    if rate and rng.random() < rate:
        wrong = [card for card in hand if not fits(card)]
        if wrong:
            card = rng.choice(wrong)
            return Played(player=seat, card=card,
                          said=_forget(rightful_words(game, seat, card), rng, rate))
    if valid:
        card = rng.choice(valid)
        suit = rng.choice(SUITS) if as_played(card).rank is Rank.JACK else None
        return Played(player=seat, card=card,
                      said=_forget(rightful_words(game, seat, card, suit), rng, rate))
    if sevens:
        return TookSevens(player=seat,
                          said=_forget((game.seven_answer(sevens),), rng, rate))
    return Passed(player=seat)


def _forget(said: tuple[str, ...], rng: random.Random, rate: float) -> tuple[str, ...]:
    if not rate or not said:
        return said
    return tuple(words for words in said if rng.random() >= rate)


def legal_actions(game: MaoState) -> list[Event]:
    """The rightful moves of the player to act, each with what it obliges them to say:
    each valid card (a jack once with each suit named), or taking a card; facing a 7,
    a 7 or taking the chain's cards."""
    if not allowed(game.verify_pass, game.table.turn):
        return []
    seat = game.table.turn
    hand = game.table.hands[seat]
    moves: list[Event] = []
    for card in dict.fromkeys(hand):
        if not game.table.fits(card):
            continue
        if as_played(card).rank is Rank.JACK:
            moves += [Played(player=seat, card=card,
                             said=rightful_words(game, seat, card, suit)) for suit in Suit]
        else:
            moves.append(Played(player=seat, card=card,
                                said=rightful_words(game, seat, card)))
    sevens = game.table.turns.sevens
    if sevens:
        moves.append(TookSevens(player=seat, said=(game.seven_answer(sevens),)))
    else:
        moves.append(Passed(player=seat))
    return moves


def rightful_words(game: MaoState, seat: int, card: Card,
                   suit: Suit | None = None) -> tuple[str, ...]:
    """Everything a player says with `card` to play it without fault: its phrases, the
    suit a jack names, "last card" with one left, and "Mao" last with none left."""
    said = game.required(card, game.table.turns.sevens)
    if suit is not None:
        said.append(suit.plural)
    left = len(game.table.hands[seat]) - 1
    if left == 1:
        said.append(speech.LAST_CARD)
    elif left == 0:
        said.append(speech.MAO)
    return tuple(said)


POLICIES: dict[str, Policy] = {"random": mistaken(0.05), "careful": mistaken(0.0),
                               "sloppy": mistaken(0.2)}
