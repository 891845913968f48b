"""Hidden Rules over Joker's Secret: what a trigger reads after each turn, what the checker
refuses in this game, the shipped rules deck, and a scripted game with secret rules dealt."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.actions import Subject, Timing
from engine.cards import Card, parse_cards
from engine.events import Enforced, Event, RuleChosen
from engine.games.jokers_secret.clarifications import CLARIFICATIONS
from engine.games.jokers_secret.events import JokerPlayed, PickedUp, Played
from engine.games.jokers_secret.game import JokersSecretGame, new_game
from engine.games.jokers_secret.shedding import stack_deck
from engine.games.jokers_secret.view import NO_CARD, TurnView, ViewBuilder
from engine.games.registry import find_game
from engine.journal import Journal
from engine.language.compile import compile_trigger
from engine.language.parse import parse_trigger
from engine.referee import FIRED, Referee
from generator.check import CheckOptions, check_deck
from generator.check.report import CheckReport

ROOT = Path(__file__).resolve().parent.parent
RULES_DECK = ROOT / "decks" / "jokers-secret-rules.yaml"
GAME = find_game("jokers-secret")


def cards(text: str) -> list[Card]:
    return parse_cards(text, jokers=True)


# -- the checker over Joker's Secret -------------------------------------------------------------

def write_deck(tmp_path: Path, whens: list[str], *, subject: str = "player",
               timing: str = "before_next_card") -> Path:
    """Four triggers and four gesture actions over Joker's Secret (enough to deal to two);
    the first trigger has `subject`, the first action `timing`."""
    lines = ["deck:", "  name: Joker's Secret Test", "  base_game: jokers-secret",
             "triggers:"]
    for number, when in enumerate(whens, 1):
        lines += [f"  - id: t{number}", f"    number: {number}", "    text: A trigger.",
                  f"    when: '{when}'",
                  f"    subject: {subject if number == 1 else 'player'}"]
    lines.append("actions:")
    for number in range(1, 5):
        lines += [f"  - id: a{number}", f"    number: {number}", "    kind: gesture",
                  "    text: Do it.", f"    timing: {timing if number == 1 else 'with_card'}",
                  "    gesture: tap the table", "    hints:",
                  f"      - You did not tap the table for card {number}."]
    path = tmp_path / "deck.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


FINE = ["burned", "reset", "skipped", "card.is_joker"]


def static(path: Path) -> CheckReport:
    report, _ = check_deck(path, CheckOptions(simulate=False))
    return report


def test_a_deck_reading_the_total_is_an_error_naming_it(tmp_path: Path) -> None:
    report = static(write_deck(tmp_path, ["total > 20", *FINE[1:]]))
    assert report.game == "jokers-secret"
    errors = [issue for issue in report.issues if issue.severity.value == "error"]
    assert [(issue.code, issue.field) for issue in errors] == [
        ("expr-unknown-name", "triggers[0].when")]
    assert '"total" is not something a trigger can read' in errors[0].message
    assert "pile_size" in errors[0].message  # and what can be read instead


def test_a_timing_around_the_sum_is_unsupported(tmp_path: Path) -> None:
    report = static(write_deck(tmp_path, FINE, timing="before_sum"))
    assert [(issue.code, issue.field) for issue in report.issues] == [
        ("timing-unsupported", "actions[0].timing")]
    assert "Joker's Secret does not have" in report.issues[0].message


def test_the_taker_is_an_unsupported_subject(tmp_path: Path) -> None:
    report = static(write_deck(tmp_path, FINE, subject="taker"))
    assert [(issue.code, issue.field) for issue in report.issues] == [
        ("subject-unsupported", "triggers[0].subject")]


def test_its_timings_subjects_and_effects() -> None:
    assert GAME.timings == {Timing.WITH_CARD.value, Timing.BEFORE_NEXT_CARD.value,
                            Timing.UNTIL_NEXT_TURN.value}
    assert GAME.subjects == {Subject.PLAYER.value, Subject.NEXT_PLAYER.value}
    assert GAME.effects == frozenset() and GAME.taking is None
    assert "total" not in GAME.schema.fields


def test_the_shipped_rules_deck_checks_clean() -> None:
    """Fewer games than the deck's own 1,000 per player count, to keep the test quick; the
    command (`hrdeck check decks/jokers-secret-rules.yaml`) is clean with the deck's own."""
    report, deck = check_deck(RULES_DECK, CheckOptions(games=300))
    assert deck.info is not None and deck.info.base_game == "jokers-secret"
    assert len(deck.triggers) >= 24 and len(deck.actions) >= 24
    assert [issue.message for issue in report.issues] == []
    assert report.players == [2, 3, 4, 5] and report.plays > 0


