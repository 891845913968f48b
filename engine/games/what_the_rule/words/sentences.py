"""The grammar of whole rules: the sentence shapes a player uses, each read into the
constraints it means (see `meaning`). A rule is one or more clauses joined by commas,
"and", "but" or "then"; a description alone ("black cards") is a whole rule too.

Each clause's value is a tuple of constraints. A build function that returns None refuses
that reading (two colours that overlap cannot take turns, say).
"""

from __future__ import annotations

from typing import Any

from engine.games.what_the_rule.words.combinators import Parser, alt, listed, opt, seq, word
from engine.games.what_the_rule.words.cycles import Cycle
from engine.games.what_the_rule.words.descriptions import (
    attribute,
    back,
    bare_descriptions,
    count_values,
    count_with,
    descriptions,
    headed_descriptions,
    number,
    ordinal,
    shapes_listed,
    with_part,
)
from engine.games.what_the_rule.words.meaning import (
    DOMAINS,
    AllOf,
    AnyOf,
    Compare,
    Cond,
    Const,
    Desc,
    First,
    Has,
    If,
    Not,
    Pair,
    Place,
    Same,
    negated,
)
from engine.games.what_the_rule.words.relations import (
    Descs,
    changes,
    direction,
    has,
    relation_said,
    wrap,
)


def _whole(descs: Descs) -> bool:
    """Every card fits one of them (none listed: any card)."""
    return not descs or any(desc.whole for desc in descs)


def _only(descs: Descs) -> tuple[Cond, ...] | None:
    return None if _whole(descs) else (has(0, descs),)


def _none_of(descs: Descs) -> tuple[Cond, ...] | None:
    return None if _whole(descs) else (Not(has(0, descs)),)


def _says_nothing(cond: Cond) -> bool:
    """A condition every card meets ("be any card"), or none ("be no card")."""
    inner = cond.inner if isinstance(cond, Not) else cond
    if isinstance(inner, Has):
        return inner.desc.whole
    if isinstance(inner, AnyOf):
        return any(_says_nothing(item) for item in inner.items)
    return False


def _when(descs: Descs | None, then: Cond) -> tuple[Cond, ...] | None:
    """`then` for the cards described (every card, when None or empty or all); None when
    `then` says nothing of a card."""
    if _says_nothing(then):
        return None
    if descs is None or _whole(descs):
        return (then,)
    return (If(has(0, descs), then),)



def _disjoint(descs: Descs) -> bool:
    return len(descs) >= 2 and all(a.both(b).empty for i, a in enumerate(descs)
                                   for b in descs[i + 1:])


def _cycle(descs: Descs, run: int = 1) -> tuple[Cond, ...] | None:
    return (Cycle(descs, run),) if _disjoint(descs) else None


def _pairs_of(name: str, run: int = 2) -> tuple[Cond, ...] | None:
    values = DOMAINS[name]
    if len(values) != 2:
        return None
    return (Cycle(tuple(Desc.of(**{name: {value}}) for value in values), run),)


# -- small pieces --------------------------------------------------------------------------------

plays = seq("may|must?", "be?", "played|allowed|fit",
            opt(seq("to", "be?", word("played", "allowed", "play"))), build=lambda _: True)
not_plays = alt(
    seq("may|must|do|be?", "not", "be?", "played|allowed|fit",
        opt(seq("to", "be?", word("played", "allowed", "play"))), build=lambda _: True),
    seq("be", "banned", build=lambda: True),
    seq("may|must", "not", "be", "played|allowed", build=lambda: True),
)
modal = opt(alt("must", "need", seq("must", "only"), seq("may", "only"), "only",
                seq("only", "ever")))
negative = alt(seq("must", "not"), seq("may", "not"), "not", seq("do", "not"),
               seq("must", "be", "not"), seq("be", "not"))
joiner = alt(",", "and", seq(",", "and"), "but", seq(",", "but"), seq(",", "then"), "then",
             seq("and", "then"), seq("after", "that"), seq(",", "after", "that"), "also",
             seq("and", "also"), "while", seq(",", "while"))
