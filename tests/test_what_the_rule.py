"""What the Rule?!'s rules the scenario files (tests/fixtures/scenarios/what-the-rule/) do
not reach in few steps: every clarification pinned, bad settings, refusals that change
nothing, a single card revealed, the game's end after its rounds, entries through JSON and
in words, the starter rules against the shipped deck, and whole seeded bot games replayed
from their journals."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.errors import ConfigError, HrdeckError
from engine.events import Event, GameStarted, event_from_dict, event_to_dict
from engine.games import declared
from engine.games.registry import entry_types, find_game
from engine.games.what_the_rule.events import (
    Guessed,
    HandCounted,
    HintAnnounced,
    Hinted,
    HintGiven,
    HintObjected,
    HintsAgreed,
    Passed,
    PileCounted,
    Played,
    Revealed,
    RoundLed,
)
from engine.games.what_the_rule.game import OUT_OF_CARDS, WhatTheRuleGame, new_game
from engine.games.what_the_rule.policies import POLICIES
from engine.games.what_the_rule.pool import POOL
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.settings import read_settings
from engine.games.what_the_rule.shapes import DECK, HAND
from engine.games.what_the_rule.starters import STARTER_RULES
from engine.journal import Journal, describe, replay
from engine.simulate import Termination, new_setup, play_game, simulate, start_game

TESTS = Path(__file__).parent
ROOT = TESTS.parent
SCENARIOS = TESTS / "fixtures" / "scenarios" / "what-the-rule"
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")
ANN, BEN, CAT = 0, 1, 2
GAME = find_game("what-the-rule")


def table(players: int = 3, *, rules: str = "", rounds: int = 0, **setup: Any) -> Journal:
    """A game of `players`, Ann leading the first round with `rules` (empty: she judges)."""
    journal = Journal(new_game(NAMES[:players], seed=setup.pop("seed", 7), target=rounds,
                               **setup))
    journal.record(RoundLed(master=ANN, rule=rules))
    return journal


def wtr(journal: Journal) -> WhatTheRuleGame:
    game = journal.game
    assert isinstance(game, WhatTheRuleGame)
    return game


def refused(journal: Journal, event: Event, words: str) -> None:
    """The entry is refused with a sentence saying `words`, and nothing changes."""
    before = journal.game.snapshot()
    with pytest.raises(HrdeckError, match=words):
        journal.record(event)
    assert journal.game.snapshot() == before


def first_card(journal: Journal) -> str:
    round_ = wtr(journal).round
    assert round_ is not None
    return round_.hands[round_.turn][0].code


# -- clarifications ---------------------------------------------------------------------------

def test_every_clarification_is_pinned_by_a_test_or_scenario() -> None:
    """A scenario lists it in its `pins`, or a test here or in tests/test_wtr_*.py names it
    ("clarification KEY")."""
    pinned = {key for path in SCENARIOS.glob("*.yaml")
              for key in yaml.safe_load(path.read_text(encoding="utf-8")).get("pins", ())}
    texts = [path.read_text(encoding="utf-8")
             for path in (Path(__file__), *TESTS.glob("test_wtr_*.py"))]
    tested = {key for text in texts
              for keys_named in re.findall(r"[Cc]larifications? ([a-z][a-z-]*(?:, [a-z-]+)*)",
                                           text)
              for key in keys_named.split(", ")}
    for item in GAME.clarifications:
        assert item.key in pinned | tested, item.key


def test_every_clarification_a_scenario_or_the_engine_names_exists() -> None:
    keys = {item.key for item in GAME.clarifications}
    assert len(keys) == len(GAME.clarifications)
    pinned = {key for path in SCENARIOS.glob("*.yaml")
              for key in yaml.safe_load(path.read_text(encoding="utf-8")).get("pins", ())}
    engine = ROOT / "engine" / "games" / "what_the_rule"
    cited = {key for path in engine.glob("*.py")
             for keys_named in re.findall(r"clarifications? ([a-z][a-z-]*(?:, [a-z][a-z-]*)*)",
                                          path.read_text(encoding="utf-8"))
             for key in keys_named.split(", ") if "-" in key or key in keys}
    assert cited, "the engine cites its clarifications as 'clarification KEY'"
    assert pinned | cited <= keys, sorted((pinned | cited) - keys)


# -- the game, its settings and its deal ---------------------------------------------------

def test_it_is_a_built_in_game_without_hidden_rules_on_top() -> None:
    assert declared()["what-the-rule"].engine == "engine.games.what_the_rule.base_game"
    assert GAME.title == "What the Rule?!" and (GAME.min_players, GAME.max_players) == (2, 10)
    assert GAME.effects == GAME.timings == GAME.subjects == frozenset()
    assert set(GAME.schema.fields) == {"card", "previous", "previous_2", "previous_3",
                                       "position", "first"}
    assert GAME.compare_rules is not None
    assert GAME.compare_rules('card.colour == "white"', 'not (card.colour == "black")').same


@pytest.mark.parametrize(("options", "players", "words"), [
    (("points=on",), 2, "Two players play What the Rule.* without points"),
    (("points=maybe",), 3, 'is on or off, not "maybe"'),
    (("hints=on",), 3, '"hints=on" is not a setting'),
    (("deck1=b3fc b3fc b3fc",), 3, "stacks b3fc more than 2 times"),
    (("deck1=b7fc",), 3, "deck1: .*not a card"),
])
def test_bad_settings_are_sentences(options: tuple[str, ...], players: int, words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        read_settings(options, players)


def test_points_are_on_from_three_players_and_may_be_switched_off() -> None:
    """Clarification two-players: two always play without points, more may choose to."""
    assert not read_settings((), 2).points and read_settings((), 3).points
    assert not read_settings(("points=off",), 5).points
    journal = table(4, options=("points=off",), rounds=1)
    game = wtr(journal)
    while game.under_way is not None:
        journal.record(Played(player=game.under_way.turn, card=first_card(journal), fits=False))
    assert game.is_over and game.scores == [0, 0, 0, 0] and game.winners == ()
    assert game.winner is None and game.result_words() == "1 rounds played without points"


@pytest.mark.parametrize(("setup", "words"), [
    ({"mode": "dealt"}, '"dealt" is not a way to play'),  # a real table: test_wtr_real_cards
    ({"dealer": 3}, "first master's seat is 0 to 2, not 3"),
])
def test_bad_setups_are_sentences(setup: dict[str, Any], words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        Journal(new_game(NAMES[:3], seed=1, **setup))


def test_hidden_rule_cards_are_refused() -> None:
    cards = tuple(f"r{number}" for number in range(6))
    with pytest.raises(ConfigError, match="not played with hidden-rule cards"):
        Journal(GameStarted(game="what-the-rule", players=NAMES[:3], seed=1,
                            triggers=cards, actions=cards))


@pytest.mark.parametrize("players", [2, 3, 7, 10])
def test_every_round_deals_ten_to_each_player_but_the_master(players: int) -> None:
    """Clarification deal: all 144 shuffled for each round (the seed and the round's
    number), ten each from the master's left, the rest the draw pile."""
    journal = Journal(new_game(NAMES[:players], seed=3, dealer=1))
    game = wtr(journal)
    deals = []
    for number in (1, 2):
        master = (1 + number - 1) % players
        journal.record(RoundLed(master=master, rule="card.count >= 1"))
        round_ = game.round
        assert round_ is not None and round_.master == master
        assert round_.turn == (master + 1) % players
        assert [len(hand) for hand in round_.hands] == [
            0 if seat == master else HAND for seat in range(players)]
        assert len(round_.pile) == len(DECK) - HAND * (players - 1)
        everything = [*round_.pile, *(card for hand in round_.hands for card in hand)]
        assert Counter(everything) == Counter(DECK)
        deals.append([card.code for card in round_.pile])
        while game.under_way is not None:  # play the round out: anything goes
            if round_.guesser is not None:
                journal.record(Passed(player=round_.guesser))
            else:
                journal.record(Played(player=round_.turn, card=first_card(journal)))
    assert deals[0] != deals[1]
    again = Journal(new_game(NAMES[:players], seed=3, dealer=1))
    again.record(RoundLed(master=1, rule="card.count >= 1"))
    assert [card.code for card in wtr(again).round.pile] == deals[0]  # type: ignore[union-attr]