# -- the view after a turn -----------------------------------------------------------------------

def stacked_game(hands: tuple[str, str], draw: str) -> JokersSecretGame:
    deck = stack_deck(hands=[cards(hand) for hand in hands],
                      face_up=[cards("Kc Kd Kh"), cards("Qc Qd Qh")],
                      face_down=[cards("4c 4d 4h"), cards("5c 5d 5h")], then=cards(draw))
    return JokersSecretGame(new_game(["Ann", "Ben"], seed=1, deck=deck))


# Ann starts (she holds the 3 of clubs). Her 3 opens the pile; Ben's 3 on it skips her (two
# players: Ben goes again) and his two 7s follow; Ann's two 7s make four in a row, which
# burns, and she goes again with a 10 on the empty pile: a second burn.
BURNS = (("3c 10h 7c", "3d 7d 9h"), "7s 7h 8c 8d 9c 9d")
BURN_TURNS = [Played(player=0, cards=tuple(cards("3c"))),
              Played(player=1, cards=tuple(cards("3d"))),
              Played(player=1, cards=tuple(cards("7d 7h"))),
              Played(player=0, cards=tuple(cards("7c 7s"))),
              Played(player=0, cards=tuple(cards("10h")))]


def facts(view: TurnView) -> dict[str, object]:
    return {"card": view.card.code, "cards": [card.code for card in view.cards],
            "count": view.count, "previous": view.previous.code,
            "empty": view.pile_was_empty, "pile_size": view.pile_size,
            "burned": view.burned, "four": view.four_in_a_row, "reset": view.reset,
            "skipped": view.skipped, "picked_up": view.picked_up, "flipped": view.flipped,
            "player": view.player.seat, "next": view.next_player.seat, "round": view.round,
            "draw": view.draw_size}


def test_the_view_of_a_skip_four_in_a_row_and_a_burn_by_a_ten() -> None:
    game = stacked_game(*BURNS)
    views = ViewBuilder(game)
    seen = []
    for turn in BURN_TURNS:
        game.apply(turn)
        seen.append(facts(views.after_play()))
    plain = {"reset": False, "picked_up": False, "flipped": False}
    assert seen == [
        {"card": "3c", "cards": ["3c"], "count": 1, "previous": "", "empty": True,
         "pile_size": 1, "burned": False, "four": False, "skipped": False, "player": 0,
         "next": 1, "round": 1, "draw": 35, **plain},
        {"card": "3d", "cards": ["3d"], "count": 1, "previous": "3c", "empty": False,
         "pile_size": 2, "burned": False, "four": False, "skipped": True, "player": 1,
         "next": 0, "round": 1, "draw": 34, **plain},
        {"card": "7d", "cards": ["7d", "7h"], "count": 2, "previous": "3d", "empty": False,
         "pile_size": 4, "burned": False, "four": False, "skipped": False, "player": 1,
         "next": 0, "round": 1, "draw": 32, **plain},
        {"card": "7c", "cards": ["7c", "7s"], "count": 2, "previous": "7h", "empty": False,
         "pile_size": 0, "burned": True, "four": True, "skipped": False, "player": 0,
         "next": 1, "round": 1, "draw": 30, **plain},
        {"card": "10h", "cards": ["10h"], "count": 1, "previous": "", "empty": True,
         "pile_size": 0, "burned": True, "four": False, "skipped": False, "player": 0,
         "next": 1, "round": 2, "draw": 29, **plain},
    ]
    assert game.table.turn == 0  # a burn: Ann goes again


