"""Secret rules in force in a game of Mao, and what they do when they fire.

A winner's rule comes with its machine form in the journal entry (`ReEntered`), compiled
here against Mao's trigger schema, so a replay needs no deck file. After every move each
rule's trigger is tested on the move (see `view`); a rule that fires:
- `say` with a phrase: the player it calls on owes the phrase (judged like the standard
  phrases: a call of failure to say it holds);
- `effect`: `skip` (the next player misses a turn), `reverse` (the order turns round),
  `draw` (the player it calls on takes `amount` cards), `wild` (the card fits whatever is
  on the pile) or `bad` (the card does not fit, whatever the standard rules say; `bad`
  wins over `wild`, clarification rule-order);
- anything else (a name, a gesture, something forbidden, words not fixed): only the table
  can judge it, so a call its holder makes about it is taken on the holder's word.
A rule typed in words alone is judged the same way: by its holder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.actions import Subject
from engine.errors import IllegalActionError
from engine.games.mao.events import ReEntered

if TYPE_CHECKING:
    from engine.games.mao.game import MaoGame

TriggerTest = Callable[[Any], bool]

SAY, EFFECT = "say", "effect"
EFFECTS = {"skip", "reverse", "draw", "wild", "bad"}   # the effects Mao's engine carries out
VALIDITY = frozenset({"wild", "bad"})                  # decided as the card goes down


@dataclass(frozen=True, slots=True)
class MaoRule:
    holder: int
    name: str
    test: TriggerTest | None   # None: judged by its holder
    subject: Subject
    kind: str
    phrase: str
    effect: str
    amount: int

    @property
    def judged_by_engine(self) -> bool:
        return self.test is not None and (
            (self.kind == SAY and bool(self.phrase)) or self.kind == EFFECT)


def rule_from(entry: ReEntered) -> MaoRule | None:
    """The rule a returning winner brings (None when they bring none)."""
    if not entry.rule.strip():
        return None
    test: TriggerTest | None = None
    if entry.when.strip():
        from engine.games.mao.view import MAO_SCHEMA  # the schema imports the game's views
        from engine.language.compile import compile_trigger
        from engine.language.parse import ExpressionError, parse_trigger
        try:
            test = compile_trigger(parse_trigger(entry.when, MAO_SCHEMA), MAO_SCHEMA)
        except ExpressionError as error:
            raise IllegalActionError(f"The rule's trigger cannot be read: {error}") from None
    try:
        subject = Subject(entry.subject)
    except ValueError:
        raise IllegalActionError(f'A rule calls on "player" or "next_player", not '
                                 f'"{entry.subject}".') from None
    if subject is Subject.TAKER:
        raise IllegalActionError("Nobody takes a trick in Mao: a rule cannot call on the "
                                 "taker.")
    if entry.kind == EFFECT and entry.effect not in EFFECTS:
        raise IllegalActionError(f'Mao cannot carry out the effect "{entry.effect}"; it can: '
                                 f"{', '.join(sorted(EFFECTS))}.")
    if entry.amount < 1:
        raise IllegalActionError("A rule gives at least one card.")
    return MaoRule(holder=entry.player, name=entry.rule.strip(), test=test, subject=subject,
                   kind=entry.kind, phrase=entry.phrase, effect=entry.effect,
                   amount=entry.amount)


def fire(game: MaoGame, view: Any, player: int, required: list[str] | None,
         fits: bool) -> bool:
    """Ask every secret rule about the move `player` just made (seen as `view`) and carry
    out those that fire. A phrase for the player who played a card joins `required` (said
    with the card or owed); any other is owed at once. Returns whether the card fits."""
    mover, following = view.player.seat, view.next_player.seat
    wild = bad = False
    for rule in game.secret_rules:
        if not rule.judged_by_engine or rule.test is None or not rule.test(view):
            continue
        seat = following if rule.subject is Subject.NEXT_PLAYER else mover
        if rule.kind == SAY:
            if required is not None and seat == player:
                required.append(rule.phrase)
            else:
                game.owe(seat, rule.phrase, game.moves)
        elif rule.effect == "wild":
            wild = True
        elif rule.effect == "bad":
            bad = True
        elif rule.effect == "skip":
            game.table.skip_next()
        elif rule.effect == "reverse":
            game.table.turn_round(player)
        elif rule.effect == "draw":
            got = game.take_cards(seat, rule.amount)
            if required is not None and game.last is not None and got:
                game.last.gifts += ((seat, game.table.hands[seat][-got:]),)
    return False if bad else (True if wild else fits)
