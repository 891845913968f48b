"""Properties that hold in every game, whatever is played: hypothesis drives random tables."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import STANDARD_DECK
from engine.errors import HrdeckError
from engine.events import Challenged, Enforced, Event, Ruling
from engine.games.upnover.events import Played, TurnedUp
from engine.games.upnover.hidden_rules import HiddenRulesGame, new_game
from engine.games.upnover.trick_game import Phase
from engine.journal import Journal, replay

FULL_DECK = Counter(card.code for card in STANDARD_DECK)


def candidates(game: HiddenRulesGame) -> list[Event]:
    """Legal moves of every kind, and some that must be refused."""
    table = game.table
    seats = range(len(game.names))
    events: list[Event] = [Ruling(upheld=True), Ruling(upheld=False)]
    if table.phase is Phase.PLAY:
        events += [Played(player=table.turn, card=card, ace_value=ace)
                   for card, ace in table.legal_plays(table.turn)]
        other = (table.turn + 1) % len(game.names)
        events.append(Played(player=other, card=table.hands[other][0] if table.hands[other]
                             else STANDARD_DECK[0], ace_value=None))  # out of turn
    else:
        events += [TurnedUp(player=table.turn, ace_value=11), TurnedUp(player=table.turn)]
    for enforcer in seats:
        for violator in seats:
            events.append(Enforced(enforcer=enforcer, violator=violator,
                                   holder=(enforcer + violator) % len(game.names), hint="h",
                                   take_back=table.last_play_by(violator)))
    events += [Challenged(challenger=seat) for seat in seats]
    return events


def play_randomly(journal: Journal, choices: list[int], check: bool = True) -> None:
    for choice in choices:
        game = journal.game
        if game.is_over:
            break
        options = candidates(game)
        event = options[choice % len(options)]
        before = game.snapshot() if check else None
        try:
            journal.record(event)
        except HrdeckError:
            if check:
                assert journal.game.snapshot() == before, f"refused {event} changed the state"
        if check:
            assert_invariants(journal.game)


def assert_invariants(game: HiddenRulesGame) -> None:
    table = game.table
    assert Counter(card.code for card in table.all_cards()) == FULL_DECK
    assert all(score >= game.floor for score in game.scores)
    assert all(len(hand) <= table.hand_size for hand in table.hands)
    assert table.total == sum(value for _, value, _ in table.trick)
    if table.phase is Phase.PLAY:
        assert table.hands[table.turn], "the player to play always holds a card"


settings.register_profile("hrdeck", max_examples=120, deadline=None)
settings.load_profile("hrdeck")

games = st.tuples(st.integers(2, 5), st.integers(0, 2**32), st.booleans())
moves = st.lists(st.integers(0, 10**6), max_size=250)


@given(games, moves)
def test_cards_are_never_lost_and_scores_never_fall_below_the_floor(
        setup: tuple[int, int, bool], choices: list[int]) -> None:
    players, seed, fewer = setup
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"][:players]
    journal = Journal(new_game(names, seed=seed, fewer_cards_variant=fewer))
    play_randomly(journal, choices)


@given(games, moves)
def test_replaying_the_journal_gives_the_same_game(
        setup: tuple[int, int, bool], choices: list[int]) -> None:
    players, seed, fewer = setup
    journal = Journal(new_game(["Ann", "Ben", "Cat", "Dan", "Eve"][:players], seed=seed,
                               fewer_cards_variant=fewer))
    play_randomly(journal, choices, check=False)
    assert replay(journal.entries).snapshot() == journal.game.snapshot()
    assert Journal.from_json(journal.to_json()).game.snapshot() == journal.game.snapshot()


@given(st.integers(0, 2**32), moves, st.lists(st.integers(0, 10**6), max_size=5))
def test_undo_rebuilds_the_game_as_if_the_entry_never_was(
        seed: int, choices: list[int], undo_at: list[int]) -> None:
    journal = Journal(new_game(["Ann", "Ben", "Cat"], seed=seed))
    play_randomly(journal, choices, check=False)
    for pick in undo_at:
        index = journal.last_active()
        if index is None:
            break
        kept = [entry for number, entry in enumerate(journal.entries)
                if number != index and number in _active(journal)]
        journal.undo()
        assert journal.game.snapshot() == replay(kept).snapshot()
        assert pick >= 0


def _active(journal: Journal) -> set[int]:
    from engine.events import Voided
    from engine.journal import active_entries

    return {number for number, (entry, counts)
            in enumerate(zip(journal.entries, active_entries(journal.entries), strict=True))
            if counts and not isinstance(entry, Voided)}
