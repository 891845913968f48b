"""What a player's phone may do: its own moves and calls, never another's, and nothing that
shows a secret to the wrong eyes. The laptop may do anything the terminal does, and the
table page it opens the same, but for ruling on a challenge whose rule only the challenger
has seen.

A typed line from a phone is read as the terminal reads it; a player's own name may be left
out (`enforce on ben "hint"` from Ann's phone is `enforce ann on ben "hint"`), and a move
with no player named (`7h`) is theirs, not whoever's turn it is.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.errors import HrdeckError
from hrdeck.referee import commands as c
from hrdeck.referee.errors import CommandError
from hrdeck.referee.session import Session

# the field that says who makes a command, in the order looked for
ACTOR_FIELDS = ("enforcer", "caller", "challenger", "master", "player")
# commands whose player is the one acted on or answered about, which anyone may type
# (What the Rule?!'s hand count, Joker's Secret's answer of who holds the start card)
OPEN_COMMANDS = frozenset({"Count", "Holder"})
# commands only the laptop gives: they stop, time or show the whole game
LAPTOP_ONLY = (c.Quit, c.Timer)


def read_line(session: Session, seat: int, line: str) -> Any:
    """A line typed on `seat`'s phone, as that seat's own command."""
    head, _, rest = line.strip().partition(" ")
    name = session.names[seat]
    tries = (line, f"{head} {name} {rest}".strip(), f"{name} {line}")  # `ah` in Mao: `ben ah`
    first: HrdeckError | None = None
    for tried in tries:
        try:
            command = session.parse(tried)
        except HrdeckError as error:
            first = first or error
            continue
        return own(session, seat, command)
    assert first is not None
    raise first


def own(session: Session, seat: int, command: Any) -> Any:
    """`command` as `seat` makes it: their name filled in where none is given; refused
    when it names another player as the one who makes it."""
    name = session.names[seat]
    if isinstance(command, LAPTOP_ONLY):
        raise CommandError(f"{_verb(command)} is given at the laptop, not from a phone.")
    if isinstance(command, c.Reveal) and not session.game.is_over:
        raise CommandError("Every secret rule is shown on the table page once the game is "
                           "over; before that, only the laptop can reveal them.")
    if isinstance(command, c.Rule):
        return ruled_by(session, name, command)
    if (not dataclasses.is_dataclass(command) or isinstance(command, type)
            or type(command).__name__ in OPEN_COMMANDS):
        return command
    names = {item.name for item in dataclasses.fields(command)}
    actor = next((field for field in ACTOR_FIELDS if field in names), None)
    if actor is None:
        return command
    who = getattr(command, actor)
    if who is None:
        return dataclasses.replace(command, **{actor: seat})
    if who != seat:
        raise CommandError(f"This is {name}'s phone: it makes {name}'s own moves and calls. "
                           f"Type {session.names[who]}'s at the laptop, or on their phone.")
    return command


def for_table(session: Session, command: Any) -> Any:
    """`command` from the table page, which may do what the laptop does, except rule on a
    challenge whose rule only the challenger has seen (anyone can tap the table's screen)."""
    return ruled_by(session, None, command) if isinstance(command, c.Rule) else command


def ruled_by(session: Session, name: str | None, command: Any) -> Any:
    """A ruling from `name`'s page (None: the table page): refused when the challenged rule
    was shown to someone else, who alone rules on it."""
    question = session.question()
    if question is not None and question.shown is not None and (
            question.shown.viewer != name):
        raise CommandError(f"{question.shown.viewer} rules on this challenge: they alone "
                           "have seen the rule.")
    return command


def _verb(command: Any) -> str:
    return type(command).__name__.lower()