def test_triggers_read_the_view_as_written() -> None:
    game = stacked_game(*BURNS)
    views = ViewBuilder(game)
    sources = ('burned and card.rank == "10"', "four_in_a_row", "skipped",
               "count == 2 and card.height == 7", "pile_was_empty", 'previous.rank == "3"')
    triggers = {source: compile_trigger(parse_trigger(source, GAME.schema), GAME.schema)
                for source in sources}
    fired = []
    for turn in BURN_TURNS:
        game.apply(turn)
        view = views.after_play()
        fired.append([source for source, test in triggers.items() if test(view)])
    assert fired == [["pile_was_empty"],
                     ["skipped", 'previous.rank == "3"'],
                     ["count == 2 and card.height == 7", 'previous.rank == "3"'],
                     ["four_in_a_row", "count == 2 and card.height == 7"],
                     ['burned and card.rank == "10"', "pile_was_empty"]]


def test_a_pick_up_and_a_joker_are_turns_too() -> None:
    # Ann opens with a 3, Ben plays a 6, Ann an ace: Ben (4, 5 and the 8 he drew) cannot
    # beat it and takes the pile; Ann then plays her joker on the empty pile.
    game = stacked_game(("3c RJ Ac", "4s 5s 6s"), "9c 8h 9d 9s")
    views = ViewBuilder(game)
    turns: list[Event] = [Played(player=0, cards=tuple(cards("3c"))),
                          Played(player=1, cards=tuple(cards("6s"))),
                          Played(player=0, cards=tuple(cards("Ac"))),
                          PickedUp(player=1), JokerPlayed(player=0, joker=cards("RJ")[0])]
    seen = []
    for turn in turns:
        game.apply(turn)
        seen.append(views.after_play())
        if isinstance(turn, PickedUp):
            pick_up = facts(seen[-1])
            assert seen[-1].card is NO_CARD and seen[-1].player.hand_size == 6
    assert pick_up == {"card": "", "cards": [], "count": 0, "previous": "Ac", "empty": False,
                       "pile_size": 0, "burned": False, "four": False, "reset": False,
                       "skipped": False, "picked_up": True, "flipped": False, "player": 1,
                       "next": 0, "round": 1, "draw": 33}
    joker = seen[-1]
    assert (joker.card.code, joker.card.is_joker, joker.card.rank, joker.card.colour) == (
        "RJ", True, "joker", "red")
    assert (joker.count, joker.pile_was_empty, joker.previous is NO_CARD) == (1, True, True)
    assert joker.player.zone == "hand" and joker.player.cards_left == 9


# -- Hidden Rules over Joker's Secret, through the journal -------------------------------------

TRIGGERS = ("ten-burns", "four-in-a-row", "skip-someone", "reset-with-a-two")
ACTIONS = ("tap-twice", "hail-the-court", "no-smiling", "name-a-fish")


def referee_for(deck_triggers: dict[str, str]) -> Referee:
    return Referee({card: compile_trigger(parse_trigger(when, GAME.schema), GAME.schema)
                    for card, when in deck_triggers.items()})


def test_a_scripted_game_with_secret_rules_replays_from_json() -> None:
    """Seed 3 deals Ann "ten-burns" and "skip-someone", Ben "reset-with-a-two" and
    "four-in-a-row". Ben's skip breaks Ann's rule and she enforces it (a point off Ben);
    Ann's four 7s and her 10 each burn the pile: a point each, and at the target of 2 she
    wins when the second round ends."""
    whens = {"ten-burns": 'burned and card.rank == "10"', "four-in-a-row": "four_in_a_row",
             "skip-someone": "skipped", "reset-with-a-two": "reset"}
    assert next(c for c in CLARIFICATIONS if c.key == "hidden-rules").topic
    deck = stack_deck(hands=[cards("3c 10h 7c"), cards("3d 7d 9h")],
                      face_up=[cards("Kc Kd Kh"), cards("Qc Qd Qh")],
                      face_down=[cards("4c 4d 4h"), cards("5c 5d 5h")],
                      then=cards(BURNS[1]))
    setup = new_game(["Ann", "Ben"], seed=3, target=2, deck=deck, triggers=TRIGGERS,
                     actions=ACTIONS)
    referee = referee_for(whens)
    journal = Journal(setup, watcher=referee)
    game = journal.game
    assert [rules.triggers for rules in game.dealt] == [("ten-burns", "skip-someone"),
                                                        ("reset-with-a-two", "four-in-a-row")]
    journal.record(RuleChosen(player=0, trigger="skip-someone", action="tap-twice"))
    journal.record(RuleChosen(player=1, trigger="four-in-a-row", action="hail-the-court"))
    journal.record(BURN_TURNS[0])
    journal.record(BURN_TURNS[1])                 # Ben's 3 skips Ann: Ann's rule fires
    journal.record(Enforced(enforcer=0, violator=1, holder=0,
                            hint="Your finger never tapped the table.", take_back=False))
    assert game.scores == [0, -1]
    assert referee.judge(journal, 1).verdict == FIRED
    for turn in BURN_TURNS[2:4]:
        journal.record(turn)                      # Ann's 7s: four in a row, a burn
    assert game.scores == [1, -1] and game.rounds == 1 and game.winner is None
    journal.record(BURN_TURNS[4])                 # Ann's 10: a second burn and the target
    assert game.scores == [2, -1] and game.rounds == 2 and game.winner == 0
    assert [change.reason for change in game.points] == [
        "broke Ann's rule", "burned the pile", "burned the pile"]
    assert [play.fired_for for play in referee.plays] == [(), (0,), (), (1,), ()]

    again = Journal.from_json(journal.to_json(), watcher=referee_for(whens))
    assert again.game.snapshot() == game.snapshot()
    assert again.entries == journal.entries


