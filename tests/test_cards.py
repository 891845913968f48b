"""Cards are read and printed the way people write them."""

from __future__ import annotations

import pytest

from engine.cards import (
    BLACK_JOKER,
    CARDS,
    RED_JOKER,
    STANDARD_DECK,
    Rank,
    Suit,
    card_of,
    parse_card,
    parse_cards,
)
from engine.errors import CardError, HrdeckError
from engine.games.upnover.trick_game import card_value


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("7h", "7h"), ("10s", "10s"), ("Qd", "Qd"), ("As", "As"), ("7♥", "7h"), ("10♠", "10s"),
        ("ace of spades", "As"), ("Seven of Hearts", "7h"), ("7 of hearts", "7h"),
        ("queen of diamond", "Qd"), ("  kc ", "Kc"), ("Td", "10d"), ("J♣", "Jc"), ("1d", "Ad"),
    ],
)
def test_parse_the_ways_people_type_cards(text: str, code: str) -> None:
    assert parse_card(text).code == code


@pytest.mark.parametrize("text", ["", "1x", "11h", "Zs", "ace of swords", "7", "h7", "joker"])
def test_anything_else_is_a_clear_card_error(text: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_card(text)
    message = str(caught.value)
    assert isinstance(caught.value, HrdeckError)
    assert (message.endswith((".", "?")) and "7h" in message) or "joker" in message


def test_a_near_miss_suggests_the_card() -> None:
    with pytest.raises(CardError, match='Did you mean "seven of hearts"'):
        parse_card("sevn of hearts")


def test_jokers_only_where_the_game_uses_them() -> None:
    assert parse_card("red joker", jokers=True) is RED_JOKER
    assert parse_card("Joker", jokers=True) is BLACK_JOKER
    assert RED_JOKER.is_red and not BLACK_JOKER.is_red
    with pytest.raises(CardError, match="without jokers"):
        parse_card("RJ")


def test_deck_is_52_distinct_interned_cards() -> None:
    assert len(STANDARD_DECK) == 52 and len(CARDS) == 54
    assert len({card.code for card in STANDARD_DECK}) == 52
    assert parse_card("qd") is card_of(Rank.QUEEN, Suit.DIAMONDS)
    assert all(CARDS[card.index] is card for card in CARDS)


def test_printing_and_names() -> None:
    card = parse_card("Qh")
    assert (str(card), card.code, card.name, card.colour) == ("Q♥", "Qh", "queen of hearts", "red")
    assert str(parse_card("10c")) == "10♣" and parse_card("10c").colour == "black"
    assert [card.code for card in parse_cards("7h, 10s Qd")] == ["7h", "10s", "Qd"]


def test_up_n_over_values() -> None:
    values = {card.rank: card_value(card) for card in STANDARD_DECK}
    assert values[Rank.JACK] == 0 and values[Rank.QUEEN] == -2 and values[Rank.KING] == -4
    assert [values[Rank(n)] for n in range(2, 11)] == list(range(2, 11))
    ace = parse_card("Ac")
    assert card_value(ace, 1) == 1 and card_value(ace, 11) == 11


def test_cards_survive_copy_and_pickle() -> None:
    import copy
    import pickle

    card = parse_card("9s")
    assert copy.deepcopy(card) is card and pickle.loads(pickle.dumps(card)) is card
