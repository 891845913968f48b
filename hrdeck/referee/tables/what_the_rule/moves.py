"""What each What the Rule?! command does at the table: the checks it makes against the
game and the rule deck, and the entry it records. A rule the referee judges by, or a guess
it judges, is written in plain words ("just black ones", read by
`engine.games.what_the_rule.words`) or in the rule language (docs/games/what-the-rule.md).
"""

from __future__ import annotations

import random

from engine.events import Event
from engine.games.what_the_rule.corrections import cards_word
from engine.games.what_the_rule.events import Guessed, Passed, Played, Revealed, RoundLed
from engine.games.what_the_rule.game import WhatTheRuleGame, parse_rule
from hrdeck.referee.errors import CommandError
from hrdeck.referee.rule_deck import MasterRule, RuleDeck
from hrdeck.referee.tables import Table
from hrdeck.referee.tables.what_the_rule.command_lines import (
    ASK,
    CARD,
    DRAW,
    JUDGE,
    RULE,
    Guess,
    Lead,
    Pass,
    Play,
    Show,
    read_answer,
)
from hrdeck.referee.tables.what_the_rule.reading import (
    read_guess,
    read_rule,
    said_in_words,
    understood_in_private,
)
from hrdeck.referee.views import WARN, Outcome, PrivateAsk


def wtr_game(session: Table) -> WhatTheRuleGame:
    game = session.game
    if not isinstance(game, WhatTheRuleGame) or not (
            game.real or game.settings.machine is not None):
        raise CommandError("This game is not played with real cards at this table.")
    return game


def rule_problem(text: str) -> str | None:
    """Why the referee cannot judge a round by `text` (None: it can): a rule it cannot read,
    or one that reads the row without saying what its first card does."""
    try:
        rule = parse_rule(read_rule(text).rule)
    except CommandError as error:
        return str(error)
    if not rule.says_what_comes_first:
        return ("the rule reads the row (previous …) but does not say what the first card of "
                "a row may be: begin it with first or … (any card may start a row) or not "
                "first and … (none may), or use position.")
    return None


def _drawable(game: WhatTheRuleGame, deck: RuleDeck | None, level: str) -> list[MasterRule]:
    """The deck's rule cards of `level` (any, when empty) not yet led with in this game."""
    used = {result.rule for result in game.results}
    return [card for card in (deck.masters if deck else ())
            if (not level or (card.starter if level == "starter" else card.level == level))
            and " ".join(card.rule.split()) not in used]


def _draw(game: WhatTheRuleGame, deck: RuleDeck | None, level: str) -> MasterRule | None:
    """The rule card the referee draws for the next round (the same one every time it is
    asked, so the private screen and the entry agree)."""
    cards = _drawable(game, deck, level)
    if not cards:
        return None
    number = len(game.results) + 1
    return random.Random(game.setup.seed * 1009 + number).choice(cards)


def _card(deck: RuleDeck | None, number: str) -> MasterRule:
    if deck is None or not deck.masters:
        raise CommandError("This session has no rule cards: type the rule itself, or judge.")
    card = deck.master_rule(int(number))
    if card is None:
        numbers = [item.number for item in deck.masters]
        raise CommandError(f"There is no rule card {number} in {deck.name}: the rule cards "
                           f"are numbered {min(numbers)} to {max(numbers)}.")
    return card


def _lead_problem(game: WhatTheRuleGame, deck: RuleDeck | None, command: Lead) -> str | None:
    """Why the master's rule cannot be taken (said in private at the keyboard)."""
    try:
        _rule_of(game, deck, command)
    except CommandError as error:
        return str(error)
    return None


def _rule_of(game: WhatTheRuleGame, deck: RuleDeck | None, command: Lead) -> str:
    """The rule the round is led with (empty: the master judges)."""
    if command.how in (ASK, JUDGE):
        return ""
    if game.setup.mode == "score":
        raise CommandError("In a game kept in score mode every master judges the cards: "
                           "write lead.")
    if command.how == CARD:
        return _card(deck, command.rule).rule
    if command.how == DRAW:
        if deck is None or not deck.masters:
            raise CommandError("This session has no rule cards to draw from: type the rule "
                               "itself, or judge.")
        card = _draw(game, deck, command.level)
        if card is None:
            kind = f"{command.level} " if command.level else ""
            raise CommandError(f"Every {kind}rule card of {deck.name} has been led with in "
                               "this game: draw another kind, or type a rule.")
        return card.rule
    problem = rule_problem(command.rule)
    if problem is not None:
        raise CommandError(problem[0].upper() + problem[1:])
    return read_rule(command.rule).rule


def _shown(game: WhatTheRuleGame, deck: RuleDeck | None, command: Lead) -> str | None:
    """What the master alone sees of the rule they are given: a rule card's words."""
    card = None
    if command.how == CARD and command.rule.isdigit() and deck is not None:
        card = deck.master_rule(int(command.rule))
    elif command.how == DRAW:
        card = _draw(game, deck, command.level)
    if card is None:
        return (understood_in_private(command.rule) if command.how == RULE
                and rule_problem(command.rule) is None else None)
    return (f"Rule card {card.number}{f' ({card.level})' if card.level else ''}: "
            f"{card.text}\n\nThe referee judges by: {card.rule}")


