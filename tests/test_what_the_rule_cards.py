"""What the Rule?! on paper: the 144 shape cards made from their attributes, the rule cards
(each rule in words and in the rule language, parsed when the deck is read), the shipped
deck decks/what-the-rule.yaml, and its build: every card, the backs and a score sheet."""

from __future__ import annotations

import itertools
import math
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from engine.games.what_the_rule import shapes as engine_shapes
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import DESIGNS, parse_design
from generator.card_kinds import CardKind, every_kind, register_kind, unregister_kind
from generator.check import check_deck
from generator.check.options import CheckOptions
from generator.deck import LoadedDeck, load_deck
from generator.pipeline import build_deck
from generator.pipeline.faces import faces_for
from generator.pipeline.render import output_units
from generator.printing import find_size, sheet_layout
from generator.printing.drawing import Circle, Fill, Polygon
from generator.printing.face_designs import compose_face
from generator.printing.shape_face import DETAILS
from generator.what_the_rule.cards import (
    ATTRIBUTES,
    WhatTheRuleCard,
    check_rule_card,
    design_code,
)

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "decks" / "what-the-rule.yaml"
FIXTURES = Path(__file__).parent / "fixtures" / "decks"


@pytest.fixture(scope="module")
def shipped() -> LoadedDeck:
    return load_deck(DECK)


# The kinds.

def test_the_kinds_serve_what_the_rule_alone() -> None:
    kinds = every_kind()
    shapes, rules = kinds["shapes"], kinds["rule_cards"]
    assert (shapes.games, shapes.label, shapes.noun) == (("what-the-rule",), "SHAPE",
                                                         "shape card")
    assert (rules.games, rules.label, rules.section) == (("what-the-rule",), "RULE",
                                                         "rule_cards")
    assert "rules" in kinds and kinds["rules"].games == ("mao",)  # Mao's whole rules


def test_the_attributes_are_the_engines_in_its_order() -> None:
    assert ATTRIBUTES == {"colour": engine_shapes.COLOURS, "count": engine_shapes.COUNTS,
                          "fill": engine_shapes.FILLS, "shape": engine_shapes.SHAPES}
    made = [dict(zip(ATTRIBUTES, values, strict=True))
            for values in itertools.product(*ATTRIBUTES.values())]
    assert [design_code(values) for values in made] == [design.code for design in DESIGNS]


# Rule cards, checked as the deck is read (with a kind registered here, for any game).

@pytest.fixture()
def rules() -> Iterator[CardKind]:
    kind = CardKind(section="test_rules", noun="rule card", label="RULE",
                    model=WhatTheRuleCard, accent="#6a3d8f", description="test",
                    verify=check_rule_card)
    register_kind(kind)
    yield kind
    unregister_kind("test_rules")


def rule_deck(tmp_path: Path, *rules: str, section: str = "test_rules",
              game: str = "up-n-over") -> LoadedDeck:
    text = f"deck:\n  name: Rules\n  base_game: {game}\n{section}:\n"
    for number, rule in enumerate(rules, start=1):
        text += (f"  - id: rule-{number}\n    number: {number}\n    text: A rule.\n"
                 f"    level: easy\n    rule: {rule}\n")
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    return load_deck(path)


def places(deck: LoadedDeck) -> list[tuple[str, str, int | None, int | None]]:
    return [(issue.code, issue.field, issue.line, issue.column) for issue in deck.issues]


def test_good_rules_load_clean(tmp_path: Path, rules: CardKind) -> None:
    deck = rule_deck(tmp_path, 'card.shape != "circle"', "first or card.fill != previous.fill",
                     "not first and card.count > previous.count",
                     "position <= 2 or card.count == previous_2.count")
    assert deck.issues == []
    assert [card.level for _, card in deck.cards_of("test_rules")] == ["easy"] * 4


