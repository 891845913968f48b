"""Static checks: expressions, actions, and every trigger × action pair, before any game."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.actions import CONTRADICTING, EFFECTS, ActionKind, Subject, Timing, is_vague_hint
from engine.errors import did_you_mean
from engine.games.registry import BaseGame
from engine.language.compile import compile_trigger
from engine.language.enumerate import Decision, Verdict, decide
from engine.language.never import why_never
from engine.language.parse import ExpressionError, Trigger, parse_trigger
from engine.language.schema import Schema
from engine.language.together import decide_together
from generator.deck import LoadedDeck
from generator.deck_model import ActionCard, EffectAction, ForbidAction, NameAction
from generator.issues import plural
from generator.yamlmarks import Path as YamlPath


@dataclass
class CheckedTrigger:
    """A trigger card and what the checks learned of it."""

    place: YamlPath               # where the card is: ("triggers", 3) or ("rules", 0)
    card_id: str
    number: int
    line: int | None
    parsed: Trigger | None        # None when its expression has errors
    decision: Decision | None     # None when it could not be enumerated
    subject: Subject
    by_table: bool = False        # judged by the players: nothing to parse or simulate
    secret: bool = True           # a standard rule is public: its fire rate says nothing
    # For the taker: it can fire on a play that hands the trick to another player, a taker
    # who announces no sum (Up 'N Over: over 21). The example is such a situation.
    handed_over: dict[str, Any] | None = None
    handed: str = ""              # such a taker, in the game's words
    taking_advice: str = ""       # what to write so that only the taker's own card fires it

    @property
    def simulated(self) -> bool:
        return self.secret and self.parsed is not None and not self.parsed.table_only and (
            self.decision is None or self.decision.verdict is Verdict.SOMETIMES)


def check_triggers(deck: LoadedDeck, game: BaseGame) -> list[CheckedTrigger]:
    checked = []
    for place, card in deck.trigger_places():
        at = (*place, "when")
        mark = deck.mark(place)
        secret = not getattr(card, "standard", False)
        if card.subject not in game.subjects:
            deck.add("subject-unsupported", f'trigger "{card.id}" calls on the '
                     f'"{card.subject}" ({Subject(card.subject).words}), whom {game.title} does '
                     f"not have; it can call on: {', '.join(sorted(game.subjects))}.",
                     (*place, "subject"))
        parsed: Trigger | None = None
        decision: Decision | None = None
        handed_over: dict[str, Any] | None = None
        handed = taking_advice = ""
        if card.when is None:  # judged by the players (judged_by: table)
            deck.add("table-only", f'trigger "{card.id}" is judged by the players at the '
                     "table; hrdeck cannot check or simulate it, and claims no fire rate.",
                     (*place, "judged_by"))
            checked.append(CheckedTrigger(place=place, card_id=card.id, number=card.number,
                                          line=mark.line if mark else None, parsed=None,
                                          decision=None, subject=Subject(card.subject),
                                          by_table=True, secret=secret))
            continue
        try:
            parsed = parse_trigger(card.when, game.schema)
        except ExpressionError as error:
            for problem in error.problems:
                deck.add(problem.code, f'trigger "{card.id}": {problem.message}', at,
                         offset=problem.column - 1)
        if parsed is not None:
            fires = compile_trigger(parsed, game.schema)
            decision = decide(parsed, game.schema, fires)
            _report_decision(deck, card.id, at, parsed, game.schema, decision)
            if Subject(card.subject) is Subject.TAKER:
                _check_about_taking(deck, card.id, parsed, game, fires, place)
                handed_over = _handed_over(parsed, game, fires)
                handed = game.taking.handed if game.taking else ""
                taking_advice = game.taking.own_card if game.taking else ""
            if parsed.table_only:
                deck.add("table-only", f'trigger "{card.id}" depends on what players say; only '
                         "a real table can judge it, so it is not simulated.", at)
        checked.append(CheckedTrigger(place=place, card_id=card.id, number=card.number,
                                      line=mark.line if mark else None, parsed=parsed,
                                      decision=decision, subject=Subject(card.subject),
                                      secret=secret, handed_over=handed_over, handed=handed,
                                      taking_advice=taking_advice))
    _report_twins(deck, checked)
    return checked


def _check_about_taking(deck: LoadedDeck, card_id: str, parsed: Trigger, game: BaseGame,
                        fires: Callable[[Any], bool], place: YamlPath) -> None:
    """A trigger calling on the taker must fire only on a play that takes the trick (in Up 'N
    Over, the sum reaches 21 or more): on any other play there is no taker to call on."""
    taking = game.taking
    if taking is None:
        return  # a game without a taker: subject-unsupported said so
    example: dict[str, Any] = {}
    if taking.reads <= set(parsed.fields):
        untaken = decide(parsed, game.schema,
                         lambda facts: not taking.takes(facts) and fires(facts))
        if untaken is None or untaken.verdict is Verdict.NEVER:
            return
        example = untaken.example
    shown = ", ".join(f"{name} {value}" for name, value in example.items())
    deck.add("subject-not-taking", f'trigger "{card_id}" calls on the player who takes the '
             "trick, but it can fire on a play that takes no trick"
             + (f" ({shown})" if shown else "") + f"; {taking.advice}, or call on another "
             "player.",
             (*place, "subject"))


def _handed_over(parsed: Trigger, game: BaseGame,
                 fires: Callable[[Any], bool]) -> dict[str, Any] | None:
    """A situation where the trigger fires on a play that hands the trick to another player
    (a taker who played no card and announces no sum), or None if there is none."""
    taking = game.taking
    if taking is None:
        return None
    if not taking.reads <= set(parsed.fields):
        return {}  # it does not read the sum: any play, one that goes over among them
    handed = decide(parsed, game.schema, lambda facts: taking.hands_over(facts) and fires(facts))
    if handed is None or handed.verdict is Verdict.NEVER:
        return None
    return dict(handed.example)


def _report_twins(deck: LoadedDeck, checked: list[CheckedTrigger]) -> None:
    """Two secret triggers with the same expression (spacing and brackets aside) and
    subject. A standard rule is public, so a secret rule that fires with it is no shared
    secret."""
    first: dict[tuple[str, Subject], CheckedTrigger] = {}
    for trigger in checked:
        if trigger.parsed is None or not trigger.secret:
            continue
        twin = first.setdefault((ast.dump(trigger.parsed.tree), trigger.subject), trigger)
        if twin is not trigger:
            deck.add("trigger-duplicate", f'trigger "{trigger.card_id}" fires exactly when '
                     f'trigger "{twin.card_id}" (line {twin.line or "?"}) does: two players '
                     "could hold the same secret.", (*trigger.place, "when"),
                     data={"first_line": twin.line or 0, "same_as": twin.card_id})


def _report_decision(deck: LoadedDeck, card_id: str, at: YamlPath, trigger: Trigger,
                     schema: Schema, decision: Decision | None) -> None:
    if decision is None:
        return
    if decision.verdict is Verdict.NEVER:
        why = why_never(trigger, schema)
        deck.add("expr-never", f'trigger "{card_id}" can never be true: '
                 + (f"{why}; change or drop the part you did not mean." if why else
                    f"none of the {decision.cases:,} situations it can see makes it fire."),
                 at)
    elif decision.verdict is Verdict.ALWAYS:
        deck.add("expr-always", f'trigger "{card_id}" is always true (in all '
                 f"{decision.cases:,} situations it can see), so it is no secret.", at)


def check_actions(deck: LoadedDeck, game: BaseGame) -> None:
    first_with: dict[str, str] = {}  # a hint, folded, and the first action giving it
    for at, action in deck.action_places():
        if not action.hints:
            deck.add("hint-missing", f'action "{action.id}" gives enforcers no hint: add at '
                     "least one that tells a violator what they did wrong.", at)
        for number, hint in enumerate(action.hints):
            folded = " ".join(hint.casefold().split())
            other = first_with.setdefault(folded, action.id)
            if is_vague_hint(hint):
                deck.add("hint-vague", f'action "{action.id}": the hint "{hint}" says no more '
                         'than "you broke a rule"; name what was missing or wrong.',
                         (*at, "hints", number))
            elif other != action.id:
                deck.add("hint-vague", f'action "{action.id}": the hint "{hint}" is also a '
                         f'hint of action "{other}"; a hint that fits two rules tells a '
                         "violator nothing about either.", (*at, "hints", number))
        if action.timing not in game.timings:
            can = ", ".join(sorted(game.timings))
            deck.add("timing-unsupported", f'action "{action.id}" is timed "{action.timing}" '
                     f"({Timing(action.timing).words}), a moment {game.title} does not have; "
                     f"its timings are: {can}.", (*at, "timing"))
        if isinstance(action, EffectAction):
            _check_effect(deck, game, action, at)
        if isinstance(action, NameAction) and action.answers is not None:
            _check_answers(deck, action, at)


def _check_answers(deck: LoadedDeck, action: NameAction, at: YamlPath) -> None:
    answers = action.answers or []
    seen: dict[str, int] = {}
    for number, answer in enumerate(answers):
        folded = " ".join(answer.casefold().split())
        if folded in seen:
            deck.add("answers-duplicate", f'action "{action.id}": "{answer}" is already answer '
                     f"{seen[folded] + 1} of the list; each answer counts once.",
                     (*at, "answers", number), data={"first_answer": seen[folded] + 1})
        else:
            seen[folded] = number
    if len(seen) < 2:
        deck.add("answers-too-few", f'action "{action.id}" allows fewer than two '
                 "different answers.", (*at, "answers"))


def _check_effect(deck: LoadedDeck, game: BaseGame, action: EffectAction,
                  at: YamlPath) -> None:
    if action.effect not in EFFECTS:
        deck.add("bad-value", f'action "{action.id}": "{action.effect}" is not an effect; the '
                 f"effects are {', '.join(EFFECTS)}.{did_you_mean(action.effect, EFFECTS)}",
                 (*at, "effect"))
    elif action.effect not in game.effects:
        can = ", ".join(sorted(game.effects)) or "none"
        deck.add("effect-unsupported", f'action "{action.id}" asks for "{action.effect}" '
                 f"({EFFECTS[action.effect]}), which {game.title} cannot do; it can do: {can}.",
                 (*at, "effect"))


PAIR_EXAMPLES = 3  # actions a pair-timing issue names; the rest are counted


def check_pairs(deck: LoadedDeck, triggers: list[CheckedTrigger]) -> None:
    """Players may keep any trigger with any action: every pair must make sense. The next
    player has no play of their own to time an action by. The taker turns up the next card
    (clarification taker-timing), but announces a sum only when they made 21 themselves: a
    taker handed the trick by a play over 21 cannot act around a sum. One issue per trigger
    names the actions it cannot go with (a few, and how many), so a big deck's report grows
    with its cards, never with their pairs."""
    _check_whole_rules(deck, triggers)
    around_play = _timed(deck, lambda timing: timing.needs_the_player_who_played)
    around_sum = _timed(deck, lambda timing: timing.needs_a_sum)
    for trigger in triggers:
        if trigger.place[0] != "triggers":
            continue
        if trigger.subject is Subject.NEXT_PLAYER and around_play:
            _report_pairs(deck, trigger, around_play, "must be done around the play itself, "
                          "which only the player who played the card can do")
        elif trigger.handed_over is not None and around_sum:
            _report_pairs(deck, trigger, around_sum, "must be done around the sum, and "
                          f"{trigger.handed} announces none" + _situation(trigger.handed_over),
                          advice="; fire it only when the taker's own card takes the trick "
                          f"({trigger.taking_advice}), or time those actions otherwise")


def _timed(deck: LoadedDeck, needs: Callable[[Timing], bool]) -> list[tuple[ActionCard, Timing]]:
    return [(action, Timing(action.timing)) for _, action in deck.actions
            if needs(Timing(action.timing))]


def _situation(example: dict[str, Any]) -> str:
    shown = ", ".join(f"{name} {value}" for name, value in example.items())
    return f" (it fires on {shown})" if shown else ""


def _report_pairs(deck: LoadedDeck, trigger: CheckedTrigger,
                  timed: list[tuple[ActionCard, Timing]], why: str, advice: str = "") -> None:
    examples = ", ".join(f'"{action.id}" ({timing.words})'
                         for action, timing in timed[:PAIR_EXAMPLES])
    more = len(timed) - PAIR_EXAMPLES
    listed = examples + (f" and {more:,} more" if more > 0 else "")
    deck.add("pair-timing", f'trigger "{trigger.card_id}" calls on {trigger.subject.words}, '
             f"but {plural(len(timed), 'action')} {why}: {listed}{advice}.",
             (*trigger.place, "subject"),
             data={"actions": ", ".join(action.id for action, _ in timed[:PAIR_EXAMPLES]),
                   "action_count": len(timed)})


def _check_whole_rules(deck: LoadedDeck, triggers: list[CheckedTrigger]) -> None:
    """A card that is a whole rule pairs its own trigger and action: the next player
    cannot act around a play that is not theirs."""
    actions = dict(deck.action_places())
    for trigger in triggers:
        action = actions.get((*trigger.place, "then"))
        if action is None:
            continue
        timing = Timing(action.timing)
        if trigger.subject is Subject.NEXT_PLAYER and timing.needs_the_player_who_played:
            deck.add("pair-timing", f'rule "{trigger.card_id}" calls on '
                     f"{trigger.subject.words}, but asks for something {timing.words}, which "
                     "only the player who played the card can do.", (*trigger.place, "subject"))
        elif trigger.handed_over is not None and timing.needs_a_sum:
            deck.add("pair-timing", f'rule "{trigger.card_id}" calls on '
                     f"{trigger.subject.words}, but asks for something {timing.words}, and "
                     f"{trigger.handed} announces no sum" + _situation(trigger.handed_over)
                     + f"; fire it only when the taker's own card takes the trick "
                     f"({trigger.taking_advice}), or time the action otherwise.",
                     (*trigger.place, "subject"))


def check_rule_conflicts(deck: LoadedDeck, triggers: list[CheckedTrigger],
                         game: BaseGame) -> None:
    """Two whole rules whose effects cannot both hold for one card (one makes it valid,
    the other not) must never fire on the same play: decided over every situation both
    triggers can see together (`engine.language.together`), and said plainly when it cannot
    be decided."""
    actions = dict(deck.action_places())
    by_effect: dict[str, list[CheckedTrigger]] = {}
    for trigger in triggers:
        action = actions.get((*trigger.place, "then"))
        if isinstance(action, EffectAction) and trigger.parsed is not None:
            by_effect.setdefault(action.effect, []).append(trigger)
    for first_effect, second_effect in CONTRADICTING:
        for first in by_effect.get(first_effect, []):
            for second in by_effect.get(second_effect, []):
                _report_contradiction(deck, game, first, second, first_effect, second_effect)


def _report_contradiction(deck: LoadedDeck, game: BaseGame, first: CheckedTrigger,
                          second: CheckedTrigger, first_effect: str,
                          second_effect: str) -> None:
    assert first.parsed is not None and second.parsed is not None
    decision = decide_together([first.parsed, second.parsed], game.schema)
    both = (f'rules "{first.card_id}" ({EFFECTS[first_effect]}) and "{second.card_id}" '
            f"({EFFECTS[second_effect]})")
    data: dict[str, float | int | str] = {"rule": first.card_id, "line": first.line or 0}
    if decision is None:
        deck.add("rules-undecided", f"{both} might fire on the same card: what they read "
                 "together has too many situations to go through, and none of those tried has "
                 "both firing. "
                 "Make their triggers plainly exclusive (both reading the card's rank, say), "
                 "or, knowing they never meet, add allow: [rules-undecided] to "
                 f'"{second.card_id}".',
                 (*second.place, "when"), data=data)
        return
    if decision.verdict is Verdict.NEVER:
        return
    shown = ", ".join(f"{name} {value}" for name, value in decision.example.items())
    deck.add("rules-contradict", f"{both} can fire on the same card"
             + (f" ({shown})" if shown else "") + "; make their triggers exclusive, or drop "
             "one.", (*second.place, "when"), data=data)


def standard_speech(deck: LoadedDeck, triggers: list[CheckedTrigger],
                    game: BaseGame) -> dict[YamlPath, list[tuple[str, dict[str, Any]]]]:
    """For each secret whole rule that forbids speaking, the standard rules (public, in force
    from the start, so never simulated) asking for speech that can fire on the same play,
    each with a situation where both do."""
    actions = dict(deck.action_places())
    standard = [trigger for trigger in triggers if not trigger.secret and trigger.parsed
                and (*trigger.place, "then") in actions
                and speaks(actions[(*trigger.place, "then")])]
    found: dict[YamlPath, list[tuple[str, dict[str, Any]]]] = {}
    for trigger in triggers:
        place = (*trigger.place, "then")
        if not trigger.secret or trigger.parsed is None or place not in actions \
                or not silences(actions[place]):
            continue
        for other in standard:
            assert other.parsed is not None
            both = decide_together([trigger.parsed, other.parsed], game.schema)
            if both is not None and both.verdict is not Verdict.NEVER:
                found.setdefault(place, []).append((other.card_id, both.example))
    return found


def speaks(action: ActionCard) -> bool:
    return ActionKind(getattr(action, "kind", "say")).speaks


def silences(action: ActionCard) -> bool:
    return isinstance(action, ForbidAction) and action.silence
