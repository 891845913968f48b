"""How the engine judges Mao's calls since issue 23: in time until the offender's next
turn and too late after (clarification late-calls); a pass, a card other than a 7 or too few
cards facing a 7 (seven-chain); a card taken out of turn (out-of-turn); "bad call" and "new
rule" (new-rule); who the game master is (game-master); and older journals."""

from __future__ import annotations

import json

from engine.games.mao.events import Passed, ReEntered, Said, TookSevens
from engine.journal import Journal
from tests.test_mao import (
    ANN,
    BEN,
    CAT,
    call,
    card,
    dealt,
    king_rule,
    mao,
    play,
    play_out,
    three,
    three_with_rule,
    two_aces,
)


def test_game_master_is_the_dealer_or_the_mao_master() -> None:
    hands = ["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"]
    assert mao(dealt(hands, first="9h", dealer=2)).game_master == CAT
    dictatorial = dealt(hands, first="9h", dealer=2, options=("calls=dictatorial", "master=0"))
    assert mao(dictatorial).game_master == ANN


def test_late_calls_a_phrase_is_callable_until_its_players_next_turn() -> None:
    journal = dealt(["2s 3c 4c 5c 6c", "9s 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h")
    play(journal, BEN, "9s")                       # "nine of spades" owed
    game = mao(journal)
    assert [owed.phrase for owed in game.owed_by(BEN)] == ["nine of spades"]
    play(journal, CAT, "2d")                       # more cards go down: still Ben's turn
    journal.record(Passed(player=ANN))             # to count from
    call(journal, ANN, BEN, "failure-to-say", "nine of spades")
    assert game.penalties[-1].taker == BEN and not game.penalties[-1].bad_call


def test_late_calls_after_the_players_next_turn_began_it_is_too_late_for_nobody() -> None:
    journal = dealt(["2s 3c 4c 5c 6c", "9s 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h")
    play(journal, BEN, "9s")
    play(journal, CAT, "2d")
    journal.record(Passed(player=ANN))
    journal.record(Passed(player=BEN))             # Ben's next turn: the phrase is over
    game = mao(journal)
    hands = [len(hand) for hand in game.table.hands]
    assert game.owed_by(BEN) == []
    call(journal, ANN, BEN, "failure-to-say", "nine of spades")
    penalty = game.penalties[-1]
    assert penalty.late and penalty.cards == 0 and not penalty.bad_call
    assert penalty.words == "too late (failure to say 'nine of spades')"
    assert [len(hand) for hand in game.table.hands] == hands
    call(journal, ANN, BEN, "failure-to-say", "nine of clubs")  # never owed: a bad call
    assert game.penalties[-1].bad_call and game.penalties[-1].taker == ANN


def test_late_calls_one_players_moves_in_a_row_are_one_turn() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "As 3h 4h 5h 6h"], first="9h")
    play(journal, BEN, "As")                       # two players: an ace, and Ben again
    play(journal, BEN, "3h")
    call(journal, ANN, BEN, "failure-to-say", "ace of spades")
    assert mao(journal).penalties[-1].taker == BEN


def test_late_calls_a_bad_card_called_after_the_next_move_stays_on_the_pile() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h Kc", "2d 3d 4d 5d 6d"], first="9h")
    play(journal, BEN, "Kc")                       # fits nothing
    journal.record(Passed(player=CAT))             # the next move: too late to send back
    game = mao(journal)
    call(journal, ANN, BEN, "bad-card")
    assert game.penalties[-1].words == "bad card" and game.penalties[-1].taker == BEN
    assert game.table.pile[-1] == card("Kc") and card("Kc") not in game.table.hands[BEN]
    assert game.table.turn == ANN and len(game.table.hands[BEN]) == 5
    call(journal, CAT, BEN, "bad-card")            # called once already: a bad call
    assert game.penalties[-1].bad_call