def test_a_bad_expression_is_reported_at_its_line_and_column(tmp_path: Path,
                                                             rules: CardKind) -> None:
    deck = rule_deck(tmp_path, 'card.shape != "circle"', "first or card.fil != previous.fill")
    assert places(deck) == [("expr-unknown-attribute", "test_rules[1].rule", 14, 20)]
    assert deck.issues[0].message == ('rule card "rule-2": card has no "fil". Did you mean '
                                      '"fill"? It has: shape, count, fill, colour.')
    assert len(deck.cards_of("test_rules")) == 2  # read, and left for the checker


def test_a_mistake_on_a_later_line_of_a_folded_rule_is_found_there(tmp_path: Path,
                                                                    rules: CardKind) -> None:
    deck = rule_deck(tmp_path, '>-\n      first or (card.shape == "circle"\n'
                               "      and card.count > previus.count)")
    [issue] = deck.issues
    assert (issue.code, issue.line, issue.column) == ("expr-unknown-name", 11, 24)
    assert 'Did you mean "previous"?' in issue.message


def test_syntax_and_types_are_checked(tmp_path: Path, rules: CardKind) -> None:
    deck = rule_deck(tmp_path, "card.count = 3", 'card.count == "3"', "card.colour")
    assert [issue.code for issue in deck.issues] == ["expr-syntax", "expr-type", "expr-type"]


def test_a_rule_reading_the_row_must_say_what_comes_first(tmp_path: Path,
                                                          rules: CardKind) -> None:
    deck = rule_deck(tmp_path, "card.fill != previous.fill",
                     "card.count == previous_3.count", "first or card.fill != previous.fill")
    assert places(deck) == [("first-card-unsaid", "test_rules[0].rule", 9, 11),
                            ("first-card-unsaid", "test_rules[1].rule", 14, 11)]
    assert deck.issues[0].severity.value == "error"
    assert deck.issues[0].message.startswith(
        'rule card "rule-1" reads the row (previous) but does not say what becomes of the '
        "first card")
    assert '"first or …"' in deck.issues[0].message
    assert "(previous_3)" in deck.issues[1].message


def test_a_level_is_easy_medium_or_hard(tmp_path: Path, rules: CardKind) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("deck:\n  name: Rules\ntest_rules:\n  - {id: r, number: 1, text: A rule., "
                    "rule: card.count > 2, level: tricky, starter: yes}\n", encoding="utf-8")
    deck = load_deck(path)
    assert [issue.field for issue in deck.issues] == ["test_rules[0].level"]
    assert "easy, medium or hard" in deck.issues[0].message


def test_the_real_kind_checks_its_rules(tmp_path: Path) -> None:
    deck = rule_deck(tmp_path, "card.fill != previous.fill", section="rule_cards",
                     game="what-the-rule")
    assert [issue.code for issue in deck.issues] == ["first-card-unsaid"]
    over_mao = rule_deck(tmp_path, "first", section="rule_cards", game="mao")
    assert [issue.code for issue in over_mao.issues] == ["bad-value"]


# The shipped deck.

def test_the_shipped_deck_loads_and_checks_clean(shipped: LoadedDeck) -> None:
    assert shipped.issues == [] and shipped.info is not None
    assert shipped.info.base_game == "what-the-rule"
    report, _ = check_deck(DECK, CheckOptions(simulate=False))
    assert (report.errors, report.warnings) == (0, 0)


