"""The proof that no page gets another player's secret: a whole scripted game of each of the
four games, played from the players' phones and the laptop together, every body each page
got kept (every reply, and after every step each page's view, which is exactly what its
event stream carries, and its record), then searched for every other seat's secrets, read
from the session's own state (so the search is never empty), which must also turn up on
their owner's page (so the search finds what is there)."""

from __future__ import annotations

import operator
from functools import partial
from pathlib import Path
from typing import Any

from tests.web import helpers
from tests.web.helpers import LAPTOP, TABLE, Web
from tests.web.leaks import TURN, Recorder, Secret


def assert_no_leak(recorder: Recorder, secrets: list[Secret]) -> None:
    assert secrets
    for secret in secrets:
        if secret.on_owner_page:
                assert recorder.seen_by(secret.owner, secret), (
                f"{secret.what} never on its owner's page")
    leaks = recorder.leaks(secrets)
    assert not leaks, "\n".join(leaks[:20])


def lines(who: object, script: str) -> list[tuple[object, str]]:
    return [(who, line.strip()) for line in script.strip().splitlines()]


# -- Hidden Rules ------------------------------------------------------------------------------

# Everyone keeps a rule from their phone (Ann takes hers back before play and keeps again);
# then a whole game to Ann's win by 4 to 3, each card played from its player's phone, with a
# peek, history, the board and an undo from the phones, the table page and the laptop too.
HIDDEN_RULES_START = [
    (0, "keep 1 1"), (0, "undo"), (0, "keep 2 2"), (1, "keep 1 1"), (2, "pick"),
    (2, "!keep ann 1 1"), (2, "keep 2 1"), (TABLE, "peek cat"), (0, "peek"),
    (1, "!peek cat"), (2, "!reveal"), (TABLE, "score"),
    *lines(TURN, "up 10c\np 10d\np 2c\nup 10h\np 10s\np as 1\nup 9c\np 9d\np 5c"),
    (1, "history"), (2, "score"),
    *lines(TURN, "up 9h\np 9s\np 3c\nup 2h"),
    (0, 'enforce on ben "You did not tap."'), (1, "undo"),
    (1, 'enforce on cat "You did not clap after the sum."'), (2, "challenge"),
    (0, "!rule upheld"), (LAPTOP, "turn"), (2, "rule upheld"),
    *lines(TURN, "p 8c\np 8d\np 3d\nup 4c\np 7c\np 6c"), (0, "history"),
]
HIDDEN_RULES_END = [(TURN, "p 4d"), (LAPTOP, "up 5d")]


def test_no_hidden_rules_page_gets_another_player_s_rule(tmp_path: Path) -> None:
    web = helpers.open_web(tmp_path, helpers.hidden_rules)
    recorder = Recorder(web, state=lambda web: web.session.game.is_over)
    recorder.run(HIDDEN_RULES_START)
    challenge = next(step for step, seat, text in web.seen
                     if seat == 2 and "Cat challenges enforcement" in text)
    recorder.run(HIDDEN_RULES_END)
    assert web.session.game.winner == 0 and web.session.game.scores == [4, 3, -2]
    during = recorder.steps(lambda over: not over)
    secrets = hidden_rules_secrets(web, during, shown={1: ((2, challenge),)})
    assert_no_leak(recorder, secrets)


def hidden_rules_secrets(web: Web, during: frozenset[int],
                         shown: dict[int, tuple[tuple[int, int], ...]]) -> list[Secret]:
    """Each seat's dealt triggers and actions (ids and words); the words of a kept rule
    may be `shown` to a challenger (holder -> (viewer, from step))."""
    session = web.session
    deck = session.deck
    assert deck is not None
    secrets = []
    for seat, dealt in enumerate(session.game.dealt):
        rule = session.game.rules[seat]
        assert rule is not None
        for kind, ids, find in (("trigger", dealt.triggers, deck.trigger),
                                ("action", dealt.actions, deck.action)):
            for card_id in ids:
                card = find(card_id)
                assert card is not None
                kept = card_id in (rule.trigger, rule.action)
                what = f"{session.names[seat]}'s {'kept' if kept else 'unkept'} {kind} {card_id}"
                secrets.append(Secret(seat, what, (card_id,), kept=during))
                secrets.append(Secret(seat, what + " (its words)", (card.text,),
                                      shown=shown.get(seat, ()) if kept else (), kept=during))
    return secrets


# -- Mao ---------------------------------------------------------------------------------------


def from_phones(script: str) -> list[tuple[object, str]]:
    """A script whose lines name their player (`p ben 9c`), each sent from that player's
    phone without the name (`p 9c`): a phone's own move needs none."""
    steps: list[tuple[object, str]] = []
    for line in script.split("\n"):
        verb, _, rest = line.strip().partition(" ")
        if verb:
            who, _, rest = rest.partition(" ")
            steps.append((helpers.PLAYERS.index(who.capitalize()), f"{verb} {rest}".strip()))
    return steps


