"""What the Joker's Secret rulebook templates see: the engine's numbers and the deck's cards.

Every number the rules quote (players, the 54 cards, the rows of three, four in a row, the
rank ladder, the start order, the draw pile per table size) comes from the engine's
`shedding` module here, so the printed rules cannot drift from what the referee enforces.
The clarifications are the engine's, typeset like the templates' prose. Deck text (the
player aids) is cleaned of what cannot be printed and typeset as its cards print it:
escaping is the templates' job (autoescape).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import JOKERS, Card, Rank
from engine.games.jokers_secret.shedding import (
    BURN_RUN,
    FULL_DECK,
    LADDER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROW,
    START_ORDER,
)
from engine.games.registry import find_game
from engine.rules_layer import DEFAULT_FLOOR, DEFAULT_TARGET, RULE_CARDS_EACH
from generator.card_kinds import KINDS
from generator.deck import LoadedDeck
from generator.rulebook.books import (
    ClarificationRow,
    DeckView,
    clarification_rows,
    deck_details,
    deck_view,
)
from generator.rulebook.cards import (
    ActionRow,
    AidRow,
    TriggerRow,
    action_row,
    aid_rows,
    trigger_row,
)
from generator.rulebook.jokers_secret.example import WorkedExample, worked_example
from generator.rulebook.words import spelled, typeset

GAME = "jokers-secret"
AID_ACCENT = "#3d6b35"  # the aids' own green, should the aids kind not be registered

_FACE_WORDS = {Rank.ACE: "ace", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king",
               Rank.JOKER: "joker"}



def rank_word(rank: Rank) -> str:
    """A rank as the book names it: digits for the numbers, words for the others.

    >>> rank_word(Rank.THREE), rank_word(Rank.ACE)
    ('3', 'ace')
    """
    return _FACE_WORDS.get(rank, str(int(rank)))


def card_words(card: Card) -> str:
    """A card as the book names it: "3 of clubs".

    >>> from engine.cards import parse_card
    >>> card_words(parse_card("3c")), card_words(parse_card("As"))
    ('3 of clubs', 'ace of spades')
    """
    if card.suit is None:
        return "joker"
    return f"{rank_word(card.rank)} of {card.suit.plural}"


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawRow:
    players: int
    dealt: int       # cards dealt to the table
    draw_pile: int   # cards left in the draw pile


@dataclass(frozen=True, slots=True, kw_only=True)
class StartOrder:
    """The start-card search (clarification start-card) in the words the book uses."""

    first: str            # "3 of clubs"
    second: str           # "4 of clubs"
    last_but_one: str     # the highest rank of the suit's climb: "ace"
    last: str             # the rank that closes each suit: "2"
    suits: tuple[str, ...]  # "clubs", "diamonds", ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """The engine's numbers, as the rules quote them."""

    min_players: int
    max_players: int
    row: int                  # face-down cards, face-up cards and hand: each this many
    row_words: str            # "three"
    dealt_each: int           # cards each player is dealt in all
    dealt_each_words: str     # "nine"
    full_deck: int            # 54
    standard: int             # 52
    jokers: int               # 2
    jokers_words: str         # "two"
    burn_run: int             # 4
    burn_run_words: str       # "four"
    ladder: tuple[str, ...]   # the ranks that must be matched or beaten, lowest first
    lowest: str               # "3"
    highest: str              # "ace"
    draws: tuple[DrawRow, ...]
    start: StartOrder
    rule_cards: int           # triggers (and actions) dealt to each player, with secret rules
    target: int               # points that win at a round's end, with secret rules
    floor: int                # the lowest score


@dataclass(frozen=True, slots=True, kw_only=True)
class Book:
    """Everything the templates may read."""

    deck: DeckView
    title: str                          # the game's title, typeset: Joker’s Secret
    rules: Rules
    aids: tuple[AidRow, ...]            # the deck's player-aid cards, by number
    triggers: tuple[TriggerRow, ...]    # secret-rule cards, if the deck has any
    actions: tuple[ActionRow, ...]
    clarifications: tuple[ClarificationRow, ...]
    example: WorkedExample
    example_own_cards: bool = False     # the example is a deal of playing cards, not rules

    @property
    def players(self) -> tuple[int, int]:
        return self.rules.min_players, self.rules.max_players


def _ladder() -> tuple[str, ...]:
    """The ranks a play must equal or beat, lowest first: not the 2 (anything goes on it),
    the 10 (it burns the pile, so nothing is ever played on it) or the joker."""
    return tuple(rank_word(rank) for rank in LADDER)


def _start_order() -> StartOrder:
    suits: list[str] = []
    for card in START_ORDER:
        if card.suit is not None and card.suit.plural not in suits:
            suits.append(card.suit.plural)
    per_suit = len(START_ORDER) // len(suits)
    return StartOrder(first=card_words(START_ORDER[0]), second=card_words(START_ORDER[1]),
                      last_but_one=rank_word(START_ORDER[per_suit - 2].rank),
                      last=rank_word(START_ORDER[per_suit - 1].rank), suits=tuple(suits))


def game_rules() -> Rules:
    ladder = _ladder()
    dealt_each = 3 * ROW  # a face-down row, a face-up row and a hand
    return Rules(
        min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, row=ROW, row_words=spelled(ROW),
        dealt_each=dealt_each, dealt_each_words=spelled(dealt_each), full_deck=FULL_DECK,
        standard=FULL_DECK - len(JOKERS),
        jokers=len(JOKERS), jokers_words=spelled(len(JOKERS)), burn_run=BURN_RUN,
        burn_run_words=spelled(BURN_RUN), ladder=ladder, lowest=ladder[0], highest=ladder[-1],
        draws=tuple(DrawRow(players=players, dealt=players * dealt_each,
                            draw_pile=FULL_DECK - players * dealt_each)
                    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        start=_start_order(), rule_cards=RULE_CARDS_EACH, target=DEFAULT_TARGET,
        floor=DEFAULT_FLOOR,
    )


def book_for(deck: LoadedDeck) -> Book:
    """The templates' data for `deck`, or a PrintError saying why no rulebook can be made."""
    info = deck_details(deck)
    game = find_game(GAME)
    aids = KINDS.get("aids")
    accent = (info.style.trigger_colour if deck.has_secret_rules
              else aids.accent_in(info.style) if aids is not None else AID_ACCENT)
    triggers = sorted((card for _, card in deck.triggers), key=lambda card: card.number)
    actions = sorted((card for _, card in deck.actions), key=lambda card: card.number)
    return Book(
        deck=deck_view(info, game.title, accent=accent,
                       second=info.style.action_colour),
        title=typeset(game.title),
        rules=game_rules(),
        aids=aid_rows(deck),
        triggers=tuple(map(trigger_row, triggers)),
        actions=tuple(map(action_row, actions)),
        clarifications=clarification_rows(game.clarifications),
        example=worked_example(),
    )
