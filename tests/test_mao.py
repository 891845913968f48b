"""Mao's rules the scenario files (tests/fixtures/scenarios/mao/) do not reach in few steps:
the clarifications no scenario pins (packs, session, stack-runs-out, the "thank you"
sevens ...), every bad setting, secret rules' effects, refusals, the real-card table, how
words are compared, and whole seeded bot games replayed from their journals."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.cards import CARDS, FACE_DOWN, Card, parse_cards
from engine.errors import ConfigError, HrdeckError
from engine.events import Event
from engine.games.mao import speech
from engine.games.mao.events import Passed, PenaltyCall, Played, ReEntered, Said, TookSevens
from engine.games.mao.game import DEFAULT_MAOS, MaoGame, new_game
from engine.games.mao.policies import POLICIES
from engine.games.mao.settings import MaoSettings, read_settings
from engine.games.mao.table import packs_for, stack_deck
from engine.games.registry import find_game
from engine.journal import Journal, replay
from engine.simulate import new_setup, play_game, start_game

TESTS = Path(__file__).parent
SCENARIOS = TESTS / "fixtures" / "scenarios" / "mao"
ROOT = TESTS.parent
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")
ANN, BEN, CAT = 0, 1, 2


def cards(text: str) -> list[Card]:
    return parse_cards(text, jokers=True)


def card(code: str) -> Card:
    return cards(code)[0]


def dealt(hands: Sequence[str], first: str, then: str = "", **setup: Any) -> Journal:
    """A stacked deal, Ann dealing (Ben, on her left, goes first): these hands by seat,
    `first` turned up, `then` on top of the stack."""
    deck = stack_deck(hands=[cards(hand) for hand in hands], first=card(first),
                      then=cards(then))
    return Journal(new_game(NAMES[:len(hands)], seed=1, deck=deck, **setup))


def mao(journal: Journal) -> MaoGame:
    game = journal.game
    assert isinstance(game, MaoGame)
    return game


def play(journal: Journal, seat: int, code: str, *said: str) -> None:
    journal.record(Played(player=seat, card=card(code), said=said))


def call(journal: Journal, caller: int, offender: int, reason: str, phrase: str = "") -> None:
    journal.record(PenaltyCall(caller=caller, offender=offender, reason=reason, phrase=phrase))


def refused(journal: Journal, event: Event, words: str) -> None:
    """The entry is refused with a sentence saying `words`, and nothing changes."""
    before = journal.game.snapshot()
    with pytest.raises(HrdeckError, match=words):
        journal.record(event)
    assert journal.game.snapshot() == before


def play_out(journal: Journal, seat: int) -> None:
    """`seat` plays every card in hand, each in turn with all it asks them to say and
    "Mao" last (the first card that fits, in the order held); the others take a card."""
    game = mao(journal)
    for _ in range(100):
        if seat in game.table.out or game.winner is not None:
            return
        turn = game.table.turn
        if turn != seat:
            journal.record(Passed(player=turn))
            continue
        down = next(held for held in game.table.hands[seat] if game.table.fits(held))
        journal.record(Played(player=seat, card=down, said=game.rightful_words(seat, down)))
    raise AssertionError(f"{NAMES[seat]} did not play out")


def comes_back_with(journal: Journal, seat: int, **rule: Any) -> None:
    """`seat` wins a Mao and comes back bringing a rule in its machine form (when, kind,
    effect, amount, subject, phrase)."""
    play_out(journal, seat)
    journal.record(ReEntered(player=seat, rule="a-secret-rule", **rule))


def king_rule(effect: str, **more: Any) -> dict[str, Any]:
    return {"when": 'card.rank == "K"', "kind": "effect", "effect": effect, **more}


def three_with_rule(**rule: Any) -> Journal:
    """Ann, Ben and Cat: Ben plays out five hearts on the nine of hearts while the others
    take cards, then comes back with `rule`. It is then Cat's turn on the six of hearts."""
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "Kh Kc 2d 10s Qs"], first="9h")
    comes_back_with(journal, BEN, **rule)
    game = mao(journal)
    assert game.table.turn == CAT and game.table.pile[-1] == card("6h")
    return journal


