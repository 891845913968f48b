"""What a Hidden Rules trigger can read in Joker's Secret, and how it is built after a turn.

Every turn is a play a trigger is asked about: cards played from the hand or the face-up
row, a joker to the scrap pile, a face-down card flipped (landing on the pile, scrapped as
a joker, or failing and taking the pile), and picking up the pile. Swaps before the first
play are not turns. `event`-like questions are booleans (`picked_up`, `flipped`,
`card.is_joker` ...): values the checker can enumerate, unlike free text.

The table keeps no record of the last turn, so `ViewBuilder` keeps a few counts of the
table as it last saw it (its counters, the pile's and the burned cards' lengths, the top
card, each player's rows) and reads the turn from what changed. It must see every turn:
the simulation asks it after each one, and the referee's `Watch` after each journal entry.

Card views are built once per card and shared, as Up 'N Over's are; a player's figures are
read live from the table only when a trigger reads them. `Watch` is the referee's eye on a
game (`engine.games.base.TableWatch`), built on the same views.
"""

from __future__ import annotations

from typing import Any

from engine.cards import CARDS, Card, Rank
from engine.events import Event
from engine.games.base import Game, SeenPlay
from engine.games.jokers_secret.events import Flipped, JokerPlayed, PickedUp, Played
from engine.games.jokers_secret.game import NAME, JokersSecretGame
from engine.games.jokers_secret.shedding import HEIGHT, STEP
from engine.language.helpers import HELPERS
from engine.language.schema import FieldSpec, Schema, Type, Visibility
from engine.language.views import COLOUR_NAMES, RANK_NAMES, SUIT_NAMES, CardList, CardView

JOKER_RANK = "joker"   # how a trigger writes a joker's rank
MOST_PLAYERS = 5
MOST_IN_PILE = 52      # every card but the jokers
MOST_IN_HAND = 52
MOST_TO_DRAW = 54 - 2 * 9  # two players are dealt nine cards each


class ShedCardView(CardView):
    """A card as a trigger reads it here: the shared card view's parts, and how high it
    plays (`height`), its step on the ladder of ranks (`step`), whether it is a joker and
    whether it is special (a 2, a 10, a joker).
    Jokers and "no card" (an empty pile, a pick-up) have views too: a joker's rank is
    "joker" and its suit "none"; no card's text parts are "". A trigger can write neither
    "none" nor "", so `card.suit == "hearts"` is false for both."""

    __slots__ = ("height", "is_joker", "is_special", "step")

    def __init__(self, card: Card) -> None:
        super().__init__(card, HEIGHT[card.rank])
        self.height = HEIGHT[card.rank]
        self.step = STEP[card.rank]
        self.is_joker = False
        self.is_special = card.rank in (Rank.TWO, Rank.TEN)

    @classmethod
    def blank(cls, code: str, rank: str, colour: str, *, joker: bool) -> ShedCardView:
        """A joker's view (`joker`) or the view of no card: no suit, number 0, height 0."""
        view = cls.__new__(cls)
        view.id = -1
        view.code, view.rank, view.colour = code, rank, colour
        view.suit = "none" if joker else ""  # a joker's suit never equals no card's
        view.number = view.value = view.height = view.step = 0
        view.is_face = False
        view.is_joker = view.is_special = joker
        return view

    def __repr__(self) -> str:
        return f"ShedCardView({self.code or 'no card'})"


VIEWS: tuple[ShedCardView, ...] = tuple(
    ShedCardView.blank(card.code, JOKER_RANK, card.colour, joker=True) if card.is_joker
    else ShedCardView(card) for card in CARDS)
NO_CARD = ShedCardView.blank("", "", "", joker=False)
ALL_CARD_VIEWS: tuple[ShedCardView, ...] = (*VIEWS, NO_CARD)
for _position, _view in enumerate(ALL_CARD_VIEWS):
    _view.id = _position
_SINGLES = tuple(CardList([view]) for view in VIEWS)  # one card played: the common case
_NO_CARDS = CardList()                                 # a pick-up

