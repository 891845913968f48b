"""What the rulebook templates see: the deck's cards and the engine's numbers, as plain data.

Every number the rules quote (hand size, card values, 21, the target, the floor, the seats)
comes from the engine here, so the printed rules cannot drift from what the referee enforces.
Deck text is cleaned of characters that cannot be printed and typeset as its cards print it
(conditions are only cleaned): escaping is the templates' job (autoescape) and the markup
reader's. The clarifications,
our own prose from the engine, are typeset like the templates' (curly quotes, true minus).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Subject
from engine.cards import Rank
from engine.games.base import Clarification
from engine.games.registry import find_game
from engine.games.upnover.hidden_rules import DEFAULT_FLOOR, DEFAULT_TARGET
from engine.games.upnover.trick_game import (
    ACE_VALUES,
    FULL_HAND,
    MIN_PLAYERS,
    TARGET_SUM,
    VALUE_BY_RANK,
    hand_size_for,
)
from generator.deck import LoadedDeck
from generator.deck_model import NameAction
from generator.printing.errors import PrintError
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
    CardGroup,
    GlossaryRow,
    TriggerRow,
    action_row,
    aid_rows,
    glossary,
    judged_at_table,
    subject_groups,
    trigger_row,
)
from generator.rulebook.upnover.example import WorkedExample, worked_example
from generator.rulebook.words import (
    number,
    number_range,
    quotation,
)
from generator.table_size import RULE_CARDS_PER_PLAYER, least_rule_cards, max_players_for


@dataclass(frozen=True, slots=True, kw_only=True)
class ValueRow:
    card: str
    value: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRow:
    players: int
    cards: int
    variant_cards: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """The engine's numbers, as the rules quote them."""

    min_players: int
    max_players: int
    full_hand: int
    target_sum: int
    target: int
    floor: int
    ace_low: int
    ace_high: int
    values: tuple[ValueRow, ...]
    hands: tuple[HandRow, ...]
    rule_cards: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Book:
    """Everything the templates may read."""

    deck: DeckView
    rules: Rules
    triggers: tuple[TriggerRow, ...]
    actions: tuple[ActionRow, ...]
    aids: tuple[AidRow, ...]              # the deck's player-aid cards, by number
    trigger_numbers: str
    action_numbers: str
    player_triggers: int                  # triggers that call on the player who played
    trigger_subjects: tuple[CardGroup, ...]  # the others, by whom they call on
    table_judged: CardGroup | None        # triggers without a condition: judged at the table
    glossary: tuple[GlossaryRow, ...]     # the names this deck's conditions use
    clarifications: tuple[ClarificationRow, ...]
    example: WorkedExample
    hands_grow: bool                      # an action makes players draw: hands may pass full

    @property
    def players(self) -> tuple[int, int]:
        return self.rules.min_players, self.rules.max_players

    @property
    def example_own_cards(self) -> bool:
        return self.example.own_cards


def _values() -> tuple[ValueRow, ...]:
    for rank in range(2, 11):
        if VALUE_BY_RANK[Rank(rank)] != rank:  # the table below says "face value"
            raise AssertionError(f"the engine values a {rank} at {VALUE_BY_RANK[Rank(rank)]}")
    low, high = ACE_VALUES
    return (
        ValueRow(card="Ace", value=f"{low} or {high}, as you say when you play it"),
        ValueRow(card="2 to 10", value="the number on the card"),
        ValueRow(card="Jack", value=number(VALUE_BY_RANK[Rank.JACK])),
        ValueRow(card="Queen", value=number(VALUE_BY_RANK[Rank.QUEEN])),
        ValueRow(card="King", value=number(VALUE_BY_RANK[Rank.KING])),
    )


def game_rules(max_players: int) -> Rules:
    return Rules(
        min_players=MIN_PLAYERS, max_players=max_players, full_hand=FULL_HAND,
        target_sum=TARGET_SUM, target=DEFAULT_TARGET, floor=DEFAULT_FLOOR,
        ace_low=ACE_VALUES[0], ace_high=ACE_VALUES[1], values=_values(),
        hands=tuple(HandRow(players=players, cards=hand_size_for(players),
                            variant_cards=hand_size_for(players, fewer_per_extra_player=True))
                    for players in range(MIN_PLAYERS, max_players + 1)),
        rule_cards=RULE_CARDS_PER_PLAYER,
    )


TAKER_TIMING = "taker-timing"  # printed only for a deck with triggers that call on the taker


def deck_rulings(items: tuple[Clarification, ...],
                 rows: tuple[TriggerRow, ...]) -> tuple[Clarification, ...]:
    """The clarifications this deck's book prints: the timing of actions for the player who
    takes the trick only where one of its triggers calls on that player."""
    if any(row.calls_on == Subject.TAKER.words for row in rows):
        return items
    return tuple(item for item in items if item.key != TAKER_TIMING)


def book_for(deck: LoadedDeck) -> Book:
    """The templates' data for `deck`, or a PrintError saying why no rulebook can be made."""
    info = deck_details(deck)
    triggers = sorted((card for _, card in deck.triggers), key=lambda card: card.number)
    actions = sorted((card for _, card in deck.actions), key=lambda card: card.number)
    game = find_game(info.base_game)
    most = max_players_for(len(triggers), len(actions), game)
    if most < game.min_players:
        need = least_rule_cards(game)
        raise PrintError(
            f"{deck.path}: a game needs at least {need} trigger cards and {need} action cards "
            f"(each player is dealt {RULE_CARDS_PER_PLAYER} of each); this deck has "
            f"{len(triggers)} triggers and {len(actions)} actions.")
    rows = tuple(map(trigger_row, triggers))
    return Book(
        deck=deck_view(info, game.title, accent=info.style.trigger_colour,
                       second=info.style.action_colour),
        rules=game_rules(most),
        triggers=rows,
        actions=tuple(map(action_row, actions)),
        aids=aid_rows(deck),
        trigger_numbers=number_range([card.number for card in triggers]),
        action_numbers=number_range([card.number for card in actions]),
        player_triggers=sum(row.calls_on is None for row in rows),
        trigger_subjects=subject_groups(rows),
        table_judged=judged_at_table(rows),
        glossary=glossary(rows, game.schema),
        clarifications=clarification_rows(deck_rulings(game.clarifications, rows)),
        example=worked_example(triggers, [card for card in actions
                                          if isinstance(card, NameAction)], quotation),
        hands_grow=any(getattr(card, "effect", None) == "draw" for card in actions),
    )