def two_aces(**setup: Any) -> Journal:
    """Ann and Ben: with two players aces give Ben another turn, so his four aces and the
    five of diamonds win in five moves (as in secret-rules.yaml). Coming back, he takes five
    diamonds that he can play out again while Ann takes the hearts after them."""
    return dealt(["Kc 2s 3s 4s 5s", "Ah Ac As Ad 5d"], first="9h",
                 then="6d 10d Qd 2d 3d 2h 3h 4h 5h 6h", **setup)


def drain(journal: Journal, offender: int) -> None:
    """Calls on `offender` of explaining the rules (taken on the caller's word) until the
    stack is empty."""
    game = mao(journal)
    caller = next(seat for seat in range(len(game.names)) if seat != offender)
    while game.table.stack:
        call(journal, caller, offender, "explaining")


# -- clarifications -------------------------------------------------------------------------

def test_every_clarification_is_pinned_by_a_test_or_scenario() -> None:
    named = " ".join(path.read_text(encoding="utf-8")
                     for path in [*TESTS.glob("test_mao*.py"), *SCENARIOS.glob("*.yaml")])
    named = named.replace("_", "-")
    for item in find_game("mao").clarifications:
        assert item.key in named or item.key.replace("-", " ") in named, item.key


def test_every_clarification_a_scenario_or_the_engine_names_exists() -> None:
    keys = {item.key for item in find_game("mao").clarifications}
    pinned = {key for path in SCENARIOS.glob("*.yaml")
              for key in yaml.safe_load(path.read_text(encoding="utf-8")).get("pins", ())}
    engine = ROOT / "engine" / "games" / "mao"
    cited = {key for path in engine.glob("*.py")
             for keys_named in re.findall(r"clarifications? ([a-z][a-z-]*(?:, [a-z][a-z-]*)*)",
                                          path.read_text(encoding="utf-8"))
             for key in keys_named.split(", ") if "-" in key or key in keys}
    assert cited, "the engine cites its clarifications as 'clarification KEY'"
    assert pinned | cited <= keys, sorted((pinned | cited) - keys)


@pytest.mark.parametrize(("players", "packs"),
                         [(2, 1), (3, 1), (4, 2), (6, 2), (7, 3), (12, 4)])
def test_packs_one_of_54_for_every_three_players_or_part(players: int, packs: int) -> None:
    assert packs_for(players) == packs
    game = mao(Journal(new_game([f"P{seat}" for seat in range(players)], seed=3)))
    table = game.table
    assert all(len(hand) == 5 for hand in table.hands) and len(table.pile) == 1
    assert sum(map(len, table.hands)) + len(table.pile) + len(table.stack) == 54 * packs


def test_packs_the_player_on_the_dealers_left_goes_first() -> None:
    game = mao(Journal(new_game(NAMES[:4], seed=3, dealer=2)))
    assert game.table.turn == 3
    assert mao(Journal(new_game(NAMES[:4], seed=3, dealer=3))).table.turn == 0


def test_packs_a_stacked_deck_with_the_wrong_copies_is_refused() -> None:
    with pytest.raises(ConfigError, match=r"for 4 players must hold 2 pack\(s\)"):
        Journal(new_game(NAMES[:4], seed=1, deck=CARDS))  # one pack for four players
    doubled = (CARDS[0], *CARDS[:-1])                     # right length, a card twice
    with pytest.raises(ConfigError, match="each card 1 time"):
        Journal(new_game(NAMES[:3], seed=1, deck=doubled))
    with pytest.raises(ConfigError, match="names the two of clubs more than 1 time"):
        stack_deck(hands=[cards("2c 3c 4c 5c 6c"), cards("2c 3h 4h 5h 6h")], first=card("9h"))


def test_first_card_an_ace_or_a_seven_turned_up_does_nothing() -> None:
    game = mao(dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="7s"))
    assert game.table.turn == BEN and game.table.turns.sevens == 0 and game.can_pass(BEN)
    game = mao(dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="As"))
    assert game.table.turn == BEN


def test_first_card_a_jack_turned_up_keeps_its_suit() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="Js")
    journal.record(Said(player=BEN, words="hearts"))
    assert mao(journal).table.suit_in_force.plural == "spades"  # type: ignore[union-attr]


def test_session_target_one_the_first_mao_ends_the_game() -> None:
    journal = two_aces(target=1)
    play_out(journal, BEN)
    game = mao(journal)
    assert game.winner == BEN and game.scores == [0, 1]
    for entry in (ReEntered(player=BEN), Passed(player=ANN), Said(player=ANN, words="hello"),
                  PenaltyCall(caller=ANN, offender=ANN, reason="explaining")):
        refused(journal, entry, "The game is over: Ben won")


