"""The moves a player's page offers as buttons: the common ones of each game, as the lines
they send (the same typed syntax the terminal reads; the rest are typed on the page).

A button whose move needs more words (a card, a player, a hint) has fields: the page opens
a small form, and each `{name}` in the line is replaced by what was filled in (a field left
empty, where it may be, leaves out its whole `wrap`). A card field is filled with the page's
card keyboard: playing cards (`7h`, an ace with the value it counts), jokers too (`rj`), or
What the Rule?! designs (`w3fc`).

Each game's buttons are in `hrdeck.web.moves.<its engine package>`, a function
`buttons(session, seat)`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from engine.games import declared
from hrdeck.referee.session import Session

# the kinds of field a button's form may hold
CARDS = "cards"        # the card keyboard; `options` says which keys it has (KEYS)
PLAYER = "player"      # one of `options` (players' names)
CHOICE = "choice"      # one of `options`
TEXT = "text"          # free words; `options` are suggestions tapped in
# what a card keyboard has: ranks and suits; an ace's value (1 or 11); the two jokers; designs
RANKS, ACE_VALUE, JOKERS, DESIGNS = "ranks", "ace-value", "jokers", "designs"


@dataclass(frozen=True, slots=True)
class Field:
    name: str                     # `{name}` in the button's line
    kind: str                     # CARDS, PLAYER, CHOICE or TEXT
    label: str
    options: tuple[str, ...] = ()
    optional: bool = False        # may be left empty
    many: bool = False            # CARDS: several cards (a rank's suits, a hand of designs);
                                  # TEXT: several phrases, apart by semicolons
    wrap: str = "{}"              # how the value goes into the line ("" when left empty)


@dataclass(frozen=True, slots=True)
class Button:
    label: str
    line: str                     # sent as typed on this seat's page
    confirm: str = ""             # asked before sending ("": sent at once)
    fields: tuple[Field, ...] = ()  # filled in on the page before sending
    kind: str = ""                # "main": the move this seat is expected to make now


MAIN = "main"


def card_field(keys: tuple[str, ...], label: str = "Card", *, name: str = "card",
               many: bool = False) -> Field:
    return Field(name, CARDS, label, keys, many=many)


def words_field(label: str, *, name: str = "words", optional: bool = True, wrap: str = "{}",
                suggestions: tuple[str, ...] = (), many: bool = False) -> Field:
    """Words typed, or tapped in from `suggestions` (with `many`, each tap adds a phrase)."""
    return Field(name, TEXT, label, suggestions, optional=optional, many=many, wrap=wrap)


def quoted(text: str) -> str:
    """`text` fit to go between double quotes on a typed line."""
    return text.replace('"', "'")


def fill(button: Button, values: dict[str, str]) -> str:
    """The line `button` sends with its fields filled in as the page does (tests use it)."""
    line = button.line
    for item in button.fields:
        value = values.get(item.name, "").strip()
        if not value and not item.optional:
            raise ValueError(f"{item.name} must be filled in")
        if item.kind == TEXT and '"' in item.wrap:
            value = quoted(value)
        line = line.replace("{" + item.name + "}", item.wrap.replace("{}", value) if value
                            else "")
    return " ".join(line.split())


def buttons(session: Session, seat: int) -> list[Button]:
    """The buttons for `seat` now (none once the game is over)."""
    if session.game.is_over:
        return []
    home = declared()[session.game.setup.game].engine.split(".")[2]  # the game's package
    name = f"hrdeck.web.moves.{home}"
    try:
        found = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return []  # a game with no buttons: everything is typed
    result: list[Button] = found.buttons(session, seat)
    return result
