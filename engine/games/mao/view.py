"""What a secret rule's trigger can read in Mao, and how it is built after a move.

A move is a card put on the pile (in turn or not, valid or not), a card taken instead of
playing, or the cards of a 7 taken. A joker reads as the nine of diamonds it stands for,
with `is_joker` true. Words said are not in the view: what a rule makes a player say is
its action's part, judged from the journal.
"""

from __future__ import annotations

from typing import Any

from engine.cards import CARDS, Card, Rank
from engine.events import Event
from engine.games.base import Game, SeenPlay
from engine.games.mao.events import NAME, Passed, Played, TookSevens
from engine.games.mao.state import MaoState
from engine.games.mao.table import MAX_PLAYERS, as_played, packs_for
from engine.language.helpers import HELPERS
from engine.language.schema import FieldSpec, Schema, Type, Visibility
from engine.language.views import COLOUR_NAMES, RANK_NAMES, SUIT_NAMES, CardList, CardView

MOST_CARDS = 54 * packs_for(MAX_PLAYERS)
MOST_MAOS = 100


class MaoCardView(CardView):
    """A card as a Mao trigger reads it; a joker is the nine of diamonds, `is_joker` set.
    No card (a move that took cards) has empty text parts and number 0."""

    __slots__ = ("is_joker",)

    def __init__(self, card: Card) -> None:
        super().__init__(as_played(card), int(as_played(card).rank))
        self.code = card.code
        self.is_joker = card.is_joker

    @classmethod
    def blank(cls) -> MaoCardView:
        view = cls.__new__(cls)
        view.id, view.code, view.rank, view.suit, view.colour = -1, "", "", "", ""
        view.number = view.value = 0
        view.is_face = view.is_joker = False
        return view


VIEWS: tuple[MaoCardView, ...] = tuple(MaoCardView(card) for card in CARDS)
NO_CARD = MaoCardView.blank()
ALL_CARD_VIEWS: tuple[MaoCardView, ...] = (*VIEWS, NO_CARD)
for _position, _view in enumerate(ALL_CARD_VIEWS):
    _view.id = _position

_CARD = {spec.name: spec for spec in (
    FieldSpec("rank", Type.STR, 'its rank: "A", "2" ... "10", "J", "Q", "K" (a joker "9")',
              domain=RANK_NAMES),
    FieldSpec("suit", Type.STR, 'its suit: "clubs", "diamonds", "hearts" or "spades" (a '
              'joker "diamonds")', domain=SUIT_NAMES),
    FieldSpec("colour", Type.STR, '"red" or "black"', domain=COLOUR_NAMES),
    FieldSpec("number", Type.INT, "its rank as a number: A 1, 2-10, J 11, Q 12, K 13",
              domain=tuple(range(14))),
    FieldSpec("is_face", Type.BOOL, "it is a jack, queen or king", domain=(False, True)),
    FieldSpec("is_joker", Type.BOOL, "it is a joker (played as the nine of diamonds)",
              domain=(False, True)),
)}

_PLAYER = {spec.name: spec for spec in (
    FieldSpec("seat", Type.INT, f"their seat, 0 to {MAX_PLAYERS - 1}",
              domain=tuple(range(MAX_PLAYERS))),
    FieldSpec("hand_size", Type.INT, "how many cards they hold",
              domain=tuple(range(MOST_CARDS + 1))),
    FieldSpec("maos", Type.INT, "how many Maos they have won", domain=tuple(range(MOST_MAOS))),
)}

_FIELDS = {spec.name: spec for spec in (
    FieldSpec("card", Type.CARD, "the card just put on the pile; no card when the move took "
              "cards instead", domain=ALL_CARD_VIEWS),
    FieldSpec("previous", Type.CARD, "the card on top of the pile before the move",
              domain=ALL_CARD_VIEWS),
    FieldSpec("played", Type.BOOL, "a card was put on the pile", domain=(False, True)),
    FieldSpec("passed", Type.BOOL, "the player took one card instead of playing",
              domain=(False, True)),
    FieldSpec("took_sevens", Type.BOOL, "the player took the cards of a 7 (or a chain of 7s)",
              domain=(False, True)),
    FieldSpec("valid", Type.BOOL, "the card fitted under the standard rules (rank or suit, "
              "the suit a jack named, a 7 on a 7)", domain=(False, True)),
    FieldSpec("in_turn", Type.BOOL, "the move was made in turn", domain=(False, True)),
    FieldSpec("run", Type.INT, "how many cards of this rank now lie in a row on top of the "
              "pile, this one included (0 when no card was played)",
              domain=tuple(range(MOST_CARDS + 1))),
    FieldSpec("sevens", Type.INT, "how many 7s in a row are now aimed at the next player",
              domain=tuple(range(4 * packs_for(MAX_PLAYERS) + 1))),
    FieldSpec("reversed", Type.BOOL, "the order of play turned round (an 8)",
              domain=(False, True)),
    FieldSpec("skipped", Type.BOOL, "the next player misses their turn (an ace)",
              domain=(False, True)),
    FieldSpec("clockwise", Type.BOOL, "play now goes clockwise, as it started",
              domain=(False, True)),
    FieldSpec("player", Type.PLAYER, "the player who moved"),
    FieldSpec("next_player", Type.PLAYER, "the player who moves next"),
    FieldSpec("pile_size", Type.INT, "how many cards the pile holds after the move",
              domain=tuple(range(MOST_CARDS + 1))),
    FieldSpec("stack_size", Type.INT, "how many cards are left in the stack",
              domain=tuple(range(MOST_CARDS + 1))),
    FieldSpec("round", Type.INT, "which round this is: the first is 1, and each Mao ends one",
              domain=tuple(range(1, MOST_MAOS + 1))),
    FieldSpec("hand", Type.CARDS, "the cards in the player's hand after the move",
              visibility=Visibility.OWNER),
)}

