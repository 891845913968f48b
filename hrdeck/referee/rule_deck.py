"""The rule cards of one session, stored with it so a resume never depends on the deck file.

Only what the referee needs is kept: each card's id, number and text, each trigger's
expression, each action's hints, Mao's whole rules with their machine forms, and What the
Rule?!'s rule cards with their rules in the rule language. Loading the YAML deck (pydantic,
the checker's loader) happens once, when a game starts.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.actions import Subject
from engine.events import DEFAULT_GAME
from engine.games.registry import find_game
from engine.language.compile import compile_trigger
from engine.language.parse import ExpressionError, parse_trigger
from engine.referee import TriggerTest
from hrdeck.referee.errors import RefereeError


@dataclass(frozen=True, slots=True)
class RuleCard:
    id: str
    number: int
    text: str
    when: str = ""                   # triggers only
    subject: str = "player"          # triggers only: whom the trigger calls on
    hints: tuple[str, ...] = ()      # actions only


@dataclass(frozen=True, slots=True)
class WholeRule:
    """A whole rule on one card (Mao), with the machine form the engine judges it by."""

    id: str
    number: int
    text: str
    when: str = ""
    subject: str = "player"
    kind: str = ""
    phrase: str = ""
    effect: str = ""
    amount: int = 1
    standard: bool = False


@dataclass(frozen=True, slots=True)
class MasterRule:
    """A rule card a game master may draw (What the Rule?!): its words, and its rule in the
    rule language, which the referee judges."""

    id: str
    number: int
    text: str
    rule: str
    level: str = ""
    starter: bool = False


@dataclass(frozen=True, slots=True)
class RuleDeck:
    name: str
    triggers: tuple[RuleCard, ...]
    actions: tuple[RuleCard, ...]
    game: str = DEFAULT_GAME         # the base game its triggers read
    rules: tuple[WholeRule, ...] = ()  # whole rules, for a game whose winners draw them
    masters: tuple[MasterRule, ...] = ()  # rule cards a game master draws (What the Rule?!)

    @property
    def holds_rules(self) -> bool:
        """Whether it holds any rule cards at all (a deck of player aids holds none)."""
        return bool(self.triggers or self.actions or self.has_rules_to_draw)

    @property
    def has_rules_to_draw(self) -> bool:
        """Whether players draw whole rules from it (Mao's winners, a round's master)."""
        return bool(self.rules or self.masters)

    def master_rule(self, number: int) -> MasterRule | None:
        """The game master's rule card printed with `number`, if the deck has one."""
        return next((rule for rule in self.masters if rule.number == number), None)

    def secret_rule(self, number: int) -> WholeRule | None:
        """The secret whole rule printed with `number`, if the deck has one."""
        return next((rule for rule in self.rules if rule.number == number
                     and not rule.standard), None)

    def rule_words(self, name: str) -> str:
        """A rule a player brought in, as its holder reads it: a whole rule card's id gives
        the card ("rule card 10 (second-six): …its text…"), anything else is as typed."""
        card = next((rule for rule in self.rules if rule.id == name), None)
        return name if card is None else f"rule card {card.number} ({card.id}): {card.text}"

    def trigger(self, card_id: str) -> RuleCard | None:
        return next((card for card in self.triggers if card.id == card_id), None)

    def action(self, card_id: str) -> RuleCard | None:
        return next((card for card in self.actions if card.id == card_id), None)

    def rule_text(self, trigger: str, action: str) -> str:
        """The two halves as one sentence: 'When you play a seven… …name an animal…'."""
        when, then = self.trigger(trigger), self.action(action)
        return f"{when.text if when else trigger} {then.text if then else action}"

    def is_table_only(self, trigger_id: str) -> bool:
        """Whether the trigger reads what was said, which the referee only knows if typed in."""
        card = self.trigger(trigger_id)
        if card is None or not card.when:  # no condition: judged at the table
            return True
        try:
            return parse_trigger(card.when, find_game(self.game).schema).table_only
        except ExpressionError:
            return True

    def subject(self, trigger_id: str) -> Subject:
        """Whom the trigger calls on: the player who played the card, unless it says."""
        card = self.trigger(trigger_id)
        try:
            return Subject(card.subject) if card is not None else Subject.PLAYER
        except ValueError:
            return Subject.PLAYER

    def trigger_test(self, card_id: str) -> TriggerTest | None:
        """A trigger's compiled test; None where it is unknown or cannot be used."""
        card = self.trigger(card_id)
        if card is None or not card.when:  # no condition: the players judge it
            return None
        schema = find_game(self.game).schema
        try:
            return compile_trigger(parse_trigger(card.when, schema), schema)
        except ExpressionError:
            return None

    def to_json(self) -> str:
        def card(item: RuleCard) -> dict[str, Any]:
            data: dict[str, Any] = {"id": item.id, "number": item.number, "text": item.text}
            if item.when:
                data["when"] = item.when
            if item.subject != "player":
                data["subject"] = item.subject
            if item.hints:
                data["hints"] = list(item.hints)
            return data

        data: dict[str, Any] = {"name": self.name, "game": self.game,
                                "triggers": [card(c) for c in self.triggers],
                                "actions": [card(c) for c in self.actions]}
        if self.rules:
            data["rules"] = [dataclasses.asdict(rule) for rule in self.rules]
        if self.masters:
            data["masters"] = [dataclasses.asdict(rule) for rule in self.masters]
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> RuleDeck:
        try:
            data = json.loads(text)

            def cards(key: str) -> tuple[RuleCard, ...]:
                return tuple(RuleCard(id=str(item["id"]), number=int(item["number"]),
                                      text=str(item["text"]), when=str(item.get("when", "")),
                                      subject=str(item.get("subject", "player")),
                                      hints=tuple(str(h) for h in item.get("hints", ())))
                             for item in data[key])

            rules = tuple(WholeRule(**{key: value for key, value in item.items()
                                       if key in WholeRule.__dataclass_fields__})
                          for item in data.get("rules", ()))
            masters = tuple(MasterRule(id=str(item["id"]), number=int(item["number"]),
                                       text=str(item["text"]), rule=str(item["rule"]),
                                       level=str(item.get("level", "")),
                                       starter=bool(item.get("starter", False)))
                            for item in data.get("masters", ()))
            return cls(name=str(data["name"]), triggers=cards("triggers"),
                       actions=cards("actions"), game=str(data.get("game", DEFAULT_GAME)),
                       rules=rules, masters=masters)
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
            raise RefereeError(f"The rule cards stored with this session cannot be read "
                               f"({error}).") from None


