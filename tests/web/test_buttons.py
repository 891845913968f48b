"""The buttons on a player's page, at a few points of each game: each one offers a line the
referee takes at that point, sent as that seat (so a button never offers a move the referee
refuses), and a move shows only when it makes sense (pick up only on your own turn,
challenge only when an enforcement on you can be challenged)."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from hrdeck.referee.cli import default_deck
from hrdeck.referee.rule_deck import RuleDeck, load_rule_deck
from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.referee.tables import NewGame
from hrdeck.web.buttons import CARDS, TEXT, Button, buttons, fill
from hrdeck.web.hub import Hub
from tests.referee.helpers import rule_deck
from tests.referee.test_jokers_secret_table import ENDGAME, FACE_UP, RUNS
from tests.referee.test_mao_table import CALLS, OPENING, TO_A_MAO

PLAYERS = ("Ann", "Ben", "Cat")
ANN, BEN, CAT = range(3)
NOT_WHITE = "b1fc b2fc b3fc b4fc b5fc b6fc b1uc b2uc b3uc b4uc"  # a hand with no white card


@functools.cache
def own_deck(game: str) -> RuleDeck:
    return load_rule_deck(default_deck(game))


@dataclass(frozen=True)
class Point:
    """A game, and the lines that bring it to the point looked at."""

    name: str
    new: Callable[[], NewGame]
    script: tuple[str, ...]
    cards: dict[str, str] = field(default_factory=dict)   # a field's name -> cards typed

    def hub(self, folder: Path) -> Hub:
        folder.mkdir(parents=True, exist_ok=True)
        session = Session.create(Store(folder / "db.sqlite3"), self.new(), name="t")
        hub = Hub(session)
        for line in self.script:
            reply = hub.run(-1, session.parse(line))
            assert reply.error is None, (line, reply.error)
        return hub

    def copy(self, played: Hub, folder: Path) -> Hub:
        """Another hub at the same point, resumed from a copy of `played`'s journal."""
        folder.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(played.session.store.path)) as source, \
                closing(sqlite3.connect(folder / "db.sqlite3")) as copy:
            source.backup(copy)
        session, dropped = Session.resume(Store(folder / "db.sqlite3"), "t")
        assert not dropped
        return Hub(session)


def hidden_rules() -> NewGame:
    return NewGame(players=PLAYERS, seed=1, deck=rule_deck())


def keep_all() -> tuple[str, ...]:
    return tuple(f"keep {name} 1 1" for name in PLAYERS)


def mao() -> NewGame:
    return NewGame(players=PLAYERS, game="mao", first="9h", seed=1, target=3)


def jokers_plain() -> NewGame:
    return NewGame(players=PLAYERS, game="jokers-secret", seed=1)


def jokers_rules() -> NewGame:
    return NewGame(players=PLAYERS, game="jokers-secret", seed=1,
                   deck=jokers_deck())


@functools.cache
def jokers_deck() -> RuleDeck:
    return load_rule_deck(default_deck("up-n-over").with_name("jokers-secret-rules.yaml"))


def jokers_face_down() -> NewGame:
    """Ann and Ben, and the cards that bring Ann to her face-down row (the referee's own
    test of a whole game)."""
    return NewGame(players=("Ann", "Ben"), game="jokers-secret", seed=2, target=10,
                   deck=jokers_deck(), face_up=FACE_UP)


FACE_DOWN = ("keep ann 1 1", "keep ben 1 1", "ann", *RUNS.split("\n"),
             *ENDGAME.split("\n")[:8])


def wtr() -> NewGame:
    return NewGame(players=PLAYERS, game="what-the-rule", seed=1, target=3,
                   deck=own_deck("what-the-rule"))


WHITE = 'lead ann: card.colour == "white"'
POINTS = [
    Point("hidden rules: the first card to turn up", hidden_rules, keep_all(),
          {"card": "9c"}),
    Point("hidden rules: Ben to play", hidden_rules, (*keep_all(), "up 9c"), {"card": "5h"}),
    Point("hidden rules: a rule enforced on Ben", hidden_rules,
          (*keep_all(), "up 9c", "5h", 'enforce ann on ben "a hint"'), {"card": "6d"}),
    Point("hidden rules: a trick won", hidden_rules, (*keep_all(), "up 9c", "kh", "2c"),
          {"card": "4d"}),
    Point("up 'n over, score keeping", lambda: NewGame(players=PLAYERS, mode="score"), ()),
    Point("mao: the start", mao, (), {"card": "9c"}),
    Point("mao: a point of order", mao, ("order ann",), {"card": "9c"}),
    Point("mao: Cat won a Mao", lambda: NewGame(players=PLAYERS, game="mao", first="9h",
                                                target=2),
          tuple(line for line in (OPENING + CALLS + TO_A_MAO).splitlines() if line),
          {"card": "2c"}),
    Point("joker's secret: who holds the 3 of clubs", jokers_plain, (),
          {"hand": "7h", "face_up": "kd"}),
    Point("joker's secret: Ben holds it", jokers_plain, ("ben",),
          {"cards": "3c", "hand": "7h", "face_up": "kd"}),
    Point("joker's secret: Cat's turn", jokers_plain, ("ben", "p 3c"), {"cards": "5h"}),
    Point("joker's secret with rules: Cat's turn", jokers_rules,
          (*keep_all(), "ben", "p 3c"), {"cards": "5h"}),
    Point("joker's secret: Ann flips", jokers_face_down,
          tuple(line for line in FACE_DOWN if line), {"card": "10c", "cards": "5h"}),
    Point("what the rule: Ann leads", wtr, ()),
    Point("what the rule: Ben to play", wtr, (WHITE,), {"card": "w2ft", "cards": NOT_WHITE}),
    Point("what the rule: Ben may guess", wtr, (WHITE, "w2ft"),
          {"card": "w2ft", "cards": NOT_WHITE}),
    Point("what the rule: Ann judges", wtr, ("lead ann judge",), {"card": "w2ft"}),
    Point("what the rule: a hint after a wrong guess", wtr,
          (WHITE, "hints", "w2ft", "guess ben only triangles"),
          {"card": "w2ft", "cards": NOT_WHITE}),
]


