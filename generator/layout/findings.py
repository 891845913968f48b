"""What the layout checks find on drawn card sides, gathered into issues.

One problem of one element often shows on many cards (a label that reaches past the safe zone
does so on every card): such findings become one issue naming every card, at the element's
place in the layout file, told with the worst case found.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from generator.issues import Issue, make_issue

from .look import Origin, Placed

SHOWN_CARDS = 4  # cards named in a message; the rest are counted


@dataclass(frozen=True, slots=True)
class Who:
    """The cards a drawn side stands for: ids of fronts drawn alike, or the back of a section."""

    cards: tuple[str, ...]
    back_of: str = ""  # a back: the section whose back it is

    def ids(self) -> tuple[str, ...]:
        return (f"{self.back_of} back",) if self.back_of else self.cards


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem of one element on one drawn side.

    `problem` is told after the element and the cards ("the text does not fit …"). Findings
    of the same code, element and `group` make one issue; the one of the largest `weight`
    tells it.
    """

    code: str
    element: Placed
    template: str
    problem: str
    data: dict[str, float | int | str] = field(default_factory=dict)
    group: Hashable = ()
    weight: float = 0.0


def cards_phrase(whos: Sequence[Who]) -> str:
    """'the card "seven"', 'the cards "seven", "jack" and 3 more', 'the back of the triggers'."""
    backs = [who.back_of for who in whos if who.back_of]
    fronts = [card for who in whos for card in who.cards if not who.back_of]
    parts = []
    if fronts:
        shown = ", ".join(f'"{card}"' for card in fronts[:SHOWN_CARDS])
        more = len(fronts) - SHOWN_CARDS
        noun = "the card" if len(fronts) == 1 else "the cards"
        parts.append(f"{noun} {shown}" + (f" and {more} more" if more > 0 else ""))
    if backs:
        noun = "the back" if len(backs) == 1 else "the backs"
        parts.append(f"{noun} of the {' and the '.join(backs)}")
    return " and ".join(parts)


class Findings:
    """Findings gathered by element, made issues at the end."""

    def __init__(self) -> None:
        self._found: dict[tuple[str, Origin, str, Hashable], tuple[Finding, list[Who]]] = {}

    def add(self, finding: Finding, who: Who) -> None:
        key = (finding.code, finding.element.origin, finding.element.name, finding.group)
        known = self._found.get(key)
        if known is None:
            self._found[key] = (finding, [who])
            return
        worst, whos = known
        if who not in whos:
            whos.append(who)
        if finding.weight > worst.weight:
            self._found[key] = (finding, whos)

    def issues(self) -> list[Issue]:
        made = []
        for finding, whos in self._found.values():
            element = finding.element
            cards = ", ".join(card for who in whos for card in who.ids())
            made.append(make_issue(
                finding.code, f'The element "{element.name}" of the template '
                f'"{finding.template}", on {cards_phrase(whos)}: {finding.problem}',
                *element.origin, data={"cards": cards, "element": element.name,
                                       **finding.data}))
        return made


__all__ = ["Finding", "Findings", "Who", "cards_phrase"]
