"""The JSON Schema (`hrdeck schema`) as an editor's validator uses it: a deck with one wrong
key gets its error at that card and key, never the whole list of cards "not valid under any
of the given schemas" or "not of type 'null'"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.card_kinds import json_schema

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[1]
VALID = ROOT / "tests" / "fixtures" / "decks" / "valid-minimal.yaml"
MAO = ROOT / "decks" / "mao.yaml"
WTR = ROOT / "decks" / "what-the-rule.yaml"


@pytest.fixture(scope="module")
def validator() -> Any:
    schema = json.loads(json.dumps(json_schema()))  # as `hrdeck schema` prints it
    kind = jsonschema.validators.validator_for(schema)
    kind.check_schema(schema)
    return kind(schema)


def with_typo(path: Path, line: str, typo: str) -> Any:
    """The deck with the first line `line` changed to `typo`."""
    text = path.read_text(encoding="utf-8")
    assert line in text
    return yaml.safe_load(text.replace(line, typo, 1))


# (deck, the line, the line with a typo, where the card is, the word the error must name)
TYPOS = [
    (VALID, '    when: card.rank == "7"', '    wen: card.rank == "7"', ["triggers", 1], "wen"),
    (VALID, "    gesture: tap the table twice", "    gestur: tap the table twice",
     ["actions", 2], "gestur"),
    (VALID, "    kind: gesture", "    kind: gestre", ["actions", 2, "kind"], "gestre"),
    (MAO, "      timing: with_card", "      timng: with_card", ["rules", 0, "then"], "timng"),
    (MAO, "    then:", "    thn:", ["rules", 0], "thn"),
    (WTR, "    level: easy", "    levl: easy", ["rule_cards", 0], "levl"),
    (WTR, "    fill: [filled, unfilled]", "    fil: [filled, unfilled]", ["shapes", "product"],
     "fil"),
]


@pytest.mark.parametrize(("path", "line", "typo", "card", "word"), TYPOS,
                         ids=[typo[4] for typo in TYPOS])
def test_one_wrong_key_is_one_error_at_its_card(validator: Any, path: Path, line: str,
                                                typo: str, card: list[Any], word: str) -> None:
    deck = with_typo(path, line, typo)
    best = jsonschema.exceptions.best_match(validator.iter_errors(deck))
    assert best is not None and list(best.absolute_path) == card
    assert f"'{word}'" in best.message
    for error in validator.iter_errors(deck):  # nothing else but that card's own complaints
        assert list(error.absolute_path)[:len(card) - 1] == card[:-1]
        assert len(error.absolute_path) >= 2, error.message[:200]
        assert "of type 'null'" not in error.message
        assert "not valid under any of the given schemas" not in error.message


def test_the_shipped_decks_are_still_valid(validator: Any) -> None:
    for path in (VALID, MAO, WTR):
        assert not list(validator.iter_errors(yaml.safe_load(path.read_text("utf-8"))))
