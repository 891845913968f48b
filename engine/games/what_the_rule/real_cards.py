"""What the Rule?! at a real table: the players hold real cards and type in what they do.

The referee never sees the hands or the draw pile: each card there is `UNSEEN`, so every
count works as with a dealt deck (ten cards each as the round begins, a card drawn after a
card that does not fit, a revealed hand's cards under the draw pile and one fewer drawn,
the pile running out). It knows every card typed: the row, the cards below it, a revealed
hand (under the pile, in the order typed), and cards drawn back from there. A typed card
must be one the referee knows in that hand, or stand in for one it has not seen; no more
copies of a design can be in sight than the game has (two).

Modes (the setup's `mode`): "table" — each round's master gives the engine a rule to judge
or judges the cards themselves; "score" — every master judges, the referee keeps the score.
When the engine judges a revealed hand at a real table, the whole hand is typed, and of the
cards that fit it places the first one typed (it cannot know which was held longest).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence

from engine.errors import CardError, IllegalActionError
from engine.games.what_the_rule.shapes import COPIES, Design, parse_design

REAL_MODES = ("table", "score")


class _Unseen(Design):
    """A card the referee has not seen (its code is "?")."""

    __slots__ = ()

    @property
    def code(self) -> str:
        return "?"

    @property
    def name(self) -> str:
        return "a card nobody has typed"

    def __repr__(self) -> str:
        return "UNSEEN"


UNSEEN: Design = _Unseen(shape="?", count=0, fill="?", colour="?", index=-1)


def in_sight(places: Sequence[Sequence[Design]], design: Design) -> int:
    """Copies of `design` the referee knows where they are, in `places` (the row, the cards
    below it, the hands, the draw pile)."""
    return sum(place.count(design) for place in places)


def verify_holds(hand: Sequence[Design], places: Sequence[Sequence[Design]],
                 designs: Sequence[Design], name: str) -> None:
    """`designs`, typed as cards of `name`'s hand, can be there: each is known in the hand or
    stands in for a card of it nobody has typed, and no design is seen more often than the
    game has it."""
    known = list(hand)
    needed: list[Design] = []
    for design in designs:
        if design in known:
            known.remove(design)
        else:
            needed.append(design)
    unseen = known.count(UNSEEN)
    if len(needed) > unseen:
        design = needed[0]
        if not unseen:
            raise IllegalActionError(f"{name} cannot have {design.name} ({design.code}): the "
                                     "referee knows every card in their hand.")
        raise IllegalActionError(f"{name} holds {len(hand)} cards, of which the referee has "
                                 f"seen {len(hand) - unseen}: only {unseen} can be cards it "
                                 f"has not seen, not {len(needed)}.")
    for design in dict.fromkeys(needed):
        if in_sight(places, design) + needed.count(design) > COPIES:
            raise IllegalActionError(
                f"Both {design.name[2:].replace('card', 'cards', 1)} ({design.code}) are "
                "already on the table or known in a hand: check the card and type it again.")


def take_in(hand: list[Design], designs: Sequence[Design]) -> None:
    """The typed `designs` turn out to be in `hand`: each one not known there takes the
    place of a card nobody had typed."""
    known = list(hand)
    for design in designs:
        if design in known:
            known.remove(design)
        else:
            hand[hand.index(UNSEEN)] = design


def read_hand(cards: Sequence[str]) -> list[Design]:
    """Typed cards (codes or words), each read as a design."""
    try:
        return [parse_design(card) for card in cards]
    except CardError as error:
        raise IllegalActionError(str(error)) from None


def recount(cards: MutableSequence[Design], count: int, *, top_first: bool) -> None:
    """Make `cards` (a hand, or the draw pile top first) hold `count` cards, as the table
    counted them: cards nobody has typed are added (on top of the pile, at the end of a
    hand), or taken away before any card the referee knows, the top ones first."""
    while len(cards) < count:
        if top_first:
            cards.insert(0, UNSEEN)
        else:
            cards.append(UNSEEN)
    while len(cards) > count:
        order = range(len(cards)) if top_first else range(len(cards) - 1, -1, -1)
        del cards[next((spot for spot in order if cards[spot] is UNSEEN), order[0])]
