"""How long `hrdeck rule equiv` takes: every pair of What the Rule?!'s starter rules (from
the equivalence tests), or every pair of a deck's rule cards.

    python3 tests/benchmarks/bench_rule_equiv.py                      # the starter rules
    python3 tests/benchmarks/bench_rule_equiv.py decks/what-the-rule.yaml

Prints the total, the slowest pair and its time.
"""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.games.what_the_rule.equivalence import compare
from engine.games.what_the_rule.rules import Rule


def rules_of(path: str | None) -> dict[str, str]:
    if path is None:
        from tests.test_wtr_equivalence import STARTERS
        return dict(STARTERS)
    import yaml
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    return {card["id"]: card["rule"] for card in data.get("rule_cards", [])}


def main() -> None:
    sources = rules_of(sys.argv[1] if len(sys.argv) > 1 else None)
    parsed = {name: Rule.parse(source) for name, source in sources.items()}
    worst, started = (0.0, "", ""), time.perf_counter()
    for a, b in itertools.combinations(parsed, 2):
        begun = time.perf_counter()
        compare(parsed[a], parsed[b])
        spent = time.perf_counter() - begun
        worst = max(worst, (spent, a, b))
    total = time.perf_counter() - started
    pairs = len(parsed) * (len(parsed) - 1) // 2
    print(f"{pairs} pairs of {len(parsed)} rules in {total:.3f} s; slowest {worst[0]:.3f} s "
          f"({worst[1]} / {worst[2]})")
    # Each rule against itself: nothing differs, so every reachable situation is explored.
    worst, started = (0.0, "", ""), time.perf_counter()
    for name, parsed_rule in parsed.items():
        begun = time.perf_counter()
        compare(parsed_rule, parsed_rule)
        worst = max(worst, (time.perf_counter() - begun, name, name))
    print(f"each of {len(parsed)} rules against itself in {time.perf_counter() - started:.3f} s;"
          f" slowest {worst[0]:.3f} s ({worst[1]})")


if __name__ == "__main__":
    main()
