"""What the reader understood, said back in plain words: made from the meaning it read
(never from the words typed), so a player hears how their phrase was taken.

>>> from engine.games.what_the_rule.words.meaning import Desc, Has, Rule
>>> say(Rule((Has(0, Desc.of(colour={"black"})),)))
'only black cards'
"""

from __future__ import annotations

from engine.games.what_the_rule.words.cycles import Cycle, covers_all
from engine.games.what_the_rule.words.meaning import (
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
    Rule,
    Same,
    Step,
    Total,
)

_BACK = {1: "the card before", 2: "the card two before", 3: "the card three before"}
_ATTRIBUTE = {"colour": "colour", "fill": "fill", "shape": "shape", "count": "number of shapes",
              "parity": "odd or even number of shapes"}
_ORDINAL = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}
_NUMBER = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _or(words: list[str], joined: str = "or") -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {joined} {words[-1]}"


def _counts(values: frozenset[object]) -> str:
    kept = sorted(value for value in values if isinstance(value, int))
    if kept == [2, 4, 6]:
        return "an even number of"
    if kept == [1, 3, 5]:
        return "an odd number of"
    if len(kept) > 2 and kept == list(range(kept[0], kept[-1] + 1)):
        if kept[-1] == 6:
            return f"{kept[0]} or more"
        if kept[0] == 1:
            return f"{kept[-1]} or fewer"
        return f"{kept[0]} to {kept[-1]}"
    return _or([str(value) for value in kept])


def plural(desc: Desc) -> str:
    """ "black cards with 5 or 6 filled triangles" """
    colour, fill = desc.get("colour"), desc.get("fill")
    shape, count = desc.get("shape"), desc.get("count")
    head = "cards"
    if colour is not None and len(colour) == 1:
        head = f"{next(iter(colour))} cards"
    shown = []
    if count is not None and len(count) < 6:
        shown.append(_counts(count))
    if fill is not None and len(fill) == 1:
        shown.append(str(next(iter(fill))))
    if shape is not None and len(shape) < 3:
        shown.append(_or([f"{value}s" for value in sorted(shape, key=str)]))
    elif shown:
        shown.append("shapes")
    if count == frozenset({1}):
        shown = [word.removesuffix("s") if word.endswith("s") else word
                 for word in ["one", *shown[1:]]]
        if len(shown) == 1:
            shown.append("shape")
    return f"{head} with {' '.join(shown)}" if shown else head


def singular(desc: Desc) -> str:
    text = plural(desc)
    return "a " + text.replace("cards", "card", 1)


def _descs(conds: tuple[Cond, ...]) -> list[Desc] | None:
    """The descriptions of the card offered, when each condition is one."""
    found = [cond.desc for cond in conds if isinstance(cond, Has) and cond.at == 0]
    return found if len(found) == len(conds) else None


def _about_card(cond: Cond) -> list[Desc] | None:
    if isinstance(cond, Has) and cond.at == 0:
        return [cond.desc]
    if isinstance(cond, AnyOf):
        found = _descs(cond.items)
        return None if found is None else merged(found)
    return None


def relation(cond: Cond) -> str | None:
    """What a card has against the cards before: "the same colour as the card before"."""
    if isinstance(cond, Same) and cond.left == 0:
        name, back = _ATTRIBUTE[cond.name], _BACK[cond.right]
        if cond.name == "count":
            return (f"as many shapes as {back}" if cond.alike
                    else f"another number of shapes than {back}")
        return (f"the same {name} as {back}" if cond.alike
                else f"a different {name} from {back}")
    if isinstance(cond, AllOf) and all(isinstance(item, Same) for item in cond.items):
        items = [item for item in cond.items if isinstance(item, Same)]
        if len({(item.alike, item.right) for item in items}) == 1:
            names = _or([_ATTRIBUTE[item.name] for item in items], "and")
            back = _BACK[items[0].right]
            return (f"the same {names} as {back}" if items[0].alike
                    else f"a different {names} from {back}")
        return _or([relation(item) or "" for item in items], "and")
    if isinstance(cond, Step):
        size = abs(cond.by)
        more = "more" if cond.by > 0 else "fewer"
        shapes = f"{_NUMBER.get(size, size)} shape{'s' if size > 1 else ''}"
        said = f"{shapes} {more} than {_BACK[cond.at]}"
        if cond.wrap:
            said += (", and after six comes one again" if cond.by > 0
                     else ", and after one comes six again")
        return said
    if isinstance(cond, Compare):
        how = {">": "more", "<": "fewer", ">=": "at least as many", "<=": "at most as many"}
        return f"{how[cond.op]} shapes than {_BACK[cond.at]}"
    if isinstance(cond, Total):
        return f"{cond.total} shapes together with {_BACK[cond.at]}"
    if isinstance(cond, AnyOf):
        parts = [relation(item) or _else(item) for item in cond.items]
        if all(parts):
            return _or([part for part in parts if part])
    return None


