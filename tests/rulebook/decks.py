"""Decks for the rulebook's tests, written into a temporary folder as YAML."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

SMALL_DECK = Path(__file__).with_name("small-deck.yaml")
SHIPPED_DECKS = Path(__file__).resolve().parents[2] / "decks"
BASE_DECK = SHIPPED_DECKS / "base.yaml"
HOSTILE = '<b>x</b> & <font name="Helvetica">'
HOSTILE_WHEN = 'total < 0 and card.rank == "K"'

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUITS = ("clubs", "diamonds", "hearts", "spades")
_TIMINGS = ("with_card", "before_sum", "after_sum", "before_next_card", "until_next_turn")


def small_deck_data() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(SMALL_DECK.read_text(encoding="utf-8"))
    return data


def write_deck(folder: Path, data: dict[str, Any], name: str = "deck.yaml") -> Path:
    path = folder / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def hostile_deck_data() -> dict[str, Any]:
    """The small deck with markup, template syntax and entities in every piece of text."""
    data = small_deck_data()
    data["deck"]["name"] = f"Evil {HOSTILE}"
    data["deck"]["version"] = "{{ 7 * 7 }}"
    data["deck"]["description"] = "&amp; &nbsp; <para>{% raw %}]]><!-- -->"
    data["triggers"][0]["text"] = f"Trigger {HOSTILE}"
    data["triggers"][1]["when"] = HOSTILE_WHEN
    data["triggers"][1]["text"] = "When a <i>king</i> makes it {{ total }} <br/> & below"
    data["actions"][0]["text"] = f"Action {HOSTILE}"
    data["actions"][0]["hints"] = [f"Hint {HOSTILE}", "{{ book.deck.name }} <onDraw name=x/>"]
    return data


def big_deck_yaml(count: int) -> str:
    """A valid deck of `count` triggers and `count` actions with realistic text lengths."""
    triggers = []
    for n in range(1, count + 1):
        rank, suit = _RANKS[n % 13], _SUITS[n % 4]
        triggers.append({
            "id": f"t{n}", "number": n,
            "text": f"When a {rank} of {suit} is played on a card of a different colour, "
                    f"or the total ends between {n % 10} and {n % 10 + 5} (card {n}).",
            "when": f'(card.rank == "{rank}" and card.suit == "{suit}" and card.colour != '
                    f"previous.colour) or ({n % 10} <= total <= {n % 10 + 5})",
        })
    actions = []
    for n in range(1, count + 1):
        actions.append({
            "id": f"a{n}", "number": n, "kind": "say", "timing": _TIMINGS[n % 5],
            "text": f"Say the phrase “number {n} is up” out loud, clearly, before anyone "
                    "touches the next card of the trick.",
            "phrase": f"number {n} is up",
            "hints": [f"You did not say “number {n} is up”.", "You said it too late."],
        })
    data = {"deck": {"name": "Benchmark Deck", "id": "bench", "description": "Many cards."},
            "triggers": triggers, "actions": actions}
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def plain_deck_data() -> dict[str, Any]:
    """The small deck with no quote, apostrophe or hyphen in any of its words, so that every
    such character in its rulebook (outside the conditions, which are code) is our own."""
    data = small_deck_data()

    def plain(text: str) -> str:
        return text.replace('"', "").replace("'", "").replace("-", " ")

    data["deck"]["description"] = plain(data["deck"]["description"])
    for card in [*data["triggers"], *data["actions"]]:
        card["text"] = plain(card["text"])
        if "hints" in card:
            card["hints"] = [plain(hint) for hint in card["hints"]]
    return data