def load_rule_deck(path: Path, *,
                   empty_ok: Callable[[str], bool] = lambda game: False) -> RuleDeck:
    """Read a deck file; refuse one the checker finds errors in, with the checker's report.

    The static checks run (expressions, visibility, actions, pairs); the simulation does not:
    it only ever warns. A deck without rule cards is refused, unless `empty_ok` says its base
    game is also played without them (it comes back empty, `holds_rules` false).
    """
    # pydantic and yaml load only when a game starts
    from generator.check.options import CheckOptions
    from generator.check.run import Checking

    report, loaded = Checking(path, CheckOptions(simulate=False)).finish()
    errors = [issue for issue in report.sorted_issues() if issue.severity.value == "error"]
    if report.unusable or errors or loaded.info is None:
        shown = errors[:MAX_SHOWN] or report.sorted_issues()[:MAX_SHOWN]
        lines = "".join(f"\n  {issue.location} {issue.message}" for issue in shown)
        more = len(errors) - len(shown)
        rest = f"\n  … and {more} more." if more > 0 else ""
        raise RefereeError(f"The deck {path} has {len(errors) or 'some'} error(s), so the referee "
                           f"cannot deal from it (`hrdeck check {path}` shows them all):"
                           f"{lines}{rest}")
    rules = tuple(_whole_rule(card) for _, card in loaded.cards_of("rules"))
    masters = tuple(MasterRule(id=card.id, number=card.number, text=card.text,
                               rule=" ".join(card.rule.split()), level=card.level,
                               starter=card.starter)
                    for _, card in loaded.cards_of("rule_cards"))
    if not loaded.has_secret_rules and not rules and not masters and not empty_ok(
            loaded.info.base_game):
        raise RefereeError(f"The deck {path} holds no secret rules (triggers and actions), so "
                           "the referee has no rule cards to deal from it.")
    triggers = tuple(RuleCard(id=card.id, number=card.number, text=card.text, when=card.when or "",
                              subject=card.subject) for _, card in loaded.triggers)
    actions = tuple(RuleCard(id=card.id, number=card.number, text=card.text,
                             hints=tuple(card.hints)) for _, card in loaded.actions)
    return RuleDeck(name=loaded.info.name, triggers=triggers, actions=actions,
                    game=loaded.info.base_game, rules=rules, masters=masters)


def _whole_rule(card: Any) -> WholeRule:
    then = card.then
    return WholeRule(id=card.id, number=card.number, text=card.text, when=card.when or "",
                     subject=card.subject, kind=then.kind, phrase=getattr(then, "phrase", "")
                     or "", effect=getattr(then, "effect", ""), amount=getattr(then, "amount", 1),
                     standard=card.standard)


MAX_SHOWN = 5