subject_card = alt(seq("every|each|all?", "card", "of?", "row?"), seq("its?", "shape"), "next",
                   seq("every|each|all?", "next", "played?", "card"), "it", seq("next", "1"),
                   seq("card", "offered|played"), seq("card", "played", "next"), "its")
# a description as the subject of a clause ("black cards …"); None: any card
subject = alt(seq(headed_descriptions, build=lambda found: found),
              seq(subject_card, build=lambda _: ()))
_link = alt("must", "be", "need", seq("must", "only"), seq("may", "only"), "only",
            seq("must", "be"), "on", seq("be", "on"), seq("must", "be", "on"))

# -- what a single card must be ------------------------------------------------------------------

_shown = alt(
    seq("be?", descriptions, build=lambda found: found),
    seq("show", shapes_listed, build=lambda found: found),
    seq("show", with_part, build=lambda found: found),
    seq("show", descriptions, build=lambda found: found),
    seq("come", "in", count_with, build=lambda found: (found,)),
    seq("come?", count_values, "onacard", build=lambda found: (Desc.of(count=found),)),
    seq("be?", count_with, build=lambda found: (found,)),
    seq("belong|come|be?", "on", descriptions, build=lambda found: found),
)
# "be black", "show circles", "not be filled": (the descriptions, whether it is said negated)
card_is = alt(seq(_shown, build=lambda found: (found, False)),
              seq(negative, _shown, build=lambda _, found: (found, True)))

# -- the clauses ---------------------------------------------------------------------------------

only = alt(
    seq("must|may?", "only", "play?", descriptions, opt(plays),
        build=lambda descs, _: _only(descs)),
    seq(descriptions, "only", opt(plays), build=lambda descs, _: _only(descs)),
    seq("play", "only", descriptions, build=_only),
    seq("must", "be", descriptions, build=_only),
    seq(descriptions, "be", "only", "card", "allowed|played", build=_only),
)
forbid = alt(
    seq("no", descriptions, opt(plays), build=lambda descs, _: _none_of(descs)),
    seq("not", descriptions, build=_none_of),
    seq("nothing", descriptions, build=_none_of),
    seq(descriptions, not_plays, build=lambda descs, _: _none_of(descs)),
    seq("anythingbut", descriptions, build=_none_of),
    seq(alt(seq("all|any|every", "card"), "everything", "anything"), plays, ",?", "except",
        descriptions, build=lambda _, __, descs: _none_of(descs)),
    seq("avoid|ban", descriptions, build=_none_of),
    seq("no", descriptions, "except", descriptions,
        build=lambda descs, but: _when(descs, has(0, but))),
    seq("no", descriptions, "on", descriptions,
        build=lambda descs, where: _when(where, Not(has(0, descs)))),
    seq("no", descriptions, "unless", "it?", "be?", descriptions,
        build=lambda descs, but: _when(descs, has(0, but))),
)


def _card_must(found: Descs | None, said: tuple[Descs, bool]) -> tuple[Cond, ...] | None:
    descs, negated_ = said
    then = has(0, descs)
    return _when(found, Not(then) if negated_ else then)


def _vacuous(*_: object) -> tuple[Cond, ...]:
    return (Const(True),)


anything = alt("anything", "anyfill", seq("any", attribute), seq("any", "shape"),
               seq("either", attribute), seq("filled", "or", "unfilled"),
               seq("black", "or", "white"), seq("any", "number", "of?", "shape?"))
