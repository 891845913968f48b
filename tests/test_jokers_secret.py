"""Joker's Secret rules the scenario files (tests/fixtures/scenarios/jokers-secret/) do not
reach in few steps, on an arranged table: corner cases of the face-up row and blind flips;
each clarification pinned; whole seeded games replayed from their journals."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from engine.cards import Card, parse_card, parse_cards
from engine.errors import HrdeckError, IllegalActionError
from engine.events import Event, events_to_json
from engine.games.jokers_secret.events import Played
from engine.games.jokers_secret.game import new_game
from engine.games.jokers_secret.shedding import START_ORDER, Shedding, Zone, stack_deck
from engine.games.registry import find_game
from engine.journal import Journal
from engine.simulate import find_policy, play_game, simulate, start_game

TESTS = Path(__file__).parent


def cards(text: str) -> list[Card]:
    return parse_cards(text, jokers=True)


def arranged(hands: Sequence[str], face_up: Sequence[str], face_down: Sequence[str],
             pile: str = "", draw: str = "") -> Shedding:
    """A table in the middle of a game: seat 0 to act, these rows, pile and draw pile."""
    table = Shedding(players=len(hands), seed=0)
    table.hands = [cards(text) for text in hands]
    table.face_up = [cards(text) for text in face_up]
    table.face_down = [list(cards(text)) for text in face_down]  # type: ignore[misc]
    table.pile, table.draw_pile = cards(pile), cards(draw)[::-1]
    table.started, table.turn = True, 0
    return table


def test_one_place_the_face_up_row_waits_for_an_empty_hand() -> None:
    table = arranged(["9h", "7h"], ["Kc Kd 5s", "8s"], ["3d 4d 5d", "Ac Ad As"], pile="3h")
    with pytest.raises(IllegalActionError, match="Face-up cards are played once the hand"):
        table.play(0, cards("Kc"))
    table.play(0, cards("9h"))
    assert table.zone(0) is Zone.FACE_UP
    table.turn = 0
    with pytest.raises(IllegalActionError, match="face up"):
        table.play(0, cards("9h"))
    table.play(0, cards("Kc Kd"))  # several face-up cards of one rank at once
    assert table.face_up[0] == cards("5s") and table.pile[-2:] == cards("Kc Kd")


def test_blind_flips_only_once_the_face_up_row_is_gone() -> None:
    table = arranged(["", "7h"], ["5s", "8s"], ["3d 9d 5d", "Ac Ad As"], pile="6h")
    with pytest.raises(IllegalActionError, match="only once the hand and the face-up row"):
        table.flip(0, 1)
    with pytest.raises(IllegalActionError, match="cannot go on the six of hearts"):
        table.play(0, cards("5s"))
    table.pick_up(0)  # nothing on the face-up row can go on the 6
    assert table.hands[0] == cards("6h") and table.zone(0) is Zone.HAND


def test_blind_flips_a_card_that_fits_is_played() -> None:
    table = arranged(["", "7h"], ["", "8s"], ["3d 9d 5d", "Ac Ad As"], pile="6h")
    assert table.flip(0, 1) == parse_card("9d")
    assert table.pile == cards("6h 9d") and table.face_down[0] == [*cards("3d"), None, *cards("5d")]
    assert table.turn == 1


def test_blind_flips_a_failed_flip_takes_the_pile_and_the_hand_comes_first() -> None:
    table = arranged(["", "7h"], ["", "8s"], ["3d 9d 5d", "Ac Ad As"], pile="6h")
    assert table.flip(0, 0) == parse_card("3d")
    assert table.hands[0] == cards("6h 3d") and table.pile == [] and table.turn == 1
    table.turn = 0
    with pytest.raises(IllegalActionError, match="only once the hand and the face-up row"):
        table.flip(0, 2)
    assert table.zone(0) is Zone.HAND


def test_blind_flips_a_joker_goes_to_the_scrap_pile_and_the_turn_ends() -> None:
    table = arranged(["", "7h"], ["", "8s"], ["RJ 9d", "Ac Ad As"], pile="Kh")
    assert table.flip(0, 0).is_joker
    assert table.scrap == cards("RJ") and table.pile == cards("Kh") and table.turn == 1


def test_the_first_player_with_no_cards_wins_even_on_a_burn() -> None:
    table = arranged(["", "7h"], ["", "8s"], ["10d", "Ac Ad As"], pile="Kh")
    table.face_down[0] = [None, parse_card("10d"), None]
    table.flip(0, 1)
    assert table.winner == 0 and table.burns == 1
    with pytest.raises(IllegalActionError, match="over"):
        table.play(1, cards("7h"))


def test_joker_peek_only_from_the_hand() -> None:
    table = arranged(["", "7h"], ["BJ 5s", "8s"], ["3d 9d 5d", "Ac Ad As"], pile="Kh")
    with pytest.raises(IllegalActionError, match="Only a joker played from the hand"):
        table.play_joker(0, parse_card("BJ", jokers=True), peek=0)
    table.play_joker(0, parse_card("BJ", jokers=True))
    assert table.scrap == cards("BJ") and table.known[0] == set() and table.turn == 1


def test_joker_turn_a_joker_in_reach_means_no_pick_up() -> None:
    table = arranged(["4h RJ", "7h"], ["5s", "8s"], ["3d 9d 5d", "Ac Ad As"], pile="Kh")
    with pytest.raises(IllegalActionError, match="cannot play"):
        table.pick_up(0)
    with pytest.raises(IllegalActionError, match="on its own"):
        table.play(0, cards("RJ"))


def test_start_card_order_runs_up_the_clubs_then_the_other_suits() -> None:
    codes = [card.code for card in START_ORDER]
    assert codes[:13] == ["3c", "4c", "5c", "6c", "7c", "8c", "9c", "10c", "Jc", "Qc", "Kc",
                          "Ac", "2c"]
    assert codes[13] == "3d" and len(codes) == 52


def test_ace_high_an_ace_beats_a_king_and_only_2_and_10_go_on_an_ace() -> None:
    table = arranged(["Ah 2h", "7h"], ["5s", "8s"], ["3d 9d 4d", "Ac Ad As"], pile="Kh")
    assert table.beats_pile(parse_card("Ah").rank)
    table.play(0, cards("Ah"))
    assert not table.beats_pile(parse_card("Kd").rank)
    assert table.beats_pile(parse_card("2d").rank) and table.beats_pile(parse_card("10d").rank)


def test_the_rule_of_three_refills_after_every_turn_while_the_draw_pile_lasts() -> None:
    table = arranged(["5h 5d 5c", "7h"], ["Ks", "8s"], ["3d 9d 4d", "Ac Ad As"], pile="4h",
                     draw="Qh")
    table.play(0, cards("5h 5d 5c"))
    assert table.hands[0] == cards("Qh") and table.draw_pile == []


def test_every_clarification_is_pinned_by_a_test_or_scenario() -> None:
    scenarios = TESTS / "fixtures" / "scenarios" / "jokers-secret"
    named = " ".join(path.read_text(encoding="utf-8")
                     for path in [*TESTS.glob("test_*.py"), *scenarios.glob("*.yaml"),
                                  *TESTS.glob("referee/test_jokers_secret*.py")])
    named = named.replace("_", "-")
    for item in find_game("jokers-secret").clarifications:
        assert item.key in named or item.key.replace("-", " ") in named, item.key


@pytest.mark.parametrize(("players", "policy"), [(2, "random"), (4, "greedy"), (5, "random")])
def test_a_seeded_game_replays_from_its_journal(players: int, policy: str) -> None:
    base = find_game("jokers-secret")
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"][:players]
    for seed in range(5):
        setup = new_game(names, seed=seed)
        game = start_game(base, setup)
        entries: list[Event] = [setup]
        live = play_game(game, find_policy(base, policy), journal=entries)
        assert live.winner is not None  # the default turn limit is far away
        replayed = Journal.from_json(events_to_json(entries)).game
        assert replayed.snapshot() == game.snapshot()
        assert replayed.table.zone(live.winner) is Zone.OUT  # type: ignore[attr-defined]


def test_bots_only_make_legal_moves() -> None:
    base = find_game("jokers-secret")
    rng = random.Random(4)
    game = start_game(base, new_game(["Ann", "Ben", "Cat"], seed=9))
    played: list[Event] = []
    for _ in range(400):
        moves = game.legal_actions()
        if not moves:
            break
        for move in moves:  # every move offered is one the game accepts
            trial = start_game(base, game.setup)
            for entry in played:
                trial.apply(entry)
            trial.apply(move)
        played.append(game.apply(moves[rng.randrange(len(moves))]))
    assert game.winner is not None


def test_refused_moves_say_why_and_change_nothing() -> None:
    deck = stack_deck(hands=[cards("3c 4h 5h"), cards("7h 8h 9h")],
                      face_up=[cards("4s 5s 6s"), cards("7s 8s 9s")],
                      face_down=[cards("4d 5d 6d"), cards("7d 8d 9d")])
    journal = Journal(new_game(["Ann", "Ben"], seed=1, deck=deck))
    before = journal.game.snapshot()
    for move, words in [(Played(player=0, cards=tuple(cards("3c 4h"))), "one rank"),
                        (Played(player=0, cards=tuple(cards("4s"))), "Face-up cards"),
                        (Played(player=1, cards=tuple(cards("7h"))), "Ann's turn")]:
        with pytest.raises(HrdeckError, match=words):
            journal.record(move)
        assert journal.game.snapshot() == before


def test_simulation_reports_stalled_games_and_the_start_player() -> None:
    report = simulate(games=200, players=4, seed=3, policy="random", game="jokers-secret",
                      turn_limit=60)
    data = report.to_dict()
    assert report.turn_limited > 0 and data["turn_limited"] == report.turn_limited
    assert report.turn_limited + sum(report.wins_by_seat) == 200
    assert 0 <= float(data["start_player_wins_per_game"]) <= 1


def test_with_secret_rules_nobody_plays_before_every_rule_is_kept() -> None:
    setup = new_game(["Ann", "Ben"], seed=2, triggers=("t1", "t2", "t3", "t4"),
                     actions=("a1", "a2", "a3", "a4"))
    journal = Journal(setup)
    game = journal.game
    seat = game.table.turn  # type: ignore[attr-defined]
    assert game.legal_actions() == []  # type: ignore[attr-defined]
    some_card = (game.table.hands[seat][0],)  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match="keeps a secret rule before the first turn"):
        journal.record(Played(player=seat, cards=some_card))


def test_the_rulebook_of_a_secret_rules_deck_explains_them(tmp_path: Path) -> None:
    from generator.deck import load_deck
    from generator.rulebook import render_markup

    root = TESTS.parent
    rules = render_markup(load_deck(root / "decks" / "jokers-secret-rules.yaml"))
    aids = render_markup(load_deck(root / "decks" / "jokers-secret.yaml"))
    assert "Playing with secret rules" in rules and "Playing with secret rules" not in aids
    assert "scores a point" in rules and "wins at once" in rules


def test_the_rulebooks_say_who_starts_is_called_out_and_when_points_end_a_game() -> None:
    """Clarifications start-asked, plain-game and hidden-rules, as both books print them:
    the start cards are called in turn and only the starter opens; the plain game has no
    points; with secret rules, points end a game only when a burn ends a round, at the target
    the referee also uses by default."""
    import re

    from generator.deck import load_deck
    from generator.rulebook import render_markup
    from hrdeck.referee.tables import find_table

    root = TESTS.parent
    rules, aids = (" ".join(render_markup(load_deck(root / "decks" / name)).split())
                   for name in ("jokers-secret-rules.yaml", "jokers-secret.yaml"))
    for book in (rules, aids):
        assert "call out the 3 of clubs, and whoever holds it in hand or face up says so" in book
        assert "Nobody but the starter may make the opening play." in book
        assert "only that player may open" in book  # the quick reference
        assert "Finding the starter" in book and "The plain game" in book
    assert "Without them it is the plain game, with no points at all" in rules
    won = re.search(r"when a burn ends a round with one player alone on the highest score, at "
                    r"(\d+) points or more, that player wins; points reached between burns, or "
                    r"shared with another player, end nothing", rules)
    assert won is not None
    assert int(won.group(1)) == find_table("jokers-secret").default_target(3)
