"""Are two rules the same rule? Decided exactly, with a shortest counterexample when not,
within a fixed budget of work; past it the answer is "too complex to decide".

Two rules are the same when they accept exactly the same cards in every situation a game can
reach. A row only ever grows by cards the rule accepts, so the situations are explored from
the empty row, one accepted card at a time (breadth first), as long as both rules agree:
the first disagreement found is one with the shortest row.

What keeps this small: a rule sees the row only through its last cards (at most
`previous_3`), and sees a card only through the attributes it reads. So a situation is the
last few cards of the row, each reduced to the attributes either rule reads, and how long
the row is, counted only as far as the rules can tell (`row_length`: what they compute from
`position` is folded onto its period, however large the numbers written). Cards that agree
on every attribute read are one class: testing one of them tests them all.

The budget: at most `WORK` cards tried in a situation (each judged by both rules), and at
most a quarter as many situations and windows kept (memory). It is a count, not a clock, so
a verdict is the same on every machine and every replay; it keeps a comparison under a
second and under a hundred megabytes. Rules that need more are refused as too complex,
naming what they read that makes the situations many (clarification too-complex).

Clarification any-copies: the exploration lets a design come back as often as the rules
allow; the game has two of each, so a difference that needs a third copy in the row is still
a difference (it would show with any other pair of rules' cards as well).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.errors import HrdeckError
from engine.games.what_the_rule.pointwise import (
    agree_everywhere,
    cards_before,
    cases,
    places_to_try,
)
from engine.games.what_the_rule.row_length import folded, length_key, position_parts
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import COPIES, DESIGNS, Design
from engine.games.what_the_rule.view import HISTORY, LONGEST_ROW, VIEWS, ShapeView, Situation

ATTRIBUTES = ("shape", "count", "fill", "colour")
WORK = 400_000  # cards tried in a situation, at most, in one comparison
KEPT_SHARE = 4   # situations and windows kept, at most: a quarter of WORK (memory)
POINTWISE_SHARE = 4   # the shortcut of `pointwise` is tried when it costs a quarter at most

Values = tuple[object, ...]  # a card's values of some attributes


class TooComplex(HrdeckError):
    """Rules the comparison cannot decide within its budget; `part` names what they read
    that makes the situations to explore too many."""

    def __init__(self, part: str) -> None:
        self.part = part
        self.reason = (f"comparing would take more than the {WORK:,} tries of a card a "
                       f"comparison allows, because of {part}")
        super().__init__(f"Too complex to decide: {self.reason}.")


@dataclass(frozen=True, slots=True)
class Difference:
    """A row and a card one rule accepts there and the other refuses."""

    row: tuple[Design, ...]
    card: Design
    first_accepts: bool   # the first rule accepts the card (so the second refuses it)


@dataclass(frozen=True, slots=True)
class Verdict:
    difference: Difference | None   # None: the same rule (unless too complex)
    situations: int                 # situations explored (0: none needed, see `_search`)
    classes: int                    # kinds of card the two rules can tell apart
    too_complex: str = ""           # not decided within the budget: what makes it complex
    tries: int = 0                  # cards tried in a situation (the budget's count)
    kept: int = 0                   # situations and windows kept (memory)

    @property
    def same(self) -> bool:
        return self.difference is None and not self.too_complex


def same_rule(first: Rule, second: Rule, *, work: int = WORK) -> Difference | None:
    """None when the two rules accept the same cards everywhere; else a shortest difference.
    `TooComplex` when that cannot be decided within `work` cards tried."""
    verdict = compare(first, second, work=work)
    if verdict.too_complex:
        raise TooComplex(verdict.too_complex)
    return verdict.difference


def compare(first: Rule, second: Rule, *, work: int = WORK) -> Verdict:
    """The two rules explored together until they disagree (see the module's docstring)."""
    found = _search(first, second, work=work)
    return Verdict(found.difference, found.situations, found.classes, found.too_complex,
                   found.tries, found.kept)


@dataclass(frozen=True, slots=True)
class DeadEnd:
    """A row the rule can reach after which no design at all may follow."""

    row: tuple[Design, ...]


def dead_end(rule: Rule, *, work: int = WORK) -> DeadEnd | None:
    """A shortest reachable row after which `rule` accepts no card, or None if it never
    leaves the players without a card to play; `TooComplex` past the budget."""
    found = _search(rule, rule, dead_ends=True, work=work)
    if found.too_complex:
        raise TooComplex(found.too_complex)
    return found.dead_end


@dataclass(frozen=True, slots=True)
class _Found:
    situations: int
    classes: int
    difference: Difference | None = None
    dead_end: DeadEnd | None = None
    too_complex: str = ""
    tries: int = 0
    kept: int = 0


def _search(first: Rule, second: Rule, *, dead_ends: bool = False,
            work: int = WORK) -> _Found:
    read = _attributes_read(first, second, fields=("card", *HISTORY))
    classes = _classes(read)
    alike = first.source == second.source or folded(first) == folded(second)
    if alike and not dead_ends:
        return _Found(0, len(classes))   # written alike: nothing to explore
    cards = [VIEWS[members[0].index] for members in classes]
    depth = max(first.history, second.history)
    # What a card must keep of itself at each place back in the row: whatever is read
    # there or further back (a card moves back one place with each card accepted).
    keeps = [_attributes_read(first, second, fields=HISTORY[place:depth])
             for place in range(depth)]
    entered = [tuple(getattr(members[0], name) for name in keeps[0]) if depth else ()
               for members in classes]
    narrow = [tuple(keeps[place].index(name) for name in keeps[place + 1])
              for place in range(depth - 1)]
    stand_ins: list[dict[tuple[object, ...], ShapeView]] = [{} for _ in range(depth)]
    key = length_key(first, second, depth)
    left = work
    if not dead_ends:   # judged alike everywhere, reachable or not: the same (`pointwise`)
        cards_offered = [VIEWS[members[0].index] for members in
                         _classes(_attributes_read(first, second, fields=("card",)))]
        before = cards_before(lambda field: _classes(_attributes_read(
            first, second, fields=(field,))), depth)
        places = places_to_try(first, second, key)
        count = cases(cards_offered, before, places)
        if count <= work // POINTWISE_SHARE:
            left -= count
            if agree_everywhere(first, second, cards_offered, before, places):
                return _Found(0, len(classes), tries=count)
    a, b = first.test, second.test
    # A window (the row's last cards as read) gets a number when first seen; once explored,
    # the cards it stands for and the number of the window after each class of card.
    numbers: dict[tuple[Values, ...], int] = {(): 0}
    windows: list[tuple[Values, ...]] = [()]
    rows: dict[int, list[ShapeView]] = {}
    after: dict[int, list[int]] = {}

    def number(window: tuple[Values, ...]) -> int:
        found = numbers.get(window)
        if found is None:
            found = numbers[window] = len(windows)
            windows.append(window)
        return found

    # A situation is the number window * LONGEST_ROW + length (the length as seen).
    parent: dict[int, tuple[int, int] | None] = {0: None}
    queue = deque([0])
    def found(difference: Difference | None = None, stuck: DeadEnd | None = None,
              too_complex: str = "") -> _Found:
        return _Found(len(parent), len(classes), difference, stuck, too_complex,
                      tries=work - left, kept=len(parent) + len(windows))

    while queue:
        state = queue.popleft()
        window, length = divmod(state, LONGEST_ROW)
        if left < len(cards) or len(parent) + len(windows) > work // KEPT_SHARE:
            return found(too_complex=_complex_part(first, second))
        left -= len(cards)
        grows = length + 1 < LONGEST_ROW
        following = after.get(window)
        if following is None:
            moved = _moved_back(windows[window], narrow, depth)
            following = after[window] = [number((*moved, values) if depth else ())
                                         for values in entered]
            rows[window] = [_stand_in(stand_ins[place], keeps[place], values)
                            for place, values in zip(range(len(windows[window]) - 1, -1, -1),
                                                     windows[window], strict=True)]
        following_length = key(length + 1) if grows else 0
        situation = Situation(rows[window], cards[0], length + 1)
        open_to_some = False
        for index, card in enumerate(cards):
            situation.card = card
            accepted = bool(a(situation))
            if not alike and accepted != bool(b(situation)):
                return found(difference=_difference(classes, _path(parent, state), index,
                                                    accepted))
            open_to_some = open_to_some or accepted
            if not accepted or not grows:
                continue
            next_state = following[index] * LONGEST_ROW + following_length
            if next_state not in parent:
                parent[next_state] = (state, index)
                queue.append(next_state)
        if dead_ends and not open_to_some and grows:
            row_played = _difference(classes, _path(parent, state), 0, False).row
            return found(stuck=DeadEnd(row_played))
    return found()


def _complex_part(first: Rule, second: Rule) -> str:
    """What the rules read that makes the situations many, in their own terms: what they
    compute from `position`, and what they read of the cards before."""
    rules = (first,) if first.source == second.source else (first, second)
    whose, s = ("the rule", "s") if len(rules) == 1 else ("the rules", "")
    parts = []
    positions = position_parts(*rules)
    if positions:
        parts.append(f"what {whose} compute{s} from the place in the row ("
                     + ", ".join(positions) + ")")
    before = sorted({path for rule in rules for path in rule.parsed.reads
                     if "." in path and path.split(".", 1)[0] in HISTORY})
    if before:
        parts.append(f"what {whose} read{s} of the cards before (" + ", ".join(before) + ")")
    card = _attributes_read(*rules, fields=("card",))
    if (card and not positions) or not parts:
        parts.append(f"what {whose} read{s} of the card offered (card."
                     + ", card.".join(card or ATTRIBUTES) + ")")
    return " and ".join(parts)


def _moved_back(window: tuple[Values, ...], narrow: list[tuple[int, ...]],
                depth: int) -> tuple[Values, ...]:
    """The row's last cards, oldest first, as they stand once another card joins them:
    the oldest dropped when the window is full, each keeping only what is read at its new
    place or further back (the card joining goes after them)."""
    if not depth:
        return ()
    kept = window[len(window) - depth + 1:] if len(window) >= depth else window
    return tuple(tuple(values[i] for i in narrow[len(kept) - 1 - position])
                 for position, values in enumerate(kept))


def _stand_in(known: dict[Values, ShapeView], names: tuple[str, ...],
              values: Values) -> ShapeView:
    """A card with these values of `names` (any: the rules read nothing else of it there)."""
    view = known.get(values)
    if view is None:
        design = next(design for design in DESIGNS
                      if all(getattr(design, name) == value
                             for name, value in zip(names, values, strict=True)))
        view = known[values] = VIEWS[design.index]
    return view


def _attributes_read(*rules: Rule, fields: Sequence[str]) -> tuple[str, ...]:
    """The card attributes the rules read of any of `fields`, in a fixed order."""
    read = {path.split(".", 1)[1] for rule in rules for path in rule.parsed.reads
            if "." in path and path.split(".", 1)[0] in fields}
    return tuple(name for name in ATTRIBUTES if name in read)


@lru_cache(maxsize=32)
def _classes(read: tuple[str, ...]) -> list[list[Design]]:
    """The designs grouped by the attributes read, in the designs' order."""
    groups: dict[tuple[object, ...], list[Design]] = {}
    for design in DESIGNS:
        groups.setdefault(tuple(getattr(design, name) for name in read), []).append(design)
    return list(groups.values())


def _path(parent: dict[int, tuple[int, int] | None], state: int) -> list[int]:
    """The classes played, in order, to reach `state` from the empty row."""
    played: list[int] = []
    step = parent[state]
    while step is not None:
        state, index = step
        played.append(index)
        step = parent[state]
    return played[::-1]


def _difference(classes: list[list[Design]], path: list[int], card: int,
                first_accepts: bool) -> Difference:
    """Real cards for the row and the card: each class's designs in turn, so no design is
    used more often than the game holds it where the class has enough of them."""
    used: dict[int, int] = {}

    def pick(index: int) -> Design:
        members = classes[index]
        for design in members:
            if used.get(design.index, 0) < COPIES:
                used[design.index] = used.get(design.index, 0) + 1
                return design
        return members[0]

    row = tuple(pick(index) for index in path)
    return Difference(row=row, card=pick(card), first_accepts=first_accepts)