def test_no_mao_page_gets_a_rule_another_winner_typed(tmp_path: Path) -> None:
    """Cat wins a Mao and types her new rule on her own phone (after a wrong number, which
    only she hears of); Ben undoes her coming back and she types it again; the game master
    (Ann, the dealer) reads what the referee knows, Cat's rule among it."""
    from tests.referee.test_mao_table import CALLS, OPENING, TO_A_MAO

    web = helpers.open_web(tmp_path, helpers.mao, target=3)
    recorder = Recorder(web)
    recorder.run(from_phones(OPENING + CALLS + TO_A_MAO))
    recorder.do(TABLE, "back cat")
    assert recorder.call(lambda: web.answer(2, "99"))["error"].startswith(
        "There is no secret rule card 99")
    recorder.call(lambda: web.answer(2, CAT_S_RULE))
    recorder.run([(1, "history"), (1, "undo"), (TABLE, "score"), (LAPTOP, "back cat")])
    assert not recorder.call(lambda: web.answer(2, CAT_S_RULE))["error"]
    recorder.run([(0, "master"), (1, "!master"), (2, "peek"), (1, "!peek cat"), (2, "p 3c"),
                  (0, "history")])
    master = 0
    secrets = [Secret(rule.holder, f"{web.session.names[rule.holder]}'s rule {rule.name!r}",
                      (rule.name,), shown=((master, 0),))
               for rule in mao_game(web).secret_rules]
    assert [secret.owner for secret in secrets] == [2]
    assert_no_leak(recorder, secrets)
    assert recorder.seen_by(master, secrets[0])


CAT_S_RULE = "odd cards on even cards are bad cards"


def mao_game(web: Web) -> Any:
    from engine.games.mao.game import MaoGame

    game = web.session.game
    assert isinstance(game, MaoGame)
    return game


def test_no_mao_page_gets_the_rule_card_a_winner_drew(tmp_path: Path) -> None:
    """Ben wins a Mao, draws secret rule card 10 and gives its number on his phone: its id,
    its words and its machine form reach no other page (the game master's aside), even as
    the referee judges a call by it."""
    web = helpers.open_web(tmp_path, helpers.mao, players=("Ann", "Ben"))
    recorder = Recorder(web)
    recorder.run(lines(1, "b ah\nb as *\nb ad\nb ac lc\nb 2c: mao"))
    recorder.do(LAPTOP, "back ben")
    recorder.call(lambda: web.answer(1, "10"))
    recorder.run([(0, "p 6c"), (1, "p 6h"), (1, "peek"), (TABLE, "history"),
                  (0, "call on ben failure to say the roots run deep"), (0, "history")])
    (rule,) = mao_game(web).secret_rules
    deck = web.session.deck
    assert deck is not None
    card = next(card for card in deck.rules if card.id == rule.name)
    assert card.number == 10 and card.when
    secrets = [Secret(1, "Ben's rule card's id", (card.id,), shown=((0, 0),)),
               Secret(1, "Ben's rule card's words", (card.text,), shown=((0, 0),),
                      on_owner_page=False),
               Secret(1, "Ben's rule card's machine form", (card.when,), shown=((0, 0),),
                      on_owner_page=False)]
    assert_no_leak(recorder, secrets)


# -- Joker's Secret ----------------------------------------------------------------------------


def test_no_jokers_secret_page_gets_another_player_s_rule_or_swapped_card(
        tmp_path: Path) -> None:
    """Ann and Ben keep their rules on their phones and play a whole game to Ann's win; Ben's
    joker swaps a hand card face down, asked on his page alone (after an answer that cannot
    be read)."""
    from engine.games.jokers_secret.events import JokerPlayed
    from tests.referee.test_jokers_secret_table import ENDGAME, RUNS

    web = helpers.open_web(tmp_path, helpers.jokers_secret)
    recorder = Recorder(web, state=lambda web: web.session.game.is_over)
    recorder.run([(0, "keep 1 2"), (1, "pick"), (1, "keep 2 1"), (1, "ann"), (0, "peek"),
                  (TABLE, "peek ben"), (1, "!peek ann")])
    recorder.run(lines(TURN, RUNS.replace("p ann ", "p ")))
    recorder.do(TURN, "joker rj peek 1 swap")
    assert web.view(1)["ask"] and not web.view(0)["ask"]
    assert recorder.call(lambda: web.answer(1, "5x"))["error"]
    assert not recorder.call(lambda: web.answer(1, "2h"))["error"]
    recorder.run([(1, "history"), (0, "score"), *lines(TURN, ENDGAME.split("\n", 2)[2])])
    assert web.session.game.winner == 0
    (joker,) = [entry for entry in web.session.journal.entries
                if isinstance(entry, JokerPlayed)]
    assert joker.player == 1 and joker.swap is not None
    card = joker.swap
    assert card.code.lower() == "2h"  # what Ben answered, as the journal keeps it
    during = recorder.steps(lambda over: not over)
    secrets = [*hidden_rules_secrets(web, during, shown={}),
               Secret(1, "the card Ben's joker swapped", (card.code, card.name, str(card)),
                      on_owner_page=False)]
    assert_no_leak(recorder, secrets)