def sample(button: Button, point: Point) -> str:
    values = {}
    for item in button.fields:
        if item.kind == CARDS:
            values[item.name] = point.cards[item.name]
        elif item.kind == TEXT:
            values[item.name] = item.options[0] if item.options else "only white cards"
        elif item.options:
            values[item.name] = item.options[0]
    return fill(button, values)


@pytest.mark.parametrize("point", POINTS, ids=[point.name for point in POINTS])
def test_every_button_is_a_move_the_referee_takes_then(point: Point, tmp_path: Path) -> None:
    hub = point.hub(tmp_path / "look")
    offered = [(seat, button) for seat in range(len(hub.session.names))
               for button in buttons(hub.session, seat)]
    assert offered
    for number, (seat, button) in enumerate(offered):
        line = sample(button, point)
        fresh = point.copy(hub, tmp_path / str(number))
        reply = fresh.run_line(seat, line)
        assert reply.error is None, (seat, button.label, line, reply.error)


def labels(point: Point, seat: int, tmp_path: Path) -> list[str]:
    hub = point.hub(tmp_path)
    return [button.label for button in buttons(hub.session, seat)]


def by_name(name: str) -> Point:
    return next(point for point in POINTS if point.name == name)


def test_only_the_player_to_act_is_offered_the_card(tmp_path: Path) -> None:
    point = by_name("hidden rules: Ben to play")
    assert "Play a card" in labels(point, BEN, tmp_path / "b")
    assert "Play a card" not in labels(point, CAT, tmp_path / "c")


def test_challenge_only_for_the_player_a_rule_was_enforced_on(tmp_path: Path) -> None:
    point = by_name("hidden rules: a rule enforced on Ben")
    assert "Challenge" in labels(point, BEN, tmp_path / "b")
    assert "Challenge" not in labels(point, CAT, tmp_path / "c")
    assert "Challenge" not in labels(by_name("hidden rules: Ben to play"), BEN, tmp_path / "p")


def test_pick_up_only_on_your_own_turn(tmp_path: Path) -> None:
    point = by_name("joker's secret: Cat's turn")
    assert "Pick up the pile" in labels(point, CAT, tmp_path / "c")
    assert "Pick up the pile" not in labels(point, ANN, tmp_path / "a")


def test_a_face_down_card_is_flipped_only_once_hand_and_row_are_played(tmp_path: Path) -> None:
    point = by_name("joker's secret: Ann flips")
    found = labels(point, ANN, tmp_path)
    assert "Flip a face-down card" in found and "Play cards" not in found


def test_who_holds_the_start_card_is_answered_from_any_phone(tmp_path: Path) -> None:
    found = labels(by_name("joker's secret: who holds the 3 of clubs"), CAT, tmp_path)
    assert "I hold the three of clubs" in found and "Nobody holds it" in found


def test_mao_offers_the_end_of_a_point_of_order_only_during_one(tmp_path: Path) -> None:
    assert "End point of order" in labels(by_name("mao: a point of order"), BEN, tmp_path / "o")
    assert "Point of order" in labels(by_name("mao: the start"), BEN, tmp_path / "s")


def test_a_mao_winner_is_offered_only_to_come_back(tmp_path: Path) -> None:
    point = by_name("mao: Cat won a Mao")
    assert labels(point, CAT, tmp_path / "c") == ["Come back with a new rule"]
    assert "Play a card" in labels(point, BEN, tmp_path / "b")


def test_only_the_next_master_leads(tmp_path: Path) -> None:
    point = by_name("what the rule: Ann leads")
    assert "Lead: type my rule in private" in labels(point, ANN, tmp_path / "a")
    assert labels(point, BEN, tmp_path / "b") == []


def test_the_guesser_guesses_in_plain_words(tmp_path: Path) -> None:
    point = by_name("what the rule: Ben may guess")
    assert {"Guess the rule", "Let the guess go"} <= set(labels(point, BEN, tmp_path / "b"))
    assert "Guess the rule" not in labels(point, CAT, tmp_path / "c")


def test_no_buttons_while_rules_are_picked(tmp_path: Path) -> None:
    point = Point("picking", hidden_rules, ())
    assert labels(point, ANN, tmp_path) == []
