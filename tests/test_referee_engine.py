"""The referee's knowledge: triggers fire on plays, challenges are judged from the journal."""

from __future__ import annotations

import pytest

from engine.actions import Subject
from engine.cards import parse_card, parse_cards
from engine.errors import ConfigError, IllegalActionError
from engine.events import Challenged, Enforced, GameStarted, RuleChosen, Ruling
from engine.games.upnover.events import Played, TrickTaken, TurnedUp
from engine.games.upnover.trick_game import stack_deck
from engine.games.upnover.view import UPNOVER_SCHEMA
from engine.journal import Journal, replay
from engine.language.compile import compile_trigger
from engine.language.parse import parse_trigger
from engine.referee import FIRED, NOT_FIRED, UNKNOWN, Referee
from engine.rules_layer import SecretRule, deal_rules

TRIGGERS = {"zero": "total == 0", "king": 'card.rank == "K"', "sorry": 'contains(said, "sorry")'}


def referee() -> Referee:
    tests = {}
    for name, text in TRIGGERS.items():
        trigger = parse_trigger(text, UPNOVER_SCHEMA)
        tests[name] = None if trigger.table_only else compile_trigger(trigger, UPNOVER_SCHEMA)
    tests["sorry"] = compile_trigger(parse_trigger(TRIGGERS["sorry"], UPNOVER_SCHEMA),
                                     UPNOVER_SCHEMA)
    return Referee(tests)


def stacked(watcher: Referee) -> Journal:
    hands = [parse_cards("Qd 8c 9c"), parse_cards("Kc 5s 6s"), parse_cards("2h 5h 7h")]
    deck = stack_deck(players=3, hands=hands, then=parse_cards("4d"))
    journal = Journal(GameStarted(players=("Ann", "Ben", "Cat"), seed=1, hand_size=3, deck=deck),
                      watcher=watcher)
    journal.record(RuleChosen(player=0, trigger="zero", action="name-a-character"))
    journal.record(RuleChosen(player=2, trigger="king", action="salute"))
    journal.record(TurnedUp(player=0))
    return journal


def test_rules_that_fire_on_a_play_are_known() -> None:
    watcher = referee()
    journal = stacked(watcher)
    journal.record(Played(player=1, card=parse_card("Kc")))  # 4 - 4 = 0, and a king
    assert watcher.plays[-1].fired_for == (0, 2)


def test_a_challenge_is_judged_from_the_journal() -> None:
    watcher = referee()
    journal = stacked(watcher)
    journal.record(Played(player=1, card=parse_card("Kc")))
    journal.record(Enforced(enforcer=0, violator=1, holder=0, hint="You named nobody.",
                            take_back=True))
    journal.record(Challenged(challenger=1))
    assert watcher.judge(journal, 1).verdict == FIRED
    journal.record(Ruling(upheld=True))
    journal.record(Played(player=2, card=parse_card("2h")))           # 4 + 2 = 6
    journal.record(Enforced(enforcer=0, violator=2, holder=0, hint="You named nobody.",
                            take_back=True))
    judgement = watcher.judge(journal, 2)
    assert judgement.verdict == NOT_FIRED and "did not fire" in judgement.explanation


def test_judging_survives_undo_and_replay() -> None:
    watcher = referee()
    journal = stacked(watcher)
    journal.record(Played(player=1, card=parse_card("Kc")))
    journal.record(Enforced(enforcer=2, violator=1, holder=2, hint="Kings get a salute.",
                            take_back=True))
    journal.undo()
    assert watcher.windows == {} and watcher.plays[-1].fired_for == (0, 2)
    fresh = referee()
    Journal.from_entries(journal.entries, watcher=fresh)
    assert [p.fired_for for p in fresh.plays] == [p.fired_for for p in watcher.plays]


def test_speech_is_judged_when_recorded() -> None:
    watcher = referee()
    journal = stacked(watcher)
    journal.game.rules[1] = None
    journal.record(Played(player=1, card=parse_card("5s"), said="Oh, sorry!"))
    assert watcher.plays[-1].fired_for == ()  # nobody holds "sorry"


def test_unenforced_rules_are_listed_for_the_audit() -> None:
    watcher = referee()
    journal = stacked(watcher)
    journal.record(Played(player=1, card=parse_card("Kc")))
    journal.record(Enforced(enforcer=0, violator=1, holder=0, hint="Nobody named.",
                            take_back=True))
    assert [(p.card, holder) for p, holder in watcher.unenforced()] == [("Kc", 2)]


def test_without_a_recorded_rule_the_table_judges() -> None:
    watcher = referee()
    journal = stacked(watcher)
    journal.record(Played(player=1, card=parse_card("Kc")))
    journal.record(Enforced(enforcer=1, violator=2, holder=1, hint="Hum first.",
                            take_back=False))
    assert watcher.judge(journal, 1).verdict == UNKNOWN


def test_rule_cards_are_dealt_from_the_seed_and_picks_must_be_dealt() -> None:
    setup = GameStarted(players=("Ann", "Ben"), seed=4, triggers=("t1", "t2", "t3", "t4", "t5"),
                        actions=("a1", "a2", "a3", "a4"))
    dealt = deal_rules(setup)
    assert dealt == deal_rules(setup) and len(dealt) == 2
    assert not set(dealt[0].triggers) & set(dealt[1].triggers)
    journal = Journal(setup)
    with pytest.raises(IllegalActionError, match="was not dealt the trigger"):
        journal.record(RuleChosen(player=0, trigger=dealt[1].triggers[0],
                                  action=dealt[0].actions[0]))
    journal.record(RuleChosen(player=0, trigger=dealt[0].triggers[1], action=dealt[0].actions[0]))
    with pytest.raises(ConfigError, match="needs 6 different ones"):
        Journal(GameStarted(players=("A", "B", "C"), seed=1, triggers=("t1", "t2"),
                            actions=("a1", "a2", "a3", "a4", "a5", "a6")))