# -- What the Rule?! -----------------------------------------------------------------------------


def test_no_what_the_rule_page_gets_the_master_s_rule_while_the_round_is_played(
        tmp_path: Path) -> None:
    """Three rounds: Ann leads with rule card 6, answered on her phone (after a number no card
    has); Ben judges in person; Cat types her own rule in plain words on her phone. Each card
    is played and each guess made from its player's phone; the laptop agrees to hints."""
    from engine.games.what_the_rule.events import RoundLed
    from hrdeck.referee.tables.what_the_rule.reading import read_rule
    from tests.referee.test_what_the_rule_table import ROUND_1, ROUND_2, ROUND_3

    def table_lines(script: str) -> list[tuple[object, str]]:
        return [(LAPTOP if line == "hints" else TABLE if line == "hint" else TURN, line)
                for line in script.strip().splitlines()]

    web = helpers.open_web(tmp_path, helpers.what_the_rule)
    recorder = Recorder(web, state=round_under_way)
    recorder.do(0, "lead")
    assert recorder.call(lambda: web.answer(0, "99"))["error"]
    assert not recorder.call(lambda: web.answer(0, "6"))["error"]
    recorder.run([(1, "history"), (2, "score"), (1, "!peek ann"), (2, "!reveal")])
    recorder.run(table_lines(ROUND_1.split("\n", 2)[2]))
    recorder.run([(1, "lead judge"), *table_lines(ROUND_2.split("\n", 2)[2])])
    recorder.do(2, "lead")
    assert not recorder.call(lambda: web.answer(2, "colours alternate"))["error"]
    *before_the_end, last = table_lines(ROUND_3.split("\n", 2)[2])
    recorder.run([*before_the_end, (0, "peek"), (1, "history"), (TABLE, "history"), last])
    assert web.session.game.is_over and list(web.session.game.scores) == [9, 9, 11]
    deck = web.session.deck
    assert deck is not None
    secrets = []
    led = [entry for entry in web.session.journal.entries if isinstance(entry, RoundLed)]
    for number, entry in enumerate(led, start=1):
        if not entry.rule:
            continue  # judged in person: the referee never knew it
        # on the master's page: the machine form (their secret rule), plain words and how
        # they were read (a note), a card's words and number when given by its number
        shown = [entry.rule]
        if entry.said:
            shown += [entry.said, read_rule(entry.said).words]
        card = next((card for card in deck.masters if card.rule == entry.rule), None)
        unseen: list[str] = []
        if card is not None:
            by_number = number == 1
            (shown if by_number else unseen).extend([card.text, f"card {card.number}"])
            unseen.append(card.id)  # never shown, to anyone
        during = recorder.steps(partial(operator.eq, number))
        assert during
        secrets += [Secret(entry.master, f"round {number}'s rule ({word})", (word,),
                           kept=during, on_owner_page=word in shown)
                    for word in shown + unseen]
    assert {secret.owner for secret in secrets} == {0, 2} and len(secrets) >= 5
    assert_no_leak(recorder, secrets)


def round_under_way(web: Web) -> int | None:
    """The number of the round being played (None between rounds and once over)."""
    from engine.games.what_the_rule.game import WhatTheRuleGame

    game = web.session.game
    assert isinstance(game, WhatTheRuleGame)
    round_ = game.under_way
    return None if round_ is None else round_.number


def test_the_search_finds_a_secret_put_on_the_wrong_page(tmp_path: Path) -> None:
    """The proof can fail: Ann's rule put on Ben's page (as a note, and wrapped as a narrow
    view would wrap it) is found, on Ben's page alone."""
    web = helpers.open_web(tmp_path, helpers.hidden_rules)
    recorder = Recorder(web, state=lambda web: web.session.game.is_over)
    recorder.run([(0, "keep 1 1"), (1, "keep 1 1"), (2, "keep 1 1")])
    rule = web.session.private_rule(0).text
    recorder.call(lambda: web.hub.tell(1, "Not yours", rule.replace(" ", "\n  ", 3)))
    secrets = hidden_rules_secrets(web, recorder.steps(lambda over: not over), shown={})
    found = recorder.leaks(secrets)
    assert found and all(" Ben got Ann's kept " in leak for leak in found), found