card_clause = alt(
    # "triangles must be filled", "black cards may only show circles", "every card is black"
    seq(subject, modal, card_is, build=lambda found, _, said: _card_must(found, said)),
    seq(bare_descriptions, _link, card_is, build=lambda found, _, said: _card_must(found, said)),
    # "white cards fewer" (than the card before, as said before it)
    seq(headed_descriptions, direction,
        build=lambda found, up: _when(found, Compare(">" if up else "<", 1))),
    seq(bare_descriptions, "on", descriptions,
        build=lambda found, where: _card_must(found, (where, False))),
    # "on white cards the shapes are filled"
    seq("on", descriptions, ",?", opt(subject_card), modal, card_is,
        build=lambda found, _, __, said: _card_must(found, said)),
    # "triangles only on black cards", "black cards only with circles"
    seq(descriptions, "only", "on|with|in", descriptions,
        build=lambda found, where: _when(found, has(0, where))),
    seq(descriptions, "on|with|in", descriptions, "only",
        build=lambda found, where: _when(found, has(0, where))),
    # "only black cards may have triangles", "only triangles on black cards"
    seq("only", descriptions, "may|must", "show|with|be?", descriptions,
        build=lambda where, found: _when(found, has(0, where))),
    seq("only", descriptions, "on", descriptions,
        build=lambda found, where: _when(where, has(0, found))),
    # "a filled card has more shapes than the card before", "each card has the same colour"
    seq(subject, relation_said, build=lambda found, rel: _when(found, rel)),
    seq(subject, negative, relation_said, build=lambda found, _, rel: _when(found,
                                                                              negated(rel))),
    seq(relation_said, build=lambda rel: (rel,)),
    seq(changes, build=lambda rel: (rel,)),
    # "white cards may show anything"
    seq(alt(descriptions, "others", seq("all", "others")), "may?", "be|show|come?", "in?",
        anything, build=_vacuous),
)


def _desc_of(found: Descs) -> Desc | None:
    return found[0] if len(found) == 1 else None


turns = alt(
    # "alternate black and white", "filled and unfilled take turns"
    seq("must?", "alternate", "between?", descriptions, build=lambda descs: _cycle(descs)),
    seq(descriptions, "must?", "alternate", build=lambda descs: _cycle(descs)),
    seq("change", "between", descriptions, build=lambda descs: _cycle(descs)),
    # "circle then triangle then square", "two blacks then two whites"
    seq(listed(descriptions, alt("then", seq(",", "then")), least=2), opt(wrap),
        build=lambda found, _: _chain(found, False)),
    seq(listed(descriptions, ",", least=3), opt(wrap), build=lambda found, _: _chain(found,
                                                                                       True)),
    # "the shapes go round in order: circle, triangle, square"
    seq("its?", attribute, "must?", "wrap|come", "in?", "order?", ",?",
        listed(descriptions, alt(",", "then", seq(",", "then"), "and", seq(",", "and")), least=2),
        build=lambda _, found: _chain(found, False)),
    seq(listed(seq(number, descriptions), alt("then", seq(",", "then"), ","), least=2),
        opt(wrap), build=lambda found, _: _runs(found)),
    seq(listed(seq(number, descriptions), alt("and", seq(",", "and")), least=2), "must?",
        "be?", "played?", "alternate", build=lambda found: _runs(found)),
    seq("its?", attribute, "come?", "in", "pairs", build=_pairs_of),
    seq("pairs", "of", attribute, build=_pairs_of),
    seq("2", "of", "each", attribute, "alternate?", build=_pairs_of),
)


def _periodic(descs: tuple[Desc, ...]) -> tuple[Desc, ...] | None:
    """The descriptions going round, when the list repeats them in order ("black, white,
    black" goes round black and white)."""
    for size in range(1, len(descs) + 1):
        if all(descs[index] == descs[index % size] for index in range(len(descs))):
            return descs[:size]
    return None


def _chain(found: tuple[Descs, ...], repeated: bool) -> tuple[Cond, ...] | None:
    descs = tuple(_desc_of(item) for item in found)
    kept = tuple(desc for desc in descs if desc is not None)
    if len(kept) != len(descs):
        return None
    cycle = _periodic(kept)
    if cycle is None or (repeated and len(cycle) == len(kept)):
        return None
    return _cycle(cycle)


def _runs(found: tuple[tuple[int, Descs], ...]) -> tuple[Cond, ...] | None:
    runs = {size for size, _ in found}
    descs = tuple(_desc_of(item) for _, item in found)
    kept = tuple(desc for desc in descs if desc is not None)
    cycle = _periodic(kept)
    if len(runs) != 1 or len(kept) != len(descs) or cycle is None:
        return None
    return _cycle(cycle, runs.pop())