@pytest.mark.parametrize("players", [2, 5])
def test_the_simulated_view_agrees_with_the_referee(players: int) -> None:
    """The simulation asks the view after each step; the referee's watch after each journal
    entry: over a whole bots' game they see the same turns."""
    from engine.simulate import new_setup, play_game, start_game

    game = start_game(GAME, new_setup(GAME, players, seed=11))
    assert isinstance(game, JokersSecretGame)
    builder = ViewBuilder(game)
    simulated: list[tuple[int, str, bool, bool]] = []

    def on_play(seat: int) -> None:
        view = builder.after_play()
        simulated.append((seat, view.card.code, view.burned, view.picked_up))

    entries: list[Event] = []
    assert GAME.simulation is not None
    play_game(game, GAME.simulation.policies["random"], journal=entries, on_play=on_play)
    assert GAME.watch is not None
    replayed = JokersSecretGame(game.setup)
    watch = GAME.watch(replayed)
    assert watch is not None
    watched = []
    for entry in entries:
        replayed.apply(entry)
        play = watch.seen(entry)
        assert play is not None
        watched.append((play.player, play.card, play.view.burned, play.view.picked_up))
    assert watched == simulated and len(watched) == len(entries)


def test_a_call_for_out_of_turn_or_too_slow_costs_a_point_and_the_play_stands() -> None:
    """Clarifications illegal-plays and play-stands: an illegal play called costs a point;
    a card laid out of turn never reached the pile, and a slow player keeps their turn."""
    from engine.events import OUT_OF_TURN, TOO_SLOW, Called

    names = {c.key for c in CLARIFICATIONS}
    assert {"illegal-plays", "play-stands", "ladder-steps"} <= names
    deck = stack_deck(hands=[cards("3c 10h 7c"), cards("3d 7d 9h")],
                      face_up=[cards("Kc Kd Kh"), cards("Qc Qd Qh")],
                      face_down=[cards("4c 4d 4h"), cards("5c 5d 5h")], then=cards(BURNS[1]))
    journal = Journal(new_game(["Ann", "Ben"], seed=3, deck=deck, triggers=TRIGGERS,
                               actions=ACTIONS))
    game = journal.game
    journal.record(RuleChosen(player=0, trigger="skip-someone", action="tap-twice"))
    journal.record(RuleChosen(player=1, trigger="four-in-a-row", action="hail-the-court"))
    journal.record(BURN_TURNS[0])                 # Ann's 3: Ben to play
    journal.record(Called(caller=1, offender=0, offence=OUT_OF_TURN))
    assert game.scores == [-1, 0] and game.table.pile == cards("3c")
    journal.record(Called(caller=0, offender=1, offence=TOO_SLOW))
    assert game.scores == [-1, -1] and game.table.turn == 1, "Ben still plays"
    journal.record(BURN_TURNS[1])
    assert game.table.pile == cards("3c 3d")
