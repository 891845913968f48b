"""The base-game contract: a game registered from the test suite alone — "higher or lower"
(tests/fifth_game/), one entry type of its own — is started, journaled, undone, described
and simulated by the generic engine, with the hidden-rules layer on top; nothing outside the
test suite names it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.errors import HrdeckError, IllegalActionError, JournalError
from engine.events import Challenged, Enforced, Event, GameStarted, Ruling, event_to_dict
from engine.games.registry import GAMES, BaseGame, decode_entries, find_game, register, unregister
from engine.journal import Journal, describe, replay
from engine.simulate import play_game, simulate
from hrdeck.referee.tables import register_table, unregister_table
from tests.fifth_game.game import TOY, Guessed, HigherOrLower
from tests.fifth_game.table import TOY_TABLE


@pytest.fixture
def toy() -> Iterator[BaseGame]:
    register(TOY)
    register_table(TOY_TABLE)
    yield TOY
    unregister(TOY.name)
    unregister_table(TOY.name)


def test_a_game_registered_from_outside_is_found_by_name(toy: BaseGame) -> None:
    assert find_game("higher-or-lower") is toy and "higher-or-lower" in GAMES
    assert "up-n-over" in GAMES  # the built-in games are there too


def test_the_generic_journal_plays_undoes_and_describes_it(toy: BaseGame) -> None:
    setup = GameStarted(game="higher-or-lower", players=("Ann", "Ben"), seed=4, target=2)
    journal = Journal(setup)
    assert isinstance(journal.game, HigherOrLower)
    journal.record(Guessed(player=0, higher=True))
    journal.record(Guessed(player=1, higher=False))
    after_two = journal.game.snapshot()
    journal.record(Guessed(player=0, higher=True))
    journal.undo()
    assert journal.game.snapshot() == after_two
    with pytest.raises(IllegalActionError, match="Ann's turn"):
        journal.record(Guessed(player=1, higher=True))
    assert [describe(entry, journal.game.names) for entry in journal.entries[1:3]] == [
        "Ann guesses higher", "Ben guesses lower"]


def test_hidden_rules_sit_on_top_of_it(toy: BaseGame) -> None:
    journal = Journal(GameStarted(game="higher-or-lower", players=("Ann", "Ben"), seed=4,
                                  mode="score"))
    journal.record(Guessed(player=0, higher=True))
    before = list(journal.game.scores)
    journal.record(Enforced(enforcer=1, violator=0, holder=1, hint="You did not blink.",
                            take_back=False))
    assert journal.game.scores == [before[0] - 1, before[1]]  # the violator loses a point
    assert "Ben enforces their own rule on Ann" in describe(journal.entries[-1],
                                                            journal.game.names)


def test_an_unknown_game_in_a_journal_is_a_sentence() -> None:
    from engine.games.registry import UnknownGameError

    with pytest.raises(UnknownGameError, match=r'no base game called "snap".*hrdeck knows'):
        Journal(GameStarted(game="snap", players=("Ann", "Ben"), seed=1))


def test_the_table_a_deck_can_seat_comes_from_its_game(toy: BaseGame) -> None:
    from generator.table_size import least_rule_cards, player_range

    assert player_range(20, 20, toy) == (2, 3, 4)  # higher or lower seats four at most
    assert player_range(20, 20, find_game("up-n-over")) == (2, 3, 4, 5)
    assert least_rule_cards(toy) == 4


def test_bots_play_it_to_the_end_and_the_journal_replays_it(toy: BaseGame) -> None:
    game = HigherOrLower(GameStarted(game=toy.name, players=("Ann", "Ben", "Cy"), seed=8))
    entries: list[Event] = []
    outcome = play_game(game, toy.simulation.policies["sensible"],  # type: ignore[union-attr]
                        journal=entries)
    assert outcome.winner is not None and outcome.scores[outcome.winner] >= 3
    assert outcome.plays == len(entries) and outcome.figures["right"] == sum(outcome.scores)
    again = replay([game.setup, *entries])
    assert again.snapshot() == game.snapshot()


def test_every_move_a_bot_makes_is_a_legal_action(toy: BaseGame) -> None:
    game = HigherOrLower(GameStarted(game=toy.name, players=("Ann", "Ben"), seed=2))
    policy = toy.simulation.policies["random"]  # type: ignore[union-attr]
    dice = random.Random(1)
    legal: list[list[Event]] = []
    made: list[Event] = []
    while game.winner is None and len(made) < 50:
        legal.append(game.legal_actions())
        moved = game.step(policy, dice, 99)
        assert moved is not None
        made.append(moved[0])
    assert all(entry in options for entry, options in zip(made, legal, strict=True))
    assert game.winner is None or game.legal_actions() == []


def test_hrdeck_simulate_plays_it_by_name(toy: BaseGame) -> None:
    from hrdeck.app import app
    from hrdeck.cli import simulate_command  # noqa: F401  (registers the command)

    runner = CliRunner()
    shown = runner.invoke(app, ["simulate", "--game", "higher-or-lower", "--games", "200",
                                "--players", "3", "--policy", "sensible"])
    assert shown.exit_code == 0, shown.output
    assert "200 games of Higher or Lower" in shown.output
    assert "right guesses" in shown.output and "tricks" not in shown.output
    as_json = runner.invoke(app, ["simulate", "--game", "higher-or-lower", "--games", "50",
                                  "--players", "2", "--policy", "random", "--json"])
    data = json.loads(as_json.output)
    assert data["game"] == "higher-or-lower" and data["games"] == 50
    assert data["turn_limited"] == 0 and abs(sum(data["win_rate_by_seat"]) - 1) < 1e-9
    assert data["right"] == round(data["right_per_game"] * 50)


def test_its_own_limits_and_settings_are_sentences(toy: BaseGame) -> None:
    with pytest.raises(HrdeckError, match="Higher or Lower is played by 2 to 4 players"):
        simulate(game=toy.name, games=1, players=5, policy="random")
    with pytest.raises(HrdeckError, match='no policy called "greedy" for Higher or Lower'):
        simulate(game=toy.name, games=1, players=2, policy="greedy")
    with pytest.raises(HrdeckError, match="has no setting 'fewer_cards_variant'"):
        simulate(game=toy.name, games=1, players=2, policy="random",
                 options={"fewer_cards_variant": True})


def test_a_scripted_referee_game_is_played_undone_and_resumed(toy: BaseGame,
                                                              tmp_path: Path) -> None:
    from hrdeck.referee.cli import referee_app

    db = tmp_path / "games.sqlite3"
    script = "\n".join([
        "help guess", "guess higher", "g ben lower", "guess lower", "guess ben lower",
        "undo yes",                                   # Ben's second guess is taken back
        'enforce ann on ben "You did not blink."',     # hidden rules on top
        "challenge", "rule upheld", "score", "history", "quit"])
    started = CliRunner().invoke(referee_app, [
        "new", "--game", "higher-or-lower", "--mode", "score", "--players", "Ann,Ben",
        "--seed", "5", "--session", "hl", "--script", "-", "--db", str(db)], input=script)
    assert started.exit_code == 0, started.output
    shown = started.output
    assert "guess [WHO] higher|lower" in shown            # help knows the game's own verb
    assert "Ann guesses higher" in shown and "Ben guesses lower" in shown
    assert "The number is" in shown and "right" in shown  # its announcement, its column
    expected = Journal(GameStarted(game=toy.name, players=("Ann", "Ben"), seed=5, mode="score"))
    for player, higher in ((0, True), (1, False), (0, False)):
        expected.record(Guessed(player=player, higher=higher))
    expected.record(Enforced(enforcer=0, violator=1, holder=0, hint="You did not blink.",
                             take_back=False))
    expected.record(Challenged(challenger=1))
    expected.record(Ruling(upheld=True))
    resumed = CliRunner().invoke(referee_app, [
        "resume", "hl", "--script", "-", "--json", "--db", str(db)], input="turn\n")
    assert resumed.exit_code == 0, resumed.output
    final = json.loads(resumed.stdout.strip().splitlines()[-1])
    assert final["scores"] == expected.game.scores
    assert final["next"].startswith("The number is") and final["over"] is False
    assert final["right"] == [sum(1 for change in expected.game.points if change.player == seat
                                  and change.reason == "guessed right") for seat in (0, 1)]


def test_the_referee_refuses_a_game_it_does_not_know_or_has_no_table_for() -> None:
    from hrdeck.referee.cli import parse_players

    with pytest.raises(HrdeckError, match=r'no base game called "up-n-ovr".*Did you mean'):
        parse_players("Ann,Ben", "up-n-ovr")
    register(TOY)  # the game, without its verbs at the referee's table
    try:
        with pytest.raises(HrdeckError, match="cannot run a game of Higher or Lower yet"):
            parse_players("Ann,Ben", TOY.name)
    finally:
        unregister(TOY.name)


def test_each_game_reads_only_its_own_entries_in_its_journals(toy: BaseGame) -> None:
    entries = [event_to_dict(GameStarted(game=toy.name, players=("Ann", "Ben"), seed=1)),
               {"type": "Guessed", "player": 0, "higher": True}]
    assert decode_entries(entries)[1] == Guessed(player=0, higher=True)
    up_n_over = [event_to_dict(GameStarted(players=("Ann", "Ben"), seed=1)),
                 {"type": "Guessed", "player": 0, "higher": True}]
    with pytest.raises(JournalError, match='entry type "Guessed" is unknown'):
        decode_entries(up_n_over)      # another game's entry is no entry of Up 'N Over
    played = {"type": "Played", "player": 0, "card": "7h"}
    with pytest.raises(JournalError, match='entry type "Played" is unknown'):
        decode_entries([entries[0], played])


def test_a_game_says_what_a_penalty_costs(toy: BaseGame) -> None:
    """Hidden rules cost a point by default; a game whose penalty is something else (cards,
    in Mao) overrides `penalise`, and enforcements and calls go through it."""
    from engine.events import TOO_SLOW, Called

    costs: list[tuple[int, str]] = []

    class CardsInstead(HigherOrLower):
        def penalise(self, player: int, reason: str) -> None:
            costs.append((player, reason))

    setup = TOY.simulation.setup(["Ann", "Ben"], seed=3) if TOY.simulation else None
    assert setup is not None
    game = CardsInstead(setup)
    game.guess(0, True)
    game.apply(Called(caller=0, offender=1, offence=TOO_SLOW, take_back=False))
    assert costs == [(1, "took more than five seconds to play")]
    assert game.scores[1] == 0  # no point was taken: the game's own penalty replaced it