def test_session_three_maos_unless_the_table_chooses_otherwise() -> None:
    assert DEFAULT_MAOS == 3 and new_game(NAMES[:2], seed=1).target == 3
    journal = two_aces()
    play_out(journal, BEN)
    game = mao(journal)
    assert game.scores == [0, 1] and game.winner is None and game.table.out == {BEN}
    journal.record(ReEntered(player=BEN))
    assert len(game.table.hands[BEN]) == 5 and not game.table.out


def test_two_players_an_eight_still_hands_the_turn_to_the_other() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "8h 3h 4h 5h 6h"], first="9h")
    play(journal, BEN, "8h")
    game = mao(journal)
    assert game.table.turn == ANN and game.table.turns.direction == -1
    journal.record(Passed(player=ANN))
    assert game.table.turn == BEN


def test_two_players_an_ace_gives_its_player_another_turn() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "Ah 3h 4h 5h 6h"], first="9h")
    play(journal, BEN, "Ah")
    assert mao(journal).table.turn == BEN


def test_stack_runs_out_the_pile_under_its_top_card_becomes_the_stack() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h"], first="9h")
    play(journal, BEN, "2h")
    drain(journal, ANN)
    game = mao(journal)
    assert game.table.pile == cards("9h 2h") and game.table.reshuffles == 0
    journal.record(Passed(player=ANN))
    assert game.table.pile == cards("2h") and game.table.reshuffles == 1
    assert game.table.hands[ANN][-1] == card("9h") and game.table.stack == []


def test_stack_runs_out_fewer_cards_only_when_every_card_is_in_a_hand() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h"], first="9h")
    play(journal, BEN, "2h")
    drain(journal, ANN)
    call(journal, BEN, ANN, "saying-mao")  # a bad call: Ben owes three, none is there
    game = mao(journal)
    assert game.penalties[-1].bad_call and game.penalties[-1].cards == 0
    # Ben's 2h can still be called back, so the card under it stays on the pile too
    assert sum(map(len, game.table.hands)) == 52 and game.table.pile == cards("9h 2h")
    journal.record(Passed(player=ANN))     # the 2h can no longer be called back: the 9h
    assert game.table.turn == BEN and len(game.table.hands[ANN]) == 49  # is the stack, taken
    assert game.table.pile == cards("2h") and not game.table.stack


def test_stack_runs_out_a_bad_card_called_back_after_a_restack_leaves_its_pile() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h"], first="9h")
    play(journal, BEN, "2h")
    drain(journal, ANN)
    game = mao(journal)
    bad = next(held for held in game.table.hands[ANN]
               if held.suit is not None and held.suit.value == "s" and not game.table.fits(held))
    play(journal, ANN, bad.code)                 # out of turn, a spade not named, no fit
    call(journal, BEN, ANN, "failure-to-say")    # Ann takes a card: the stack is remade
    call(journal, BEN, ANN, "bad-card")          # the card goes back: the 2h is on top again
    assert game.table.pile[-1:] == cards("2h")
    assert game.legal_actions()


def test_seven_chain_thank_you_for_one_seven() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "7h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h",
                    options=("sevens=thank you",))
    play(journal, BEN, "7h", "have a nice day")
    journal.record(TookSevens(player=CAT, said=("Thank you!",)))
    game = mao(journal)
    assert not game.owed_by(CAT) and len(game.table.hands[CAT]) == 6


def test_seven_chain_thank_you_very_much_for_two_sevens() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "7h 3h 4h 5h 6h", "7d 3d 4d 5d 6d"], first="9h",
                    options=("sevens=thank you",))
    play(journal, BEN, "7h", "have a nice day")
    play(journal, CAT, "7d", "have a very nice day")
    journal.record(TookSevens(player=ANN, said=("thank you",)))  # one "very" short
    game = mao(journal)
    assert [owed.phrase for owed in game.owed_by(ANN)] == ["thank you very much"]
    assert len(game.table.hands[ANN]) == 7 and game.table.turn == ANN
    call(journal, BEN, ANN, "failure-to-say", "thank you very much")
    assert game.penalties[-1].words == "failure to say 'thank you very much'"


