"""What the What the Rule?! rulebook templates see: the engine's numbers and words, and the
deck's rule cards.

Every number the book quotes (players, the ten cards dealt, the 72 designs and their two
copies, the points of a round: 10 less the cards held, 5 or 2 for the guess, the two turns
and ten cards of the master's halving) comes from the engine's `what_the_rule` modules here,
so the printed book cannot drift from what the referee enforces and the simulator scores.
The clarifications are the engine's, typeset like the templates' prose, with the rule
language's words in them set as code. The deck gives its rule cards: the starter rules are
printed as the cards print them, in words and in the rule language; the other rule cards are
counted by level, not printed, so a master who draws one draws a rule nobody has read.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.base import Clarification
from engine.games.registry import find_game
from engine.games.what_the_rule.base_game import MAX_PLAYERS, MIN_PLAYERS
from engine.games.what_the_rule.game import GUESS_BONUS, HINTED_BONUS, TEN_CARDS, TWO_TURNS
from engine.games.what_the_rule.shapes import (
    COLOURS,
    COPIES,
    COUNTS,
    DECK,
    DESIGNS,
    FILLS,
    HAND,
    SHAPES,
)
from engine.games.what_the_rule.view import WTR_SCHEMA
from engine.language.schema import Type
from generator.card_kinds import load_kinds
from generator.deck import LoadedDeck
from generator.rulebook.books import DeckView, deck_details, deck_view
from generator.rulebook.what_the_rule.example import CardPic, WorkedExample, picture, worked_example
from generator.rulebook.words import number_range, one_line, prose, spelled, typeset
from generator.what_the_rule.cards import LEVELS, WhatTheRuleCard

GAME = "what-the-rule"
RULES_SECTION = "rule_cards"
SHAPES_SECTION = "shapes"
RULE_ACCENT = "#6a3d8f"  # the rule cards' own colour, should their kind not be registered
SAMPLES = ("w1fc", "b3ut", "w5us", "b6fs")  # the cards drawn beside the table of attributes




def listed(words: tuple[str, ...], last: str = "or") -> str:
    """Words as prose lists them.

    >>> listed(("circle", "triangle", "square")), listed(("white", "black"), "and")
    ('circle, triangle or square', 'white and black')
    """
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """The engine's numbers and words, as the book quotes them."""

    min_players: int
    max_players: int
    hand: int                 # cards dealt to each player; a round scores this less those held
    hand_words: str           # "ten"
    designs: int              # 72
    copies: int               # 2
    copies_words: str         # "two"
    cards: int                # 144
    shapes: tuple[str, ...]   # "circle", "triangle", "square"
    shapes_words: str         # "circle, triangle or square"
    lowest: int               # 1: the fewest shapes on a card
    highest: int              # 6
    fills: tuple[str, ...]    # "filled", "unfilled"
    colours: tuple[str, ...]  # "white", "black"
    guess_bonus: int          # 5
    hinted_bonus: int         # 2
    two_turns: int            # the halving's turns: every player has had this many
    two_turns_words: str      # "two"
    ten_cards: int            # the halving's cards played
    ten_cards_words: str      # "ten"


@dataclass(frozen=True, slots=True, kw_only=True)
class Attribute:
    """A row of the cards' table: one thing a card shows, and what it may be."""

    name: str
    values: str
    kinds: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleRow:
    number: int
    text: str     # as the card prints it
    ident: str    # the card's id: the book draws the card itself with <card id=…>
    rule: str     # in the rule language, as the deck gives it
    level: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelRow:
    """The rule cards of one level that are not starters: counted, not printed."""

    level: str
    count: int
    numbers: str  # "11 to 17"


@dataclass(frozen=True, slots=True, kw_only=True)
class NameRow:
    """A name the rule language reads, or a card's attribute, with what it means."""

    name: str
    meaning: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Piece:
    """Part of a ruling: prose, or words of the rule language (set as code)."""

    text: str
    code: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ClarificationRow:
    key: str
    topic: str
    ruling: str                  # typeset, as printed (code marks dropped)
    pieces: tuple[Piece, ...]    # the same, in prose and code
    for_software: bool = False   # printed in the appendix for designers and referees only


def ruling_pieces(text: str) -> tuple[Piece, ...]:
    """A ruling typeset as prose, its `code` spans kept as they are.

    >>> [(p.text, p.code) for p in ruling_pieces('the "first" card: `first or x` isn\\'t')]
    [('the “first” card: ', False), ('first or x', True), (' isn’t', False)]
    """
    pieces: list[Piece] = []
    for index, part in enumerate(text.split("`")):
        if not part:
            continue
        if index % 2:
            pieces.append(Piece(text=part, code=True))
        else:  # after a code span a quote closes, as it would in the whole sentence
            pieces.append(Piece(text=typeset("x" + part)[1:] if index else typeset(part),
                                code=False))
    return tuple(pieces)


