"""Sentences made from the deck's facts say what this deck holds, and nothing it does not.

The base deck's triggers all call on the player who played; the small deck's trigger 9 calls
on the player who takes the trick; a variant calls on the next player too; and a trigger may
have no condition at all (judged at the table), as may a `say` action have no fixed phrase.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from pathlib import Path

from generator.deck import LoadedDeck, load_deck
from generator.deck_model import SayAction, TriggerCard
from generator.rulebook import render_markup, write_rulebook
from generator.rulebook.cards import action_row, trigger_row
from generator.rulebook.upnover.context import book_for
from generator.rulebook.upnover.example import worked_example
from generator.rulebook.words import printable

from .conftest import Built
from .decks import small_deck_data, write_deck
from .pdftext import flat, page_texts
from .text import section

EVERY_PLAYER = ("Every trigger in this deck calls on the player who has just played a card: "
                "that player must then do what the action says.")


def markup_text(deck: LoadedDeck) -> str:
    return flat(" ".join(ET.fromstring(render_markup(deck)).itertext()))


def test_the_base_deck_says_every_trigger_calls_on_the_player(base_book: Built) -> None:
    text = section(base_book, "secret-rules")
    assert EVERY_PLAYER in text
    for absent in ("takes the trick", "plays next", "next player", "A few are about"):
        assert absent not in text, absent
    cards = section(base_book, "triggers")
    assert "It calls on" not in cards


def test_the_small_deck_names_its_taker_trigger(book: Built) -> None:
    text = section(book, "secret-rules")
    assert ("Of this deck’s 10 triggers, 9 call on the player who has just played a card: "
            "that player must then do what the action says. Trigger 9 calls on the player who "
            "takes the trick instead. The card list at the back of this book says which card "
            "calls on whom.") in text
    assert EVERY_PLAYER not in text
    assert "next player" not in text
    assert "It calls on the player who takes the trick." in section(book, "triggers")


def test_next_player_triggers_are_counted_too(tmp_path: Path) -> None:
    data = small_deck_data()
    for card in data["triggers"][1:3]:  # triggers 2 and 3
        card["subject"] = "next_player"
    text = markup_text(load_deck(write_deck(tmp_path, data)))
    assert ("Of this deck’s 10 triggers, 7 call on the player who has just played a card: that "
            "player must then do what the action says. Trigger 9 calls on the player who takes "
            "the trick instead. Triggers 2 and 3 call on the next player instead.") in text


def test_a_deck_calling_on_no_player_who_played(tmp_path: Path) -> None:
    data = small_deck_data()
    for card in data["triggers"]:
        card["subject"] = "taker"
    text = markup_text(load_deck(write_deck(tmp_path, data)))
    assert "Triggers 1 to 9 and 13 call on the player who takes the trick." in text
    assert "who has just played a card" not in text


def judged_card() -> TriggerCard:
    """A trigger without a condition, as the deck format is about to allow."""
    return TriggerCard.model_construct(id="laughs", number=11, text="When someone laughs.",
                                       when=None, subject="player", art=None, allow=[])


def sayless_card() -> SayAction:
    """A `say` action without a fixed phrase."""
    return SayAction.model_construct(id="say-anything", number=11, kind="say",
                                     text="Say something nice about the player on your left.",
                                     timing="after_sum", phrase=None,
                                     hints=["You said nothing nice."], art=None, allow=[])


def test_a_trigger_without_a_condition_is_listed_and_judged_at_the_table(
        small_deck: LoadedDeck, tmp_path: Path) -> None:
    row = trigger_row(judged_card())
    assert row.when is None and row.calls_on is None
    assert worked_example([judged_card()], [], printable).own_cards is False
    assert action_row(sayless_card()).timing == "right after you announce the sum"
    deck = dataclasses.replace(small_deck,
                               triggers=[*small_deck.triggers, (99, judged_card())],
                               actions=[*small_deck.actions, (99, sayless_card())])
    assert book_for(deck).table_judged is not None
    summary = write_rulebook(tmp_path / "rulebook.pdf", deck, appendix=True)
    text = " ".join(page_texts(summary.path))
    assert ("Trigger 11 is about something that happens at the table rather than to the cards: "
            "the players at the table judge whether it happened.") in text
    assert "11 When someone laughs." in text
    assert "11 no condition: judged by the players at the table" in text
    assert "Say something nice about the player on your left." in text


def test_the_quick_reference_mentions_the_variant_only_when_the_book_has_it(
        tmp_path: Path) -> None:
    data = small_deck_data()
    data["actions"] = data["actions"][:6]  # rules for three players: no fewer-cards variant
    three = markup_text(load_deck(write_deck(tmp_path, data)))
    assert "Variant: fewer cards" not in three and "variant" not in three.split(
        "Quick reference")[1].split("Floor and winning")[0]
    assert "draws back up to a full hand, 5 cards (taker first)" in three
    five = markup_text(load_deck(write_deck(tmp_path, small_deck_data(), "five.yaml")))
    assert "draws back up to a full hand, 5 cards or the variant’s number (taker first)" in five