def test_the_game_ends_after_its_rounds_the_lead_going_round_clockwise() -> None:
    """Clarification game-end: five rounds for three players, led by Ann, Ben, Cat, Ann and
    Ben; the highest total wins."""
    journal = Journal(new_game(NAMES[:3], seed=2, target=5))
    game = wtr(journal)
    masters = []
    while not game.is_over:
        master = game.next_master
        masters.append(master)
        journal.record(RoundLed(master=master, rule="card.count >= 1"))
        round_ = game.round
        assert round_ is not None
        journal.record(Played(player=round_.turn, card=first_card(journal)))
        journal.record(Guessed(player=round_.order[0], rule="card.count >= 1"))
    assert masters == [0, 1, 2, 0, 1] and len(game.results) == 5
    assert game.winner is not None and game.winners == (game.winner,)
    assert game.scores[game.winner] == max(game.scores)
    refused(journal, RoundLed(master=2, rule=""), "The game is over: .* won")


# -- refusals --------------------------------------------------------------------------------

def test_refusals_are_sentences_and_change_nothing() -> None:
    journal = table(3, rules='card.shape != "circle"')
    game = wtr(journal)
    round_ = game.round
    assert round_ is not None
    held = round_.hands[BEN][0].code
    missing = next(card.code for card in DECK if card not in round_.hands[BEN])
    refused(journal, RoundLed(master=BEN, rule=""), "Round 1 is under way, led by Ann")
    refused(journal, Played(player=BEN, card=missing), "Ben holds no ")
    refused(journal, Played(player=BEN, card="x9zz"), "not a card")
    refused(journal, Played(player=CAT, card=round_.hands[CAT][0].code), "It is Ben's turn")
    refused(journal, Played(player=BEN, card=held, fits=True), "The referee judges this round")
    refused(journal, Revealed(player=CAT), "It is Ben's turn")
    refused(journal, Guessed(player=BEN, rule='card.shape != "circle"'), "Ben may not guess")
    refused(journal, Passed(player=BEN), "Ben has no guess to let go")
    refused(journal, Played(player=9, card=held), "There is no seat 9")
    refused(journal, Hinted(words="shapes"), "only once everyone at the table has agreed")
    refused(journal, HintAnnounced(), "only once everyone at the table has agreed")
    refused(journal, HintGiven(), "No hint is announced")
    refused(journal, HintObjected(player=CAT), "No hint is announced")
    refused(journal, HandCounted(player=BEN, cards=7), "counts are corrected only at a real")
    fits = next(card.code for card in round_.hands[BEN] if card.shape != "circle")
    journal.record(Played(player=BEN, card=fits))
    refused(journal, Guessed(player=BEN, rule="card.shap == 'x'"),
            "Ben's guess must be a rule the referee can judge: column")
    refused(journal, Guessed(player=BEN, rule=" "), "the guess is empty")
    refused(journal, Guessed(player=BEN, rule='card.shape == "circle"', right=True),
            "an entry does not say")
    journal.record(HintsAgreed())
    refused(journal, Hinted(words="  "), "the words are empty")


