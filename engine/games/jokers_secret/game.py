"""A game of Joker's Secret as the journal folds it: the shedding table under the rules layer.

Without rule cards it is the plain game: no secret rules, no points, no rounds, and the
first player out of cards wins. With them, Hidden Rules sits on top (clarification
hidden-rules). The journal holds one entry per turn (see `events`); the engine deals from
the seed, or from a stacked deck for scenarios, or follows a real table (mode "table", see
`real_cards`), where the players say who starts (`start_question`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.errors import ConfigError, IllegalActionError, JournalError, allowed
from engine.events import OUT_OF_TURN, Event, GameStarted
from engine.games.base import Policy, Step
from engine.games.jokers_secret import events as entries
from engine.games.jokers_secret.events import Flipped, JokerPlayed, PickedUp, Played, Swapped
from engine.games.jokers_secret.real_cards import TableShedding
from engine.games.jokers_secret.shedding import ROW, Shedding, Zone
from engine.games.jokers_secret.start_question import ASKS_START
from engine.moves import MOVED_ON, STAYED, Award, MoveReport
from engine.rules_layer import DEFAULT_TARGET, RulesLayer

NAME = "jokers-secret"


def new_game(players: Sequence[str], *, seed: int, target: int = DEFAULT_TARGET,
             deck: tuple[Card, ...] = (), triggers: tuple[str, ...] = (),
             actions: tuple[str, ...] = (), mode: str = "shuffled") -> GameStarted:
    """The setup entry of a game of Joker's Secret. At a real table (`mode` "table") there
    is no deck to stack: `deck` holds the face-up rows as typed in, three cards a player in
    seat order, or nothing when they are learned as they are played; and the players are
    asked who starts."""
    return GameStarted(game=NAME, players=tuple(players), seed=seed, hand_size=ROW,
                       target=target, deck=deck, mode=mode, triggers=triggers,
                       actions=actions, options=(ASKS_START,) if mode == "table" else ())


@dataclass(frozen=True, slots=True, kw_only=True)
class JokersSecretFigures:
    """A bots' game's counts: piles picked up, burned and reset, turns skipped, jokers
    played, and whether the player who started won (1 or 0)."""

    pickups: int
    burns: int
    resets: int
    skips: int
    jokers: int
    start_player_wins: int


class JokersSecretGame(RulesLayer):
    """The table, whose turn it is, and the winner: the first player with no cards."""

    __slots__ = ("table",)

    def __init__(self, setup: GameStarted) -> None:
        super().__init__(setup)
        if setup.mode == "shuffled":
            self.table: Shedding = Shedding(players=len(self.names), seed=setup.seed,
                                            deck=setup.deck, names=self.names)
        elif setup.mode == "table":
            self.table = TableShedding(players=len(self.names), names=self.names,
                                       face_up=setup.deck,
                                       asks_start=ASKS_START in setup.options)
        else:
            raise ConfigError(f'Joker\'s Secret cannot be played in "{setup.mode}" mode: it '
                              'is played with a dealt deck ("shuffled") or at a real table '
                              '("table").')

    # -- what the rules layer asks of its base game ----------------------------------------

    def has_started(self) -> bool:
        return self.table.started

    def verify_offence(self, offender: int, offence: str) -> None:
        asked = self.table.asked() if isinstance(self.table, TableShedding) else None
        if offence == OUT_OF_TURN and asked is not None:
            raise IllegalActionError(f"Nobody has a turn yet: first the table says who holds "
                                     f"the {asked.name}, and so who starts.")
        if offence == OUT_OF_TURN and offender == self.table.turn:
            raise IllegalActionError(f"It is {self.names[offender]}'s turn: they cannot play "
                                     "out of turn.")

    @property
    def is_plain(self) -> bool:
        """The plain game: no secret rules were dealt, so there are no points to win or
        lose, and nothing to enforce, call or challenge."""
        return not self.dealt

    def _verify_secret_rules(self, what: str) -> None:
        if self.is_plain:
            raise IllegalActionError(f"This is the plain game of Joker's Secret: no secret "
                                     f"rules and no points, so {what}.")

    def verify_choose_rule(self, player: int, trigger: str, action: str) -> None:
        self._verify_secret_rules("there is no rule to keep")
        super().verify_choose_rule(player, trigger, action)

    def verify_enforce(self, enforcer: int, violator: int, holder: int,
                       take_back: bool | None = None, card: Card | None = None) -> None:
        self._verify_secret_rules("there is no rule to enforce")
        super().verify_enforce(enforcer, violator, holder, take_back, card)

    def verify_call(self, caller: int, offender: int, offence: str,
                    take_back: bool | None = None) -> None:
        self._verify_secret_rules("there is no point to lose: a play out of turn is simply "
                                  "refused")
        super().verify_call(caller, offender, offence, take_back)

    # -- the trios ---------------------------------------------------------------------------

    def verify_swap(self, player: int, hand_card: Card, face_up_card: Card) -> None:
        self._verify_move((player,), self.table.verify_swap, player, hand_card, face_up_card)

    def can_swap(self, player: int, hand_card: Card, face_up_card: Card) -> bool:
        return allowed(self.verify_swap, player, hand_card, face_up_card)

    def swap(self, player: int, hand_card: Card, face_up_card: Card) -> Swapped:
        return self._move((player,), self._swap, player, hand_card, face_up_card)

    def _swap(self, player: int, hand_card: Card,
              face_up_card: Card) -> tuple[Swapped, MoveReport]:
        self.table.verify_swap(player, hand_card, face_up_card)
        self.table.exchange(player, hand_card, face_up_card)
        return Swapped(player=player, hand_card=hand_card, face_up_card=face_up_card), STAYED

    def _verify_turn_taken(self) -> None:
        """Every secret rule dealt has been kept (a turn's first check after the layer's)."""
        self._verify_rules_kept("the first turn")

    def verify_name_holder(self, card: Card, player: int | None) -> None:
        """Before play at a real table: the table says who holds the start card asked about
        (`player`; None for nobody)."""
        self._verify_move((player,), self._holder_rules, card, player)

    def _holder_rules(self, card: Card, player: int | None) -> TableShedding:
        table = self.table
        if not isinstance(table, TableShedding):
            raise IllegalActionError("The engine dealt these cards: it knows who starts.")
        table.verify_answer(card, player)
        return table

    def can_name_holder(self, card: Card, player: int | None) -> bool:
        return allowed(self.verify_name_holder, card, player)

    def name_holder(self, card: Card, player: int | None) -> entries.StartCardHeld:
        return self._move((player,), self._name_holder, card, player)

    def _name_holder(self, card: Card,
                     player: int | None) -> tuple[entries.StartCardHeld, MoveReport]:
        self._holder_rules(card, player).answer(card, player)
        return entries.StartCardHeld(card=card, player=player), STAYED

    def verify_play(self, player: int, cards: Sequence[Card]) -> None:
        self._verify_move((player,), self._play_rules, player, cards)

    def _play_rules(self, player: int, cards: Sequence[Card]) -> None:
        self._verify_turn_taken()
        self.table.verify_play(player, cards)

    def can_play(self, player: int, cards: Sequence[Card]) -> bool:
        return allowed(self.verify_play, player, cards)

    def play(self, player: int, cards: Sequence[Card]) -> Played:
        return self._move((player,), self._shed, player, Played(player=player,
                                                                 cards=tuple(cards)))

    def _shed(self, player: int, entry: Played) -> tuple[Played, MoveReport]:
        cards = entry.cards
        self._play_rules(player, cards)
        table = self.table
        burns = table.burns
        table.shed(player, cards)
        return entry, self._after(player, burns)

    def verify_pick_up(self, player: int) -> None:
        self._verify_move((player,), self._pick_up_rules, player)

    def _pick_up_rules(self, player: int) -> None:
        self._verify_turn_taken()
        self.table.verify_pick_up(player)

    def can_pick_up(self, player: int) -> bool:
        return allowed(self.verify_pick_up, player)

    def pick_up(self, player: int) -> PickedUp:
        return self._move((player,), self._pick_up, player)

    def _pick_up(self, player: int) -> tuple[PickedUp, MoveReport]:
        self._pick_up_rules(player)
        burns = self.table.burns
        self.table.take_up(player)
        return PickedUp(player=player), self._after(player, burns)

    def verify_flip(self, player: int, slot: int, card: Card | None = None) -> None:
        """`card`: what turned up. A real table must say; a dealt deck turns its own."""
        self._verify_move((player,), self._flip_rules, player, slot, card)

    def _flip_rules(self, player: int, slot: int, card: Card | None) -> None:
        self._verify_turn_taken()
        table = self.table
        if isinstance(table, TableShedding):
            table.verify_flip(player, slot, card)
        else:
            table.verify_flip(player, slot)

    def can_flip(self, player: int, slot: int, card: Card | None = None) -> bool:
        return allowed(self.verify_flip, player, slot, card)

    def flip(self, player: int, slot: int, card: Card | None = None) -> Flipped:
        return self._move((player,), self._flip, player, slot, card)

    def _flip(self, player: int, slot: int, card: Card | None) -> tuple[Flipped, MoveReport]:
        self._flip_rules(player, slot, card)
        table = self.table
        burns = table.burns
        if card is not None and isinstance(table, TableShedding):
            table.reveal(player, slot, card)
        card = table.turn_over(player, slot)
        return Flipped(player=player, slot=slot, card=card), self._after(player, burns)

    def verify_joker(self, player: int, joker: Card, peek: int | None = None,
                     swap: Card | None = None) -> None:
        self._verify_move((player,), self._joker_rules, player, joker, peek, swap)

    def _joker_rules(self, player: int, joker: Card, peek: int | None,
                     swap: Card | None) -> None:
        self._verify_turn_taken()
        self.table.verify_joker(player, joker, peek, swap)

    def can_play_joker(self, player: int, joker: Card, peek: int | None = None,
                       swap: Card | None = None) -> bool:
        return allowed(self.verify_joker, player, joker, peek, swap)

    def play_joker(self, player: int, joker: Card, peek: int | None = None,
                   swap: Card | None = None) -> JokerPlayed:
        return self._move((player,), self._play_joker, player, joker, peek, swap)

    def _play_joker(self, player: int, joker: Card, peek: int | None,
                    swap: Card | None) -> tuple[JokerPlayed, MoveReport]:
        self._joker_rules(player, joker, peek, swap)
        burns = self.table.burns
        self.table.scrap_joker(player, joker, peek, swap)
        entry = JokerPlayed(player=player, joker=joker, peek=peek, swap=swap)
        return entry, self._after(player, burns)

    def _after(self, seat: int, burns: int) -> MoveReport:
        """What `seat`'s turn did (`burns` burns before it): play moved on; the first
        player out of cards wins; otherwise, with secret rules, a burn scores its player a
        point and ends a round (clarification hidden-rules). The plain game has no rounds."""
        if self.table.winner is not None:
            return MoveReport(winner=self.table.winner)
        if self.table.burns > burns and self.dealt:
            return MoveReport(awards=(Award(seat, 1, "burned the pile"),), round_over=True)
        return MOVED_ON

    # -- bots ----------------------------------------------------------------------------------

    @property
    def plays(self) -> int:
        return self.table.plays

    def legal_actions(self) -> list[Event]:
        """Every move of the player to act: each rank in reach played one to all of its
        cards, each joker (with each peek and swap), picking up, or each blind flip."""
        if not allowed(self._verify_can_act) or not allowed(self._verify_turn_taken):
            return []
        table, seat = self.table, self.table.turn
        zone = table.zone(seat)
        if zone is Zone.FACE_DOWN:
            return [Flipped(player=seat, slot=slot)
                    for slot, card in enumerate(table.face_down[seat]) if card is not None]
        moves: list[Event] = [Played(player=seat, cards=tuple(group[:count]))
                              for group in table.playable(seat)
                              for count in range(1, len(group) + 1)]
        for joker in table.jokers_in_reach(seat):
            moves.append(JokerPlayed(player=seat, joker=joker))
            if zone is Zone.HAND:
                for slot, hidden in enumerate(table.face_down[seat]):
                    if hidden is None:
                        continue
                    moves.append(JokerPlayed(player=seat, joker=joker, peek=slot))
                    moves += [JokerPlayed(player=seat, joker=joker, peek=slot, swap=card)
                              for card in table.hands[seat] if card is not joker]
        if not moves and table.pile:
            moves.append(PickedUp(player=seat))
        return moves

    def step(self, policy: Policy, rng: random.Random,
             turn_limit: int) -> Step | None:
        """The player to act makes the move `policy` picks from `legal_actions()`."""
        if self.table.plays + self.table.pickups >= turn_limit:
            return None
        seat = self.table.turn
        move = policy(self, rng)
        kind = type(move)
        if kind is Played:  # carried out as `play` does, the entry kept
            return self._move((seat,), self._shed, seat, move), seat
        if kind is PickedUp:
            return self.pick_up(seat), seat
        if kind is Flipped:
            return self.flip(seat, move.slot), seat
        return self.apply(move), seat

    def figures(self) -> JokersSecretFigures:
        table = self.table
        return JokersSecretFigures(
            pickups=table.pickups, burns=table.burns, resets=table.resets, skips=table.skips,
            jokers=table.jokers, start_player_wins=int(
                table.winner is not None and table.winner == table.start_player_seat))

    # -- the journal fold ----------------------------------------------------------------------

    def handlers(self) -> dict[type[Any], Callable[[Any], Event]]:
        return {
            **super().handlers(),
            Swapped: lambda e: self.swap(e.player, e.hand_card, e.face_up_card),
            entries.StartCardHeld: lambda e: self.name_holder(e.card, e.player),
            Played: lambda e: self.play(e.player, e.cards),
            PickedUp: lambda e: self.pick_up(e.player),
            Flipped: self._replay_flip,
            JokerPlayed: lambda e: self.play_joker(e.player, e.joker, e.peek, e.swap),
        }

    def _replay_flip(self, event: Flipped) -> Flipped:
        if isinstance(self.table, TableShedding):  # the journal is all the referee knows
            return self.flip(event.player, event.slot, event.card)
        self.verify_flip(event.player, event.slot)  # the slot is checked before it is read
        hidden = self.table.face_down[event.player][event.slot]
        if event.card is not None and event.card is not hidden:
            raise JournalError(
                f"The journal says {self.names[event.player]} flipped the {event.card.name}, "
                "but the deal from its seed put another card there: the journal does not "
                "belong to this seed.")
        return self.flip(event.player, event.slot)

    def snapshot(self) -> dict[str, object]:
        return {"table": self.table.snapshot(), **super().snapshot()}
