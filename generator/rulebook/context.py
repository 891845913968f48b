"""What the rulebook templates see: the deck's cards and the engine's numbers, as plain data.

Every number the rules quote (hand size, card values, 21, the target, the floor, the seats)
comes from the engine here, so the printed rules cannot drift from what the referee enforces.
Deck text is cleaned of characters that cannot be printed, and otherwise passed on as it is:
escaping is the templates' job (autoescape) and the markup reader's.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Subject, Timing
from engine.cards import Rank
from engine.clarifications import CLARIFICATIONS
from engine.hidden_rules import DEFAULT_FLOOR, DEFAULT_TARGET
from engine.upnover import (
    ACE_VALUES,
    FULL_HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TARGET_SUM,
    VALUE_BY_RANK,
    hand_size_for,
)
from generator.deck import LoadedDeck
from generator.deck_model import ActionCard, NameAction, TriggerCard
from generator.printing.errors import PrintError
from generator.printing.text import clean

from .example import WorkedExample, worked_example

RULE_CARDS_PER_PLAYER = 2  # each player is dealt two triggers and two actions, keeps one of each

KIND_WORDS = {"say": "say", "name": "name", "gesture": "gesture", "effect": "game effect",
              "forbid": "don't"}


def printable(text: str) -> str:
    r"""Text that can be set in a PDF: control and invisible characters dropped, and the few
    code points XML cannot carry (lone surrogates, U+FFFE, U+FFFF) replaced.

    >>> printable("a\x00b\ud800c")
    'ab\ufffdc'
    """
    return "".join("\ufffd" if 0xD800 <= ord(char) <= 0xDFFF or char in "\ufffe\uffff"
                   else char for char in clean(text))


def one_line(text: str) -> str:
    """`printable`, with every run of whitespace made one space (names, titles)."""
    return " ".join(printable(text).split())


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckView:
    name: str
    version: str
    description: str
    accent: str
    second: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TriggerRow:
    number: int
    text: str
    when: str
    calls_on: str | None  # None: the player who played the card, as most triggers


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionRow:
    number: int
    text: str
    kind: str
    timing: str
    hints: tuple[str, ...]


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
class ClarificationRow:
    key: str
    topic: str
    ruling: str


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
    trigger_numbers: str
    action_numbers: str
    clarifications: tuple[ClarificationRow, ...]
    example: WorkedExample


def signed(value: int) -> str:
    """A number as printed in the rules: a true minus sign, a plus on gains.

    >>> signed(-4), signed(0), signed(1)
    ('−4', '0', '+1')
    """
    if value < 0:
        return f"−{-value}"
    return f"+{value}" if value > 0 else "0"


def number(value: int) -> str:
    """A number with a true minus sign and no plus: card values, scores."""
    return signed(value).lstrip("+")


def number_range(numbers: list[int]) -> str:
    """Card numbers as a reader would say them: unbroken runs of three or more as "a to b".

    >>> number_range([3, 1, 2]), number_range([1, 2, 3, 4, 9, 13]), number_range([7, 8])
    ('1 to 3', '1 to 4, 9 and 13', '7 and 8')
    """
    ordered = sorted(set(numbers))
    runs: list[list[int]] = []
    for value in ordered:
        if runs and value == runs[-1][-1] + 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    parts: list[str] = []
    for run in runs:
        if len(run) >= 3:
            parts.append(f"{run[0]} to {run[-1]}")
        else:
            parts.extend(map(str, run))
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


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


def max_players_for(triggers: int, actions: int) -> int:
    """How many can play: each player is dealt two triggers and two actions."""
    return min(MAX_PLAYERS, triggers // RULE_CARDS_PER_PLAYER, actions // RULE_CARDS_PER_PLAYER)


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


def trigger_row(card: TriggerCard) -> TriggerRow:
    subject = Subject(card.subject)
    return TriggerRow(number=card.number, text=printable(card.text), when=one_line(card.when),
                      calls_on=None if subject is Subject.PLAYER else subject.words)


def action_row(card: ActionCard) -> ActionRow:
    kind = str(getattr(card, "kind", ""))
    return ActionRow(number=card.number, text=printable(card.text),
                     kind=KIND_WORDS.get(kind, kind), timing=Timing(card.timing).words,
                     hints=tuple(one_line(hint) for hint in card.hints))


def book_for(deck: LoadedDeck) -> Book:
    """The templates' data for `deck`, or a PrintError saying why no rulebook can be made."""
    info = deck.info
    if info is None or deck.unusable:
        raise PrintError(f"{deck.path}: the deck's details could not be read, so there is no "
                         "name or version to print a rulebook for. Run hrdeck check first.")
    triggers = sorted((card for _, card in deck.triggers), key=lambda card: card.number)
    actions = sorted((card for _, card in deck.actions), key=lambda card: card.number)
    most = max_players_for(len(triggers), len(actions))
    if most < MIN_PLAYERS:
        need = MIN_PLAYERS * RULE_CARDS_PER_PLAYER
        raise PrintError(
            f"{deck.path}: a game needs at least {need} trigger cards and {need} action cards "
            f"(each player is dealt {RULE_CARDS_PER_PLAYER} of each); this deck has "
            f"{len(triggers)} triggers and {len(actions)} actions.")
    return Book(
        deck=DeckView(name=one_line(info.name), version=one_line(info.version),
                      description=printable(info.description),
                      accent=info.style.trigger_colour, second=info.style.action_colour),
        rules=game_rules(most),
        triggers=tuple(map(trigger_row, triggers)),
        actions=tuple(map(action_row, actions)),
        trigger_numbers=number_range([card.number for card in triggers]),
        action_numbers=number_range([card.number for card in actions]),
        clarifications=tuple(ClarificationRow(key=item.key, topic=item.topic,
                                              ruling=item.ruling) for item in CLARIFICATIONS),
        example=worked_example(triggers, [card for card in actions
                                          if isinstance(card, NameAction)], printable),
    )
