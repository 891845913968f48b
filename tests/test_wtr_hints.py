"""What the Rule?!'s hints in the engine: the card to try is found on the row as it lies on
the table (`next_card`), the engine as master offers it only once hints are agreed, every hint
is announced and one objection keeps it back, a hint announced and not given lapses when
play goes on, and journals kept before announcements were recorded still replay."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.events import event_from_dict
from engine.games.registry import entry_types
from engine.games.what_the_rule.events import (
    Guessed,
    HintAnnounced,
    HintGiven,
    HintObjected,
    HintsAgreed,
    Played,
    RoundLed,
)
from engine.games.what_the_rule.game import WhatTheRuleGame, new_game
from engine.games.what_the_rule.next_card import hint_words, next_card
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import DESIGNS, parse_design
from engine.games.what_the_rule.starters import STARTER_RULES
from engine.journal import Journal, replay
from tests.test_wtr_real_cards import refused, wtr

NAMES = ("Ann", "Ben", "Cat")
ANN, BEN, CAT = 0, 1, 2
ALTERNATE = "first or card.colour != previous.colour"


def row(*codes: str) -> list[Any]:
    return [parse_design(code) for code in codes]


# -- the card to try, on the row as it lies -------------------------------------------------


def test_the_card_to_try_is_played_next_to_the_last_card_of_the_real_row() -> None:
    """Clarification counterexample-hint: the row is the table's, never one imagined; the
    card is said with the way the two judge it."""
    rule = Rule.parse(ALTERNATE)
    found = next_card(rule, Rule.parse("card.count >= 2"), row("w2ft", "b3us", "w1fc"))
    assert found is not None
    assert (found.card.code, found.last, found.place) == ("b1fc", parse_design("w1fc"), 4)
    assert hint_words(found, rule="Ann's rule", guess="Ben's guess") == (
        "a black card with 1 filled circle (b1fc), played next to the w1fc at the end of the "
        "row, fits Ann's rule but not Ben's guess")
    wider = next_card(rule, Rule.parse("card.count >= 1"), row("w2ft", "b3us", "w1fc"))
    assert wider is not None and not wider.rule_takes
    assert hint_words(wider, rule="Ann's rule", guess="Ben's guess").endswith(
        "fits Ben's guess but not Ann's rule")
    first = next_card(Rule.parse('card.colour == "black"'), Rule.parse("card.count >= 1"), [])
    assert first is not None and hint_words(first, rule="the rule", guess="the guess") == (
        "a white card with 1 filled circle (w1fc), played as the first card of the row, fits "
        "the guess but not the rule")


@pytest.mark.parametrize("cards", [(), ("w1fc",), ("b2us", "w3ft"), ("w4fs", "b5uc", "w6ft",
                                                                         "b1fs")])
def test_the_card_to_try_is_judged_as_said_and_none_only_when_no_card_differs(
        cards: tuple[str, ...]) -> None:
    """Every pair of starter rules, on rows a table could have: the card named is one the
    two judge apart, the way the words say; no card only when all 72 are judged alike."""
    played = row(*cards)
    rules = [Rule.parse(starter.rule) for starter in STARTER_RULES]
    for rule in rules:
        for guess in rules:
            found = next_card(rule, guess, played)
            if found is None:
                assert all(rule.accepts(played, card) == guess.accepts(played, card)
                           for card in DESIGNS)
                continue
            assert rule.accepts(played, found.card) == found.rule_takes
            assert guess.accepts(played, found.card) != found.rule_takes
            assert found.place == len(played) + 1


def test_a_card_the_rule_takes_and_one_still_in_play_are_named_first() -> None:
    rule, guess = Rule.parse(ALTERNATE), Rule.parse("card.count >= 2")
    played = row("w1fc")
    assert next_card(rule, guess, played).card.code == "b1fc"  # type: ignore[union-attr]
    both_laid = next_card(rule, guess, played, laid={parse_design("b1fc")})
    assert both_laid is not None and both_laid.card.code == "b1ft"


def test_the_place_is_said_when_a_rule_counts_places() -> None:
    found = next_card(Rule.parse('position <= 4 or card.colour == "white"'),
                      Rule.parse("card.count >= 1"), row("w1fc", "w1ft", "w2ft", "w4fc"))
    assert found is not None
    assert "played next to the w4fc at the end of the row, as its 5th card, fits the guess" in (
        hint_words(found, rule="the rule", guess="the guess"))


def test_no_card_tells_apart_two_rules_that_differ_only_on_the_first_card() -> None:
    rule, guess = Rule.parse('card.shape != "circle"'), Rule.parse('first or card.shape != '
                                                                   '"circle"')
    assert next_card(rule, guess, row("w3ft")) is None
    opening = next_card(rule, guess, [])
    assert opening is not None and opening.card.shape == "circle" and not opening.rule_takes


# -- the engine as master ----------------------------------------------------------------------


def machine(rule: str = ALTERNATE) -> Journal:
    journal = Journal(new_game(NAMES, seed=4, mode="table"))
    journal.record(RoundLed(master=ANN, rule=rule))
    return journal


def test_without_hints_a_wrong_guess_is_only_wrong() -> None:
    """Clarification counterexample-hint: no card to try before the table agrees to hints."""
    journal = machine()
    journal.record(Played(player=BEN, card="w2ft"))
    journal.record(Guessed(player=BEN, rule='card.colour == "white"'))
    round_ = wtr(journal).round
    assert round_ is not None and round_.offer is None and not round_.hints_given
    refused(journal, HintGiven(), "No hint is announced")
    refused(journal, HintAnnounced(), "only once everyone at the table has agreed")


def test_with_hints_the_engine_announces_a_hint_and_gives_it_unless_someone_objects() -> None:
    """Clarifications hints, hint-objection, counterexample-hint."""
    journal = machine()
    game = wtr(journal)
    round_ = game.round
    assert round_ is not None
    journal.record(HintsAgreed())
    journal.record(Played(player=BEN, card="w2ft"))
    journal.record(Guessed(player=BEN, rule="card.count >= 2"))
    offer = round_.offer
    assert offer is not None and offer.card is not None
    assert offer.words == ("a black card with 1 filled circle (b1fc), played next to the w2ft "
                           "at the end of the row, fits Ann's rule but not Ben's guess")
    refused(journal, HintGiven(words="look at colours"), "takes no hint in words")
    refused(journal, HintAnnounced(), "A hint is announced already")
    journal.record(HintObjected(player=CAT))
    assert round_.offer is None and not round_.hints_given
    journal.record(HintAnnounced())  # asked again: the same row, the same card
    assert round_.offer == offer
    journal.record(HintGiven())
    assert round_.hints_given == [offer.words] and round_.offer is None
    assert game.snapshot() == replay(journal.entries).snapshot()


def test_a_hint_not_given_lapses_when_play_goes_on() -> None:
    journal = machine()
    round_ = wtr(journal).round
    assert round_ is not None
    journal.record(HintsAgreed())
    journal.record(Played(player=BEN, card="w2ft"))
    journal.record(Guessed(player=BEN, rule="card.count >= 2"))
    assert round_.offer is not None
    journal.record(Played(player=CAT, card="b3us"))
    assert round_.offer is None and round_.lapsed and not round_.hints_given
    refused(journal, HintGiven(), "No hint is announced")


def test_no_hint_is_spent_when_no_card_played_next_tells_the_guess_from_the_rule() -> None:
    journal = machine('card.shape != "circle"')
    round_ = wtr(journal).round
    assert round_ is not None
    journal.record(HintsAgreed())
    refused(journal, HintAnnounced(), "nobody has guessed wrong in this round yet")
    journal.record(Played(player=BEN, card="w3ft"))
    journal.record(Guessed(player=BEN, rule='first or card.shape != "circle"'))
    assert round_.offer is None and not round_.hints_given
    refused(journal, HintAnnounced(), "No card played next to the w3ft at the end of the row "
                                      "tells Ben's guess from Ann's rule yet")


def test_a_master_in_person_announces_and_then_gives_a_hint_in_words() -> None:
    journal = Journal(new_game(NAMES, seed=4, mode="table"))
    journal.record(RoundLed(master=ANN))
    round_ = wtr(journal).round
    assert round_ is not None
    journal.record(HintsAgreed())
    refused(journal, HintObjected(player=BEN), "No hint is announced")
    journal.record(HintAnnounced())
    refused(journal, HintObjected(player=ANN), "Ann announced the hint")
    refused(journal, HintGiven(), "the words are empty")
    journal.record(HintGiven(words="Look at the colours."))
    assert round_.hints_given == ["Look at the colours."]


# -- journals from before ------------------------------------------------------------------------


def test_a_journal_kept_before_announcements_were_recorded_replays_as_it_was() -> None:
    """The entries as hrdeck wrote them before: a hint in one entry (`Hinted`), a revealed
    hand without its count; the guess still scores 2 after hints agreed."""
    written = [
        {"type": "GameStarted", "game": "what-the-rule", "players": list(NAMES), "seed": 4,
         "hand_size": 10, "target": 3, "mode": "table"},
        {"type": "RoundLed", "master": ANN, "rule": ""},
        {"type": "Played", "player": BEN, "card": "w2ft", "fits": True},
        {"type": "Passed", "player": BEN},
        {"type": "HintsAgreed"},
        {"type": "Hinted", "words": "Look at the colours."},
        {"type": "Revealed", "player": CAT, "placed": "", "cards": []},
        {"type": "Guessed", "player": CAT, "rule": "anything", "right": True},
    ]
    types = entry_types("what-the-rule")
    entries = [event_from_dict(json.loads(json.dumps(item)), types) for item in written]
    game = replay(entries)
    assert isinstance(game, WhatTheRuleGame)
    result = game.results[-1]
    assert result.hints and result.guesser == CAT
    assert result.points[CAT] == 10 - 9 + 2  # ten shown, nine drawn, the hinted guess
