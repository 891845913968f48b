"""Mao's rules where the book once said otherwise than the seed text: the game master may
name the game before the first move; the rule against explaining the rules binds a player
who is out; a call that says "Mao" costs its caller three cards however it is made; a slow
player can be called again for each further stretch of seconds; and the words of coming
back are only words."""

from __future__ import annotations

from engine.games.mao import offences
from engine.games.mao.events import Passed, ReEntered, Said
from tests.test_mao import ANN, BEN, CAT, call, dealt, mao, play, play_out

HANDS = ["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"]


def test_introduction_the_game_master_names_the_game_before_the_first_move() -> None:
    journal = dealt(HANDS, first="9h")         # Ann deals: she is the game master
    journal.record(Said(player=ANN, words="Mao"))
    game = mao(journal)
    assert game.mao_in_vain == [0, 0, 0]
    call(journal, BEN, ANN, offences.SAYING_MAO)
    assert game.penalties[-1].bad_call and len(game.table.hands[BEN]) == 8


def test_introduction_anyone_else_or_after_the_first_move_says_it_in_vain() -> None:
    journal = dealt(HANDS, first="9h")
    journal.record(Said(player=CAT, words="Mao"))  # Cat is not the game master
    play(journal, BEN, "2h")
    journal.record(Said(player=ANN, words="Mao"))  # the game has begun
    game = mao(journal)
    assert game.mao_in_vain == [1, 0, 1]


def test_introduction_in_a_dictatorial_game_is_the_mao_masters() -> None:
    journal = dealt(HANDS, first="9h", options=("calls=dictatorial", "master=2"))
    journal.record(Said(player=ANN, words="Mao"))
    journal.record(Said(player=CAT, words="Mao"))
    assert mao(journal).mao_in_vain == [1, 0, 0]


def test_calls_explaining_the_rules_binds_a_winner_who_is_out() -> None:
    journal = dealt(HANDS, first="9h")
    play_out(journal, BEN)
    game = mao(journal)
    assert BEN in game.table.out and game.table.hands[BEN] == []
    call(journal, ANN, BEN, offences.EXPLAINING)
    assert game.penalties[-1].taker == BEN and len(game.table.hands[BEN]) == 1
    journal.record(ReEntered(player=BEN))
    assert len(game.table.hands[BEN]) == 6    # the card waited, and five more come with him


def test_mao_in_a_call_failure_to_say_mao_costs_its_caller_three_cards() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "Ah Ac As Ad 5d"], first="9h")
    for code, words in (("Ah", ()), ("Ac", ()), ("As", ("ace of spades",)),
                        ("Ad", ("last card",)), ("5d", ())):
        play(journal, BEN, code, *words)    # Ben plays out rightly and forgets "Mao"
    game = mao(journal)
    call(journal, ANN, BEN, offences.FAILURE_TO_SAY, "Mao")
    penalty = game.penalties[-1]
    assert penalty.reason == offences.MAO_IN_A_CALL and penalty.taker == ANN
    assert penalty.cards == 3 and game.table.hands[BEN] == []
    journal.record(Said(player=BEN, words="Mao"))
    assert game.scores[BEN] == 1             # the forgotten Mao still wins


def test_too_slow_each_further_stretch_of_seconds_is_called_again() -> None:
    journal = dealt(HANDS, first="9h", options=("seconds=5",))
    for _ in range(3):
        call(journal, ANN, BEN, offences.TOO_SLOW)
    game = mao(journal)
    assert [penalty.words for penalty in game.penalties] == [
        "failure to play within 5 seconds"] * 3
    assert len(game.table.hands[BEN]) == 8


def test_coming_back_the_words_are_said_and_change_nothing_else() -> None:
    journal = dealt(HANDS, first="9h")
    play_out(journal, BEN)
    game = mao(journal)
    for words in ("re-entering the game", "introducing new rule"):
        journal.record(Said(player=BEN, words=words))
    journal.record(ReEntered(player=BEN, rule="a-secret-rule"))
    journal.record(Passed(player=game.table.turn))
    assert game.owed == [] and game.mao_in_vain == [0, 0, 0] and not game.penalties
