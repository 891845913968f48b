"""The no-leak proof's instruments: every body each page gets during a scripted game, kept
with the step it came at, and the secrets of each seat, read from the session's own state,
searched for in every other page's bodies."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from hrdeck.web.app import _stream
from tests.web.helpers import CLOSING, LAPTOP, TABLE, Web

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


class Streams:
    """Each page's own event stream, as the app serves it, read in-process: after every
    change, the event each page is sent."""

    def __init__(self, web: Web, seats: Iterable[int]) -> None:
        self.web = web
        self.loop = asyncio.new_event_loop()
        self.streams: dict[int, AsyncIterator[dict[str, str]]] = {
            seat: _stream(web.hub, web.keys, web.key(seat), seat) for seat in seats}
        self.version = -1
        CLOSING.append(self.close)

    def read(self) -> None:
        """Each page's next event, kept with the bodies it got, if anything changed."""
        if self.web.hub.version == self.version:
            return
        self.version = self.web.hub.version
        for seat, stream in self.streams.items():
            event = self.loop.run_until_complete(asyncio.wait_for(anext(stream), 5))
            assert event["event"] == "view"
            assert json.loads(event["data"])["version"] == self.version
            self.web.seen.append((self.web.step, seat, event["data"]))

    def close(self) -> None:
        for stream in self.streams.values():
            self.loop.run_until_complete(stream.aclose())  # type: ignore[attr-defined]
        self.loop.close()


@dataclass
class Recorder:
    """Drives a game from the pages and the laptop, one step at a time, reading every
    page's event stream and fetching its view and record after each step; the web's log
    of bodies holds what each page got."""

    web: Web
    step: int = 0
    states: dict[int, Any] = field(default_factory=dict)   # step -> `state` after it
    state: Callable[[Web], Any] = lambda web: None
    entries: int = 0                                        # the journal's, at the last look
    _words: list[tuple[int, int, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.streams = Streams(self.web, (*self.seats, TABLE))
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
        """What every page gets after a step: its event, its view, and its record when
        the journal grew (nothing new when nothing changed: a page's view is the same)."""
        self.states[self.step] = self.state(self.web)
        if self.web.hub.version == self.streams.version:
            return
        self.streams.read()
        entries = len(self.web.session.journal.entries)
        for seat in (*self.seats, TABLE):
            self.web.view(seat)
            if entries != self.entries:
                self.web.get(seat, "/record")
        self.entries = entries

    def steps(self, test: Callable[[Any], bool]) -> frozenset[int]:
        """The steps after which the game's `state` passed `test`."""
        return frozenset(step for step, state in self.states.items() if test(state))

    def bodies(self) -> list[tuple[int, int, str]]:
        """Every body a page got, as its words: (step, seat, words)."""
        while len(self._words) < len(self.web.seen):
            step, seat, text = self.web.seen[len(self._words)]
            self._words.append((step, seat, words(text)))
        return self._words

    def leaks(self, secrets: Iterable[Secret]) -> list[str]:
        """Each place a page got a secret it may not see."""
        found = []
        for secret in secrets:
            searched = [words(word) for word in secret.words]
            for step, seat, text in self.bodies():
                if secret.may_see(seat, step):
                    continue
                for word, search in zip(secret.words, searched, strict=True):
                    if search in text:
                        who = "the table page" if seat == TABLE else self.web.session.names[seat]
                        found.append(f"step {step}: {who} got {secret.what} ({word!r})")
                        break
        return found

    def seen_by(self, seat: int, secret: Secret) -> bool:
        """Whether `seat`'s page got the secret at all (the search can find it)."""
        searched = [words(word) for word in secret.words]
        return any(seat == where and any(search in text for search in searched)
                   for _, where, text in self.bodies())
