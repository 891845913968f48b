"""Joker's Secret at a real table: players hold real cards and type in what they do.

The referee never sees the hands, the face-down rows or the draw pile: each card there is
`FACE_DOWN`, so every count works as with a dealt deck (the rule of three, the clearing
order, the draw pile running out, the winner). It knows the face-up rows typed in at the
start (a row not typed in is learned card by card, as it is swapped or played), the
discard pile, the burned and scrapped cards, a pile picked up, and a card a joker's swap put
face down. A typed card must be one it knows in the place it is played from, or one it has
seen nowhere, standing in for a face-down card of that place.

Who starts: the table knows who holds the 3 of clubs (clarification start-card), the
referee does not, so it asks (`start_question`) and refuses an opening by anyone else. A
journal written before it asked (no `ASKS_START` in its setup) starts with whoever made the
first move, unless the cards the referee knew said otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import FACE_DOWN, Card, Rank
from engine.errors import ConfigError, IllegalActionError
from engine.games.jokers_secret.shedding import ROW, START_ORDER, Shedding
from engine.games.jokers_secret.start_question import Start, StartQuestions

_JOKER = Rank.JOKER


class TableShedding(Shedding):
    """A Joker's Secret table played with physical cards.

    `face_up`: the rows as typed in, three cards a player in seat order; none when the
    table typed none in. `drawn` and `taken` say what the latest turn did (cards drawn to
    refill the hand, cards taken from the pile), for the referee's words.
    """

    def __init__(self, *, players: int, names: Sequence[str] = (),
                 face_up: Sequence[Card] = (), asks_start: bool = False) -> None:
        super().__init__(players=players, seed=0, names=names)
        if face_up:
            if len(face_up) != ROW * players or FACE_DOWN in face_up:
                raise ConfigError(f"The face-up rows are {ROW} cards for each of the {players} "
                                  f"players, {ROW * players} in all, not {len(face_up)}.")
            if len({card.index for card in face_up}) != len(face_up):
                twice = next(card for card in face_up if face_up.count(card) > 1)
                raise ConfigError(f"The {twice.name} is typed twice in the face-up rows: "
                                  "every card is in the pack once.")
        self.face_up = [list(face_up[ROW * seat:ROW * (seat + 1)]) if face_up
                        else [FACE_DOWN] * ROW for seat in range(players)]
        self.face_down = [[FACE_DOWN] * ROW for _ in range(players)]
        self.hands = [[FACE_DOWN] * ROW for _ in range(players)]
        self.draw_pile = [FACE_DOWN] * len(self.draw_pile)
        self.turn = self.start_player_seat = 0  # until the first move says who starts
        self.drawn = self.taken = 0
        # the table's answers to who starts; None: not asked (a journal from before)
        self.questions = StartQuestions(self.names) if asks_start else None
        self._settle()

    # -- which cards the referee has seen ----------------------------------------------------

    def where_seen(self, card: Card) -> str | None:
        """Where the referee knows `card` to be, in words; None if it could be anywhere hidden."""
        if card in self.pile:
            return "is on the discard pile"
        if card in self.burned:
            return "was burned (it is out of the game)"
        if card in self.scrap:
            return "is in the scrap pile"
        for seat, name in enumerate(self.names):
            if card in self.face_up[seat]:
                return f"lies face up in front of {name}"
            if card in self.hands[seat]:
                return f"went into {name}'s hand"
            if card in self.face_down[seat]:  # put there by a joker's swap: say no more
                return "is somewhere the referee knows, out of reach"
        return None

    def _verify_unseen(self, card: Card) -> None:
        """A typed card the referee has seen elsewhere cannot be an unseen one."""
        seen = self.where_seen(card)
        if seen is not None:
            raise IllegalActionError(f"The {card.name} {seen}: check the card and type it "
                                     "again.")

    def _verify_stand_in(self, seat: int, place: list[Card], card: Card, what: str) -> None:
        """`card`, not known in `place` (`what`, in words), may be one of its unseen cards."""
        self._verify_unseen(card)
        if self.questions is not None and not self.started:
            self.questions.verify_unclaimed(seat, card)
        if FACE_DOWN not in place:
            raise IllegalActionError(f"{self.names[seat]} cannot have the {card.name}: the "
                                     f"referee knows every card in {what}.")

    def _unseen_needed(self, place: list[Card], what: str, cards: Sequence[Card]) -> None:
        """There are enough unseen cards in `place` for the typed cards not known there."""
        needed = sum(card not in place for card in cards)
        unseen = place.count(FACE_DOWN)
        if needed <= unseen:
            return
        if len(cards) > len(place):
            raise IllegalActionError(f"There are only {len(place)} cards in {what}, not "
                                     f"{len(cards)}.")
        raise IllegalActionError(f"Of the {len(place)} cards in {what} the referee knows "
                                 f"{len(place) - unseen}, and these are not among them: only "
                                 f"{unseen} can be cards it has not seen, not {needed}.")

    @staticmethod
    def _reveal(place: list[Card], cards: Sequence[Card]) -> None:
        """Unseen cards of `place` turn out to be the typed ones it was not known to hold."""
        for card in cards:
            if card not in place:
                place[place.index(FACE_DOWN)] = card

    def _place(self, seat: int) -> tuple[list[Card], str]:
        """Where `seat` plays from now, and its name in words."""
        if self.hands[seat]:
            return self.hands[seat], f"{self.names[seat]}'s hand"
        return self.face_up[seat], f"{self.names[seat]}'s face-up row"

    # -- who starts --------------------------------------------------------------------------

    def holder(self, card: Card) -> int | None:
        """The seat the referee knows holds `card` in hand or face up (clarification
        start-card: a face-down card is nobody's)."""
        for seat in range(self.players):
            if card in self.hands[seat] or card in self.face_up[seat]:
                return seat
        return None

    def starter(self) -> tuple[int, Card] | None:
        """The player who must start, and the card that says so, when the known cards (and
        the table's answers) tell; None while the start card may be in an unseen hand."""
        if self.questions is not None:
            found = self.start_search()
            return None if isinstance(found, Card) else (found.seat, found.card)
        for card in START_ORDER:
            seat = self.holder(card)
            if seat is not None:
                return seat, card
            if self.where_seen(card) is None and any(FACE_DOWN in hand for hand in self.hands):
                return None
        return None

    def start_search(self) -> Start | Card:
        """Who starts, or the start card the table is to be asked about (see `questions`)."""
        assert self.questions is not None

        def known(card: Card) -> tuple[int, str] | None:
            seat = self.holder(card)
            if seat is None:
                return None
            return seat, "face up" if card in self.face_up[seat] else "in hand"

        return self.questions.search(known)

    def asked(self) -> Card | None:
        """The start card the table must say who holds before play; None when not asked."""
        if self.questions is None or self.started:
            return None
        found = self.start_search()
        return found if isinstance(found, Card) else None

    def verify_answer(self, card: Card, seat: int | None) -> None:
        if self.questions is None:
            raise IllegalActionError("This game started with whoever moved first: the referee "
                                     "does not ask who starts.")
        if self.started:
            raise IllegalActionError("The game is under way: who starts was settled by the "
                                     "first play.")
        self.questions.verify_answer(self.start_search(), card, seat, self.players)

    def answer(self, card: Card, seat: int | None) -> None:
        """The table says `seat` (None: nobody) holds `card` in hand or face up."""
        assert self.questions is not None
        self.questions.answer(card, seat)
        self._settle()

    def _settle(self) -> None:
        """Before play, the turn is the starter's once the cards and answers tell."""
        if self.questions is None or self.started:
            return
        found = self.start_search()
        if not isinstance(found, Card):
            self.turn = self.start_player_seat = found.seat

    def _verify_opener(self, seat: int) -> None:
        """Only the settled starter makes the first move."""
        found = self.start_search()
        if isinstance(found, Card):
            raise IllegalActionError(
                f"Who starts is not settled: first say who holds the {found.name} in hand or "
                "face up (their name, or nobody).")
        if found.seat != seat:
            assert self.questions is not None
            raise IllegalActionError(
                f"{self.names[found.seat]} starts, not {self.names[seat]}: "
                f"{self.questions.reason(found)}.")

    def verify_starter(self, seat: int) -> None:
        for card in START_ORDER:
            holder = self.holder(card)
            if holder == seat:
                return
            if holder is not None:
                name = self.names[holder]
                where = ("lies face up in front of" if card in self.face_up[holder]
                         else "went into the hand of")
                raise IllegalActionError(
                    f"{name} starts: the {card.name} {where} {name}, and {self.names[seat]} "
                    "cannot hold a card that starts before it.")
            if self.where_seen(card) is None and FACE_DOWN in self.hands[seat]:
                return  # it may be in their hand

    # -- checks ------------------------------------------------------------------------------

    def verify_turn(self, seat: int) -> None:
        if self.started:
            super().verify_turn(seat)
        elif self.questions is not None:
            self._verify_opener(seat)
        else:
            self.verify_starter(seat)

    def playable(self, seat: int) -> list[list[Card]]:
        """The known cards `seat` could play now (unseen ones may fit too)."""
        cards = self.hands[seat] or self.face_up[seat]
        if FACE_DOWN not in cards:
            return super().playable(seat)
        groups: dict[Rank, list[Card]] = {}
        for card in cards:
            if card is not FACE_DOWN and card.rank is not _JOKER and self.beats_pile(card.rank):
                groups.setdefault(card.rank, []).append(card)
        return list(groups.values())

    def jokers_in_reach(self, seat: int) -> list[Card]:
        return [card for card in super().jokers_in_reach(seat) if card is not FACE_DOWN]

    def _not_in_reach(self, seat: int, card: Card) -> None:
        """A typed card not known where it is played from may be one of its unseen cards."""
        if self.hands[seat] and card in self.face_up[seat]:
            super()._not_in_reach(seat, card)
        place, what = self._place(seat)
        self._verify_stand_in(seat, place, card, what)

    def verify_play(self, seat: int, cards: Sequence[Card]) -> None:
        super().verify_play(seat, cards)
        self._unseen_needed(*self._place(seat), cards)

    def verify_swap(self, seat: int, hand_card: Card, face_up_card: Card) -> None:
        if self.started:
            super().verify_swap(seat, hand_card, face_up_card)
        if hand_card is face_up_card:
            raise IllegalActionError(f"The {hand_card.name} cannot be in the hand and face up "
                                     "at once.")
        name = self.names[seat]
        if hand_card not in self.hands[seat]:
            if hand_card in self.face_up[seat]:
                raise IllegalActionError(f"The {hand_card.name} is face up: name the hand card "
                                         "first, then the face-up card.")
            self._verify_stand_in(seat, self.hands[seat], hand_card, f"{name}'s hand")
        if face_up_card not in self.face_up[seat]:
            self._verify_stand_in(seat, self.face_up[seat], face_up_card,
                                  f"{name}'s face-up row")

    def verify_flip(self, seat: int, slot: int, card: Card | None = None) -> None:
        """As with a dealt deck, and the card that turned up is typed in: one the referee
        has seen nowhere, or the one it saw go face down there."""
        super().verify_flip(seat, slot)
        if card is None:
            raise IllegalActionError(f"Which card turned up? The referee cannot see it: flip "
                                     f"{slot + 1} 7h.")
        hidden = self.face_down[seat][slot]
        if hidden is FACE_DOWN:
            self._verify_unseen(card)
        elif card is not hidden:
            raise IllegalActionError(f"That is not the card in face-down place {slot + 1}: the "
                                     "referee saw which card a joker's swap put there. Check "
                                     "the card and type it again.")

    def _verify_joker_in_reach(self, seat: int, joker: Card) -> None:
        place, _ = self._place(seat)
        if not place:
            raise IllegalActionError("Only face-down cards are left: flip one (a joker "
                                     "flipped goes to the scrap pile).")
        if joker not in place:
            self._not_in_reach(seat, joker)

    def _verify_swap_card(self, seat: int, joker: Card, swap: Card) -> None:
        """A swapped card the referee has not seen stands in for one of the hand's unseen
        cards, counted as they will be after the refill."""
        place, what = self._place(seat)
        if swap not in place:
            self._verify_stand_in(seat, place, swap, what)
            # the joker leaves the hand and it refills before the swap (clarification
            # joker-peek): count the unseen cards it will hold then
            unseen = place.count(FACE_DOWN) - (joker not in place)
            unseen += min(len(self.draw_pile), max(0, ROW - len(place) + 1))
            if unseen < 1:
                raise IllegalActionError(f"{self.names[seat]} cannot have the {swap.name}: "
                                         f"the referee knows every card in {what}.")

    # -- actions: the cards typed in take the place of unseen ones, then play as dealt -------

    def _begin(self, seat: int) -> None:
        """A turn starts: the first one says who started."""
        if not self.started:
            self.turn = self.start_player_seat = seat
        self.drawn = self.taken = 0

    def exchange(self, seat: int, hand_card: Card, face_up_card: Card) -> None:
        self._reveal(self.hands[seat], [hand_card])
        self._reveal(self.face_up[seat], [face_up_card])
        super().exchange(seat, hand_card, face_up_card)
        self._settle()

    def shed(self, seat: int, cards: Sequence[Card]) -> None:
        self._begin(seat)
        self._reveal(self._place(seat)[0], cards)
        super().shed(seat, cards)

    def take_up(self, seat: int) -> None:
        self._begin(seat)
        super().take_up(seat)

    def reveal(self, seat: int, slot: int, card: Card) -> None:
        """The face-down card in `slot` turns out to be `card` (checked by `verify_flip`)."""
        self.face_down[seat][slot] = card

    def turn_over(self, seat: int, slot: int) -> Card:
        self._begin(seat)
        return super().turn_over(seat, slot)

    def scrap_joker(self, seat: int, joker: Card, peek: int | None = None,
                    swap: Card | None = None) -> None:
        self._begin(seat)
        self._reveal(self._place(seat)[0], [joker])
        super().scrap_joker(seat, joker, peek)
        if peek is not None and swap is not None:  # after the refill, as with a dealt deck
            hand, row = self.hands[seat], self.face_down[seat]
            self._reveal(hand, [swap])
            hidden = row[peek]
            assert hidden is not None
            hand[hand.index(swap)] = hidden
            row[peek] = swap

    def _refill(self, seat: int) -> None:
        held = len(self.hands[seat])
        super()._refill(seat)
        self.drawn += len(self.hands[seat]) - held

    def _take_pile(self, seat: int) -> None:
        self.taken = len(self.pile)
        super()._take_pile(seat)

    def snapshot(self) -> dict[str, object]:
        snapshot = super().snapshot()
        if self.questions is not None:
            snapshot["start_answers"] = [[card.code, seat]
                                         for card, seat in self.questions.held.items()]
        return snapshot