def test_a_rule_the_engine_cannot_read_is_refused_with_its_column() -> None:
    journal = Journal(new_game(NAMES[:3], seed=1))
    refused(journal, RoundLed(master=ANN, rule="card.colur == 'white'"),
            "Ann's rule cannot be judged by the referee: column 1: card has no \"colur\"")
    refused(journal, RoundLed(master=BEN, rule=""), "Ann was chosen to lead the first round")


def test_a_human_masters_round_needs_every_verdict() -> None:
    """Clarification human-master: the engine takes the master's word."""
    journal = table(3)
    card = first_card(journal)
    refused(journal, Played(player=BEN, card=card), "Ann judges this round: say whether")
    journal.record(Played(player=BEN, card=card, fits=True))
    refused(journal, Guessed(player=BEN, rule="anything"), "say whether the guess is right")
    journal.record(Guessed(player=BEN, rule="anything", right=False))
    assert wtr(journal).under_way is not None


def test_a_card_typed_in_words_is_recorded_as_its_code() -> None:
    journal = table(3, rules="card.count >= 1")
    card = wtr(journal).round.hands[BEN][0]  # type: ignore[union-attr]
    words = f"{card.count} {card.colour} {card.fill} {card.shape}s"
    assert journal.record(Played(player=BEN, card=words)) == Played(player=BEN, card=card.code)


# -- revealing -------------------------------------------------------------------------------

