"""Mao's card: a whole rule on one card, when it applies (a trigger) and what it asks (an
action under `then`), standard or secret. The checker reads its two halves like the cards
of the triggers and actions sections (`generator.mao.card_kinds`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Union

from pydantic import Field, create_model, model_validator

from generator.deck_model import ACTION_MODELS, Action, ActionCard, TriggerCard


def _in_a_rule(model: type[ActionCard]) -> Any:
    """An action model as a whole rule holds it: its id, number and text are the rule's,
    filled in when the rule is read, so the deck file never writes them."""
    optional: Any = {name: (Any, Field(None, json_schema_extra={"readOnly": True}))
                     for name in ("id", "number", "text")}
    return create_model(f"Rule{model.__name__}", __base__=model, **optional)


if TYPE_CHECKING:
    RuleAction = Action
else:
    RuleAction = Annotated[
        Union[tuple(_in_a_rule(model) for model in ACTION_MODELS.values())],  # noqa: UP007
        Field(discriminator="kind")]


class RuleCard(TriggerCard):
    """A whole rule on one card (Mao): when it applies, as a trigger, and what it asks
    (`then`, an action whose id, number and text are the rule's). Standard rules are
    public and in force from the start; the others are secret, drawn by a winner."""

    standard: bool = Field(False, description="public and in force from the start")
    then: RuleAction = Field(description="what the rule asks: an action (say, name, gesture, "
                                         "effect or forbid) without its own id, number or text")

    @model_validator(mode="before")
    @classmethod
    def _action_named_after_the_rule(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("then"), dict):
            then = dict(data["then"])
            for key in ("id", "number", "text"):
                if key in data:
                    then.setdefault(key, data[key])
            data = {**data, "then": then}
        return data


__all__ = ["RuleAction", "RuleCard"]