def test_seven_chain_penalty_card_is_not_the_thank_you_answer() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "7h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h",
                    options=("sevens=thank you",))
    play(journal, BEN, "7h", "have a nice day")
    journal.record(TookSevens(player=CAT, said=("penalty card",)))
    assert [owed.phrase for owed in mao(journal).owed_by(CAT)] == ["thank you"]


def test_point_of_order_nobody_plays_or_takes_a_card_until_it_ends() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "7h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h")
    play(journal, BEN, "7h", "have a nice day")
    journal.record(Said(player=ANN, words="Point of order!"))
    refused(journal, TookSevens(player=CAT, said=("penalty card",)), "point of order")
    refused(journal, Played(player=CAT, card=card("2d")), "no card played or taken is "
                                                          "recorded")
    journal.record(Said(player=BEN, words="End of P-of-O"))  # anyone ends it
    journal.record(TookSevens(player=CAT, said=("penalty card",)))
    journal.record(Passed(player=CAT))
    assert mao(journal).table.turn == ANN


def test_point_of_order_called_on_someone_who_said_it_once_is_a_bad_call() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h")
    journal.record(Said(player=ANN, words="point of order"))
    call(journal, BEN, ANN, "point-of-order")
    game = mao(journal)
    assert game.penalties[-1].bad_call and game.penalties[-1].taker == BEN


def test_calls_in_the_dictatorial_game_the_master_is_the_dealer_by_default() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h",
                    options=("calls=dictatorial",), dealer=1)
    assert mao(journal).settings.master == 1
    refused(journal, PenaltyCall(caller=ANN, offender=CAT, reason="explaining"),
            "Only the Mao master, Ben, calls penalties")
    call(journal, BEN, CAT, "explaining")
    assert len(mao(journal).table.hands[CAT]) == 6


def test_calls_a_player_out_after_a_mao_makes_no_call_and_is_called_only_for_explaining(
) -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "Kh Kc 2d 10s Qs"], first="9h")
    play_out(journal, BEN)
    refused(journal, PenaltyCall(caller=BEN, offender=ANN, reason="explaining"),
            "Ben is out after a Mao: they make no call until they come back")
    refused(journal, PenaltyCall(caller=ANN, offender=BEN, reason="talking"),
            "the only call on them is explaining the rules")


def test_calls_a_player_out_is_bound_by_no_rule_and_makes_no_move() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "Kh Kc 2d 10s Qs"], first="9h")
    play_out(journal, BEN)
    journal.record(Said(player=BEN, words="Mao"))  # said freely while out
    game = mao(journal)
    assert game.mao_in_vain[BEN] == 0
    refused(journal, Played(player=BEN, card=card("Kh")), "Ben is out after a Mao until they")


def test_winning_mao_may_follow_the_last_card_while_the_hand_stays_empty() -> None:
    journal = two_aces()
    for code in ("Ah", "Ac"):
        play(journal, BEN, code)
    play(journal, BEN, "As", "ace of spades")
    play(journal, BEN, "Ad", "last card")
    play(journal, BEN, "5d")                       # forgets "Mao"
    game = mao(journal)
    assert game.scores[BEN] == 0 and BEN not in game.table.out
    journal.record(Said(player=BEN, words="MAO!"))
    assert game.scores[BEN] == 1 and game.table.out == {BEN}


def test_winning_mao_must_be_the_last_thing_said() -> None:
    journal = two_aces()
    for code in ("Ah", "Ac"):
        play(journal, BEN, code)
    play(journal, BEN, "As", "ace of spades")
    play(journal, BEN, "Ad", "last card")
    play(journal, BEN, "5d", "Mao", "last card")
    game = mao(journal)
    assert game.scores[BEN] == 0 and game.mao_in_vain[BEN] == 1
    call(journal, ANN, BEN, "saying-mao")
    assert len(game.table.hands[BEN]) == 3