_CARD = {spec.name: spec for spec in (
    FieldSpec("rank", Type.STR, 'its rank: "A", "2" ... "10", "J", "Q", "K", or "joker"',
              domain=(*RANK_NAMES, JOKER_RANK)),
    FieldSpec("suit", Type.STR, 'its suit: "clubs", "diamonds", "hearts" or "spades" (a '
              "joker has none)", domain=SUIT_NAMES),
    FieldSpec("colour", Type.STR, '"red" or "black" (jokers too: one of each)',
              domain=COLOUR_NAMES),
    FieldSpec("number", Type.INT, "its rank as a number: A 1, 2-10, J 11, Q 12, K 13 "
              "(a joker 0)", domain=tuple(range(14))),
    FieldSpec("height", Type.INT, "how high it plays: 3 lowest ... 10, J 11, Q 12, K 13, "
              "A 14 (aces high); a 2 is 2 and a joker 0", domain=tuple(range(15))),
    FieldSpec("step", Type.INT, "its step on the ladder of ranks a play must match or beat: "
              "3 is 1 ... 9 is 7, J 8, Q 9, K 10, A 11; a 2, a 10 and a joker 0",
              domain=tuple(range(max(STEP.values()) + 1))),
    FieldSpec("is_face", Type.BOOL, "it is a jack, queen or king", domain=(False, True)),
    FieldSpec("is_special", Type.BOOL, "it is a 2, a 10 or a joker", domain=(False, True)),
    FieldSpec("is_joker", Type.BOOL, "it is a joker", domain=(False, True)),
)}

_PLAYER = {spec.name: spec for spec in (
    FieldSpec("seat", Type.INT, "their seat, 0 to 4", domain=tuple(range(MOST_PLAYERS))),
    FieldSpec("score", Type.INT, "their points", domain=tuple(range(-10, 13))),
    FieldSpec("hand_size", Type.INT, "how many cards they hold",
              domain=tuple(range(MOST_IN_HAND + 1))),
    FieldSpec("face_up", Type.INT, "how many face-up cards lie in front of them",
              domain=tuple(range(4))),
    FieldSpec("face_down", Type.INT, "how many face-down cards lie in front of them",
              domain=tuple(range(4))),
    FieldSpec("cards_left", Type.INT, "hand, face-up and face-down cards together",
              domain=tuple(range(MOST_IN_HAND + 7))),
    FieldSpec("zone", Type.STR, 'where their next cards come from: "hand", "face-up", '
              '"face-down", or "out" (no cards left)',
              domain=("hand", "face-up", "face-down", "out")),
)}

_FIELDS = {spec.name: spec for spec in (
    FieldSpec("card", Type.CARD, "the card just played (the first of several of a rank), the "
              "joker played, or the face-down card flipped; no card for a pick-up",
              domain=ALL_CARD_VIEWS),
    FieldSpec("cards", Type.CARDS, "every card played this turn (none for a pick-up)"),
    FieldSpec("count", Type.INT, "how many cards were played this turn: 1 to 4, 0 for a "
              "pick-up", domain=tuple(range(5))),
    FieldSpec("previous", Type.CARD, "the top of the discard pile before this turn: the card "
              "played on (no card when the pile was empty)", domain=ALL_CARD_VIEWS),
    FieldSpec("pile_was_empty", Type.BOOL, "the discard pile was empty before this turn",
              domain=(False, True)),
    FieldSpec("pile", Type.CARDS, "the discard pile after this turn, bottom first"),
    FieldSpec("pile_size", Type.INT, "how many cards the discard pile holds after this turn",
              domain=tuple(range(MOST_IN_PILE + 1))),
    FieldSpec("burned", Type.BOOL, "this turn burned the pile (a 10, or four in a row)",
              domain=(False, True)),
    FieldSpec("four_in_a_row", Type.BOOL, "four cards of one rank lay together on top of the "
              "pile, so it burned", domain=(False, True)),
    FieldSpec("reset", Type.BOOL, "a 2 landed on the pile and reset it (not when it burned)",
              domain=(False, True)),
    FieldSpec("skipped", Type.BOOL, "the cards matched the rank they went on: the next player "
              "is skipped (not when the pile burned)", domain=(False, True)),
    FieldSpec("picked_up", Type.BOOL, "the player took the pile into their hand (no card to "
              "play, or a flipped card that could not go on it)", domain=(False, True)),
    FieldSpec("flipped", Type.BOOL, "the player turned one of their face-down cards over",
              domain=(False, True)),
    FieldSpec("from_face_up", Type.BOOL, "the cards came from the player's face-up row",
              domain=(False, True)),
    FieldSpec("player", Type.PLAYER, "the player whose turn it was"),
    FieldSpec("next_player", Type.PLAYER, "the player on their left, who plays next unless "
              "skipped (or unless the pile burned)"),
    FieldSpec("draw_size", Type.INT, "how many cards are left in the draw pile",
              domain=tuple(range(MOST_TO_DRAW + 1))),
    FieldSpec("round", Type.INT, "which round this is: the first is 1, and each burn ends one",
              domain=tuple(range(1, 101))),
    FieldSpec("hand", Type.CARDS, "the cards in the player's hand after the turn",
              visibility=Visibility.OWNER),
    FieldSpec("face_down", Type.CARDS, "the player's face-down cards",
              visibility=Visibility.HIDDEN),
)}