MAO_SCHEMA = Schema(game=NAME, fields=_FIELDS,
                    attributes={Type.CARD: _CARD, Type.PLAYER: _PLAYER}, helpers=HELPERS)


class PlayerView:
    """A player's figures, read live from the game."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: MaoState, seat: int) -> None:
        self._game = game
        self.seat = seat

    @property
    def hand_size(self) -> int:
        return len(self._game.table.hands[self.seat])

    @property
    def maos(self) -> int:
        return self._game.scores[self.seat]


class MoveView:
    """Everything a trigger may read about one move."""

    __slots__ = ("_game", "card", "clockwise", "in_turn", "next_player", "passed",
                 "pile_size", "played", "player", "previous", "reversed", "round", "run",
                 "sevens", "skipped", "stack_size", "took_sevens", "valid")

    card: MaoCardView
    previous: MaoCardView
    played: bool
    passed: bool
    took_sevens: bool
    valid: bool
    in_turn: bool
    run: int
    sevens: int
    reversed: bool
    skipped: bool
    clockwise: bool
    player: PlayerView
    next_player: PlayerView
    pile_size: int
    stack_size: int
    round: int

    def __init__(self, game: MaoState) -> None:
        self._game = game

    @property
    def hand(self) -> CardList:
        """Owner only: never read by a valid trigger."""
        return CardList([VIEWS[card.index] for card in self._game.table.hands[self.player.seat]])


class ViewBuilder:
    """Builds the view of each move of one game (the same view object, refilled)."""

    __slots__ = ("_game", "_players", "_view")

    def __init__(self, game: MaoState) -> None:
        self._game = game
        self._players = [PlayerView(game, seat) for seat in range(len(game.names))]
        self._view = MoveView(game)

    def after_play(self, seat: int | None = None) -> MoveView:
        """The view of the move just made (by `seat`; by default whoever made it)."""
        game, table, view = self._game, self._game.table, self._view
        last = game.last
        played = last is not None and last.move == game.moves
        if seat is None:
            seat = table.turn if game.mover is None else game.mover
        pile = table.pile
        turns = table.turns
        if played:
            assert last is not None
            view.card = VIEWS[last.card.index]
            view.previous = VIEWS[pile[-2].index] if len(pile) > 1 else NO_CARD
            view.valid, view.in_turn = last.fits, last.in_turn
            rank = as_played(pile[-1]).rank
            run = 0
            for card in reversed(pile):
                if as_played(card).rank is not rank:
                    break
                run += 1
            view.run = run
            view.reversed = rank is Rank.EIGHT
            view.skipped = rank is Rank.ACE
        else:
            view.card, view.previous = NO_CARD, VIEWS[pile[-1].index]
            view.valid, view.in_turn, view.run = False, game.moved_in_turn, 0
            view.reversed = view.skipped = False
        view.played = played
        view.took_sevens = not played and game.last_move == "sevens"
        view.passed = not played and game.last_move == "pass"
        view.sevens = turns.sevens
        view.clockwise = turns.direction == 1
        view.player, view.next_player = self._players[seat], self._players[table.turn]
        view.pile_size, view.stack_size = len(pile), len(table.stack)
        view.round = game.rounds + 1
        return view


MOVES = (Played, Passed, TookSevens)


class Watch:
    """The referee's eye on a game: every move is a play a trigger is asked about. No
    move clears the table: a card stays enforceable until the next move is made."""

    def __init__(self, game: MaoState) -> None:
        self._views = ViewBuilder(game)

    def seen(self, event: Event) -> SeenPlay | None:
        if not isinstance(event, MOVES):
            return None
        view = self._views.after_play(event.player)
        return SeenPlay(event.player, view.card.code, view, next_player=view.next_player.seat)

    def clears(self, event: Event) -> bool:
        return False


def watch(game: Game) -> Watch | None:
    return Watch(game) if isinstance(game, MaoState) else None


def builder(game: Any) -> Any:
    return ViewBuilder(game).after_play
