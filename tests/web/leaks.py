"""The no-leak proof's instruments: every body each page gets during a scripted game, kept
with the step it came at, and the secrets of each seat, read from the session's own state,
searched for in every other page's bodies."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tests.web.helpers import LAPTOP, TABLE, Web

TURN = "turn"          # a script's line sent from the page of the player to act now


@dataclass(frozen=True)
class Secret:
    """Words only `owner` may see (and, from the step given, the seats in `shown`), at the
    steps `kept` (None: every step)."""

    owner: int
    what: str
    words: tuple[str, ...]
    shown: tuple[tuple[int, int], ...] = ()      # (seat, from step) it is shown to
    kept: frozenset[int] | None = None
    on_owner_page: bool = True                   # False: the owner's page shows other words

    def may_see(self, seat: int, step: int) -> bool:
        if seat == self.owner or (self.kept is not None and step not in self.kept):
            return True
        return any(seat == viewer and step >= since for viewer, since in self.shown)


def plain(body: str) -> str:
    """A body as the words it holds: a JSON body's strings, one a line (escapes undone)."""
    try:
        data = json.loads(body)
    except ValueError:
        return body
    return "\n".join(_strings(data))


def words(text: str) -> str:
    """Text as searched: a body's words, in one case, every run of spaces one space (a view
    wrapped for a narrow screen still holds the words it wraps)."""
    return " ".join(plain(text).split()).casefold()


def _strings(data: Any) -> Iterable[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from _strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)
    elif data is not None:
        yield str(data)


@dataclass
class Recorder:
    """Drives a game from the pages and the laptop, one step at a time, fetching every
    seat's view (what its event stream carries), its record and the table's view after
    each step; the web's log of bodies holds what each page got."""

    web: Web
    step: int = 0
    states: dict[int, Any] = field(default_factory=dict)   # step -> `state` after it
    state: Callable[[Web], Any] = lambda web: None

    def __post_init__(self) -> None:
        self.look()  # every page, as it first opens

    @property
    def seats(self) -> range:
        return range(len(self.web.session.names))

    def to_act(self) -> int:
        acting = self.web.session.to_act()
        assert acting is not None, self.web.session.next_step()
        return acting[0]

    def run(self, script: Iterable[tuple[Any, str]]) -> None:
        """Each (who, line): who is a seat, TURN (the player to act), TABLE (the table
        page) or LAPTOP (the terminal). A line starting "!" must be refused."""
        for who, line in script:
            self.do(who, line)

    def do(self, who: Any, line: str) -> dict[str, Any] | None:
        self.step += 1
        self.web.step = self.step
        seat = self.to_act() if who == TURN else who
        reply = None
        if seat is LAPTOP:
            self.web.laptop(line)
        elif line.startswith("!"):
            reply = self.web.send(seat, line[1:])
            assert reply["error"], (line, reply)
        else:
            reply = self.web.ok(seat, line)
        self.look()
        return reply

    def call(self, action: Callable[[], Any]) -> Any:
        """A step that is not a typed line (an answer, a note hidden)."""
        self.step += 1
        self.web.step = self.step
        result = action()
        self.look()
        return result

    def look(self) -> None:
        self.states[self.step] = self.state(self.web)
        for seat in (*self.seats, TABLE):
            self.web.view(seat)
            self.web.get(seat, "/record")

    def steps(self, test: Callable[[Any], bool]) -> frozenset[int]:
        """The steps after which the game's `state` passed `test`."""
        return frozenset(step for step, state in self.states.items() if test(state))

    def leaks(self, secrets: Iterable[Secret]) -> list[str]:
        """Each place a page got a secret it may not see."""
        found = []
        bodies = [(step, seat, words(text)) for step, seat, text in self.web.seen]
        for secret in secrets:
            for step, seat, text in bodies:
                if secret.may_see(seat, step):
                    continue
                for word in secret.words:
                    if words(word) in text:
                        who = "the table page" if seat == TABLE else self.web.session.names[seat]
                        found.append(f"step {step}: {who} got {secret.what} ({word!r})")
                        break
        return found

    def seen_by(self, seat: int, secret: Secret) -> bool:
        """Whether `seat`'s page got the secret at all (the search can find it)."""
        return any(seat == where and any(words(word) in words(text) for word in secret.words)
                   for _, where, text in self.web.seen)