follows = alt(
    # "after a circle comes a triangle", "after black, white"
    seq("after", descriptions, ",?", "must?", "come?", "only?", descriptions,
        build=lambda before, now: (If(has(1, before), has(0, now)),)),
    seq("after", descriptions, ",?", "no", descriptions,
        build=lambda before, now: (Not(AllOf((has(1, before), has(0, now)))),)),
    # "a circle must be followed by a triangle"
    seq(descriptions, "must?", "be", "then", "by?", descriptions,
        build=lambda before, now: (If(has(1, before), has(0, now)),)),
    # "a triangle must follow a circle", "odd after odd"
    seq(descriptions, "must?", "follow", descriptions,
        build=lambda now, before: (If(has(1, before), has(0, now)),)),
    seq(descriptions, "must?", "come?", "after", descriptions,
        build=lambda now, before: (If(has(1, before), has(0, now)),)),
    seq("only", descriptions, "after|follow", descriptions,
        build=lambda now, before: (If(has(1, before), has(0, now)),)),
    # "a black card may only follow a white card"
    seq(descriptions, "may|must?", "only", "follow|after", descriptions,
        build=lambda now, before: _when(now, has(1, before))),
    seq(descriptions, "may|must?", "only", "come", "after", descriptions,
        build=lambda now, before: _when(now, has(1, before))),
    # "a black card may never follow a black card", "no circle after a square"
    seq(descriptions, negative, "follow|after", descriptions,
        build=lambda now, _, before: (Not(AllOf((has(0, now), has(1, before)))),)),
    seq(descriptions, negative, "come", "after", descriptions,
        build=lambda now, _, before: (Not(AllOf((has(0, now), has(1, before)))),)),
    seq("no", descriptions, "after", descriptions,
        build=lambda now, before: (Not(AllOf((has(0, now), has(1, before)))),)),
)


def _in_a_row(size: int, descs: Descs | None) -> tuple[Cond, ...] | None:
    if not 2 <= size <= 4:
        return None
    items = tuple(has(at, descs) if descs else Const(True) for at in range(size))
    return (Not(AllOf(items)),) if descs else None


def _same_in_a_row(size: int, name: str) -> tuple[Cond, ...] | None:
    if size == 2:
        return (Same(name, False, 0, 1),)
    if size == 3:
        return (Not(AllOf((Same(name, True, 0, 1), Same(name, True, 1, 2)))),)
    return None


rows = alt(
    # "no two whites in a row", "never three black cards side by side"
    seq("no|not", "card?", number, descriptions, "inarow|after",
        build=lambda size, descs: _in_a_row(size, descs)),
    seq(number, descriptions, "may|must?", "not", "be?", "inarow",
        build=lambda size, descs: _in_a_row(size, descs)),
    seq("no|not", "more", "than", number, descriptions, "inarow",
        build=lambda size, descs: _in_a_row(size + 1, descs)),
    seq("no|not", number, "card", "of|with", "same", attribute, "inarow",
        build=_same_in_a_row),
    seq("no|not", number, "same", attribute, "inarow", build=_same_in_a_row),
    seq("no|not", number, "of", "same?", attribute, "inarow", build=_same_in_a_row),
    seq("no|not", number, "card", "inarow", "of|with", "same", attribute,
        build=_same_in_a_row),
    seq("not", "same", attribute, "twice", "inarow?", build=lambda name: _same_in_a_row(2,
                                                                                         name)),
)


def _must_be(said: tuple[Descs, bool]) -> Cond | None:
    """What a card must be, as said ("be black", "not be filled"); None: nothing."""
    descs, negated_ = said
    then = has(0, descs)
    return None if _says_nothing(then) else (Not(then) if negated_ else then)


def _place(size: int, said: tuple[Descs, bool], rest: Any) -> tuple[Cond, ...] | None:
    every = Place(size, frozenset({0}))
    then = _must_be(said)
    other = None if rest is None else _must_be(rest)
    if then is None or (rest is not None and other is None):
        return None
    return (If(every, then),) if other is None else (If(every, then), If(negated(every),
                                                                          other))