def test_an_older_journal_still_loads_and_replays() -> None:
    """Before issue 23 a 7's cards were taken with no count, and the call of a Mao out of
    place was keyed "saying-mao": such entries still read, as they meant then."""
    journal = dealt(["2c 3c 4c 5c 6c", "7h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h")
    play(journal, BEN, "7h", "have a nice day")
    journal.record(Said(player=ANN, words="Mao"))
    entries = json.loads(journal.to_json())
    entries.append({"type": "TookSevens", "player": 2, "said": ["penalty card"]})
    entries.append({"type": "PenaltyCall", "caller": 1, "offender": 0,
                    "reason": "saying-mao", "phrase": ""})
    old = mao(Journal.from_json(json.dumps(entries)))
    assert [len(hand) for hand in old.table.hands] == [8, 4, 6]  # the chain's card, three
    assert old.penalties[-1].words == "taking the name of the great Chinese leader in vain"


def test_new_rule_a_rule_the_referee_knows_is_judged_by_it_and_new_rule_changes_nothing(
        ) -> None:
    """Clarification new-rule-referee: a drawn rule is judged by the referee itself."""
    journal = three_with_rule(**king_rule("bad"))  # Ben's rule, in its machine form
    game = mao(journal)
    play(journal, CAT, "Kh")                       # fits the standard rules; the rule says no
    call(journal, BEN, CAT, "bad-card")
    assert game.penalties[-1].taker == CAT and not game.penalties[-1].on_word
    call(journal, CAT, BEN, "bad-call")            # the call was right: a bad call
    assert game.penalties[-1].bad_call and game.penalties[-1].taker == CAT
    hands = [len(hand) for hand in game.table.hands]
    journal.record(Said(player=BEN, words="New rule!"))
    assert [len(hand) for hand in game.table.hands] == hands
    journal.record(Passed(player=CAT))
    play(journal, ANN, "6c")                       # fits, and no rule says otherwise
    call(journal, BEN, ANN, "bad-card")            # the referee knows: a bad call at once
    assert game.penalties[-1].bad_call and game.penalties[-1].taker == BEN


def test_new_rule_answers_only_a_contest_of_the_holders_own_call() -> None:
    journal = two_aces()
    play_out(journal, BEN)
    journal.record(ReEntered(player=BEN, rule="kings are wild"))  # words only Ben knows
    game = mao(journal)
    play(journal, ANN, "5s", "five of spades")     # fits, as far as anyone can see
    call(journal, BEN, ANN, "bad-card")            # Ben's rule says no: on his word
    assert game.penalties[-1].on_word and game.penalties[-1].taker == ANN
    call(journal, ANN, BEN, "bad-call")            # the card goes back to Ben
    before = [len(hand) for hand in game.table.hands]
    journal.record(Said(player=ANN, words="new rule"))  # not Ann's rule: only words
    assert [len(hand) for hand in game.table.hands] == before
    journal.record(Said(player=BEN, words="new rule"))
    assert [len(hand) for hand in game.table.hands] == [before[0] + 1, before[1] - 1]
    assert game.penalties[-1].answered and game.penalties[-1].words == "new rule"


def test_seven_chain_a_pass_facing_a_seven_stands_until_it_is_called() -> None:
    journal = three()
    play(journal, BEN, "7h", "have a nice day")
    journal.record(Passed(player=CAT))
    game = mao(journal)
    assert game.table.turn == ANN and game.table.turns.sevens == 0
    assert len(game.table.hands[CAT]) == 6
    assert [owed.phrase for owed in game.owed_by(CAT)] == ["penalty card"]
    call(journal, ANN, CAT, "failure-to-take")     # the 7's card and a penalty card
    assert game.penalties[-1].words == "failure to take a penalty card"
    assert len(game.table.hands[CAT]) == 8
    call(journal, ANN, CAT, "failure-to-take")     # paid for: a bad call
    assert game.penalties[-1].bad_call


def test_seven_chain_too_few_cards_taken_are_owed() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "7h 3h 4h 5h 6h", "7d 3d 4d 5d 6d"], first="9h")
    play(journal, BEN, "7h", "have a nice day")
    play(journal, CAT, "7d", "have a very nice day")
    journal.record(TookSevens(player=ANN, said=("penalty card",), cards=1))
    game = mao(journal)
    assert len(game.table.hands[ANN]) == 6 and game.table.turn == ANN
    assert game.owed_by(ANN) == [] and game.table.turns.sevens == 0
    call(journal, BEN, ANN, "failure-to-take")
    assert len(game.table.hands[ANN]) == 8         # the one not taken, and one more


def test_seven_chain_cards_taken_with_no_seven_aimed_change_nothing_else() -> None:
    journal = three()
    journal.record(TookSevens(player=CAT, cards=2))  # out of turn, no 7: only cards
    game = mao(journal)
    assert len(game.table.hands[CAT]) == 7 and game.table.turn == BEN
    assert game.owed_by(CAT) == []
    call(journal, ANN, CAT, "out-of-turn")
    assert game.penalties[-1].bad_call


def test_out_of_turn_a_card_taken_from_the_stack_stands_until_called() -> None:
    journal = three()
    journal.record(Passed(player=CAT))             # Ben's turn: only Cat's hand changes
    game = mao(journal)
    assert game.table.turn == BEN and len(game.table.hands[CAT]) == 6
    call(journal, ANN, CAT, "out-of-turn")
    assert game.penalties[-1].words == "playing out of turn"
    assert len(game.table.hands[CAT]) == 7 and game.table.turn == BEN


def test_point_of_order_ending_one_when_none_is_only_words() -> None:
    journal = three()
    journal.record(Said(player=ANN, words="End of point of order!"))
    assert not mao(journal).in_point_of_order and mao(journal).penalties == []