def test_the_shape_cards_are_the_144_of_the_game(shipped: LoadedDeck) -> None:
    cards = [card for _, card in shipped.cards_of("shapes")]
    assert len(cards) == len(engine_shapes.DECK) == 144
    assert [card.number for card in cards] == list(range(1, 145))
    for card in cards:
        design = DESIGNS[(card.number - 1) // 2]
        assert card.id == f"{design.code}-{(card.number - 1) % 2 + 1}"
        assert (card.shape, card.count, card.fill, card.colour) == (
            design.shape, design.count, design.fill, design.colour)
    assert [card.id for card in cards[:3]] == ["w1fc-1", "w1fc-2", "w1ft-1"]
    assert cards[-1].id == "b6us-2"


def test_every_shape_card_prints_its_shapes(shipped: LoadedDeck) -> None:
    fronts, backs = faces_for(shipped)
    shapes = [face for face in fronts if face.design == "shapes"]
    assert len(shapes) == 144 and fronts[:144] == shapes  # shapes first, then rule cards
    assert len({back for back in backs[:144]}) == 1  # one back for the whole play deck
    poker = find_size("poker")
    for face in shapes[::2]:
        details = dict(face.details)
        assert tuple(details) == DETAILS and face.text == ""
        side = compose_face(face, poker, 3)
        shapes_drawn = [item for item in side.items if isinstance(item, Circle | Polygon)]
        assert len(shapes_drawn) == int(details["count"])
        card_colour = [item for item in side.items if isinstance(item, Fill)
                       and item.box == side.bleed][-1]  # the last fill over the whole card
        assert card_colour.colour == ("#ffffff" if details["colour"] == "white" else "#000000")
    rule_fronts = fronts[144:]
    assert rule_fronts[0].heading == "RULE 1"
    assert rule_fronts[0].title == "Easy rule · first rounds"
    assert {face.title for face in rule_fronts[10:]} == {"Easy rule", "Medium rule",
                                                         "Hard rule"}


def rule_cards(deck: LoadedDeck) -> list[WhatTheRuleCard]:
    return [card for _, card in deck.cards_of("rule_cards")]


def test_the_rule_cards_are_graded_and_the_first_ten_are_the_starters(
        shipped: LoadedDeck) -> None:
    cards = rule_cards(shipped)
    assert len(cards) >= 40
    assert [card.number for card in cards] == list(range(1, len(cards) + 1))
    assert [card.starter for card in cards] == [True] * 10 + [False] * (len(cards) - 10)
    levels = [card.level for card in cards]
    assert all(levels.count(level) >= 10 for level in ("easy", "medium", "hard"))


def test_the_starters_are_the_games_first_round_rules(shipped: LoadedDeck) -> None:
    starters = pytest.importorskip("engine.games.what_the_rule.starters")
    equivalence = pytest.importorskip("engine.games.what_the_rule.equivalence")
    cards = [card for card in rule_cards(shipped) if card.starter]
    assert len(cards) == len(starters.STARTER_RULES) == 10
    for card, starter in zip(cards, starters.STARTER_RULES, strict=True):
        assert equivalence.same_rule(Rule.parse(card.rule), Rule.parse(starter.rule)) is None


SEED = Path("/work/shared/seeds/004_88ec75f2a434a300.txt")  # the game's own rules text


@pytest.mark.skipif(not SEED.is_file(), reason="the seed text is not on this machine")
def test_the_rules_are_in_our_own_words(shipped: LoadedDeck) -> None:
    starters = pytest.importorskip("engine.games.what_the_rule.starters")
    seed = SEED.read_text(encoding="utf-8")
    for card in rule_cards(shipped):  # seven words in a row would be the seed's sentence
        assert not shared_words(card.text, seed, run=7), card.id
    for starter in starters.STARTER_RULES:
        assert not shared_words(starter.words, seed, run=7), starter.words


def shared_words(ours: str, theirs: str, run: int = 5) -> set[tuple[str, ...]]:
    """Runs of `run` words both texts hold."""
    def runs(text: str) -> set[tuple[str, ...]]:
        words = re.findall(r"[a-z0-9]+", text.lower())
        return {tuple(words[i:i + run]) for i in range(len(words) - run + 1)}
    return runs(ours) & runs(theirs)


def test_no_two_rules_are_the_same_rule(shipped: LoadedDeck) -> None:
    equivalence = pytest.importorskip("engine.games.what_the_rule.equivalence")
    parsed = [(card.id, Rule.parse(card.rule)) for card in rule_cards(shipped)]
    for (one, first), (other, second) in itertools.combinations(parsed, 2):
        assert equivalence.same_rule(first, second) is not None, (one, other)
    assert len({card.text for card in rule_cards(shipped)}) == len(parsed)


# Each rule's machine form, tried on rows: (the row, the card offered, whether it may follow).
EXAMPLES: dict[str, list[tuple[str, str, bool]]] = {
    "fill-takes-turns": [("", "w3fc", True), ("w3fc", "b2uc", True), ("w3fc", "b2fs", False),
                         ("w3fc b2uc", "w2ft", True)],
    "odd-even-take-turns": [("", "w4fc", True), ("w3fc", "b2uc", True),
                            ("w3fc", "b5uc", False), ("w4fc", "w1ft", True),
                            ("w4fc", "w6ft", False)],
    "shapes-go-round": [("", "w1fs", True), ("w1fc", "b2ft", True), ("w1fc", "b2fs", False),
                        ("w1fs", "w1fc", True), ("w1ft", "w6us", True),
                        ("w1ft", "w6uc", False)],
    "colour-sets-the-count": [("", "b3fc", True), ("", "b4fc", False), ("", "w4fc", True),
                              ("", "w3fc", False), ("b1fc", "w6us", True)],
    "colours-in-pairs": [("", "b1fc", True), ("b1fc", "b2fc", True), ("b1fc", "w2fc", False),
                         ("b1fc b2fc", "w1fc", True), ("b1fc b2fc", "b1fc", False),
                         ("b1fc b2fc w1fc", "w3ft", True), ("b1fc b2fc w1fc", "b3ft", False),
                         ("w1fc w2fc b1fc b1fs", "w4fs", True)],
    "no-circles": [("", "w1fc", False), ("w1ft", "b5us", True), ("", "w6ft", True)],
    "a-new-shape": [("", "w1fc", True), ("w1fc", "b3fc", False), ("w1fc", "w1ft", True)],
    "white-filled-black-unfilled": [("", "w2fs", True), ("", "w2us", False),
                                    ("", "b2us", True), ("", "b2fs", False)],
    "three-or-more": [("", "w2fc", False), ("", "w3fc", True), ("", "b6us", True),
                      ("", "b1us", False)],
    "even-white-odd-black": [("", "w2fc", True), ("", "b2fc", False), ("", "b5fc", True),
                             ("", "w5fc", False)],
    "only-black": [("", "b1fc", True), ("b1fc", "w1fc", False)],
    "only-filled": [("", "w1fc", True), ("", "w1uc", False)],
    "only-squares": [("", "w1fs", True), ("", "w1ft", False)],
    "only-even-counts": [("", "w6fs", True), ("", "w1ft", False), ("", "b4ut", True)],
    "three-at-most": [("", "w3fs", True), ("", "w4fs", False), ("", "b1uc", True)],
    "colours-take-turns": [("", "b1fc", True), ("b1fc", "w1fc", True), ("b1fc", "b2ft", False)],
    "one-colour-all-along": [("", "w1fc", True), ("w1fc", "w5us", True),
                             ("w1fc", "b1fc", False)],
    "triangles-or-singles": [("", "w5ut", True), ("", "b1fs", True), ("", "b2fs", False)],
    "count-up-and-round": [("", "w4fc", True), ("w4fc", "b5us", True), ("w4fc", "b3us", False),
                           ("w6fc", "b1ut", True), ("w6fc", "b6ut", False)],
    "one-step-away": [("w4fc", "b5us", True), ("w4fc", "b3us", True), ("w4fc", "b4us", False),
                      ("w6fc", "b1us", False), ("w1fc", "b2ut", True)],
    "shape-or-colour-matches": [("w4fc", "b5uc", True), ("w4fc", "w2us", True),
                                ("w4fc", "b4fs", False), ("", "b4fs", True)],
    "count-or-fill-matches": [("w4fc", "b4us", True), ("w4fc", "b1fs", True),
                              ("w4fc", "w1uc", False)],
    "black-means-circles": [("", "b3uc", True), ("", "b3us", False), ("", "w3us", True)],
    "triangles-are-filled": [("", "w2ft", True), ("", "w2ut", False), ("", "b2uc", True)],
    "never-two-filled": [("", "w1fc", True), ("w1fc", "b1fs", False), ("w1fc", "b1us", True),
                         ("w1uc", "b1fs", True)],
    "never-two-black": [("b1fc", "b2fc", False), ("b1fc", "w2fc", True),
                        ("w1fc", "b2fc", True), ("", "b2fc", True)],
    "two-three-five": [("", "w2fc", True), ("", "w5fc", True), ("", "w4fc", False),
                       ("", "w1fc", False)],
    "each-shape-its-counts": [("", "w2fc", True), ("", "w3fc", False), ("", "b4ut", True),
                              ("", "b5ut", False), ("", "w6us", True), ("", "w4us", False)],
    "squares-in-even-numbers": [("", "w3fs", False), ("", "w4fs", True), ("", "w3fc", True)],
    "more-or-just-one": [("w3fc", "w4fc", True), ("w3fc", "w3fc", False),
                         ("w3fc", "w2fc", False), ("w6fc", "b1fc", True), ("", "w2fc", True)],
    "odd-stays-odd": [("w3fc", "w5fc", True), ("w3fc", "w4fc", False), ("w2fc", "b6us", True)],
    "threes-and-sixes": [("", "w3fc", True), ("", "b6us", True), ("", "w4fc", False)],
    "nothing-in-common": [("w3fc", "b4ut", True), ("w3fc", "b4uc", False),
                          ("w3fc", "b3ut", False), ("w3fc", "w4ut", False),
                          ("w3fc", "b4ft", False), ("", "w3fc", True)],
    "seven-between-two": [("w3fc", "b4ut", True), ("w1fc", "b6ut", True),
                          ("w3fc", "b3ut", False), ("", "w6fs", True)],
    "every-third-black": [("", "w1fc", True), ("", "b1fc", False), ("w1fc w2fc", "b3fc", True),
                          ("w1fc w2fc", "w3fc", False), ("w1fc w2fc b3fc", "w3fc", True),
                          ("w1fc w2fc b3fc w1ft w1fs", "b2uc", True)],
    "never-three-of-a-colour": [("b1fc b2fc", "b3fc", False), ("b1fc b2fc", "w3fc", True),
                                ("w1fc b2fc", "b3fc", True), ("b1fc", "b1fc", True),
                                ("", "b1fc", True)],
    "not-the-last-two-shapes": [("w1fc w1ft", "w1fs", True), ("w1fc w1ft", "w1fc", False),
                                ("w1fc w1ft", "w1ft", False), ("w1fc", "w1fs", True),
                                ("w1fc", "w2fc", False)],
    "count-of-two-back": [("w3fc", "b5ut", True), ("w3fc b5ut", "w3us", True),
                          ("w3fc b5ut", "w5us", False), ("", "b1fc", True)],
    "black-up-white-down": [("w3fc", "b4fc", True), ("w3fc", "b3fc", False),
                            ("w3fc", "w2fc", True), ("w3fc", "w4fc", False), ("", "w6fc", True)],
    "new-shape-new-colour": [("w3fc", "w1uc", True), ("w3fc", "b1ut", True),
                             ("w3fc", "b1uc", False), ("w3fc", "w1ut", False)],
    "colour-or-fill-changes": [("w3fc", "b1fc", True), ("w3fc", "w1uc", True),
                               ("w3fc", "b1uc", False), ("w3fc", "w1fs", False)],
    "triangle-leads": [("", "w3ft", True), ("", "w3fc", False), ("w3ft", "w3ft", False),
                       ("w3ft", "b2us", True)],
    "more-white-fewer-black": [("w3fc", "w4fc", True), ("w3fc", "b4fc", False),
                               ("w3fc", "b2fc", True), ("w3fc", "w2fc", False),
                               ("w3fc", "b3us", True)],
    "filled-must-climb": [("w3fc", "w4fc", True), ("w3fc", "w3fc", False),
                          ("w3fc", "w1uc", True), ("", "w1fc", True)],
}


def test_every_rule_has_examples(shipped: LoadedDeck) -> None:
    assert sorted(EXAMPLES) == sorted(card.id for card in rule_cards(shipped))


@pytest.mark.parametrize("rule_id", sorted(EXAMPLES))
def test_each_rule_does_what_its_words_say(shipped: LoadedDeck, rule_id: str) -> None:
    [card] = [card for card in rule_cards(shipped) if card.id == rule_id]
    rule = Rule.parse(card.rule)
    for row, offered, expected in EXAMPLES[rule_id]:
        designs = [parse_design(code) for code in row.split()]
        assert rule.accepts(designs, parse_design(offered)) is expected, (row, offered)


def test_no_rule_takes_every_card_or_leaves_a_row_stuck(shipped: LoadedDeck) -> None:
    """Rows grown at random by cards each rule accepts: some card always fits, and some
    card is refused somewhere."""
    draw = random.Random(4)
    for card in rule_cards(shipped):
        rule = Rule.parse(card.rule)
        refused = 0
        for _ in range(6):
            row: list[engine_shapes.Design] = []
            for _ in range(18):
                fits = [design for design in DESIGNS if rule.accepts(row, design)]
                assert fits, (card.id, [design.code for design in row])
                refused += len(DESIGNS) - len(fits)
                row.append(draw.choice(fits))
        assert refused, card.id


# The build: every output, with the right number of pages.

def test_the_build_prints_every_card_the_backs_a_score_sheet_and_the_rulebook(
        tmp_path: Path) -> None:
    deck = tmp_path / "what-the-rule.yaml"
    shutil.copy(DECK, deck)
    report = build_deck(deck, out=tmp_path / "out", check_options=CheckOptions(simulate=False))
    assert not report.failed, report.reason
    assert report.no_rulebook is None  # the game's own rulebook is built too
    pages = {built.path.name: built.pages for built in report.files}
    cards = 144 + len(rule_cards(load_deck(deck)))
    per_page = sheet_layout(paper="a4", size=find_size("poker"), bleed_mm=3).per_page
    per_letter = sheet_layout(paper="letter", size=find_size("poker"), bleed_mm=3).per_page
    assert pages == {
        "what-the-rule-pnp-a4.pdf": 2 * math.ceil(cards / per_page),
        "what-the-rule-pnp-letter.pdf": 2 * math.ceil(cards / per_letter),
        "what-the-rule-dtc.pdf": 2 * cards,
        "what-the-rule-score-sheet-a4.pdf": 1,
        "what-the-rule-score-sheet-letter.pdf": 1,
        "what-the-rule-rulebook-a4.pdf": pages["what-the-rule-rulebook-a4.pdf"],
        "what-the-rule-rulebook-letter.pdf": pages["what-the-rule-rulebook-letter.pdf"]}
    assert pages["what-the-rule-rulebook-a4.pdf"] >= 10
    for built in report.files:  # the real files say so too
        assert len(PdfReader(built.path).pages) == built.pages
    assert {built.what for built in report.files if "score" in built.path.name} == {
        "score sheet, A4", "score sheet, US Letter"}
    assert report.problems == []
    sheet = PdfReader(report.folder / "what-the-rule-score-sheet-letter.pdf").pages[0]
    assert "Game master" in sheet.extract_text()
    again = build_deck(deck, out=tmp_path / "out", check_options=CheckOptions(simulate=False))
    assert again.up_to_date and {f.path.name for f in again.files} == set(pages)


def test_other_games_builds_print_no_score_sheet() -> None:
    deck = load_deck(FIXTURES / "valid-minimal.yaml")
    assert output_units(deck, ("pnp-a4", "dtc")) == ["pnp-a4", "dtc", "rulebook-a4"]
    mao = load_deck(ROOT / "decks" / "mao.yaml")
    assert not any("score" in unit for unit in output_units(mao, ("pnp-a4", "pnp-letter")))


def test_a_what_the_rule_build_prints_a_score_sheet_on_each_paper(shipped: LoadedDeck) -> None:
    assert output_units(shipped, ("pnp-a4", "pnp-letter", "dtc")) == [
        "pnp-a4", "pnp-letter", "dtc", "rulebook-a4", "rulebook-letter", "score-sheet-a4",
        "score-sheet-letter"]
    assert output_units(shipped, ("tgc",)) == ["tgc", "rulebook-a4", "score-sheet-a4"]


def game_rule_deck(tmp_path: Path, *cards: tuple[str, str]) -> Path:
    """A What the Rule?! deck of rule cards only: (rule, level) each."""
    lines = ["deck:", "  name: Rules Test", "  base_game: what-the-rule", "rule_cards:"]
    for number, (rule, level) in enumerate(cards, 1):
        lines += [f"  - id: r{number}", f"    number: {number}", f"    text: Rule {number}.",
                  f"    rule: '{rule}'", f"    level: {level}"]
    path = tmp_path / "game-rules.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_checker_refuses_a_rule_that_can_leave_the_table_stuck(tmp_path: Path) -> None:
    report, _ = check_deck(game_rule_deck(tmp_path, ("card.count >= 3", "easy"),
                                          ("first or card.count > previous.count", "medium")),
                           CheckOptions())
    [issue] = [issue for issue in report.issues if issue.code == "rule-dead-end"]
    assert issue.field == "rule_cards[1].rule" and "after w6fc" in issue.message


def test_the_checker_refuses_a_rule_that_accepts_everything(tmp_path: Path) -> None:
    report, _ = check_deck(game_rule_deck(tmp_path, ("card.count >= 3", "easy"),
                                          ("card.count >= 1 or first", "easy")), CheckOptions())
    assert [issue.field for issue in report.issues if issue.code == "rule-accepts-all"] == [
        "rule_cards[1].rule"]


def test_a_level_the_learner_disagrees_with_is_reported_with_the_figures(
        tmp_path: Path) -> None:
    report, _ = check_deck(game_rule_deck(tmp_path, ('card.colour == "black"', "hard")),
                           CheckOptions())
    [issue] = [issue for issue in report.issues if issue.code == "rule-level"]
    assert issue.field == "rule_cards[0].level" and issue.data["measured"] == "easy"
    assert "labelled hard" in issue.message and "offers (median)" in issue.message


def test_hrdeck_rule_equiv_decides_and_shows_the_counterexample() -> None:
    from typer.testing import CliRunner

    from hrdeck.app import app
    from hrdeck.cli import _register_commands
    _register_commands(["rule"])
    runner = CliRunner()
    same = runner.invoke(app, ["rule", "equiv", 'card.colour == "white"',
                               'card.colour != "black"', "--game", "what-the-rule"])
    assert same.exit_code == 0 and "The same rule" in same.stdout
    different = runner.invoke(app, ["rule", "equiv", 'card.shape == "circle"',
                                    'card.shape in ("circle", "triangle")'])
    assert different.exit_code == 1
    assert "the row so far: empty" in different.stdout and "triangle" in different.stdout
    assert "the second rule accepts it; the first refuses it" in different.stdout
    unreadable = runner.invoke(app, ["rule", "equiv", "card.colour = 1", "True"])
    assert unreadable.exit_code == 2 and "The first rule cannot be read" in unreadable.stderr
    other = runner.invoke(app, ["rule", "equiv", "True", "True", "--game", "mao"])
    assert other.exit_code == 2 and "compares rules of What the Rule?! only" in other.stderr
