"""What the Rule?! registered as a base game, for 2 to 10 players. Hidden rules are not
played on top of it: the master's rule is the secret, so it has no effects, timings or
subjects (the package's `__init__.py` declares its parts).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import CardError
from engine.events import Event, GameStarted
from engine.games.base import BaseGame, Game, RuleComparison, RuleReading, Simulation
from engine.games.registry import register
from engine.games.what_the_rule.clarifications import CLARIFICATIONS
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
from engine.games.what_the_rule.game import WhatTheRuleGame, new_game
from engine.games.what_the_rule.policies import POLICIES
from engine.games.what_the_rule.shapes import parse_design
from engine.games.what_the_rule.view import NAME, WTR_SCHEMA

MIN_PLAYERS, MAX_PLAYERS = 2, 10


def start(setup: GameStarted) -> Game:
    return WhatTheRuleGame(setup)


def compare_rules(first: str, second: str) -> RuleComparison:
    """Two rules as written, compared exactly (see `equivalence`, loaded when asked)."""
    from engine.games.what_the_rule.comparison import compare_sources

    return compare_sources(first, second)


def read_rule(text: str) -> RuleReading:
    """A rule typed in the rule language or in plain words (see `words`, loaded when
    asked); a rule-language error or the reader's refusal is a reading without a rule."""
    from engine.games.what_the_rule.words import PhraseError
    from engine.games.what_the_rule.words import read_rule as read
    from engine.language.parse import ExpressionError

    try:
        found = read(text)
    except PhraseError as refusal:
        return RuleReading(text=text, reason=refusal.reason, closest=refusal.closest)
    except ExpressionError as error:
        return RuleReading(text=text, reason=f"the rule language cannot read it: {error}")
    return RuleReading(text=text, rule=found.rule, words=found.words)


def _card(code: str) -> str:
    try:
        return parse_design(code).name
    except CardError:
        return f"the card {code!r}"


def describe(event: Event, names: Sequence[str]) -> str:
    """One of What the Rule?!'s entries in words (never the secret rule): 'Bob plays a
    white card with 4 unfilled circles'."""
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    if isinstance(event, RoundLed):
        judged = ("the referee judges their rule" if event.rule
                  else "they judge the cards themselves")
        return f"{who(event.master)} leads a round as game master ({judged})"
    if isinstance(event, Played):
        verdict = {None: "", True: ", which fits", False: ", which does not fit"}[event.fits]
        return f"{who(event.player)} plays {_card(event.card)}{verdict}"
    if isinstance(event, Revealed):
        hand = (f" ({' '.join(event.cards)})" if event.cards
                else f" ({event.count} card{'' if event.count == 1 else 's'})" if event.count
                else "")
        placed = f"; the master places {_card(event.placed)} in the row" if event.placed else ""
        return f"{who(event.player)} reveals their hand{hand}{placed}"
    if isinstance(event, Guessed):
        verdict = {None: "", True: " (right)", False: " (wrong)"}[event.right]
        if event.said:
            return f'{who(event.player)} guesses "{event.said}" (read as {event.rule}){verdict}'
        return f"{who(event.player)} guesses: {event.rule}{verdict}"
    if isinstance(event, Passed):
        return f"{who(event.player)} does not guess"
    if isinstance(event, HintsAgreed):
        return "everyone at the table, the master too, agrees to hints"
    if isinstance(event, HintAnnounced):
        return "a hint is announced"
    if isinstance(event, HintObjected):
        return f"{who(event.player)} objects to the hint"
    if isinstance(event, HintGiven | Hinted):
        return f"the master hints: {event.words}" if event.words else (
            "the referee gives its hint, a card to try")
    if isinstance(event, HandCounted):
        count = "1 card" if event.cards == 1 else f"{event.cards} cards"
        return f"the table counts {who(event.player)}'s hand: {count}"
    assert isinstance(event, PileCounted)
    if not event.cards:
        return "the table finds the draw pile empty"
    return f"the table counts the draw pile: {event.cards} card{'' if event.cards == 1 else 's'}"


WHAT_THE_RULE = register(BaseGame(
    name=NAME, title="What the Rule?!", schema=WTR_SCHEMA, effects=frozenset(),
    timings=frozenset(), subjects=frozenset(),
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, start=start,
    events=(RoundLed, Played, Revealed, Guessed, Passed, HintsAgreed, HintAnnounced,
            HintObjected, HintGiven, Hinted, HandCounted, PileCounted),
    describe=describe,
    simulation=Simulation(
        setup=new_game, policies=POLICIES, target=0, check_policy="greedy",
        figures=(("rounds", "rounds per game"),
                 ("turns", "turns per game"),
                 ("guessed", "rules guessed per game"),
                 ("halved", "masters' points halved per game"),
                 ("out_of_cards", "rounds ended by a player out of cards per game"),
                 ("pile_empty", "rounds ended by an empty draw pile per game"),
                 ("shared_wins", "shared wins per game")),
        ratios=(("turns_per_round", "turns", "rounds", "turns per round"),
                ("guess_turn", "guess_turns", "guessed", "turn of the right guess"),
                ("master_points_per_round", "master_points", "rounds",
                 "master's points per round"),
                ("player_points_per_round", "player_points", "player_rounds",
                 "a player's points per round"))),
    compare_rules=compare_rules,
    read_rule=read_rule,
    clarifications=CLARIFICATIONS))