def test_phrases_a_called_phrase_stays_owed_and_is_called_again_as_continued() -> None:
    journal = dealt(["2s 3c 4c 5c 6c", "9s 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h")
    play(journal, BEN, "9s")
    call(journal, ANN, BEN, "failure-to-say", "9 of spades")
    journal.record(Passed(player=CAT))
    call(journal, ANN, BEN, "failure-to-say", "nine of spades")
    game = mao(journal)
    assert [penalty.words for penalty in game.penalties] == [
        "failure to say 'nine of spades'", "continued failure to say 'nine of spades'"]
    journal.record(Said(player=BEN, words="Nine of Spades."))
    assert game.owed_by(BEN) == []


# -- settings -------------------------------------------------------------------------------

@pytest.mark.parametrize(("options", "words"), [
    (("call=dictatorial",), r'"call=dictatorial" is not a Mao setting.*Did you mean "calls"\?'),
    (("dictatorial",), r'"dictatorial" is not a Mao setting; the settings are calls, sevens'),
    (("calls=dictator",), r'"calls" is one of democratic or dictatorial, not "dictator"\. '
                          r'Did you mean "dictatorial"\?'),
    (("sevens=thanks",), r'"sevens" is one of penalty card or thank you, not "thanks"'),
    (("talking=forbidden",), r'"talking" is one of allowed or penalised'),
    (("seconds=ten",), r'"seconds" is a whole number, not "ten"'),
    (("seconds=0",), "at least one second"),
    (("master=1",), r"only in a dictatorial game \(calls=dictatorial\)"),
    (("calls=dictatorial", "master=3"), "The Mao master's seat is 0 to 2, not 3"),
    (("calls=dictatorial", "master=-1"), r'"master" is a whole number, not "-1"'),
])
def test_settings_a_bad_setting_is_refused_with_a_sentence(options: tuple[str, ...],
                                                            words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        Journal(new_game(NAMES[:3], seed=1, options=options))


def test_settings_a_bad_dealer_or_mode_is_refused_with_a_sentence() -> None:
    with pytest.raises(ConfigError, match="The dealer's seat is 0 to 2, not 3"):
        Journal(new_game(NAMES[:3], seed=1, dealer=3))
    with pytest.raises(ConfigError, match='Mao cannot be played in "score" mode'):
        Journal(new_game(NAMES[:3], seed=1, mode="score"))
    with pytest.raises(ConfigError, match="Mao is played here by 2 to 12 players, not 1"):
        Journal(new_game(NAMES[:1], seed=1))


def test_settings_good_ones_are_read() -> None:
    game = mao(Journal(new_game(NAMES[:3], seed=1, options=(
        "calls=dictatorial", "master=2", "sevens=thank you", "talking=penalised",
        "seconds=30"))))
    settings = game.settings
    assert (settings.calls, settings.master, settings.sevens, settings.talking_penalised,
            settings.seconds) == ("dictatorial", 2, "thank you", True, 30)


def test_settings_talking_is_an_offence_only_when_the_table_penalises_it() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h",
                    options=("talking=penalised",))
    call(journal, ANN, CAT, "talking")
    assert mao(journal).penalties[-1].words == "talking"
    assert mao(journal).penalties[-1].taker == CAT


def test_settings_seconds_name_the_too_slow_call() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h",
                    options=("seconds=30",))
    call(journal, ANN, BEN, "too-slow")
    assert mao(journal).penalties[-1].words == "failure to play within 30 seconds"


# -- secret rules ---------------------------------------------------------------------------

def test_rules_a_skip_rule_makes_the_next_player_miss_a_turn() -> None:
    journal = three_with_rule(**king_rule("skip"))
    play(journal, CAT, "Kh")
    table = mao(journal).table
    assert table.turn == BEN and table.turns.direction == 1  # Ann skipped


def test_rules_a_reverse_rule_turns_the_order_round() -> None:
    journal = three_with_rule(**king_rule("reverse"))
    play(journal, CAT, "Kh")
    table = mao(journal).table
    assert table.turn == BEN and table.turns.direction == -1
    journal.record(Passed(player=BEN))
    assert table.turn == ANN


def test_rules_a_draw_rule_gives_cards_to_the_player_it_calls_on() -> None:
    journal = three_with_rule(**king_rule("draw", amount=2))
    hands = mao(journal).table.hands
    before = len(hands[CAT]), len(hands[ANN])
    play(journal, CAT, "Kh")
    assert (len(hands[CAT]), len(hands[ANN])) == (before[0] - 1 + 2, before[1])


def test_rules_a_draw_rule_on_the_next_player() -> None:
    journal = three_with_rule(**king_rule("draw", amount=2, subject="next_player"))
    hands = mao(journal).table.hands
    before = len(hands[CAT]), len(hands[ANN])
    play(journal, CAT, "Kh")
    assert (len(hands[CAT]), len(hands[ANN])) == (before[0] - 1, before[1] + 2)


