"""How the referee judges a penalty call in Mao, from what it knows of the game.

A call holds when the offence happened and its time is not over (see `open_calls`); the
player called on takes the penalty (a card still on top of the pile goes back to its
player's hand first). A call about something that did not happen is a bad call: the caller
takes the card. A call about an offence whose time is over is answered "too late", and
nobody takes a card (clarification late-calls).

Three cases are Mao's own:
- a call that says "Mao" ("saying Mao", "failure to say 'Mao'") costs its caller three
  cards, whatever it is about, and judges nothing else (clarification mao-in-a-call);
- a caller who holds a secret rule the referee cannot judge is taken at their word when the
  referee sees no offence; the player called on may answer "bad call", which passes the
  cards back to the caller, and the caller may answer that with "new rule", which passes
  them on again (clarification new-rule);
- "failure to take a penalty card" costs the cards of the 7s not taken and one more.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.games.mao import offences, speech
from engine.games.mao.offences import REASONS, Penalty
from engine.games.mao.open_calls import CardDown

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.games.mao.state import MaoState


@dataclass(frozen=True, slots=True)
class Finding:
    """What the referee found about a call: its words when it holds (None: it does not),
    the cards it costs, whether it holds on the caller's word alone, and whether the
    offence happened but its time is over."""

    words: str | None
    cards: int = 1
    on_word: bool = False
    late: bool = False


NOT_FOUND = Finding(None)


def judge(game: MaoState, caller: int, offender: int, reason: str, phrase: str) -> Penalty:
    """The penalty the call gives, its consequences carried out (cards taken, a card sent
    back, cards passed back for a contest)."""
    move = game.moves
    if reason == offences.MAO_IN_A_CALL or speech.says_mao(phrase):
        reason = offences.MAO_IN_A_CALL  # "failure to say 'Mao'" says the name too
        return _give(game, Penalty(caller, offender, reason, REASONS[offences.SAYING_MAO],
                                   caller, offences.MAO_COST, bad_call=False, move=move))
    if reason == offences.BAD_CALL:
        contested = _contest(game, caller, offender)
        if contested is not None:
            return contested
        finding = NOT_FOUND
    else:
        finding = _find(game, caller, offender, reason, phrase)
    said = f"{REASONS[reason]}{f' {phrase!r}' if phrase else ''}"
    if finding.late:
        return Penalty(caller, offender, reason, f"too late ({said})", offender, 0,
                       bad_call=False, move=move, late=True)
    if finding.words is None:
        return _give(game, Penalty(caller, offender, reason, f"bad call ({said})", caller,
                                   offences.cost(reason), bad_call=True, move=move))
    return _give(game, Penalty(caller, offender, reason, finding.words, offender,
                               finding.cards, bad_call=False, move=move,
                               on_word=finding.on_word))


def _give(game: MaoState, penalty: Penalty) -> Penalty:
    """The taker takes the cards the penalty costs (`cards`): as many as there are."""
    got = game.take_cards(penalty.taker, penalty.cards)
    drawn = tuple(game.table.hands[penalty.taker][-got:]) if got else ()
    return replace(penalty, cards=got, drawn=drawn, owed=penalty.cards)


def _find(game: MaoState, caller: int, offender: int, reason: str, phrase: str) -> Finding:
    calls, table = game.open_calls, game.table
    own_word = game.holds_own_rule(caller)
    if reason in (offences.BAD_CARD, offences.OUT_OF_TURN):
        return _card_called(game, offender, reason, own_word)
    if reason == offences.FAILURE_TO_SAY:
        owed = [item for item in game.callable_owed(offender)
                if not phrase or speech.names_phrase(phrase, item.phrase)]
        if owed:
            owed[0].calls += 1
            words = f"failure to say '{owed[0].phrase}'"
            return Finding(("continued " + words) if owed[0].calls > 1 else words)
        if calls.is_late(offender, reason, phrase):
            return Finding(None, late=True)
        if own_word and phrase:
            return Finding(f"failure to say '{phrase}'", on_word=True)
        return NOT_FOUND
    if reason == offences.FAILURE_TO_TAKE:
        debts = [debt for debt in calls.debts if debt.player == offender and not debt.paid]
        if not debts:
            return Finding(None, late=calls.is_late(offender, reason))
        debts[-1].paid = True
        return Finding(REASONS[reason], cards=debts[-1].cards + offences.cost(reason))
    if reason in (offences.SAYING_MAO, offences.POINT_OF_ORDER_IN_ONE):
        if calls.take_slip(offender, reason):
            return Finding(REASONS[reason], cards=offences.cost(reason))
        return Finding(None, late=calls.is_late(offender, reason))
    if reason == offences.TOO_SLOW:
        if game.order_called is not None or offender != table.turn:
            return NOT_FOUND
        return Finding(f"failure to play within {game.settings.seconds} seconds")
    if reason == offences.TOUCHING_CARDS:
        return Finding(REASONS[reason] if game.order_called is not None else None)
    if reason == offences.TALKING:
        return Finding(REASONS[reason] if game.settings.talking_penalised else None)
    return Finding(REASONS[reason])  # explaining the rules: always an offence, on the word


def _card_called(game: MaoState, offender: int, reason: str, own_word: bool) -> Finding:
    """Bad card or playing out of turn: the offender's latest card of the kind still
    callable. The latest move of all goes back to its player's hand; an older card stays
    where it is, and only the penalty card is given (clarifications bad-card,
    out-of-turn)."""
    calls = game.open_calls
    downs = [down for down in calls.down if down.player == offender and reason not in down.called]
    on_word = False
    if reason == offences.BAD_CARD:
        wrong = [down for down in downs if not down.valid]
        if not wrong and own_word:
            wrong, on_word = downs, True
    else:
        wrong = [down for down in downs if not down.in_turn]
    if not wrong:
        if reason == offences.OUT_OF_TURN and calls.take_slip(offender, reason):
            return Finding(REASONS[reason])  # a card taken from the stack out of turn
        return Finding(None, late=calls.is_late(offender, reason))
    down = wrong[-1]
    if game.last is down:
        send_back(game, down)
    else:
        down.called += (reason,)
    return Finding(REASONS[reason], on_word=on_word)


def send_back(game: MaoState, down: CardDown) -> None:
    """The latest card goes back to its player's hand and the turns are as they were (no
    chain of 7s left to answer if its cards were taken on a call), cards a rule gave for it
    go back on the stack, and nothing it made owed is owed any more."""
    table = game.table
    paid = any(debt.paid for debt in game.open_calls.debts if debt.move == down.move)
    table.take_back(down.player, replace(down.before, sevens=0) if paid else down.before)
    for seat, cards in down.gifts:
        for card in cards:
            table.hands[seat].remove(card)
        table.stack.extend(reversed(cards))
    table.keep = 1
    game.open_calls.forget_move(down.move)
    game.maos_unclaimed.discard(down.player)
    game.last = None


def _contest(game: MaoState, caller: int, offender: int) -> Penalty | None:
    """`caller` answers "bad call" to the call `offender` just made on them. It holds only
    when that call held on `offender`'s word alone: the cards go back to `offender`. Any
    other contest is a bad call itself (None)."""
    for penalty in reversed(game.penalties):
        if penalty.move != game.moves:
            break
        if (penalty.caller, penalty.offender) != (offender, caller) or penalty.reason in (
                offences.BAD_CALL, offences.MAO_IN_A_CALL):
            continue
        if not penalty.on_word or penalty.taker != caller:
            return None
        moved = pass_cards(game, caller, offender, penalty.drawn)
        index = game.penalties.index(penalty)
        game.penalties[index] = replace(penalty, on_word=False)  # contested once only
        return Penalty(caller, offender, offences.BAD_CALL, REASONS[offences.BAD_CALL],
                       offender, len(moved), bad_call=False, move=game.moves, drawn=moved)
    return None


def answer_new_rule(game: MaoState, holder: int) -> None:
    """`holder` says "new rule": a contest of their call made since the last move, which
    passed the cards back to them, is answered, and the cards go back to the player called
    on. Said at any other moment, or by a player whose every rule the referee knows, the
    words change nothing."""
    if not game.holds_own_rule(holder):
        return
    for index in range(len(game.penalties) - 1, -1, -1):
        penalty = game.penalties[index]
        if penalty.move != game.moves:
            return
        if (penalty.reason == offences.BAD_CALL and penalty.offender == holder
                and penalty.taker == holder and not penalty.answered):
            moved = pass_cards(game, holder, penalty.caller, penalty.drawn)
            game.penalties[index] = replace(penalty, taker=penalty.caller, words=speech.NEW_RULE,
                                            answered=True, drawn=moved)
            return


def pass_cards(game: MaoState, source: int, to: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Cards handed from one player to another (those still in `source`'s hand)."""
    hands = game.table.hands
    moved = []
    for card in cards:
        if card in hands[source]:
            hands[source].remove(card)
            hands[to].append(card)
            moved.append(card)
    if moved:
        game.maos_unclaimed.discard(to)
    return tuple(moved)
