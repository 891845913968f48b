"""The grammar of card descriptions: "black ones", "filled triangles", "cards with 5 or 6
shapes", "an even number", "circles or squares", "the card before" (the words come from
`lexicon`, so "blacks", "dark cards" and "black ones" are the same words here).

A description's value is a `Desc`; a list of them joined by "or"/"and" is a tuple of
`Desc` (the cards fitting any one of them). References to the row are 1 (the card
before), 2 (the one before that) or "both" (the last two).
"""

from __future__ import annotations

from typing import Any

from engine.games.what_the_rule.words.combinators import (
    Later,
    Parser,
    alt,
    listed,
    opt,
    seq,
    token,
    word,
)
from engine.games.what_the_rule.words.meaning import ATTRIBUTES, Desc

COLOURS = ("black", "white")
FILLS = ("filled", "unfilled")
SHAPES = ("circle", "triangle", "square")
ORDINAL_NUMBERS = {"2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "other": 2}


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() and len(text) <= 3 else None


def _count_noun(text: str) -> int | None:
    return int(text[1:]) if text.startswith("#") and text[1:].isdigit() else None


def _both(*descs: Desc) -> Desc | None:
    found = Desc()
    for desc in descs:
        found = found.both(desc)
    return found


def _counts(values: Any) -> Desc:
    return Desc.of(count=values)


number = token(_number)
numbers = listed(number, alt(",", "or", "and", seq(",", "or"), seq(",", "and")))
ordinal = token(ORDINAL_NUMBERS.get)

# -- how many shapes -----------------------------------------------------------------------------

_span = alt(
    seq("between", number, "and", number, build=lambda low, high: range(low, high + 1)),
    seq("from", number, "to", number, build=lambda low, high: range(low, high + 1)),
    seq(number, "to", number, build=lambda low, high: range(low, high + 1)),
    seq("atleast", number, build=lambda low: range(low, 7)),
    seq(number, "ormore", build=lambda low: range(low, 7)),
    seq("atmost|upto", number, build=lambda high: range(1, high + 1)),
    seq(number, "orfewer", build=lambda high: range(1, high + 1)),
    seq("more|over", "than?", number, build=lambda low: range(low + 1, 7)),
    seq("fewer|under", "than?", number, build=lambda high: range(1, high)),
    seq("multiple", "of", number, build=lambda step: range(step, 7, step)),
    seq("divisible", "by", number, build=lambda step: range(step, 7, step)),
)
parity = alt(seq("odd", build=lambda: (1, 3, 5)), seq("even", build=lambda: (2, 4, 6)))
# a set of counts said with numbers: "5 or 6", "between 1 and 3", "at least 4"
count_values = alt(seq(numbers, build=lambda found: tuple(found)), _span)
_count_joined = alt(",", "or", "and", seq(",", "or"), seq(",", "and"))
count_nouns = listed(alt(token(_count_noun), seq("ones", build=lambda: 1)), _count_joined)
# after an adjective "ones" are cards ("black ones"), not cards with one shape
count_nouns_after = listed(token(_count_noun), _count_joined)
single = alt(seq("only?", "single"), seq("only?", "single", "shape"), seq("1", "single"),
             seq("only?", "1", "shape", "alone?"), seq("shape?", "alone"))

# how many shapes, said on its own: "5 or 6 shapes", "an even number of shapes", "odd
# numbers", "the numbers 1 or 2", "fives and sixes", "a single shape"
_count_parts = (
    seq(count_values, "shape", build=_counts),
    seq("only", count_values, "shape", build=_counts),
    seq(parity, "number", "shape?", build=_counts),
    seq("number", "of?", count_values, build=_counts),
    seq("number", count_values, "shape?", build=_counts),
    seq(count_values, "number", build=_counts),
    seq(single, build=lambda _: Desc.of(count={1})),
)
count_said = alt(*_count_parts, seq(count_nouns, build=_counts))
count_said_after = alt(*_count_parts, seq(count_nouns_after, build=_counts))
# ... and after "with": "with 5 or 6", "with odd numbers"
count_with = alt(count_said, seq("only?", count_values, build=_counts),
                 seq(parity, build=_counts))

# -- what a card shows ---------------------------------------------------------------------------

colour = seq(word(*COLOURS), build=lambda value: Desc.of(colour={value}))
fill = seq(word(*FILLS), build=lambda value: Desc.of(fill={value}))
shape = alt(seq(word(*SHAPES), build=lambda value: Desc.of(shape={value})),
            seq("round", build=lambda: Desc.of(shape={"circle"})))
# an adjective of a card: "black", "filled", "odd" (an odd number of shapes)
adjective = alt(colour, fill, seq(parity, build=_counts))
not_adjective = seq("not", word(*COLOURS, *FILLS),
                    build=lambda value: Desc.of(**{("colour" if value in COLOURS else "fill"):
                                                   _other(value)}))


def _other(value: str) -> set[str]:
    for pair in (COLOURS, FILLS):
        if value in pair:
            return {item for item in pair if item != value}
    return set()


adjectives = listed(alt(adjective, not_adjective), opt("and"))
# the shapes on a card: "filled triangles", "3 circles", "5 or 6 shapes"
shapes_shown = alt(
    seq(opt(count_values), opt(listed(fill, opt("and"))), shape,
        build=lambda counts, fills, found: _both(found, *(fills or ()),
                                                 *(() if counts is None else
                                                   (_counts(counts),)))),
    seq(fill, "shape", build=lambda found: found),
    count_with,
)
shapes_listed = alt(
    seq(shapes_shown, build=lambda found: (found,)),
    # "with circles or triangles", "with even and odd numbers"
    seq(shapes_shown, "or|and", shapes_shown, build=lambda a, b: (a, b)),
    seq(parity, "and|or", parity, "number", "shape?",
        build=lambda a, b: (_counts(a), _counts(b))),
    seq(count_values, "and|or", count_values, "shape",
        build=lambda a, b: (_counts(a), _counts(b))),
)
with_part = seq(alt("with", seq("that", "show")), shapes_listed,
                build=lambda _, found: found)

# -- a description of cards ----------------------------------------------------------------------

card_noun = word("card", "ones", "those")
headed = alt(
    # [adjectives] card [with …]: "black cards", "black ones", "cards with circles"
    seq(opt(adjectives, ()), "card", opt(with_part),
        build=lambda adj, shown: _many(adj, shown)),
    seq(adjectives, "ones|those|1", opt(with_part), build=lambda adj, shown: _many(adj, shown)),
    seq("ones|those", with_part, build=lambda shown: _many((), shown)),
    # "filled shapes": the shapes of a card are all filled or all not
    seq(opt(count_values), fill, "shape",
        build=lambda counts, found: (found if counts is None else
                                     found.both(_counts(counts)),)),
    # [count] [adjectives] shape-noun: "circles", "black filled triangles", "3 black squares"
    seq(opt(count_values), opt(adjectives, ()), shape, opt(word("card", "ones")), opt(with_part),
        build=lambda counts, adj, found, _, shown: _many(
            (*adj, found, *(() if counts is None else (_counts(counts),))), shown)),
    # counts alone: "5 or 6 shapes", "fives", "an even number of shapes", "black fives"
    seq(alt(*_count_parts[:-1]), build=lambda found: Counts((found,))),
    seq(single, build=lambda _: (Desc.of(count={1}),)),
    seq(count_nouns, build=lambda found: (_counts(found),)),
    seq(parity, "number", "of", shape, build=lambda counts, found: (found.both(_counts(counts)),)),
    seq(adjectives, count_said_after, build=lambda adj, found: (_both(*adj, found),)),
    seq("card", "that", "be", adjectives, build=lambda adj: (_both(*adj),)),
)


class Counts(tuple[Desc, ...]):
    """A description said by its count alone ("6 shapes"): in a list only with others
    like it, so "black cards with 5 or 6 shapes" is never "black cards with 5, or 6 shapes"."""


def _listed(found: tuple[tuple[Desc, ...], ...]) -> tuple[Desc, ...] | None:
    if len(found) > 1 and any(isinstance(item, Counts) for item in found) and not all(
            isinstance(item, Counts) for item in found):
        return None
    return _distinct(sum(found, ()))


def _many(adjectives: tuple[Desc, ...], shown: tuple[Desc, ...] | None) -> tuple[Desc, ...]:
    base = _both(*adjectives) or Desc()
    return tuple(base.both(item) for item in shown) if shown else (base,)


# adjectives alone: "black", "filled black"; counts alone, two or more: "2, 3 or 5"
bare = alt(seq(adjectives, build=lambda adj: (_both(*adj),)),
           seq(count_values, build=lambda found: (_counts(found),) if len(found) > 1 else None))
# adjectives shared by one noun: "black and white cards", "filled or unfilled circles"
shared = alt(
    seq(adjective, "and|or", adjective, card_noun,
        build=lambda a, b, _: (a, b)),
    seq(adjective, "and|or", adjective, shape, build=lambda a, b, found: (a.both(found),
                                                                          b.both(found))),
    seq(shape, "and|or", shape, card_noun, build=lambda a, b, _: (a, b)),
    seq(parity, "and|or", parity, "number", build=lambda a, b: (_counts(a), _counts(b))),
)
_joined = alt(",", "or", "and", seq(",", "or"), seq(",", "and"))
# descriptions joined: "circles or triangles", "black cards and filled ones"; adjectives
# alone only when all are ("black or white", never "black or white cards")
headed_descriptions = seq(listed(headed, _joined), build=_listed)
bare_descriptions = seq(listed(bare, _joined), build=lambda found: _distinct(sum(found, ())))
descriptions = Later()
descriptions.define(alt(
    seq(listed(headed, _joined), build=_listed),
    seq(listed(bare, _joined), build=lambda found: _distinct(sum(found, ()))),
    shared,
))


def _distinct(found: tuple[Desc, ...]) -> tuple[Desc, ...] | None:
    """Descriptions listed, none twice ("black or white", never "black or black")."""
    return found if len(set(found)) == len(found) else None
# one description (no "or" in it)
description = alt(seq(headed, build=lambda found: found if len(found) == 1 else None),
                  seq(bare, build=lambda found: found))
headed_one = seq(headed, build=lambda found: found[0] if len(found) == 1 else None)

# -- what is read of a card ----------------------------------------------------------------------

ATTRIBUTE_WORDS = {"colour": "colour", "fill": "fill", "shape": "shape", "number": "count"}
attribute = seq(word(*ATTRIBUTE_WORDS), build=lambda found: ATTRIBUTE_WORDS[found])
attributes = seq(listed(attribute, alt(",", "and", seq(",", "and"))),
                 build=lambda found: tuple(dict.fromkeys(found)))
attribute_choice = seq(listed(attribute, alt(",", "or", seq(",", "or"))),
                       build=lambda found: tuple(dict.fromkeys(found)))
# the row: the card before (1), the one before that (2), the last two (both)
back = alt(seq("prev", build=lambda: 1), seq("before", build=lambda: 1),
           seq("prev2", build=lambda: 2))
back_or_both = alt(back, seq("prevboth", build=lambda: "both"),
                   seq("either", "of?", "prevboth", build=lambda: "both"),
                   seq("prev", "and|or|nor", "prev2", build=lambda: "both"),
                   seq("prev", "and|or|nor", "of?", "prev2", build=lambda: "both"),
                   seq("prev", ",?", "nor", "of?", "prev2", build=lambda: "both"))
# "each time", "every card", "from card to card"
each_time = alt("eachtime", seq("every|each", "card"), seq("every|each", "1"),
                seq("every|each", "time"), "allalong", "throughout", seq("whole", "row"),
                "wholerow", seq("in", "row"), "inarow", seq("all", "time"))

__all__ = ["ATTRIBUTES", "Parser"]