def test_score_keeping_adds_up_without_cards() -> None:
    journal = Journal(GameStarted(players=("Ann", "Ben", "Cat"), seed=1, mode="score"))
    journal.record(TrickTaken(player=0))
    journal.record(Enforced(enforcer=1, violator=0, holder=1, hint="Sevens are whispered.",
                            take_back=False))
    journal.record(Challenged(challenger=0))
    with pytest.raises(IllegalActionError, match="waiting for a ruling"):
        journal.record(TrickTaken(player=1))
    journal.record(Ruling(upheld=False))
    journal.record(TrickTaken(player=0))
    journal.record(TrickTaken(player=0))
    assert journal.game.scores == [3, -1, 0] and journal.game.winner == 0
    with pytest.raises(IllegalActionError, match="game is over"):
        journal.record(TrickTaken(player=1))
    with pytest.raises(IllegalActionError, match="cannot be taken back"):
        Journal(GameStarted(players=("Ann", "Ben"), seed=1, mode="score")).record(
            Enforced(enforcer=1, violator=0, holder=1, hint="x y z", take_back=True))
    assert replay(journal.entries).snapshot() == journal.game.snapshot()


def test_cards_have_no_place_in_score_keeping() -> None:
    journal = Journal(GameStarted(players=("Ann", "Ben"), seed=1, mode="score"))
    with pytest.raises(Exception, match="does not belong in a game played in score mode"):
        journal.record(Played(player=0, card=parse_card("7h")))
    with pytest.raises(ConfigError, match="not a way to play"):
        Journal(GameStarted(players=("Ann", "Ben"), seed=1, mode="scroe"))


# -- late enforcement: every card since the rule could last be enforced --------------------------

BELOW_ZERO = {"below": "total < 0", "king": 'card.rank == "K"', "taken": "total >= 21"}


def late_table(subjects: dict[str, Subject] | None = None) -> tuple[Referee, Journal]:
    """Ann turns up 2h. Ben Ks (the sum goes below zero), Cat 5c, Ann 4c, Ben 2d, Cat 6c."""
    tests = {name: compile_trigger(parse_trigger(text, UPNOVER_SCHEMA), UPNOVER_SCHEMA)
             for name, text in BELOW_ZERO.items()}
    watcher = Referee(tests, subjects=subjects)
    hands = [parse_cards("4c 9h Th"), parse_cards("Ks 2d 3s"), parse_cards("5c 6c 8c")]
    deck = stack_deck(players=3, hands=hands, then=parse_cards("2h"))
    journal = Journal(GameStarted(players=("Ann", "Ben", "Cat"), seed=1, hand_size=3, deck=deck),
                      watcher=watcher)
    journal.record(RuleChosen(player=2, trigger="below", action="name-a-character"))
    journal.record(TurnedUp(player=0))
    for seat, card in ((1, "Ks"), (2, "5c"), (0, "4c"), (1, "2d"), (2, "6c")):
        journal.record(Played(player=seat, card=parse_card(card)))
    return watcher, journal


def test_a_late_enforcement_is_judged_on_every_card_since_not_the_latest() -> None:
    """The user's report: Cat enforces her below-zero rule on Ben after his 2d; his Ks fired."""
    watcher, journal = late_table()
    assert watcher.cards_since(1, 2) == ["Ks", "2d"]
    journal.record(Enforced(enforcer=2, violator=1, holder=2, hint="Name someone.",
                            take_back=False))
    judgement = watcher.judge(journal, 1)
    assert judgement.verdict == FIRED and "Ks" in judgement.explanation
    assert journal.game.table.total == 15, "the play stands"
    assert watcher.cards_since(1, 2) == [], "once enforced, the window starts again"


def test_a_named_card_is_the_one_judged() -> None:
    watcher, journal = late_table()
    journal.record(Enforced(enforcer=2, violator=1, holder=2, hint="Name someone.",
                            take_back=False, card=parse_card("2d")))
    judgement = watcher.judge(journal, 1)
    assert judgement.verdict == NOT_FIRED and "Ben's 2d" in judgement.explanation
    assert "below" not in judgement.public and "wrong" in judgement.public


def test_no_card_that_fired_means_the_enforcement_was_wrong() -> None:
    watcher, journal = late_table()
    journal.record(Enforced(enforcer=2, violator=0, holder=2, hint="Name someone.",
                            take_back=False))
    judgement = watcher.judge(journal, 1)
    assert judgement.verdict == NOT_FIRED and "Ann's 4c" in judgement.explanation


def test_a_taker_rule_is_judged_on_the_card_that_gave_the_taker_the_trick() -> None:
    watcher, journal = late_table({"taken": Subject.TAKER})
    journal.game.rules[0] = SecretRule("taken", "clap")  # Ann holds the taker rule
    journal.record(Played(player=0, card=parse_card("Th")))  # 15 + 10 = 25: over, Cat takes
    assert watcher.plays[-1].taker == 2 and 0 in watcher.plays[-1].fired_for
    journal.record(Enforced(enforcer=0, violator=2, holder=0, hint="Clap when you take it.",
                            take_back=False))
    assert watcher.judge(journal, 1).verdict == FIRED
