"""What the Rule?! at a real table (engine/games/what_the_rule/real_cards.py): the hands and
the draw pile known by their counts, each card typed as it is played or revealed, no more
than two of a design in sight, a revealed hand typed whole when the engine judges it, and
everything else (turns, scoring, halving, rounds) as with dealt cards."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.errors import ConfigError, HrdeckError
from engine.events import Event, event_from_dict, event_to_dict
from engine.games.registry import entry_types
from engine.games.what_the_rule.events import Guessed, Played, Revealed, RoundLed
from engine.games.what_the_rule.game import OUT_OF_CARDS, PILE_EMPTY, WhatTheRuleGame, new_game
from engine.games.what_the_rule.real_cards import UNSEEN
from engine.games.what_the_rule.shapes import DECK, DESIGNS, HAND
from engine.journal import Journal, describe, replay

NAMES = ("Ann", "Ben", "Cat")
ANN, BEN, CAT = 0, 1, 2
NO_CIRCLES = 'card.shape != "circle"'


def real(rule: str = NO_CIRCLES, *, mode: str = "table", players: int = 3,
         **setup: Any) -> Journal:
    journal = Journal(new_game(("Ann", "Ben", "Cat", "Dan")[:players], seed=3, mode=mode,
                               **setup))
    journal.record(RoundLed(master=ANN, rule=rule))
    return journal


def wtr(journal: Journal) -> WhatTheRuleGame:
    game = journal.game
    assert isinstance(game, WhatTheRuleGame)
    return game


def counts(journal: Journal) -> tuple[list[int], int]:
    round_ = wtr(journal).round
    assert round_ is not None
    return [len(hand) for hand in round_.hands], len(round_.pile)


def refused(journal: Journal, event: Event, words: str) -> None:
    before = journal.game.snapshot()
    with pytest.raises(HrdeckError, match=words):
        journal.record(event)
    assert journal.game.snapshot() == before


def test_the_hands_and_the_pile_are_counts_until_cards_are_typed() -> None:
    journal = real()
    round_ = wtr(journal).round
    assert round_ is not None
    assert counts(journal) == ([0, HAND, HAND], len(DECK) - 2 * HAND)
    assert set(round_.hands[BEN]) == {UNSEEN}
    assert round_.snapshot()["hands"] == [[], ["?"] * HAND, ["?"] * HAND]
    journal.record(Played(player=BEN, card="w3ft"))          # fits: into the row
    assert [card.code for card in round_.row] == ["w3ft"] and round_.guesser == BEN
    journal.record(Played(player=CAT, card="3 black unfilled circles"))  # below, draws one
    assert round_.below[0][1].code == "b3uc"
    assert counts(journal) == ([0, HAND - 1, HAND], len(DECK) - 2 * HAND - 1)
    assert round_.seen[-1][2] is False


def test_no_more_than_two_of_a_design_are_in_sight() -> None:
    journal = real("card.count >= 1")
    journal.record(Played(player=BEN, card="w3ft"))
    journal.record(Played(player=CAT, card="w3ft"))
    refused(journal, Played(player=BEN, card="w3ft"),
            r"Both white cards with 3 filled triangles \(w3ft\) are already on the table")


def test_the_engine_judges_a_revealed_hand_typed_whole() -> None:
    """A hand with none that fits goes under the pile, known, and its player draws one
    fewer; a hand with cards that fit: the first one typed is placed, and one is drawn."""
    journal = real()
    game = wtr(journal)
    round_ = game.round
    assert round_ is not None
    circles = [f"{colour}{count}{fill}c" for colour in "wb" for count in "12345"
               for fill in "f"][:HAND]
    refused(journal, Revealed(player=BEN), "type all 10 of its cards")
    refused(journal, Revealed(player=BEN, cards=tuple(circles[:9])),
            "Ben holds 10 cards, not 9: a revealed hand is typed whole")
    refused(journal, Revealed(player=BEN, cards=tuple(circles), placed="w1fc"),
            "The referee judges this round")
    recorded = journal.record(Revealed(player=BEN, cards=tuple(circles)))
    assert recorded == Revealed(player=BEN, cards=tuple(circles))
    assert counts(journal) == ([0, HAND - 1, HAND], len(DECK) - 2 * HAND + 1)
    assert [card.code for card in round_.pile][-HAND:] == circles  # under the pile, known
    assert round_.guesser == BEN and round_.played == 0
    journal.record(Guessed(player=BEN, rule='card.shape == "square"'))  # wrong: Cat's turn
    hand = ("w1fc", "b2us", "w5ft", "b1fc", "w2ut", "b3fc", "w4fc", "b5uc", "w6fc", "b6fc")
    journal.record(Revealed(player=CAT, cards=hand))
    assert [card.code for card in round_.row] == ["b2us"]  # the first one typed that fits
    assert counts(journal)[0] == [0, HAND - 1, HAND] and round_.played == 1
    assert describe(journal.entries[-1], NAMES) == (
        "Cat reveals their hand (w1fc b2us w5ft b1fc w2ut b3fc w4fc b5uc w6fc b6fc)")


def test_a_hand_the_referee_knows_is_checked_card_by_card() -> None:
    """With a two-card pile, a revealed hand of ten comes back nearly whole: the referee
    then knows those cards in the hand, and a card it has not seen there is refused."""
    journal = real("", mode="score", players=2)
    game = wtr(journal)
    round_ = game.round
    assert round_ is not None
    below = [design.code for design in DESIGNS for _ in range(2)][:len(DECK) - HAND - 2]
    for code in below:
        journal.record(Played(player=BEN, card=code, fits=False))
    assert counts(journal) == ([0, HAND], 2)
    hand = ("b6fc", "b6fc", "b6ft", "b6ft", "b6fs", "b6fs", "b6uc", "b6uc", "b6ut", "b6ut")
    refused(journal, Revealed(player=BEN, cards=("b1fc", *hand[1:])), "Both black cards with 1")
    journal.record(Revealed(player=BEN, cards=hand))  # the master: none fits
    assert counts(journal) == ([0, HAND - 1], 3) and round_.guesser == BEN
    assert round_.hands[BEN][:2] == [UNSEEN, UNSEEN]  # two unseen cards drawn, then seven
    assert [card.code for card in round_.hands[BEN][2:]] == list(hand[:7])  # known ones
    journal.record(Guessed(player=BEN, rule="no idea", right=False))
    refused(journal, Played(player=BEN, card="b1fc", fits=False), "Both black cards with 1")
    for code in hand[:3]:  # known: below, and the last three cards of the pile drawn
        journal.record(Played(player=BEN, card=code, fits=False))
    assert round_.ended == PILE_EMPTY and counts(journal) == ([0, HAND - 1], 0)


def test_score_mode_takes_the_masters_verdicts_and_no_rule() -> None:
    journal = Journal(new_game(NAMES, seed=3, mode="score"))
    refused(journal, RoundLed(master=ANN, rule=NO_CIRCLES), "Every master judges the cards")
    journal.record(RoundLed(master=ANN))
    refused(journal, Played(player=BEN, card="w3ft"), "Ann judges this round: say whether")
    journal.record(Played(player=BEN, card="w3ft", fits=True))
    journal.record(Revealed(player=CAT, placed="b4us"))   # Ann places one of Cat's cards
    round_ = wtr(journal).round
    assert round_ is not None and [card.code for card in round_.row] == ["w3ft", "b4us"]
    assert counts(journal) == ([0, HAND - 1, HAND], len(DECK) - 2 * HAND - 1)
    nine = ("w2fc", "w2fc", "w3fc", "w3fc", "w4fc", "w4fc", "w5fc", "w5fc", "w6fc")
    refused(journal, Revealed(player=BEN, placed="w1fc", cards=nine),
            r"A white card with 1 filled circle \(w1fc\) is not among the cards Ben revealed")
    journal.record(Revealed(player=BEN))                   # none fits, says Ann
    assert counts(journal) == ([0, HAND - 2, HAND], len(DECK) - 2 * HAND)
    assert round_.guesser == BEN


def test_a_real_round_scores_as_the_seed_says() -> None:
    """Ben plays out his ten cards into the row and guesses: 10 - 0 + 5 = 15, Cat, with a
    card left, 10 - 1 = 9, and Ann, the master, Ben's 15, not halved (nine turns each,
    nineteen cards played)."""
    journal = real("card.count >= 1", target=1)
    game = wtr(journal)
    codes = [design.code for design in DESIGNS]
    for turn in range(HAND - 1):
        journal.record(Played(player=BEN, card=codes[turn]))
        journal.record(Played(player=CAT, card=codes[20 + turn]))
    journal.record(Played(player=BEN, card=codes[HAND - 1]))
    journal.record(Guessed(player=BEN, rule="card.count > 0"))
    result = game.results[-1]
    assert result.ended == "guessed" and result.points == (15, 15, 9)
    assert game.over and game.winners == (ANN, BEN) and result.halved == ()
    assert result.ended != OUT_OF_CARDS


def test_a_real_table_refuses_what_belongs_to_dealt_cards() -> None:
    with pytest.raises(ConfigError, match="stacked order"):
        Journal(new_game(NAMES, seed=1, mode="table", options=("deck1=b3fc",)))
    dealt = Journal(new_game(NAMES, seed=1))
    dealt.record(RoundLed(master=ANN, rule=NO_CIRCLES))
    refused(dealt, Revealed(player=BEN, cards=("b3fc",) * 10), "The referee dealt the cards")


def test_the_moves_listed_are_the_known_cards_and_entries_replay() -> None:
    journal = real()
    game = wtr(journal)
    moves = game.legal_actions()
    assert not any(isinstance(move, Played | Revealed) for move in moves)
    journal.record(Played(player=BEN, card="b3fc"))       # a circle: below, one drawn
    journal.record(Revealed(player=CAT, cards=("w1ft",) * 2 + ("b1ft",) * 2 + ("w1fs",) * 2
                            + ("b1fs",) * 2 + ("w2ft",) * 2))
    assert replay(journal.entries).snapshot() == game.snapshot()
    for entry in journal.entries[1:]:
        data = json.loads(json.dumps(event_to_dict(entry)))
        assert event_from_dict(data, entry_types("what-the-rule")) == entry