def test_rules_a_draw_rule_fires_on_a_card_taken_too() -> None:
    journal = three_with_rule(when="passed", kind="effect", effect="draw")
    hands = mao(journal).table.hands
    before = len(hands[CAT])
    journal.record(Passed(player=CAT))
    assert len(hands[CAT]) == before + 2


def test_rules_a_wild_card_fits_so_calling_it_bad_is_a_bad_call() -> None:
    journal = three_with_rule(**king_rule("wild"))
    play(journal, CAT, "Kc")                       # a club on the six of hearts
    call(journal, ANN, CAT, "bad-card")
    game = mao(journal)
    penalty = game.penalties[-1]
    assert penalty.bad_call and penalty.taker == ANN and penalty.words == "bad call (bad card)"
    assert game.table.pile[-1] == card("Kc") and game.table.turn == ANN


def test_rules_a_bad_card_rule_makes_a_fitting_card_bad() -> None:
    journal = three_with_rule(**king_rule("bad"))
    game = mao(journal)
    held = len(game.table.hands[CAT])
    play(journal, CAT, "Kh")                       # a heart on the six of hearts
    call(journal, ANN, CAT, "bad-card")
    assert game.penalties[-1].words == "bad card" and game.penalties[-1].taker == CAT
    assert card("Kh") in game.table.hands[CAT] and len(game.table.hands[CAT]) == held + 1
    assert game.table.pile[-1] == card("6h") and game.table.turn == CAT


def test_rule_order_bad_beats_wild_when_both_fire() -> None:
    journal = two_aces()
    comes_back_with(journal, BEN, **king_rule("wild"))
    comes_back_with(journal, BEN, **king_rule("bad"))
    game = mao(journal)
    assert game.table.turn == ANN and len(game.secret_rules) == 2
    play(journal, ANN, "Kc")                       # fits nothing; wild and bad both fire
    call(journal, BEN, ANN, "bad-card")
    assert game.penalties[-1].words == "bad card" and game.penalties[-1].taker == ANN


def test_rules_a_phrase_rule_on_the_next_player_is_owed_at_once() -> None:
    journal = three_with_rule(when='card.rank == "K"', kind="say", phrase="long live the king",
                              subject="next_player")
    play(journal, CAT, "Kh")
    game = mao(journal)
    assert [owed.phrase for owed in game.owed_by(ANN)] == ["long live the king"]
    call(journal, BEN, ANN, "failure-to-say", "Long live the King!")
    assert game.penalties[-1].taker == ANN


def test_rules_a_bad_card_called_back_takes_back_its_draw_too() -> None:
    journal = three_with_rule(**king_rule("draw", subject="next_player"))
    hands = mao(journal).table.hands
    before = len(hands[ANN])
    play(journal, CAT, "Kc")                       # fits nothing: Ann draws for it
    call(journal, ANN, CAT, "bad-card")
    assert len(hands[ANN]) == before


@pytest.mark.parametrize(("form", "words"), [
    ({"when": 'card.rank ==', "kind": "effect", "effect": "skip"}, "trigger cannot be read"),
    ({"when": "card.shape == 1", "kind": "effect", "effect": "skip"}, "trigger cannot be read"),
    (king_rule("swap"), 'Mao cannot carry out the effect "swap"; it can: bad, draw'),
    (king_rule("skip", subject="taker"), "Nobody takes a trick in Mao"),
    (king_rule("skip", subject="dealer"), 'calls on "player" or "next_player", not "dealer"'),
    (king_rule("draw", amount=0), "at least one card"),
])
def test_rules_a_rule_mao_cannot_carry_out_is_refused(form: dict[str, Any],
                                                      words: str) -> None:
    journal = two_aces()
    play_out(journal, BEN)
    refused(journal, ReEntered(player=BEN, rule="a-secret-rule", **form), words)
    assert mao(journal).table.out == {BEN} and not mao(journal).secret_rules


def test_rules_only_a_winner_comes_back() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h")
    refused(journal, ReEntered(player=ANN, rule="r", **king_rule("skip")),
            "Ann is in the game: only a player who won with a Mao comes back")


# -- replays and legal actions --------------------------------------------------------------

@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_seeded_bot_game_replays_from_its_journal(policy: str, players: int) -> None:
    base = find_game("mao")
    for seed in range(3):
        setup = new_setup(base, players, seed=seed, target=1 + seed % 2)
        game = start_game(base, setup)
        entries: list[Event] = [setup]
        play_game(game, POLICIES[policy], journal=entries)
        assert game.winner is not None
        assert replay(entries).snapshot() == game.snapshot()
        journal = Journal.from_entries(entries)
        assert Journal.from_json(journal.to_json()).game.snapshot() == game.snapshot()