def _else(cond: Cond) -> str | None:
    """A card's look as the other way to fit: "else shows one shape"."""
    descs = _about_card(cond)
    if descs is None:
        return None
    return "else " + _or([predicate(desc, third=True) for desc in descs])


def predicate(desc: Desc, *, third: bool = False) -> str:
    """What a card described does: "be black", "show 1 to 3 shapes", "be white and show
    filled circles" ("is black", "shows …" with `third`)."""
    colour = desc.get("colour")
    said = plural(Desc(tuple((name, values) for name, values in desc.limits
                             if name != "colour")))
    parts = []
    if colour is not None and len(colour) == 1:
        parts.append(f"{'is' if third else 'be'} {next(iter(colour))}")
    if said != "cards":
        parts.append(("shows " if third else "show ") + said.removeprefix("cards with "))
    return " and ".join(parts) or ("is any card" if third else "be any card")


def merged(descs: list[Desc]) -> list[Desc]:
    """Descriptions of one attribute each, the same one, said as one ("circles or
    triangles")."""
    singles = [desc.single() for desc in descs]
    if len(descs) > 1 and None not in singles and len({s[0] for s in singles if s}) == 1:
        name = next(s[0] for s in singles if s)
        return [Desc.of(**{name: set().union(*(s[1] for s in singles if s))})]
    return descs


def _must(cond: Cond) -> str:
    """What a card must do: "must be black", "must have more shapes than the card before"."""
    descs = _about_card(cond)
    if descs is not None:
        return "must " + _or([predicate(desc) for desc in merged(descs)])
    if isinstance(cond, Not):
        inner = _about_card(cond.inner)
        if inner is not None:
            return "must not " + _or([predicate(desc) for desc in merged(inner)])
    said = relation(cond)
    if said is not None:
        return "must have " + said
    return "must fit: " + clause(cond)


def clause(cond: Cond) -> str:
    """A condition as a clause: "the colour changes", "the card before is black"."""
    if isinstance(cond, Same) and cond.left == 0 and cond.right == 1:
        name = _ATTRIBUTE[cond.name]
        return f"the {name} changes" if not cond.alike else f"the {name} stays the same"
    if isinstance(cond, Has):
        who = "the card" if cond.at == 0 else _BACK[cond.at]
        return f"{who} {predicate(cond.desc, third=True)}"
    if isinstance(cond, Not):
        return f"not ({clause(cond.inner)})"
    if isinstance(cond, AllOf):
        return _or([clause(item) for item in cond.items], "and")
    if isinstance(cond, AnyOf):
        return _or([clause(item) for item in cond.items], "or")
    if isinstance(cond, First):
        return "it is the first card"
    if isinstance(cond, Place):
        return f"its place is {', '.join(str(rest) for rest in sorted(cond.rests))} " \
               f"counting by {cond.every}"
    said = relation(cond)
    return f"the card has {said}" if said else cond.machine()[0]


def constraint(cond: Cond) -> str:
    """One constraint of a rule as a sentence (without the full stop)."""
    descs = _about_card(cond)
    if descs is not None:
        return "only " + _or([plural(desc) for desc in descs])
    if isinstance(cond, Not):
        inner = _about_card(cond.inner)
        if inner is not None:
            return "no " + _or([plural(desc) for desc in inner])
        if isinstance(cond.inner, AllOf):
            return _never(cond.inner.items)
    if isinstance(cond, Cycle):
        return _cycle(cond)
    if isinstance(cond, If):
        return _if(cond)
    if isinstance(cond, Pair):
        joined = "exactly when" if cond.equal else "or"
        tail = "" if cond.equal else ", never both and never neither"
        return f"{'' if cond.equal else 'either '}{clause(cond.left)} {joined} " \
               f"{clause(cond.right)}{tail}"
    if isinstance(cond, Same) and cond.left == 1:
        return clause(cond)
    said = relation(cond)
    if said is not None:
        return f"each card has {said}"
    return "a card fits when " + clause(cond)


