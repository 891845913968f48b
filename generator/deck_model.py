"""The deck format: what a deck file may hold, strictly typed.

pydantic checks the shape and types and exports the JSON Schema editors use to complete
deck files (`hrdeck schema`). The meaning (expressions, pairs, simulation) is checked by
`generator.check`. docs/deck-format.md explains every field.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model, model_validator

from engine.events import DEFAULT_GAME

Slug = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60,
                            description="lower-case letters, digits and dashes")]
Colour = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="#rrggbb")]
CardText = Annotated[str, Field(min_length=1, max_length=400)]
Hint = Annotated[str, Field(min_length=1, max_length=200)]
Timing = Literal["with_card", "before_sum", "after_sum", "before_next_card", "until_next_turn"]


SAY_NEEDS = ('a say action needs either "phrase" (the exact words: phrase: nothing doing) or '
             '"what" (what to say, described: what: a word that rhymes with the last one), '
             "not both")


class Strict(BaseModel):
    # defer_build: a model's validator is built when it first validates, not at import, so
    # checking a deck of one game does not build the models of the other games' cards
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, defer_build=True)


class Style(Strict):
    trigger_colour: Colour = Field("#1f5f8b", description="accent of trigger cards")
    action_colour: Colour = Field("#b0452c", description="accent of action cards")
    colours: dict[Annotated[str, Field(max_length=40)], Colour] = Field(
        default_factory=dict, description="accent of the other card sections, by section "
                                          "name, e.g. aids: \"#3d6b35\"")


class CheckSettings(Strict):
    """How `hrdeck check` simulates this deck, and where it draws the lines."""

    games: int = Field(2000, ge=10, le=200_000, description="games for each player count")
    players: list[Annotated[int, Field(ge=2, le=20)]] = Field(
        default_factory=lambda: [3, 4, 5], min_length=1,
        description="player counts to play, within the base game's range")
    seed: int = 0
    policy: str | None = Field(None, max_length=40, description="how the bots play: one of "
                               "the base game's policies (by default the game's own choice)")
    min_fires_per_game: float = Field(
        0.4, ge=0, description="below this many fires per game a trigger is too rare")
    max_share_of_plays: float = Field(
        0.4, gt=0, le=1, description="above this share of all plays a trigger is no secret")
    max_seat_bias: float = Field(
        2.0, ge=1, description="highest over lowest seat fire rate before it is unfair")
    max_answers_shortfall: float = Field(
        0.01, ge=0, le=1, description="chance a game runs out of unique answers")


class DeckInfo(Strict):
    name: str = Field(min_length=1, max_length=80, description="the deck's title")
    id: Slug | None = Field(None, description="folder name under output/ (default: file name)")
    version: str = "1.0"
    description: str = ""
    base_game: str = Field(DEFAULT_GAME, description="the game the rules are played over")
    card_size: str = Field("poker", description="poker, 2.5x3.5in, bridge, mini or tarot")
    style: Style = Field(default_factory=Style)
    layout: str | None = Field(None, min_length=1, max_length=300,
                               description="a layout file, relative to the deck file: fonts, "
                                           "icons, templates, backs and cover "
                                           "(docs/layout.md)")
    check: CheckSettings = Field(default_factory=CheckSettings)


class Card(Strict):
    id: Slug
    number: int = Field(ge=1, le=999, strict=True,
                        description="printed on the card, e.g. TRIGGER 13")
    text: CardText = Field(description="the words printed on the card")
    art: str | None = Field(None, description="a picture file, relative to the deck file")
    flavour: str | None = Field(None, min_length=1, max_length=200,
                                description="a line of colour, printed where the layout puts it")
    allow: list[Annotated[str, Field(max_length=40)]] = Field(
        default_factory=list, description="warning codes to accept for this card, e.g. sim-rare")


TABLE_NEEDS = ('a trigger is judged either by the cards ("when": an expression hrdeck can '
               'check) or by the players ("judged_by: table" and no "when", for what happens '
               "at the table: a laugh, a card played left-handed)")


class TriggerCard(Card):
    when: str | None = Field(None, min_length=1, max_length=100_000,
                             description="the trigger expression (at most 400 characters)")
    judged_by: Literal["cards", "table"] = Field(
        "cards", description='"table" for a trigger the players judge, with no "when"')
    subject: Literal["player", "taker", "next_player"] = Field(
        "player", description="whose action the trigger calls for")

    @model_validator(mode="after")
    def _judged_one_way(self) -> TriggerCard:
        if (self.when is None) != (self.judged_by == "table"):
            raise ValueError(TABLE_NEEDS)
        return self


class ActionCard(Card):
    timing: Timing = Field(description="by when the action must be done")
    hints: list[Hint] = Field(default_factory=list,
                              description="what an enforcer tells a violator")


class SayAction(ActionCard):
    """Say something: the exact words (`phrase`), or what to say, described (`what`)."""

    kind: Literal["say"]
    phrase: str | None = Field(None, min_length=1, max_length=120,
                               description='the exact words, e.g. "nothing doing"')
    what: str | None = Field(None, min_length=1, max_length=120,
                             description="what to say, in words, when it is not fixed, e.g. "
                                         "a word that rhymes with the last one said")

    @model_validator(mode="after")
    def _one_of_phrase_or_what(self) -> SayAction:
        if (self.phrase is None) == (self.what is None):
            raise ValueError(SAY_NEEDS)
        return self


class NameAction(ActionCard):
    kind: Literal["name"]
    category: str = Field(min_length=1, max_length=80)
    unique: bool = Field(True, description="nothing may be named twice in a game")
    answers: list[Annotated[str, Field(min_length=1, max_length=60)]] | None = Field(
        None, description="the only answers allowed, when the category is a closed list")


class GestureAction(ActionCard):
    kind: Literal["gesture"]
    gesture: str = Field(min_length=1, max_length=120)


class EffectAction(ActionCard):
    kind: Literal["effect"]
    effect: str = Field(description="draw, skip, reverse or suit")
    amount: int = Field(1, ge=1, le=10)


class ForbidAction(ActionCard):
    kind: Literal["forbid"]
    forbids: str = Field(min_length=1, max_length=120, description="what must not be done")
    silence: bool = Field(False, description="whether it forbids speaking")


Action = Annotated[SayAction | NameAction | GestureAction | EffectAction | ForbidAction,
                   Field(discriminator="kind")]
ACTION_MODELS: dict[str, type[ActionCard]] = {
    "say": SayAction, "name": NameAction, "gesture": GestureAction, "effect": EffectAction,
    "forbid": ForbidAction,
}


class AidCard(Card):
    """A player aid: a title and the rules it sums up."""

    title: str | None = Field(None, min_length=1, max_length=60,
                              description="printed above the text, e.g. Special cards")


def deck_file_model(sections: dict[str, Any]) -> type[BaseModel]:
    """The whole deck file's model: its details and the card sections (see
    `generator.card_kinds`), each an optional list of cards."""
    return create_model("DeckFile", __base__=Strict, deck=(DeckInfo, ...), **sections)
