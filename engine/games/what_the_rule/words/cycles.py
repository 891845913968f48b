"""Rules that go round: cards of some kinds taking turns, in runs of one or more ("black
and white take turns", "circle then triangle then square", "two blacks then two whites")."""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.what_the_rule.words.meaning import (
    DOMAINS,
    AllOf,
    AnyOf,
    Cond,
    Desc,
    First,
    Has,
    Place,
    Same,
    negated,
)


@dataclass(frozen=True, slots=True)
class Cycle(Cond):
    """The row goes round the descriptions in order, `run` cards of each: a card starts the
    next description's run, or carries on the run of the card before. Any of them may start
    the row (clarification plain-words-turns)."""

    descs: tuple[Desc, ...]
    run: int = 1

    def machine(self) -> tuple[str, int]:
        return self.meaning().machine()

    def meaning(self) -> Cond:
        count = len(self.descs)
        flip = _flipped(self.descs)
        if flip is not None and self.run == 1:
            return AnyOf((First(), Same(flip, False)))
        if flip is not None:
            starts = Place(self.run, frozenset({1 % self.run}))
            return AnyOf((First(), AllOf((starts, Same(flip, False))),
                          AllOf((negated(starts), Same(flip, True)))))
        moves = [AllOf((Has(1, self.descs[index]), Has(0, self.descs[(index + 1) % count])))
                 for index in range(count)]
        moving: Cond = AnyOf(tuple(moves))
        if self.run > 1:
            stays = AnyOf(tuple(AllOf((Has(1, desc), Has(0, desc))) for desc in self.descs))
            starts = Place(self.run, frozenset({1 % self.run}))
            moving = AnyOf((AllOf((starts, moving)), AllOf((negated(starts), stays))))
        guarded = AnyOf((First(), moving))
        if covers_all(self.descs):
            return guarded
        return AllOf((AnyOf(tuple(Has(0, desc) for desc in self.descs)), guarded))

    @property
    def depth(self) -> int:
        return 1

    @property
    def says_first(self) -> bool:
        return True


def _flipped(descs: tuple[Desc, ...]) -> str | None:
    """The attribute, when the descriptions are its two values one each."""
    singles = [desc.single() for desc in descs]
    if len(descs) != 2 or None in singles:
        return None
    names = {single[0] for single in singles if single}
    values = [single[1] for single in singles if single]
    name = names.pop()
    if names or len(DOMAINS[name]) != 2 or any(len(found) != 1 for found in values):
        return None
    return name if values[0] != values[1] else None


def covers_all(descs: tuple[Desc, ...]) -> bool:
    """Every card fits one of the descriptions (each limits the same one attribute)."""
    singles = [desc.single() for desc in descs]
    if any(single is None for single in singles):
        return all(desc.whole for desc in descs) and bool(descs)
    names = {single[0] for single in singles if single is not None}
    covered: set[object] = set().union(*(single[1] for single in singles if single))
    return len(names) == 1 and set(DOMAINS[names.pop()]) <= covered