def _first_card(said: tuple[Descs, bool]) -> tuple[Cond, ...] | None:
    then = _must_be(said)
    return None if then is None else (If(First(), then),)


_others = seq(alt(",", "and", seq(",", "and"), seq(",", "but"), "but"), "all?",
              alt("others", seq("other", "card"), seq("every", "other", "card")), modal,
              card_is, build=lambda _, __, ___, said: said)
places = alt(
    # "every third card is black (and the others white)"
    seq("every", ordinal, "card", "of?", "row?", modal, card_is, opt(_others),
        build=lambda size, _, said, rest: _place(size, said, rest)),
    # "the first card is a triangle", "start with a triangle"
    seq("first", "card", "of?", "row?", modal, card_is,
        build=lambda _, said: _first_card(said)),
    seq("row?", "must?", "start", "with", descriptions,
        build=lambda descs: (If(First(), has(0, descs)),)),
)

# conditions on the card and the one before, for "if … then …", "either … or …"
_about = alt(
    seq(changes, build=lambda rel: rel),
    seq(subject, "be|show?", card_is, build=lambda found, said: _condition(found, said, 0)),
    seq(back, "be|show?", card_is, build=lambda _, said: _condition(None, said, 1)),
    seq(subject, relation_said, build=lambda found, rel: _first(_when(found, rel))),
    seq(relation_said, build=lambda rel: rel),
    seq(direction, build=lambda up: Compare(">" if up else "<", 1)),
    seq("be?", card_is, build=lambda said: _condition(None, said, 0)),
)


def _first(found: tuple[Cond, ...] | None) -> Cond | None:
    return None if found is None else found[0]


def _if(when: Cond, then: Cond) -> tuple[Cond, ...] | None:
    if _says_nothing(then) or _says_nothing(when) or when == then:
        return None
    return (If(when, then),)


def _condition(found: Descs | None, said: tuple[Descs, bool], at: int) -> Cond:
    descs, negated_ = said
    then = has(at, descs)
    cond = negated(then) if negated_ else then
    if found is not None and not _whole(found):
        return AllOf((has(at, found), cond))
    return cond


_conditions = alt(
    seq("if", _about, ",?", "then?", _about, build=lambda when, then: _if(when, then)),
    seq(_about, "if", _about, build=lambda then, when: _if(when, then)),
    seq(_about, "means", _about, build=lambda when, then: _if(when, then)),
    seq(_about, "iff", _about, build=lambda a, b: (Pair(a, b, True),)),
    seq(_about, "if|when", _about, ",?", "and?", "onlythen",
        build=lambda a, b: (Pair(a, b, True),)),
    seq("either", _about, ",?", "or", _about, ",?", "but?", "notboth", opt(
        seq(",?", "and?", "notneither")), build=lambda a, b, _: (Pair(a, b, False),)),
    seq(_about, ",?", "or", _about, ",?", "but?", "notboth", opt(
        seq(",?", "and?", "notneither")), build=lambda a, b, _: (Pair(a, b, False),)),
    seq("either?", "its?", attribute, "or", "its?", attribute, "must?", "change", ",?", "but?",
        "notboth",
        build=lambda a, b: (Pair(Same(a, False), Same(b, False), False),)),
    seq("exactly", "1", "of", attribute, "and|or", attribute, "must?", "change",
        build=lambda a, b: (Pair(Same(a, False), Same(b, False), False),)),
)

clause = alt(only, forbid, card_clause, turns, follows, rows, places, _conditions)
# "no circles unless they are black", "only black cards, unless filled"
_unless = seq(clause, ",?", "unless", "it?", "be|show?", card_is,
              build=lambda found, said: _or_else(found, said))


def _or_else(found: tuple[Cond, ...], said: tuple[Descs, bool]) -> tuple[Cond, ...] | None:
    if len(found) != 1:
        return None
    descs, negated_ = said
    other = has(0, descs)
    return (AnyOf((found[0], negated(other) if negated_ else other)),)


RULE: Parser = alt(
    seq(listed(alt(clause, _unless), joiner), build=lambda found: sum(found, ())),
    seq(descriptions, build=_only),   # a description alone: those cards only
)