def _never(items: tuple[Cond, ...]) -> str:
    now = [item for item in items if isinstance(item, Has) and item.at == 0]
    before = [item for item in items if isinstance(item, Has) and item.at > 0]
    if len(now) == 1 and len(before) == len(items) - 1:
        if all(item.desc == now[0].desc for item in before):
            return f"never {_NUMBER.get(len(items), len(items))} {plural(now[0].desc)} in a row"
        if len(before) == 1 and before[0].at == 1:
            return f"never {singular(now[0].desc)} after {singular(before[0].desc)}"
    if all(isinstance(item, Same) and item.alike for item in items):
        names = {item.name for item in items if isinstance(item, Same)}
        if len(names) == 1:
            return (f"never {_NUMBER.get(len(items) + 1, len(items) + 1)} cards of the same "
                    f"{_ATTRIBUTE[names.pop()]} in a row")
    return f"never ({clause(AllOf(items))})"


def _if(cond: If) -> str:
    when = cond.when
    descs = _about_card(when)
    if descs is not None:
        return f"{_or([plural(desc) for desc in descs])} {_must(cond.then)}"
    if isinstance(when, Has) and when.at == 1:
        then = _about_card(cond.then)
        if then is not None:
            return f"after {singular(when.desc)} comes {_or([singular(d) for d in then])}"
    if isinstance(when, Place):
        return f"every {_ORDINAL.get(when.every, when.every)} card {_must(cond.then)}"
    if isinstance(when, Not) and isinstance(when.inner, Place):
        return f"the other cards {_must(cond.then)}"
    if isinstance(when, First):
        return f"the first card {_must(cond.then)}"
    if isinstance(cond.then, Has) and cond.then.at == 1:
        inner = _about_card(when)
        if inner is not None:
            return f"{singular(inner[0])} may only follow {singular(cond.then.desc)}"
    return f"if {clause(when)}, then {clause(cond.then)}"


def _cycle(cond: Cycle) -> str:
    names = [plural(desc) for desc in cond.descs]
    if cond.run == 1 and len(names) == 2:
        said = f"{names[0]} and {names[1]} take turns"
    elif cond.run == 1:
        said = " then ".join(names) + ", and round again"
    else:
        said = (" then ".join(f"{_NUMBER.get(cond.run, cond.run)} {name}" for name in names)
                + ", and so on")
    if covers_all(cond.descs):
        return said
    return said + ", no other card fitting; any of them may start the row"


def _grouped(constraints: tuple[Cond, ...]) -> list[Cond]:
    """Constraints said together: "a different shape and colour from the card before"."""
    grouped: list[Cond] = []
    for cond in constraints:
        last = grouped[-1] if grouped else None
        items = (last.items if isinstance(last, AllOf) else (last,)) if last else ()
        if (isinstance(cond, Same) and items and all(
                isinstance(item, Same) and (item.alike, item.left, item.right)
                == (cond.alike, cond.left, cond.right) for item in items)):
            grouped[-1] = AllOf((*items, cond))
        else:
            grouped.append(cond)
    return grouped


def say(rule: Rule) -> str:
    """The rule in plain words, with how the row may start when that is left open."""
    parts = [constraint(cond) for cond in _grouped(rule.constraints)
             if not (isinstance(cond, Const) and cond.value)]
    text = "; ".join(parts) if parts else "any card"
    reach = min((cond.depth for cond in rule.constraints if cond.depth and (
        not cond.says_first or (isinstance(cond, Cycle) and covers_all(cond.descs)))),
                default=0)
    if reach == 1:
        text += "; any card may start the row"
    elif reach > 1:
        text += f"; the first {_NUMBER.get(reach, reach)} cards may be anything"
    return text
