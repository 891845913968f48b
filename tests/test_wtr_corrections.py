"""What the Rule?! at a real table, when the table counts otherwise than the engine: a hand's
count or the draw pile's is set, later draws count from it, the round ends when a
correction leaves a player without cards or the pile empty (after a guess still owed), and
a hand revealed in person may be given by its count, which must be the engine's."""

from __future__ import annotations

from engine.games.what_the_rule.events import (
    Guessed,
    HandCounted,
    Passed,
    PileCounted,
    Played,
    Revealed,
    RoundLed,
)
from engine.games.what_the_rule.game import OUT_OF_CARDS, PILE_EMPTY, new_game
from engine.games.what_the_rule.real_cards import UNSEEN
from engine.games.what_the_rule.shapes import DECK, HAND
from engine.journal import Journal, replay
from tests.test_wtr_real_cards import counts, refused, wtr

NAMES = ("Ann", "Ben", "Cat")
ANN, BEN, CAT = 0, 1, 2
PILE = len(DECK) - 2 * HAND


def at_the_table(rule: str = "") -> Journal:
    journal = Journal(new_game(NAMES, seed=4, mode="table"))
    journal.record(RoundLed(master=ANN, rule=rule))
    return journal


def test_a_count_is_set_and_later_draws_count_from_it() -> None:
    """Clarification corrections: the table's count replaces the engine's."""
    journal = at_the_table()
    journal.record(HandCounted(player=BEN, cards=7))
    journal.record(PileCounted(cards=12))
    assert counts(journal) == ([0, 7, HAND], 12)
    journal.record(Played(player=BEN, card="w1fc", fits=False))  # played one, drew one
    assert counts(journal) == ([0, 7, HAND], 11)
    assert wtr(journal).snapshot() == replay(journal.entries).snapshot()


def test_a_lower_count_forgets_cards_nobody_typed_before_cards_the_engine_knows() -> None:
    journal = at_the_table()
    journal.record(Revealed(player=BEN, placed=""))
    journal.record(Passed(player=BEN))
    journal.record(Revealed(player=CAT, placed="", cards=tuple(
        f"w{count}f{shape}" for count in (1, 2, 3, 4, 5) for shape in "ct")))
    round_ = wtr(journal).round
    assert round_ is not None and list(round_.pile)[-HAND:] != [UNSEEN] * HAND
    journal.record(Passed(player=CAT))
    journal.record(PileCounted(cards=HAND + 1))  # the ten Cat showed lie at the bottom
    assert [card.code for card in round_.pile][1:] == [
        f"w{count}f{shape}" for count in (1, 2, 3, 4, 5) for shape in "ct"]


def test_the_draw_pile_found_empty_between_turns_ends_the_round_at_once() -> None:
    journal = at_the_table()
    journal.record(HandCounted(player=BEN, cards=6))
    journal.record(Played(player=BEN, card="w1fc", fits=False))
    journal.record(PileCounted(cards=0))
    game = wtr(journal)
    assert game.under_way is None and game.results[-1].ended == PILE_EMPTY
    assert game.results[-1].points == (2, 4, 0)  # Ben holds 6, Cat 10; Ann: best, halved


def test_a_correction_leaves_a_chance_to_guess_open_and_the_round_ends_after_it() -> None:
    journal = at_the_table()
    journal.record(Played(player=BEN, card="w1fc", fits=True))
    journal.record(PileCounted(cards=0))
    game = wtr(journal)
    assert game.under_way is not None and game.round.guesser == BEN  # type: ignore[union-attr]
    journal.record(Guessed(player=BEN, rule="white cards", right=False))
    assert game.under_way is None and game.results[-1].ended == PILE_EMPTY


def test_a_hand_counted_empty_ends_the_round_with_that_player_out_of_cards() -> None:
    journal = at_the_table()
    journal.record(HandCounted(player=CAT, cards=0))
    result = wtr(journal).results[-1]
    assert result.ended == OUT_OF_CARDS and result.points[CAT] == HAND


def test_corrections_are_refused_when_they_cannot_be_right() -> None:
    journal = at_the_table()
    refused(journal, HandCounted(player=ANN, cards=3), "Ann is the game master")
    refused(journal, HandCounted(player=BEN, cards=11), "A hand holds 0 to 10 cards")
    refused(journal, HandCounted(player=BEN, cards=HAND), "counts 10 cards in Ben's hand "
                                                          "already")
    journal.record(Played(player=BEN, card="w1fc", fits=False))
    refused(journal, PileCounted(cards=len(DECK)), "The draw pile holds 0 to 143 cards now")
    refused(journal, PileCounted(cards=PILE - 1), "counts the draw pile at 123 cards already")
    dealt = Journal(new_game(NAMES, seed=4))
    dealt.record(RoundLed(master=ANN, rule="card.count >= 1"))
    refused(dealt, PileCounted(cards=0), "counts are corrected only at a real table")


def test_a_hand_shown_in_person_is_given_by_its_count() -> None:
    """Clarification reveal-count: the count must be the engine's."""
    journal = at_the_table()
    refused(journal, Revealed(player=BEN, count=9), "Ben holds 10 cards by the referee's "
                                                    "count, not 9")
    journal.record(Revealed(player=BEN, count=HAND))
    assert counts(journal) == ([0, HAND - 1, HAND], PILE + 1)
    machine = at_the_table('card.shape != "circle"')
    refused(machine, Revealed(player=BEN, count=HAND), "type all 10 of its cards")
