"""The grammar of what a card has against the cards before it: "the same colour as the
card before", "a different shape each time", "one more shape each time, and start over",
"as many shapes as the card two back", "nothing in common with the card before"; and an
attribute that changes or stays ("the colour changes every card", "keep the fill").

A relation's value is a condition on the card offered (see `meaning`); the card it is
compared with is the card before unless the words name another.
"""

from __future__ import annotations

from typing import Any

from engine.games.what_the_rule.words.combinators import alt, opt, seq, word
from engine.games.what_the_rule.words.descriptions import (
    attribute_choice,
    attributes,
    back,
    back_or_both,
    descriptions,
    each_time,
    number,
)
from engine.games.what_the_rule.words.meaning import (
    AllOf,
    AnyOf,
    Compare,
    Cond,
    Desc,
    Has,
    Same,
    Step,
    Total,
)

Descs = tuple[Desc, ...]


def has(at: int, descs: Descs) -> Cond:
    items = tuple(Has(at, desc) for desc in descs)
    return items[0] if len(items) == 1 else AnyOf(items)


def _backs(where: Any) -> tuple[int, ...]:
    return (1, 2) if where == "both" else (where or 1,)


def same(names: tuple[str, ...], alike: bool, where: Any = None) -> Cond:
    items = tuple(Same(name, alike, 0, at) for name in names for at in _backs(where))
    return items[0] if len(items) == 1 else AllOf(items)


def same_any(names: tuple[str, ...], where: Any = None) -> Cond:
    items = tuple(Same(name, True, 0, at) for name in names for at in _backs(where))
    return items[0] if len(items) == 1 else AnyOf(items)


# -- what a card must be against the cards before ------------------------------------------------

wrap = alt(seq(",?", "and|then?", "then?", "wrap", "again?", opt(seq("at|from|with", "1")),
                opt(seq("after", "6")), build=lambda _, __: True),
            seq(",?", "after", "6", "come?", "1", "again?", build=lambda: True),
            seq(",?", "and?", "then?", "1", "after", "6", build=lambda: True),
            seq(",?", "and?", "6", "then", "1", "again?", build=lambda: True),
            seq(",?", "and?", "after", "6", "wrap", build=lambda: True))
_from_to = alt(seq("from", "1", "to", "6", build=lambda: True),
               seq("from", "6", "to", "1", build=lambda: True))
_than_back = seq("than", back, build=lambda where: where)


def _step(size: int, up: bool, where: Any, wrap: Any) -> Cond | None:
    if not 1 <= size <= 5:
        return None
    return Step(size if up else -size, where or 1, bool(wrap))


direction = alt(seq("more", build=lambda: True), seq("fewer", build=lambda: False))
_up = alt(seq("up", build=lambda: True), seq("down", build=lambda: False),
          seq("countup", build=lambda: True), seq("countdown", build=lambda: False))