def clarification_rows(items: tuple[Clarification, ...]) -> tuple[ClarificationRow, ...]:
    rows = []
    for item in items:
        pieces = ruling_pieces(item.ruling)
        rows.append(ClarificationRow(key=item.key, topic=typeset(item.topic),
                                     ruling="".join(piece.text for piece in pieces),
                                     pieces=pieces, for_software=item.for_software))
    return tuple(rows)


@dataclass(frozen=True, slots=True, kw_only=True)
class Book:
    """Everything the templates may read."""

    deck: DeckView
    title: str                            # the game's title, typeset: What the Rule?!
    rules: Rules
    attributes: tuple[Attribute, ...]
    samples: tuple[CardPic, ...]          # a few cards, drawn beside the attributes
    shape_cards: int                      # the deck's shape cards
    starters: tuple[RuleRow, ...]         # the deck's starter rules, by number
    levels: tuple[LevelRow, ...]          # its other rule cards, counted by level
    rule_cards: int                       # all its rule cards
    fields: tuple[NameRow, ...]           # what a rule in the rule language reads
    card_names: tuple[NameRow, ...]       # a card's attributes in the rule language
    clarifications: tuple[ClarificationRow, ...]
    example: WorkedExample
    triggers: tuple[()] = ()              # the master's rule is the secret: no rule cards dealt
    actions: tuple[()] = ()
    example_own_cards: bool = False       # the example is a stacked deal of the game's cards

    @property
    def players(self) -> tuple[int, int]:
        return self.rules.min_players, self.rules.max_players

    @property
    def others(self) -> int:
        """The rule cards that are not starters."""
        return sum(row.count for row in self.levels)


def game_rules() -> Rules:
    return Rules(
        min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, hand=HAND, hand_words=spelled(HAND),
        designs=len(DESIGNS), copies=COPIES, copies_words=spelled(COPIES), cards=len(DECK),
        shapes=SHAPES, shapes_words=listed(SHAPES), lowest=min(COUNTS), highest=max(COUNTS),
        fills=FILLS, colours=COLOURS, guess_bonus=GUESS_BONUS, hinted_bonus=HINTED_BONUS,
        two_turns=TWO_TURNS, two_turns_words=spelled(TWO_TURNS), ten_cards=TEN_CARDS,
        ten_cards_words=spelled(TEN_CARDS))


def attributes() -> tuple[Attribute, ...]:
    counts = f"{min(COUNTS)} to {max(COUNTS)}"
    return (Attribute(name="Shape", values=listed(SHAPES), kinds=len(SHAPES)),
            Attribute(name="Count", values=f"{counts} shapes, all alike", kinds=len(COUNTS)),
            Attribute(name="Fill", values=f"{listed(FILLS)} (drawn in outline)",
                      kinds=len(FILLS)),
            Attribute(name="Colour", values=f"{listed(COLOURS)} card, the shapes in the other "
                      "colour", kinds=len(COLOURS)))


def _schema_rows() -> tuple[tuple[NameRow, ...], tuple[NameRow, ...]]:
    fields = tuple(NameRow(name=spec.name, meaning=typeset(spec.doc))
                   for spec in WTR_SCHEMA.fields.values())
    card = tuple(NameRow(name=spec.name, meaning=typeset(spec.doc))
                 for spec in WTR_SCHEMA.attributes[Type.CARD].values())
    return fields, card


def _rule_cards(deck: LoadedDeck) -> list[WhatTheRuleCard]:
    return sorted((card for _, card in deck.cards_of(RULES_SECTION)
                   if isinstance(card, WhatTheRuleCard)), key=lambda card: card.number)


def book_for(deck: LoadedDeck) -> Book:
    """The templates' data for `deck`, or a PrintError saying why no rulebook can be made."""
    info = deck_details(deck)
    game = find_game(GAME)
    kind = load_kinds(GAME).get(RULES_SECTION)
    cards = _rule_cards(deck)
    others = [card for card in cards if not card.starter]
    levels = tuple(LevelRow(level=level, count=len(numbers), numbers=number_range(numbers))
                   for level in LEVELS
                   if (numbers := [card.number for card in others if card.level == level]))
    fields, card_names = _schema_rows()
    return Book(
        deck=deck_view(info, game.title,
                       accent=kind.accent_in(info.style) if kind is not None else RULE_ACCENT,
                       second=info.style.action_colour),
        title=typeset(game.title),
        rules=game_rules(),
        attributes=attributes(),
        samples=tuple(map(picture, SAMPLES)),
        shape_cards=len(deck.cards_of(SHAPES_SECTION)),
        starters=tuple(RuleRow(number=card.number, text=prose(card.text), ident=card.id,
                               rule=one_line(card.rule), level=card.level)
                       for card in cards if card.starter),
        levels=levels,
        rule_cards=len(cards),
        fields=fields,
        card_names=card_names,
        clarifications=clarification_rows(game.clarifications),
        example=worked_example(),
    )
