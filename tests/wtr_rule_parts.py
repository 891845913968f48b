"""What the Rule?! rules built at random from the rule language's parts, for the comparison's
budget (tests/test_wtr_budget.py, tests/benchmarks/bench_rule_budget.py): the card against
the cards before (`previous`, `previous_2`, `previous_3`), numbers, `position` by small and
large moduli, chained comparisons, `not`, `and`/`or`, and `first`. A pair is two such rules,
or one rule and a near copy (a number changed, parts swapped): the pairs that explore most.
"""

from __future__ import annotations

import random

from engine.games.what_the_rule.rules import Rule
from engine.language.parse import ExpressionError

ATTRIBUTES = ("shape", "count", "fill", "colour")
VALUES = {"shape": ('"circle"', '"triangle"', '"square"'), "fill": ('"filled"', '"unfilled"'),
          "colour": ('"white"', '"black"'), "count": ("1", "2", "3", "4", "5", "6")}
BEFORE = ("previous", "previous_2", "previous_3")
MODULI = (2, 3, 5, 7, 12, 137, 139, 143, 144, 9967, 9973, 10_000)


def _atom(rng: random.Random) -> str:
    attribute = rng.choice(ATTRIBUTES)
    before = rng.choice(BEFORE)
    equal = rng.choice(("==", "!="))
    kind = rng.randrange(9)
    if kind == 0:
        return f"card.{attribute} {equal} {before}.{attribute}"
    if kind == 1:
        return f"card.{attribute} {equal} {rng.choice(VALUES[attribute])}"
    if kind == 2:
        modulus = rng.choice(MODULI)
        return f"position % {modulus} {equal} {rng.randrange(modulus)}"
    if kind == 3:
        low = rng.randrange(1, 140)
        return f"{low} <= position <= {low + rng.randrange(1, 10)}"
    if kind == 4:
        order = rng.choice(("<", "<=", ">", ">="))
        return f"card.count {order} {before}.count {order} {rng.choice(BEFORE)}.count"
    if kind == 5:
        modulus = rng.choice(MODULI[:5])
        return f"card.count % {modulus} {equal} {before}.count % {modulus}"
    if kind == 6:
        return f"(position + card.count) % {rng.choice(MODULI)} {equal} {rng.randrange(7)}"
    if kind == 7:
        return f"{rng.choice(BEFORE)}.{attribute} {equal} {rng.choice(BEFORE)}.{attribute}"
    return rng.choice(("first", "is_even(position)", f"position > {rng.randrange(1, 145)}"))


def _expression(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.3:
        atom = _atom(rng)
        return f"not ({atom})" if rng.random() < 0.15 else atom
    parts = [_expression(rng, depth - 1) for _ in range(rng.randrange(2, 4))]
    joined = f" {rng.choice(('and', 'or'))} ".join(f"({part})" for part in parts)
    return f"not ({joined})" if rng.random() < 0.1 else joined


def random_rule(rng: random.Random) -> str:
    """A rule the language accepts (it says what the first card does when it reads the
    row: most begin `first or`)."""
    while True:
        body = _expression(rng, rng.randrange(1, 4))
        source = f"first or {body}" if rng.random() < 0.7 else body
        try:
            Rule.parse(source)
        except ExpressionError:
            continue
        return source


def near_copy(source: str, rng: random.Random) -> str:
    """`source` with one number changed or its first two `or` parts swapped."""
    numbers = [word for word in source.replace(")", " ").split() if word.isdigit()]
    if numbers and rng.random() < 0.6:
        old = rng.choice(numbers)
        new = str(max(1, int(old) + rng.choice((-1, 1))))
        changed = source.replace(f" {old}", f" {new}", 1)
    else:
        parts = source.split(" or ", 2)
        changed = " or ".join([parts[1], parts[0], *parts[2:]]) if len(parts) > 2 else source
    try:
        Rule.parse(changed)
    except ExpressionError:
        return source
    return changed


def rule_pair(seed: int) -> tuple[str, str]:
    """Two rules: unrelated, or one and a near copy of it."""
    rng = random.Random(seed)
    first = random_rule(rng)
    second = near_copy(first, rng) if rng.random() < 0.6 else random_rule(rng)
    return first, second
