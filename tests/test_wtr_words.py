"""What the Rule?! guesses and rules in the players' own words (issue 23): the reader turns
a phrase into the rule language and says back what it understood, or refuses it with the
closest phrasings it knows, never guessing at a meaning.

The table (tests/wtr_phrases.py) holds phrases as players say them, each with the rule it
must mean: the reader's rule must be the same rule as decided by `rule equiv`'s decision
(`equivalence.same_rule`), not merely look like it.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from engine.games.what_the_rule.comparison import compare_sources
from engine.games.what_the_rule.equivalence import same_rule
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import parse_design
from engine.games.what_the_rule.words import (
    NOT_READ,
    PhraseError,
    looks_like_rule_language,
    read_phrase,
    read_rule,
)
from engine.games.what_the_rule.words.known import KNOWN_PHRASINGS
from engine.language.parse import ExpressionError
from tests import in_process
from tests.wtr_phrases import MEANT, REFUSED

ROOT = Path(__file__).resolve().parent.parent
ISSUE_EXAMPLES = ("just black ones", "squares are banned", "switch between filled and empty",
                  "one more shape each time", "copy the shape of the last card",
                  "only cards with 5 or 6", "no two whites in a row",
                  "triangles only on black cards")


@functools.cache
def rule_cards() -> dict[str, str]:
    deck = yaml.safe_load((ROOT / "decks" / "what-the-rule.yaml").read_text())
    return {card["id"]: " ".join(card["rule"].split()) for card in deck["rule_cards"]}


def meant(rule: str) -> str:
    return rule_cards()[rule[1:]] if rule.startswith("@") else rule


def test_the_table_is_large_and_covers_every_rule_card_several_ways() -> None:
    assert len(MEANT) >= 150 and len(REFUSED) >= 30
    assert len({phrase for phrase, _ in MEANT}) == len(MEANT)
    ways = {card: sum(rule == f"@{card}" for _, rule in MEANT) for card in rule_cards()}
    assert min(ways.values()) >= 2, [card for card, count in ways.items() if count < 2]
    assert set(ISSUE_EXAMPLES) <= {phrase for phrase, _ in MEANT}


@pytest.mark.parametrize(("phrase", "rule"), MEANT, ids=[phrase[:40] for phrase, _ in MEANT])
def test_a_phrase_means_its_rule(phrase: str, rule: str) -> None:
    reading = read_phrase(phrase)
    difference = same_rule(Rule.parse(reading.rule), Rule.parse(meant(rule)))
    assert difference is None, (reading.rule, reading.words, difference)
    assert reading.words and reading.words != reading.rule


@pytest.mark.parametrize("phrase", REFUSED)
def test_a_phrase_it_cannot_read_is_refused_with_the_closest_phrasings(phrase: str) -> None:
    with pytest.raises(PhraseError) as refused:
        read_phrase(phrase)
    message = str(refused.value)
    assert message.startswith(NOT_READ + ": ") and refused.value.reason
    assert len(refused.value.closest) == 3
    assert all(f'"{known}"' in message for known in refused.value.closest)


def test_the_whole_table_reads_in_a_few_seconds() -> None:
    read_phrase.cache_clear()
    started = time.perf_counter()
    for phrase, rule in MEANT:
        assert same_rule(Rule.parse(read_phrase(phrase).rule), Rule.parse(meant(rule))) is None
    assert time.perf_counter() - started < 10


def test_every_phrasing_offered_as_advice_reads() -> None:
    for phrase in KNOWN_PHRASINGS:
        read_phrase(phrase)


def test_what_it_understood_is_said_back_in_words() -> None:
    assert read_phrase("just black ones").words == "only black cards"
    assert read_phrase("squares are banned").words == "no cards with squares"
    assert read_phrase("triangles only on black cards").words == ("cards with triangles must "
                                                                  "be black")
    assert read_phrase("no two whites in a row").words == ("never two white cards in a row; "
                                                           "any card may start the row")
    assert read_phrase("two blacks then two whites").words == (
        "two black cards then two white cards, and so on; any card may start the row")


def test_the_reasons_for_a_refusal_name_what_went_wrong() -> None:
    """Clarification plain-words: the whole phrase, one meaning, or turned down."""
    def reason(phrase: str) -> str:
        with pytest.raises(PhraseError) as refused:
            read_phrase(phrase)
        return refused.value.reason

    assert reason("hexagons only") == 'it does not know the word "hexagons"'
    assert reason("only trangles") == 'it does not know the word "trangles" (did you mean ' \
                                      '"triangles"?)'
    assert reason("only 7s") == "a card shows 1 to 6 shapes, so none shows 7"
    assert reason("is it about colours?") == ("it is a question; a guess says what the rule "
                                              "is")
    assert reason("only black cards and only white cards") == ("no card at all could start a "
                                                               "row by that rule")
    assert reason("alternate") == "its words do not fit any of the sentence shapes it knows"
    assert reason("") == "it says nothing"


def test_a_phrase_read_two_ways_is_refused_naming_both() -> None:
    """Never a guess: where the grammar finds two rules that differ, it asks which."""
    with pytest.raises(PhraseError) as refused:
        read_phrase("no black cards with circles or triangles")
    assert "it could mean more than one rule" in refused.value.reason


def test_a_rule_about_the_card_before_lets_any_card_start_the_row() -> None:
    """Clarification plain-words-first."""
    def accepts_first(phrase: str, code: str) -> bool:
        return Rule.parse(read_phrase(phrase).rule).accepts((), parse_design(code))

    assert accepts_first("the same colour as the card before", "w1fc")
    assert accepts_first("no two whites in a row", "w1fc")
    assert not accepts_first("start with a triangle, then a different shape each time", "w1fc")
    two_back = Rule.parse(read_phrase("as many shapes as the card two back").rule)
    assert two_back.accepts((parse_design("w1fc"),), parse_design("b6us"))
    fewer = read_phrase("black cards have more shapes than the card before, white cards fewer")
    assert "white cards must have fewer shapes than the card before" in fewer.words


def test_turns_go_round_from_any_card_named_and_refuse_the_others() -> None:
    """Clarification plain-words-turns."""
    turns = Rule.parse(read_phrase("circles and triangles take turns").rule)
    circle, triangle, square = (parse_design(code) for code in ("w1fc", "w1ft", "w1fs"))
    assert turns.accepts((), circle) and turns.accepts((), triangle)
    assert not turns.accepts((), square) and not turns.accepts((circle,), square)
    cycle = Rule.parse(read_phrase("circle then triangle then square").rule)
    assert cycle.accepts((circle, triangle, square), circle)   # round again
    assert read_phrase("black cards").rule == 'card.colour == "black"'


def test_counting_stops_at_six_unless_the_words_go_round() -> None:
    """Clarification plain-words-counting."""
    six, one = parse_design("w6fc"), parse_design("w1fc")
    assert not Rule.parse(read_phrase("one more shape each time").rule).accepts((six,), one)
    assert Rule.parse(read_phrase("one more shape each time, and start over").rule).accepts(
        (six,), one)
    going_up = Rule.parse(read_phrase("going up").rule)
    assert going_up.accepts((one,), six)
    assert not Rule.parse(read_phrase("counting up").rule).accepts((one,), six)


def test_readings_that_mean_the_same_rule_are_one_reading() -> None:
    # "5 or 6" read as one count or as two descriptions: the same rule either way
    assert read_phrase("only cards with 5 or 6").rule == "card.count >= 5"


def test_the_rule_language_still_works_wherever_a_phrase_does() -> None:
    assert looks_like_rule_language('card.colour == "white"')
    assert not looks_like_rule_language("just white ones")
    written = read_rule('card.colour == "white"')
    assert written.rule == 'card.colour == "white"' and written.words == ""
    assert read_rule("just white ones").rule == 'card.colour == "white"'
    with pytest.raises(ExpressionError):
        read_rule('card.color == "white"')   # rule language with a mistake: its own error
    with pytest.raises(PhraseError):
        read_rule("white-ish cards")


def test_rule_equiv_takes_a_phrase_on_either_side() -> None:
    same = compare_sources("white cards only", 'card.colour != "black"')
    assert same.same and same.understood == (
        'The first rule, "white cards only", is read as: only white cards '
        '(card.colour == "white")',)
    different = compare_sources("first or card.colour != previous.colour",
                                "two blacks then two whites")
    assert not different.same and len(different.understood) == 1


def real_hrdeck(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hrdeck", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120, env={"COLUMNS": "200",
                                                                 "PYTHONPATH": str(ROOT)})


def hrdeck(*args: str) -> subprocess.CompletedProcess[str]:
    return in_process.hrdeck(*args, cwd=ROOT, env={"COLUMNS": "200"})


def test_hrdeck_rule_read_prints_the_rule_or_why_not() -> None:
    read = real_hrdeck("rule", "read", "--game", "what-the-rule", "just black ones")
    assert read.returncode == 0, read.stderr
    assert read.stdout == 'Read as: only black cards\nRule: card.colour == "black"\n'
    refused = hrdeck("rule", "read", "hexagons only")
    assert refused.returncode == 1
    assert refused.stdout.startswith('I could not read that as a rule: it does not know the '
                                     'word "hexagons".\nThe closest phrasings I know:\n  ')
    as_json = hrdeck("rule", "read", "--json", "no two whites in a row")
    assert as_json.returncode == 0 and json.loads(as_json.stdout) == {
        "game": "what-the-rule", "phrase": "no two whites in a row", "read": True,
        "rule": 'first or not (card.colour == "white" and previous.colour == "white")',
        "words": "never two white cards in a row; any card may start the row",
        "reason": None, "closest": []}
    elsewhere = hrdeck("rule", "read", "--game", "mao", "just black ones")
    assert elsewhere.returncode == 2 and "Mao has no rules" in elsewhere.stderr
    unknown = hrdeck("rule", "read", "--game", "chess", "just black ones")
    assert unknown.returncode == 2
    equiv = hrdeck("rule", "equiv", "no white cards", "just black ones")
    assert equiv.returncode == 0, equiv.stderr
    assert 'The second rule, "just black ones", is read as: only black cards' in equiv.stdout
    unreadable = hrdeck("rule", "equiv", "nice cards", "just black ones")
    assert unreadable.returncode == 2
    assert "The first rule cannot be read: I could not read that as a rule" in unreadable.stderr