relation = alt(
    # the same / a different attribute
    seq("same", attributes, opt(seq("as|like", back_or_both)),
        build=lambda names, where: same(names, True, where)),
    seq("same", attribute_choice, opt(seq("as|like", back)), "orboth?",
        build=lambda names, where: same_any(names, where)),
    seq("its?", attributes, "of", back, build=lambda names, where: same(names, True, where)),
    seq(back, "'s", attributes, build=lambda where, names: same(names, True, where)),
    seq("copy|match|keep", "its?", attributes, opt(seq("of", back)),
        build=lambda names, where: same(names, True, where)),
    seq("copy|match", back, "'s", attributes, build=lambda where, names: same(names, True,
                                                                                 where)),
    seq("match", back, opt(seq("in|on|by", attributes)),
        build=lambda where, names: same(names or ("colour", "fill", "shape", "count"),
                                         True, where)),
    seq("different", attributes, opt(seq("from|than|to|as", back_or_both)),
        build=lambda names, where: same(names, False, where)),
    seq("not", "same", attributes, opt(seq("as", back_or_both)),
        build=lambda names, where: same(names, False, where)),
    seq("neither|not", attributes, "of", back_or_both,
        build=lambda names, where: same(names, False, where)),
    seq("change|differ", "its?", attributes, opt(seq("from", back)),
        build=lambda names, where: same(names, False, where)),
    seq("differ", "from", back, "everyway|in", opt(attributes),
        build=lambda where, names: same(names or ("colour", "fill", "shape", "count"),
                                         False, where)),
    seq("differ|different", "everyway", "from", back,
        build=lambda where: same(("colour", "fill", "shape", "count"), False, where)),
    seq("nothing", "common", "with", back,
        build=lambda where: same(("colour", "fill", "shape", "count"), False, where)),
    seq("share", "nothing", "with", back,
        build=lambda where: same(("colour", "fill", "shape", "count"), False, where)),
    # counts against the card before
    seq("as", "many", "shape?", "as", back, build=lambda where: Same("count", True, 0, where)),
    seq(number, direction, opt(word("shape")), opt(_than_back), opt(wrap),
        build=lambda size, up, said, where, wrap: _step(size, up, where, wrap)
        if said or where or wrap else None),
    seq(number, "shape", direction, opt(_than_back), opt(wrap),
        build=lambda size, up, where, wrap: _step(size, up, where, wrap)),
    seq(number, direction, each_time, build=lambda size, up, _: _step(size, up, 1, None)),
    seq(direction, "shape|number", _than_back,
        build=lambda up, where: Compare(">" if up else "<", where)),
    seq(direction, _than_back, build=lambda up, where: Compare(">" if up else "<", where)),
    seq("1", "shape?", "more", "or", "1?", "shape?", "fewer", "shape?", opt(_than_back),
        build=lambda where: AnyOf((Step(1, where or 1), Step(-1, where or 1)))),
    seq("come|going?", "up", "or", "down", "by", "1", opt(_than_back),
        build=lambda where: AnyOf((Step(1, where or 1), Step(-1, where or 1)))),
    seq("its?", "number?", "must?", "differ", "by", "1", opt(seq("from", back)),
        build=lambda where: AnyOf((Step(1, where or 1), Step(-1, where or 1)))),
    seq("number?", "must?", "come|going|counting?", _up, "number?", "by", number, opt(_from_to),
        opt(wrap), build=lambda up, size, _, wrap: _step(size, up, 1, wrap)),
    seq("number?", "must?", "come|going|counting?", _up, "number?", _from_to, opt(wrap),
        build=lambda up, _, wrap: _step(1, up, 1, wrap)),
    seq("number?", "must?", "come|going|counting?", word("countup", "countdown"), opt(wrap),
        build=lambda said, wrap: _step(1, said == "countup", 1, wrap)),
    seq(alt("number", "come", "going", seq("number", "come|going")), "must?", word("up", "down"),
        "number?", build=lambda _, said: Compare(">" if said == "up" else "<", 1)),
    seq("add", alt(seq("up", "to"), "upto", "to"), number, opt(seq("with", back)),
        build=lambda _, total, where: Total(total, where or 1)),
    seq("make", number, "together?", "with", back,
        build=lambda total, where: Total(total, where)),
    seq("card?", "and", back, "add|make|show", "up|upto?", "to?", number, "shape?", "together?",
        build=lambda where, total: Total(total, where)),
    seq(number, "shape", "between", "it", build=lambda total: Total(total, 1)),
    seq("together", "with", back, "it?", "make|show|add", "up|upto?", "to?", number, "shape?",
        build=lambda where, total: Total(total, where)),
)
each = opt(alt(seq(each_time, build=lambda _: True), seq(",", each_time, build=lambda _: True)))
_both_ok = opt(seq(",?", "orboth"))


def _wrapped(found: Cond) -> Cond | None:
    return Step(found.by, found.at, True) if isinstance(found, Step) and found.by in (1, -1) \
        else None
relation_said = alt(
    seq("must|need?", "show|be|with?", "must?", relation, each, build=lambda found, _: found),
    seq("must|need?", "show|be|with?", "must?", relation, each, wrap,
        build=lambda found, _, __: _wrapped(found)),
    seq("must|need?", "show|be|with?", "must?", relation, ",?", "or", relation, _both_ok, each,
        build=lambda a, b, _, __: AnyOf((a, b))),
    seq("show|be|with?", relation, ",", "or", relation, ",", "or", relation, each,
        build=lambda a, b, c, _: AnyOf((a, b, c))),
    seq("show|be|with?", relation, ",?", "or", "card?", "with?", descriptions, each,
        build=lambda a, descs, _: AnyOf((a, has(0, descs)))),
)
# an attribute that changes, or stays: "the colour changes", "keep the colour"
changes = alt(
    seq("its?", attributes, "must?", "change|differ|alternate", opt(each_time),
        build=lambda names, _: same(names, False)),
    seq("must?", "change|alternate", "its?", attributes, opt(each_time),
        build=lambda names, _: same(names, False)),
    seq("its?", attributes, "must?", "stay|be", "same", opt(each_time),
        build=lambda names, _: same(names, True)),
    seq("its?", attributes, "must?", "not", "change", opt(each_time),
        build=lambda names, _: same(names, True)),
    seq("keep", "same?", "its?", attributes, opt(each_time),
        build=lambda names, _: same(names, True)),
    seq("not", "change", "its?", attributes, opt(each_time),
        build=lambda names, _: same(names, True)),
    seq("its?", attributes, "do", build=lambda names: same(names, False)),
    seq("same", attributes, build=lambda names: same(names, True)),
    seq("different", attributes, build=lambda names: same(names, False)),
)