@pytest.mark.parametrize("players", [2, 3, 5])
def test_careful_bots_move_among_legal_actions_and_each_owes_nothing(players: int) -> None:
    base = find_game("mao")
    policy = POLICIES["careful"]
    for seed in range(3):
        game = start_game(base, new_setup(base, players, seed=seed, target=2))
        assert isinstance(game, MaoGame)
        rng = random.Random(seed)
        for _ in range(300):
            if game.winner is not None:
                break
            legal = game.legal_actions()
            event, seat = policy(game, rng)
            if seat is None:                       # a winner coming back: not a move
                assert isinstance(event, ReEntered), event
                game.apply(event)
                continue
            assert seat == game.table.turn and event in legal, event
            for move in legal:
                trial = copy.deepcopy(game)
                trial.apply(move)
                assert trial.owed_by(seat) == [] and trial.mao_in_vain[seat] == 0, move
                assert not isinstance(move, Played) or (trial.last is None
                                                        or trial.last.valid), move
            game.apply(event)


def test_legal_actions_facing_a_seven_are_a_seven_or_its_cards() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "7h 3h 4h 5h 6h", "7d 3d 4d 5d 6d"], first="9h")
    play(journal, BEN, "7h", "have a nice day")
    assert mao(journal).legal_actions() == [
        Played(player=CAT, card=card("7d"), said=("have a very nice day",)),
        TookSevens(player=CAT, said=("penalty card",))]


def test_legal_actions_a_jack_once_with_each_suit_named() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "Jh 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h")
    jacks = [move for move in mao(journal).legal_actions()
             if isinstance(move, Played) and move.card == card("Jh")]
    assert [move.said for move in jacks] == [(suit,) for suit in
                                            ("clubs", "diamonds", "hearts", "spades")]