def test_a_single_card_revealed_leaves_its_player_out_of_cards_and_free_to_guess() -> None:
    """Clarification reveal: a player revealing one card that does not fit draws none; the
    round waits for their guess and ends with their turn (round-end)."""
    journal = table(2)
    game = wtr(journal)
    for _ in range(HAND - 1):
        journal.record(Played(player=BEN, card=first_card(journal), fits=True))
    journal.record(Revealed(player=BEN))
    round_ = game.round
    assert round_ is not None and round_.hands[BEN] == [] and round_.waiting
    refused(journal, HintsAgreed(), "Ben played their last card")
    assert game.legal_actions() == [Passed(player=BEN)]  # the master judges: no guesses listed
    journal.record(Passed(player=BEN))
    assert round_.ended == OUT_OF_CARDS and game.results[-1].played == HAND - 1


# -- guesses judged by the engine ---------------------------------------------------------

def test_a_wrong_guess_keeps_a_row_and_a_card_that_tell_it_from_the_rule() -> None:
    """Clarification machine-master: a guess that is only part of the rule is wrong."""
    journal = table(3, rules='card.shape == "circle" or card.shape == "triangle"')
    game = wtr(journal)
    round_ = game.round
    assert round_ is not None
    fits = next(card for card in round_.hands[BEN] if card.shape in ("circle", "triangle"))
    journal.record(Played(player=BEN, card=fits.code))
    journal.record(Guessed(player=BEN, rule='card.shape == "circle"'))
    guess = round_.guesses[-1]
    assert not guess.right and guess.difference is not None
    assert guess.difference.card.shape == "triangle" and not guess.difference.first_accepts
    assert game.under_way is round_


# -- entries ---------------------------------------------------------------------------------

ENTRIES: list[Event] = [
    RoundLed(master=0, rule='card.colour == "white"'), RoundLed(master=2),
    Played(player=1, card="b3fc"), Played(player=1, card="w6ut", fits=False),
    Revealed(player=2), Revealed(player=2, placed="w1fs"),
    Guessed(player=1, rule='not (card.colour == "black")'),
    Guessed(player=1, rule="white cards", right=True),
    Passed(player=1), HintsAgreed(), Hinted(words="Look at the colours."),
    HintAnnounced(), HintObjected(player=2), HintGiven(), HintGiven(words="Count them."),
    HandCounted(player=1, cards=7), PileCounted(cards=12), PileCounted(cards=0),
    Revealed(player=2, count=9),
]


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: type(entry).__name__)
def test_every_entry_survives_json(entry: Event) -> None:
    data = json.loads(json.dumps(event_to_dict(entry)))
    assert event_from_dict(data, entry_types("what-the-rule")) == entry


def test_entries_read_aloud_without_giving_the_rule_away() -> None:
    words = [describe(entry, NAMES[:3]) for entry in ENTRIES]
    assert words[0] == "Ann leads a round as game master (the referee judges their rule)"
    assert "white" not in words[0]
    assert words[1] == "Cat leads a round as game master (they judge the cards themselves)"
    assert words[3] == "Ben plays a white card with 6 unfilled triangles, which does not fit"
    assert words[5] == ("Cat reveals their hand; the master places a white card with 1 "
                        "filled square in the row")
    assert words[7] == "Ben guesses: white cards (right)"
    assert words[8:] == [
        "Ben does not guess", "everyone at the table, the master too, agrees to hints",
        "the master hints: Look at the colours.", "a hint is announced",
        "Cat objects to the hint", "the referee gives its hint, a card to try",
        "the master hints: Count them.", "the table counts Ben's hand: 7 cards",
        "the table counts the draw pile: 12 cards", "the table finds the draw pile empty",
        "Cat reveals their hand (9 cards)"]


# -- rules ------------------------------------------------------------------------------------

def test_the_starter_rules_are_the_shipped_decks_first_rounds_rules() -> None:
    from engine.games.what_the_rule.equivalence import same_rule

    deck = yaml.safe_load((ROOT / "decks" / "what-the-rule.yaml").read_text(encoding="utf-8"))
    shipped = [card["rule"] for card in deck["rule_cards"] if card.get("starter")]
    assert len(shipped) == len(STARTER_RULES) == 10
    for ours, theirs in zip(STARTER_RULES, shipped, strict=True):
        assert same_rule(Rule.parse(ours.rule), Rule.parse(theirs)) is None, ours.words


def test_every_starter_rule_has_its_scenario() -> None:
    scripted = {" ".join(str(step.get("rule", "")).split())
                for path in SCENARIOS.glob("starter-*.yaml")
                for step in yaml.safe_load(path.read_text(encoding="utf-8"))["steps"]}
    assert {starter.rule for starter in STARTER_RULES} <= scripted