JOKERS_SECRET_SCHEMA = Schema(game=NAME, fields=_FIELDS,
                              attributes={Type.CARD: _CARD, Type.PLAYER: _PLAYER},
                              helpers=HELPERS)


def card_view(card: Card | None) -> ShedCardView:
    """The shared view of a card (of no card, for None)."""
    return NO_CARD if card is None else VIEWS[card.index]


def card_list(cards: list[Card] | tuple[Card, ...]) -> CardList:
    return CardList([VIEWS[card.index] for card in cards])


class PlayerView:
    """A player's figures, read live from the table."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: JokersSecretGame, seat: int) -> None:
        self._game = game
        self.seat = seat

    @property
    def score(self) -> int:
        return self._game.scores[self.seat]

    @property
    def hand_size(self) -> int:
        return len(self._game.table.hands[self.seat])

    @property
    def face_up(self) -> int:
        return len(self._game.table.face_up[self.seat])

    @property
    def face_down(self) -> int:
        row = self._game.table.face_down[self.seat]
        return len(row) - row.count(None)

    @property
    def cards_left(self) -> int:
        table, seat = self._game.table, self.seat
        row = table.face_down[seat]
        return len(table.hands[seat]) + len(table.face_up[seat]) + len(row) - row.count(None)

    @property
    def zone(self) -> str:
        return self._game.table.zone(self.seat).value


class TurnView:
    """Everything a trigger may read about one turn. `ViewBuilder` refills one of these; the
    lists read from the table (`pile`, `hand`, `face_down`) are built only when read."""

    __slots__ = ("_game", "burned", "card", "cards", "count", "draw_size", "flipped",
                 "four_in_a_row", "from_face_up", "next_player", "picked_up", "pile_size",
                 "pile_was_empty", "player", "previous", "reset", "round", "skipped")

    card: CardView     # a ShedCardView: CardList holds them as card views
    cards: CardList
    count: int
    previous: ShedCardView
    pile_was_empty: bool
    pile_size: int
    burned: bool
    four_in_a_row: bool
    reset: bool
    skipped: bool
    picked_up: bool
    flipped: bool
    from_face_up: bool
    player: PlayerView
    next_player: PlayerView
    draw_size: int
    round: int

    def __init__(self, game: JokersSecretGame, **values: Any) -> None:
        self._game = game
        for name in self.__slots__[1:]:
            setattr(self, name, values.get(name))

    @property
    def pile(self) -> CardList:
        return card_list(self._game.table.pile)

    @property
    def hand(self) -> CardList:
        """Owner only: never read by a valid trigger."""
        return card_list(self._game.table.hands[self.player.seat])

    @property
    def face_down(self) -> CardList:
        """Hidden: never read by a valid trigger."""
        rows = self._game.table.face_down[self.player.seat]
        return card_list([card for card in rows if card is not None])


class ViewBuilder:
    """Builds the view of each turn of one game, from what changed on the table since the
    turn before (the same view object, refilled each time)."""

    __slots__ = ("_burned", "_burns", "_face_down", "_face_up", "_game", "_jokers",
                 "_pickups", "_pile", "_players", "_resets", "_rounds", "_skips", "_top",
                 "_turn", "_view")

    def __init__(self, game: JokersSecretGame) -> None:
        self._game = game
        self._players = [PlayerView(game, seat) for seat in range(len(game.names))]
        self._view = TurnView(game)
        self.sync()

    def sync(self) -> None:
        """Remember the table as it is now: the next view is of what changes from here."""
        table = self._game.table
        self._pickups, self._jokers = table.pickups, table.jokers
        self._burns, self._resets, self._skips = table.burns, table.resets, table.skips
        self._pile, self._burned, self._top = len(table.pile), len(table.burned), table.top
        self._face_up = [len(row) for row in table.face_up]
        self._face_down = [len(row) - row.count(None) for row in table.face_down]
        self._turn = table.turn
        self._rounds = self._game.table.burns  # a burn ends a round

    def after_play(self, seat: int | None = None) -> TurnView:
        """The view of the turn just taken (by `seat`: by default, the player whose turn it
        was when this builder last looked)."""
        table = self._game.table
        seat = self._turn if seat is None else seat
        view = self._view
        pile, gone = table.pile, table.burned
        row = table.face_down[seat]
        face_down = len(row) - row.count(None)
        face_up = len(table.face_up[seat])
        flipped = face_down < self._face_down[seat]
        burns, pickups = table.burns, table.pickups
        burned = burns != self._burns
        picked_up = pickups != self._pickups
        four = False
        if table.jokers != self._jokers:              # a joker played, or flipped blind
            cards = _SINGLES[table.scrap[-1].index]
        elif picked_up:                               # a pick-up, or a flip that failed
            cards = _SINGLES[table.hands[seat][-1].index] if flipped else _NO_CARDS
        elif burned:                                  # the whole pile went, these on top
            landed = gone[self._burned + self._pile:]
            cards = _SINGLES[landed[0].index] if len(landed) == 1 else card_list(landed)
            rank = landed[-1].rank
            four = (len(gone) - self._burned >= 4
                    and all(card.rank is rank for card in gone[-4:]))
        else:
            landed = pile[self._pile:]
            cards = _SINGLES[landed[0].index] if len(landed) == 1 else card_list(landed)
        top = self._top
        view.cards = cards
        view.count = count = len(cards)
        view.card = cards[0] if count else NO_CARD
        view.previous = NO_CARD if top is None else VIEWS[top.index]
        view.pile_was_empty = top is None
        view.pile_size = len(pile)
        view.burned = burned
        view.four_in_a_row = four
        view.reset = table.resets != self._resets
        view.skipped = table.skips != self._skips
        view.picked_up = picked_up
        view.flipped = flipped
        view.from_face_up = face_up < self._face_up[seat]
        players = self._players
        view.player = players[seat]
        view.next_player = players[seat + 1 if seat + 1 < len(players) else 0]
        view.draw_size = len(table.draw_pile)
        view.round = self._rounds + 1
        self._pickups, self._jokers, self._burns = pickups, table.jokers, burns
        self._resets, self._skips = table.resets, table.skips
        self._pile, self._burned = len(pile), len(gone)
        self._top = pile[-1] if pile else None
        self._face_up[seat] = face_up
        self._face_down[seat] = face_down
        self._turn = table.turn
        self._rounds = self._game.table.burns  # a burn ends a round
        return view


TURNS = (Played, PickedUp, Flipped, JokerPlayed)  # the entries a trigger is asked about


class Watch:
    """The referee's eye on a game: every turn is a play a trigger is asked about (cards
    played, a joker, a flip, a pick-up); swaps before play and the hidden rules' entries
    are not. After a burn or a pick-up the pile has left the table."""

    def __init__(self, game: JokersSecretGame) -> None:
        self._views = ViewBuilder(game)
        self._cleared = False

    def seen(self, event: Event) -> SeenPlay | None:
        if not isinstance(event, TURNS):
            self._views.sync()  # nothing of a turn: keep up with the table all the same
            return None
        view = self._views.after_play(event.player)
        self._cleared = view.burned or view.picked_up
        return SeenPlay(event.player, view.card.code, view, next_player=view.next_player.seat)

    def clears(self, event: Event) -> bool:
        """After a turn that burned or picked up the pile, no card played before it is on
        the table (asked right after `seen` of the same turn)."""
        return isinstance(event, TURNS) and self._cleared


def watch(game: Game) -> Watch | None:
    return Watch(game) if isinstance(game, JokersSecretGame) else None