def test_legal_actions_none_during_a_point_of_order() -> None:
    journal = dealt(["2c 3c 4c 5c 6c", "2h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h")
    journal.record(Said(player=CAT, words="P of O"))
    assert mao(journal).legal_actions() == []


# -- refusals -------------------------------------------------------------------------------

def three() -> Journal:
    return dealt(["2c 3c 4c 5c 6c", "7h 3h 4h 5h 6h", "2d 3d 4d 5d 6d"], first="9h")


def test_refused_playing_a_card_not_held() -> None:
    refused(three(), Played(player=CAT, card=card("2h")), "Cat holds no two of hearts")


def test_refused_playing_during_a_point_of_order() -> None:
    journal = three()
    journal.record(Said(player=ANN, words="point of order"))
    refused(journal, Played(player=BEN, card=card("3h")),
            "Ann called a point of order: no card played or taken is recorded")
    refused(journal, Passed(player=BEN), "no card played or taken is recorded")


def test_refused_empty_words() -> None:
    refused(three(), Said(player=ANN, words="  "), "Say something")


def test_refused_an_unknown_call_reason_with_did_you_mean() -> None:
    refused(three(), PenaltyCall(caller=ANN, offender=BEN, reason="bad-cards"),
            r'"bad-cards" is not a penalty call; the calls are bad-card.*'
            r'Did you mean "bad-card"\?')


def test_refused_a_seat_that_is_not_at_the_table() -> None:
    refused(three(), PenaltyCall(caller=ANN, offender=5, reason="talking"),
            "There is no seat 5: the seats are 0 to 2")


# -- the real-card table --------------------------------------------------------------------

def real(players: int = 3, first: str = "9h") -> Journal:
    return Journal(new_game(NAMES[:players], seed=0, deck=tuple(cards(first)), mode="table"))


def test_real_table_the_first_card_must_be_given() -> None:
    with pytest.raises(ConfigError, match="type in the card turned up to start the pile"):
        Journal(new_game(NAMES[:3], seed=0, mode="table"))
    with pytest.raises(ConfigError, match="type in the card turned up"):
        Journal(new_game(NAMES[:3], seed=0, deck=(FACE_DOWN,), mode="table"))
    with pytest.raises(ConfigError, match="only the card turned up to start the pile"):
        Journal(new_game(NAMES[:3], seed=0, deck=tuple(cards("9h 2c")), mode="table"))


def test_real_table_unseen_cards_stand_in_for_what_is_typed() -> None:
    journal = real()
    table = mao(journal).table
    assert table.hands == [[FACE_DOWN] * 5] * 3 and len(table.stack) == 54 - 16
    play(journal, BEN, "3h")
    journal.record(Passed(player=CAT))
    assert table.hands[BEN] == [FACE_DOWN] * 4 and table.hands[CAT] == [FACE_DOWN] * 6
    assert table.pile == cards("9h 3h") and table.turn == ANN


def test_real_table_a_card_all_in_sight_is_refused() -> None:
    refused(real(), Played(player=BEN, card=card("9h")),
            r"Every nine of hearts \(1 in 1 pack\) is already on the pile or in a hand")
    journal = real(players=4)                       # two packs: a second nine of hearts
    play(journal, BEN, "9h")
    refused(journal, Played(player=CAT, card=card("9h")),
            r"Every nine of hearts \(2 in 2 packs\) is already on the pile or in hands")


def test_real_table_a_bad_card_called_back_is_known_in_the_hand() -> None:
    journal = real()
    play(journal, BEN, "2c")                        # a club on the nine of hearts
    call(journal, ANN, BEN, "bad-card")
    table = mao(journal).table
    assert table.hands[BEN].count(card("2c")) == 1 and len(table.hands[BEN]) == 6
    refused(journal, Played(player=CAT, card=card("2c")), "Every two of clubs")
    play(journal, BEN, "2c")                        # the known card leaves, not an unseen one
    assert table.hands[BEN] == [FACE_DOWN] * 5 and table.pile[-1] == card("2c")


def test_real_table_a_restack_forgets_the_cards_under_the_top() -> None:
    journal = real(players=2)
    play(journal, BEN, "2h")
    drain(journal, ANN)
    journal.record(Passed(player=ANN))
    table = mao(journal).table
    assert table.pile == cards("2h") and table.reshuffles == 1
    assert table.hands[ANN][-1] is FACE_DOWN and table.stack == []


# -- speech ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "wanted"), [
    ("That's the Badger!", "that's the badger"),
    ("That’s the badger", "thats the badger"),
    ("9 of Spades", "nine of spades"),
    ("10 OF HEARTS.", "ten of hearts"),
    ("J of spades", "jack of spades"),
    ("Have a   very nice day!!", "have a very nice day"),
    ("P-of-O", "point of order"),
    ("point-of-order", "point of order"),
    ("End of P-of-O", "end of point of order"),
    ("MAO!", "Mao"),
    ("Thank you, very much.", "thank you very much"),
])
def test_speech_same_whatever_case_punctuation_or_digits(said: str, wanted: str) -> None:
    assert speech.same(said, wanted)


@pytest.mark.parametrize(("said", "wanted"), [
    ("nine of spades", "nine of clubs"),
    ("have a nice day", "have a very nice day"),
    ("thank you", "thank you very much"),
    ("mao mao", "mao"),
    ("end of point of order", "point of order"),
])
def test_speech_different_words_are_not_the_same(said: str, wanted: str) -> None:
    assert not speech.same(said, wanted)


def test_speech_normal_form() -> None:
    assert speech.normal("That's the Badger!") == "thats the badger"
    assert speech.normal("7 of clubs") == "seven of clubs"
    assert speech.normal("P-of-O") == speech.POINT_OF_ORDER
    assert speech.normal("  Last   Card ") == "last card"


def test_speech_the_sevens_and_suits() -> None:
    assert speech.nice_day(0) == "have a nice day"
    assert speech.nice_day(2) == "have a very very nice day"
    assert [speech.thanks(verys) for verys in range(3)] == [
        "thank you", "thank you very much", "thank you very very much"]
    assert speech.named_suit("Spade!").plural == "spades"  # type: ignore[union-attr]
    assert speech.named_suit("the hearts") is None


def test_variants_the_first_way_is_the_default_and_the_others_are_settings() -> None:
    assert read_settings((), 4, 2) == MaoSettings(calls="democratic", master=None,
                                                  sevens="penalty card",
                                                  talking_penalised=False, seconds=10)
    chosen = read_settings(("calls=dictatorial", "sevens=thank you", "talking=penalised",
                            "seconds=20"), 4, 2)
    assert chosen == MaoSettings(calls="dictatorial", master=2, sevens="thank you",
                                 talking_penalised=True, seconds=20)