def test_the_pages_example_rules_and_the_bots_pool_parse() -> None:
    page = (ROOT / "docs" / "games" / "what-the-rule.md").read_text(encoding="utf-8")
    examples = re.findall(r"^\|[^|]*\| `([^`]*)` \|$", page, flags=re.MULTILINE)
    assert len(examples) >= 14
    for source in [*examples, *POOL]:
        Rule.parse(source)
    assert {starter.rule for starter in STARTER_RULES} <= set(POOL)


# -- bots ------------------------------------------------------------------------------------

def bot_game(players: int, policy: str, seed: int) -> tuple[WhatTheRuleGame, list[Event]]:
    setup = new_setup(GAME, players, seed=seed)
    game = start_game(GAME, setup)
    assert isinstance(game, WhatTheRuleGame)
    entries: list[Event] = [setup]
    play_game(game, POLICIES[policy], journal=entries)
    return game, entries


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("players", [2, 3, 5, 10])
def test_seeded_bot_games_replay_from_their_journals(policy: str, players: int) -> None:
    for seed in range(3):
        game, entries = bot_game(players, policy, seed)
        assert game.is_over and len(game.results) == players
        again = replay(entries)
        assert again.snapshot() == game.snapshot()
        assert Journal.from_json(Journal.from_entries(entries).to_json()).game.snapshot() == (
            game.snapshot())
        for result in game.results:  # clarification negative-points: 0 to 15 a round
            assert all(0 <= points <= HAND + 5 for points in result.points)


def test_every_move_a_bot_makes_is_a_legal_action() -> None:
    for policy in POLICIES.values():
        game = start_game(GAME, new_setup(GAME, 4, seed=11))
        dice = random.Random(4)
        while not game.is_over:
            legal = game.legal_actions()
            moved = game.step(policy, dice, 5_000)
            assert moved is not None, moved
            offered = moved[0]
            if isinstance(offered, Guessed):  # as recorded, it carries the engine's verdict
                assert offered.judged in ("right", "wrong")
                offered = dataclasses.replace(offered, judged="", differs=())
            assert offered in legal, moved
        assert game.legal_actions() == []


def test_the_legal_actions_of_a_human_masters_round_carry_verdicts() -> None:
    journal = table(3)
    moves = wtr(journal).legal_actions()
    card = first_card(journal)
    assert Played(player=BEN, card=card, fits=True) in moves
    assert Played(player=BEN, card=card, fits=False) in moves
    assert Revealed(player=BEN) in moves and Revealed(player=BEN, placed=card) in moves
    assert HintsAgreed() in moves


def test_simulation_figures_add_up() -> None:
    report = simulate(game="what-the-rule", games=40, players=4, seed=3, policy="greedy")
    data, counts = report.to_dict(), report.figures
    assert counts["rounds"] == 4 * 40 and report.turn_limited == 0
    assert counts["turns"] == report.plays and counts["guessed"] <= counts["rounds"]
    assert data["turns_per_round"] == round(counts["turns"] / counts["rounds"], 4)
    assert data["guess_turn"] == round(counts["guess_turns"] / counts["guessed"], 4)
    assert report.no_winner == counts["shared_wins"]
    assert sum(report.wins_by_seat) + report.no_winner == 40
    assert len(data["mean_score_by_seat"]) == 4  # type: ignore[arg-type]


def test_two_players_end_without_a_winner() -> None:
    setup = new_setup(GAME, 2, seed=1)
    outcome = play_game(start_game(GAME, setup), POLICIES["greedy"])
    assert outcome.termination is Termination.ENDED and outcome.winner is None
    assert outcome.scores == (0, 0) and outcome.figures["rounds"] == 2
    report = simulate(game="what-the-rule", games=5, players=2, policy="random")
    assert report.no_winner == 5 and report.turn_limited == 0


def test_hrdeck_simulate_plays_it() -> None:
    from typer.testing import CliRunner

    from hrdeck.app import app
    from hrdeck.cli import simulate_command  # noqa: F401  (registers the command)

    shown = CliRunner().invoke(app, ["simulate", "--game", "what-the-rule", "--games", "20",
                                     "--players", "3", "--policy", "cautious"])
    assert shown.exit_code == 0, shown.output
    for words in ("20 games of What the Rule?!", "turns per round", "turn of the right guess",
                  "scores by seat", "rules guessed per game"):
        assert words in shown.output, words

