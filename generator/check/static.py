"""Static checks: expressions, actions, and every trigger × action pair, before any game."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import EFFECTS, ActionKind, Subject, Timing, is_vague_hint
from engine.errors import did_you_mean
from engine.games import GameInfo
from engine.language.compile import compile_trigger
from engine.language.enumerate import Decision, Verdict, decide
from engine.language.parse import ExpressionError, Trigger, parse_trigger
from generator.deck import LoadedDeck
from generator.deck_model import ActionCard, EffectAction, ForbidAction, NameAction


@dataclass
class CheckedTrigger:
    """A trigger card and what the checks learned of it."""

    index: int                    # its place in the deck's list
    card_id: str
    number: int
    line: int | None
    parsed: Trigger | None        # None when its expression has errors
    decision: Decision | None     # None when it could not be enumerated
    subject: Subject

    @property
    def simulated(self) -> bool:
        return self.parsed is not None and not self.parsed.table_only and (
            self.decision is None or self.decision.verdict is Verdict.SOMETIMES)


def check_triggers(deck: LoadedDeck, game: GameInfo) -> list[CheckedTrigger]:
    checked = []
    for index, card in deck.triggers:
        at = ("triggers", index, "when")
        mark = deck.marked.mark(("triggers", index))
        parsed: Trigger | None = None
        decision: Decision | None = None
        try:
            parsed = parse_trigger(card.when, game.schema)
        except ExpressionError as error:
            for problem in error.problems:
                deck.add(problem.code, f'trigger "{card.id}": {problem.message}', at,
                         offset=problem.column - 1)
        if parsed is not None:
            decision = decide(parsed, game.schema, compile_trigger(parsed, game.schema))
            _report_decision(deck, card.id, at, decision)
            if parsed.table_only:
                deck.add("table-only", f'trigger "{card.id}" depends on what players say; only '
                         "a real table can judge it, so it is not simulated.", at)
        checked.append(CheckedTrigger(index=index, card_id=card.id, number=card.number,
                                      line=mark.line if mark else None, parsed=parsed,
                                      decision=decision, subject=Subject(card.subject)))
    return checked


def _report_decision(deck: LoadedDeck, card_id: str, at: tuple[str, int, str],
                     decision: Decision | None) -> None:
    if decision is None:
        return
    if decision.verdict is Verdict.NEVER:
        deck.add("expr-never", f'trigger "{card_id}" can never be true: none of the '
                 f"{decision.cases:,} situations it can see makes it fire.", at)
    elif decision.verdict is Verdict.ALWAYS:
        deck.add("expr-always", f'trigger "{card_id}" is always true (in all '
                 f"{decision.cases:,} situations it can see), so it is no secret.", at)


def check_actions(deck: LoadedDeck, game: GameInfo) -> None:
    for index, action in deck.actions:
        at = ("actions", index)
        if not action.hints:
            deck.add("hint-missing", f'action "{action.id}" gives enforcers no hint: add at '
                     "least one that tells a violator what they did wrong.", at)
        for number, hint in enumerate(action.hints):
            if is_vague_hint(hint):
                deck.add("hint-vague", f'action "{action.id}": the hint "{hint}" says no more '
                         'than "you broke a rule"; name what was missing or wrong.',
                         (*at, "hints", number))
        if isinstance(action, EffectAction):
            _check_effect(deck, game, action, at)
        if isinstance(action, NameAction) and action.answers is not None and (
                len(set(action.answers)) < 2):
            deck.add("answers-too-few", f'action "{action.id}" allows fewer than two '
                     "different answers.", (*at, "answers"))


def _check_effect(deck: LoadedDeck, game: GameInfo, action: EffectAction,
                  at: tuple[str, int]) -> None:
    if action.effect not in EFFECTS:
        deck.add("bad-value", f'action "{action.id}": "{action.effect}" is not an effect; the '
                 f"effects are {', '.join(EFFECTS)}.{did_you_mean(action.effect, EFFECTS)}",
                 (*at, "effect"))
    elif action.effect not in game.effects:
        can = ", ".join(sorted(game.effects)) or "none"
        deck.add("effect-unsupported", f'action "{action.id}" asks for "{action.effect}" '
                 f"({EFFECTS[action.effect]}), which {game.title} cannot do; it can do: {can}.",
                 (*at, "effect"))


def check_pairs(deck: LoadedDeck, triggers: list[CheckedTrigger]) -> None:
    """Players may keep any trigger with any action: every pair must make sense."""
    for trigger in triggers:
        if trigger.subject is Subject.PLAYER:
            continue
        for _, action in deck.actions:
            timing = Timing(action.timing)
            if timing.needs_the_player_who_played:
                deck.add("pair-timing", f'trigger "{trigger.card_id}" calls on '
                         f'{trigger.subject.words}, but action "{action.id}" must be done '
                         f"{timing.words}, which only the player who played the card can do.",
                         ("triggers", trigger.index, "subject"))


def speaks(action: ActionCard) -> bool:
    return ActionKind(getattr(action, "kind", "say")).speaks


def silences(action: ActionCard) -> bool:
    return isinstance(action, ForbidAction) and action.silence