def _machine_lead(game: WhatTheRuleGame, command: Lead) -> Lead:
    """In a game against the machine master, whoever asks for the next round gets the
    machine's: it draws its rule from the rule cards, of the level asked for (machine-seat);
    a rule typed or chosen by a player would no longer be secret from them."""
    if command.how not in (ASK, DRAW):
        raise CommandError(f"{game.names[game.next_master]}, the machine, draws its own rule: "
                           "lead draw, or lead draw starter, easy, medium or hard.")
    return Lead(master=game.next_master, how=DRAW, level=command.level)


def lead(session: Table, command: Lead, outcome: Outcome) -> None:
    game = wtr_game(session)
    if game.settings.machine is not None:
        command = _machine_lead(game, command)
    master = game.next_master if command.master is None else command.master
    game.verify_lead(master)  # before anyone types a rule in private
    name = session.names[master]
    if command.how == ASK and game.setup.mode != "score":
        deck = session.deck
        cards = "a rule card's number, draw, " if deck and deck.masters else ""
        outcome.private = PrivateAsk(
            player=name,
            question=f"{name}, your rule for round {len(game.results) + 1} ({cards}judge, or "
                     "the rule itself):",
            answer=lambda text: read_answer(text, master),
            in_a_script="In a script, the master's rule goes on the line: lead: RULE, lead N "
                        "(a rule card's number), lead draw, or lead judge.",
            check=lambda text: _lead_problem(wtr_game(session), session.deck,
                                             read_answer(text, master)),
            shown=lambda text: _shown(wtr_game(session), session.deck,
                                      read_answer(text, master)))
        return
    rule = _rule_of(game, session.deck, command)
    said = said_in_words(command.rule) if command.how == RULE else ""
    session.record(RoundLed(master=master, rule=rule, said=said), outcome)


def _record(session: Table, event: Event, outcome: Outcome, acting: int | None) -> None:
    slow = None if acting is None else session.slow_warning(acting)
    session.record(event, outcome)
    if slow:
        outcome.add(WARN, slow)


def play(session: Table, command: Play, outcome: Outcome) -> None:
    game = wtr_game(session)
    round_ = game.under_way
    player = command.player
    if player is None:
        if round_ is None:
            raise CommandError(_no_round(game))
        player = round_.turn
    _record(session, Played(player=player, card=command.card, fits=command.fits), outcome,
            player)


def _no_round(game: WhatTheRuleGame) -> str:
    if game.over:
        return f"The game is over: {game.result_words()}."
    return (f"No round is under way: {game.names[game.next_master]} leads the next one "
            "(lead).")


def show(session: Table, command: Show, outcome: Outcome) -> None:
    game = wtr_game(session)
    round_ = game.under_way
    if round_ is None:
        raise CommandError(_no_round(game))
    player = round_.turn if command.player is None else command.player
    who, held = session.names[player].lower(), len(round_.hands[player])
    if round_.rule is None and not command.none and not command.placed:
        raise CommandError(f"{session.names[round_.master]} judges this round: show {who} "
                           f"{command.count or held} none (nothing fits), or show {who} "
                           f"{command.count or held} place CARD (the card they place).")
    if round_.rule is not None and (command.none or command.placed or command.count):
        raise CommandError(f"The referee judges this round by {session.names[round_.master]}'s "
                           "rule: type the hand's cards (show CARDS), and it says what fits.")
    if command.count and command.count != held and player == round_.turn:
        raise CommandError(f"{session.names[player]} holds {cards_word(held)} by the referee's "
                           f"count, not {command.count}. If the table counted right, correct "
                           f"it first (count {who} {command.count}), then show again.")
    _record(session, Revealed(player=player, placed=command.placed, cards=command.cards,
                              count=command.count), outcome, player)


def _guesser(session: Table, player: int | None, nobody: str) -> int:
    """The player named, or whoever may guess now (`nobody` says why no one may)."""
    game = wtr_game(session)
    round_ = game.under_way
    if round_ is None:
        raise CommandError(_no_round(game))
    if player is not None:
        return player
    if round_.guesser is None:
        raise CommandError(nobody)
    return round_.guesser


def guess(session: Table, command: Guess, outcome: Outcome) -> None:
    player = _guesser(session, command.player,
                      "Nobody may guess now: a guess comes straight after a card that fits, "
                      "or a hand revealed with none that fits.")
    round_ = wtr_game(session).under_way
    rule, said = command.rule, ""
    if round_ is not None and round_.rule is not None:
        rule, said = read_guess(command.rule)  # with right/wrong: the master judges it
    session.record(Guessed(player=player, rule=rule, right=command.right, said=said), outcome)


def pass_guess(session: Table, command: Pass, outcome: Outcome) -> None:
    player = _guesser(session, command.player, "Nobody has a guess to let go now.")
    session.record(Passed(player=player), outcome)
