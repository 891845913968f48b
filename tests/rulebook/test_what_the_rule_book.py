"""The What the Rule?! rulebook: built once from decks/what-the-rule.yaml, read back from the
real PDFs.

It explains the cards, setting up a round, a turn, guessing and hints; prints every scoring
rule with the engine's numbers and a worked example the engine agrees with; prints the ten
starter rules as their cards print them and counts the other rule cards by level; prints
every ruling the engine makes; keeps its headings off the foot of a page; and is written in
our own words: no run of eight words is shared with the game's seed text.
"""

from __future__ import annotations

import dataclasses
import doctest
import os
import re
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from pypdf import PdfReader

from engine.games.registry import find_game
from engine.games.what_the_rule.base_game import MAX_PLAYERS, MIN_PLAYERS
from engine.games.what_the_rule.game import GUESS_BONUS, HINTED_BONUS, TEN_CARDS, TWO_TURNS
from engine.games.what_the_rule.shapes import COPIES, DECK, DESIGNS, HAND
from generator.deck import LoadedDeck, load_deck
from generator.printing.drawing import Circle, Fill, Polygon
from generator.printing.units import to_mm
from generator.rulebook import render_markup
from generator.rulebook.books import find_book, no_book_reason
from generator.rulebook.card_pictures import UnknownCard
from generator.rulebook.markup import parse_document
from generator.rulebook.templating import render_document
from generator.rulebook.what_the_rule import context as wtr_context
from generator.rulebook.what_the_rule import example as story
from generator.rulebook.what_the_rule.context import book_for, spelled
from generator.rulebook.what_the_rule.example import (
    ROUND_1,
    ROUND_2,
    ExampleDisagrees,
    worked_example,
)
from generator.rulebook.words import prose, typeset
from generator.rulebook.writer import book_cards
from generator.what_the_rule.cards import WhatTheRuleCard

from .conftest import Built, ShippedBooks, build_printed
from .conftest import Printed as Output
from .decks import write_deck
from .pdftext import all_page_lines, flat, page_texts
from .text import runs_of_words, section

ROOT = Path(__file__).resolve().parents[2]
DECK_PATH = ROOT / "decks" / "what-the-rule.yaml"
SEED = Path("/work/shared/seeds/004_88ec75f2a434a300.txt")  # the game's own rules text
PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
FOLDER = "what-the-rule"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, shipped_books: ShippedBooks) -> Output:
    return build_printed(DECK_PATH, tmp_path_factory.mktemp("wtr"), shipped_books("what-the-rule"))


@pytest.fixture(scope="module")
def appendix(shipped_books: ShippedBooks) -> Built:
    """The A4 book with its appendix for designers and referees."""
    book = shipped_books("what-the-rule", appendix=True)
    assert book.deck.path == DECK_PATH
    return book


def rule_cards(deck: LoadedDeck) -> list[WhatTheRuleCard]:
    return sorted((card for _, card in deck.cards_of("rule_cards")),
                  key=lambda card: card.number)


def whole_text(built: Output) -> str:
    return flat(" ".join(built.texts))


def letter_body(built: Output) -> str:
    """The Letter book's pages, their footers removed, whitespace collapsed."""
    footer = re.compile(r" ?What the Rule\?! page \d+ of \d+$")
    return flat(" ".join(footer.sub("", text) for text in built.letter_texts))


def printed_ruling(ruling: str) -> str:
    """A ruling as the book prints it: typeset, its code marks dropped."""
    return flat(typeset(ruling).replace("`", ""))


# -- the deck and the build ------------------------------------------------------------------

def test_the_deck_loads_and_has_a_book() -> None:
    deck = load_deck(DECK_PATH)
    assert deck.issues == []
    assert deck.info is not None and deck.info.base_game == "what-the-rule"
    assert not deck.has_secret_rules  # the master's rule is the secret: no triggers, actions
    assert no_book_reason(deck) is None
    maker = find_book("what-the-rule")
    assert maker is not None and maker.folder == FOLDER and not maker.needs_secret_rules
    assert (ROOT / "templates" / "rulebook" / FOLDER / "rulebook.xml.j2").is_file()


def test_the_build_writes_both_rulebooks_beside_the_other_outputs(built: Output) -> None:
    report = built.report
    assert not report.failed, report.reason
    assert report.problems == [] and report.no_rulebook is None
    names = {file.path.name for file in report.files}
    assert {"what-the-rule-rulebook-a4.pdf", "what-the-rule-rulebook-letter.pdf",
            "what-the-rule-pnp-a4.pdf", "what-the-rule-pnp-letter.pdf", "what-the-rule-dtc.pdf",
            "what-the-rule-score-sheet-a4.pdf", "what-the-rule-score-sheet-letter.pdf"} <= names
    assert {file.path.parent for file in report.files} == {report.folder}
    books = {file.path.name: file for file in report.files if "rulebook" in file.what}
    for paper, path in (("a4", built.a4), ("letter", built.letter)):
        reader = PdfReader(path)
        assert books[path.name].pages == len(reader.pages) >= 10
        sizes = {(round(to_mm(float(page.mediabox.width)), 1),
                  round(to_mm(float(page.mediabox.height)), 1)) for page in reader.pages}
        assert sizes == {PAPERS_MM[paper]}
        assert page_texts(path)[-1].endswith(f"page {len(reader.pages)} of {len(reader.pages)}")


def test_the_command_builds_the_rulebooks_beside_the_other_outputs(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "hrdeck", "build", str(DECK_PATH), "--out",
                           str(out), "--games", "20"], capture_output=True, text=True,
                          timeout=300, cwd=ROOT, env={**os.environ, "COLUMNS": "200"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no rulebook" not in done.stdout
    assert "rulebook-a4.pdf" in done.stdout and "rulebook-letter.pdf" in done.stdout
    folder = out / "what-the-rule"
    written = {path.name for path in folder.iterdir()}
    assert {"what-the-rule-rulebook-a4.pdf", "what-the-rule-rulebook-letter.pdf",
            "what-the-rule-pnp-a4.pdf", "what-the-rule-pnp-letter.pdf", "what-the-rule-dtc.pdf",
            "what-the-rule-score-sheet-a4.pdf"} <= written
    first = page_texts(folder / "what-the-rule-rulebook-a4.pdf")[0]
    assert "What the Rule?!" in first and "The rulebook" in first


def test_the_books_pages_are_numbered_with_the_deck_name(built: Output) -> None:
    name = built.deck.info.name if built.deck.info else ""
    pages = built.book.summary.pages
    for number, text in enumerate(built.book.texts, start=1):
        assert text.endswith(f"{name} page {number} of {pages}")


def test_the_sections_are_all_there(built: Output) -> None:
    keys = [item.key for item in built.book.summary.sections]
    assert keys == ["contents", "game", "what-you-need", "cards", "setup", "master",
                    "secret-rule", "deal", "round", "turn", "guessing", "hints", "tips",
                    "scoring", "round-end", "points", "example", "game-end", "two-players",
                    "rules", "own-rules", "rule-cards", "clarifications", "quick-reference"]
    assert built.book.summary.page_of("contents") == 2


def test_the_appendix_follows_the_quick_reference(appendix: Built) -> None:
    keys = [item.key for item in appendix.summary.sections]
    assert keys[keys.index("quick-reference"):] == [
        "quick-reference", "appendix", "rule-language", "software-rulings"]


def test_the_quick_reference_is_the_last_page(built: Output) -> None:
    summary = built.book.summary
    assert summary.page_of("quick-reference") == summary.pages


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_heading_ends_a_page(built: Output, paper: str) -> None:
    path = built.a4 if paper == "a4" else built.letter
    titles = {item.title for item in built.book.summary.sections}
    for number, lines in enumerate(all_page_lines(path), start=1):
        body = [line for line in lines if not re.search(r"page \d+ of \d+$", line)]
        assert body and body[-1] not in titles, f"page {number} ends with {body[-1]!r}"
        assert body[-1] not in {"Round 1: Ana is the game master", "Show your hand",
                                "Play a card"}, f"page {number} ends with {body[-1]!r}"


# -- what the book says ----------------------------------------------------------------------

def test_the_cards_are_explained_with_a_table_and_pictures(built: Output) -> None:
    cards = section(built.book, "cards")
    assert "between 1 and 6 identical shapes" in cards
    assert "Shape circle, triangle or square 3" in cards
    assert "Count 1 to 6 shapes, all alike 6" in cards
    assert "Fill filled or unfilled (drawn in outline) 2" in cards
    assert "Colour white or black card, the shapes in the other colour 2" in cards
    assert f"3 × 6 × 2 × 2 = {len(DESIGNS)} designs" in cards
    assert f"{spelled(COPIES)} cards of each design, {len(DECK)} in all" in cards
    for words in ("white · 1 filled circle", "black · 3 unfilled triangles",
                  "white · 5 unfilled squares", "black · 6 filled squares"):
        assert words in cards
    assert "drawn as they are printed" in cards
    need = section(built.book, "what-you-need")
    assert f"{MIN_PLAYERS} to {MAX_PLAYERS}." in need
    assert f"{len(DECK)}: {len(DESIGNS)} designs, {spelled(COPIES)} of each." in need
    assert f"For {MIN_PLAYERS} to {MAX_PLAYERS} players · {len(DECK)} shape cards" in (
        built.book.texts[0])


def test_setting_up_the_master_the_rule_and_the_deal(built: Output) -> None:
    master = section(built.book, "master")
    assert "whoever has a rule in mind first" in master
    assert "moves one seat clockwise each round, to the left of the last master" in master
    secret = section(built.book, "secret-rule")
    assert "in one of two ways" in secret
    for way in ("Made up and written down.", "Drawn from the rule cards."):
        assert way in secret
    deal = section(built.book, "deal")
    assert f"Deal {spelled(HAND)} cards to every player but the master" in deal
    assert f"Shuffle all {len(DECK)} shape cards together, before every round." in deal
    assert "The player sitting left of the master takes the first turn" in deal


def test_a_turn_guessing_and_hints(built: Output) -> None:
    turn = section(built.book, "turn")
    assert "It fits. It joins the row of accepted cards" in turn
    assert "You may now guess the rule." in turn
    assert "It does not fit. Put it face up below the row" in turn
    assert "Take one card from the draw pile. You may not guess." in turn
    assert "Nothing fits: you were right. Your cards go face down under the draw pile." in turn
    assert f"one card fewer than you showed ({HAND - 1} for a hand of {HAND})" in turn
    assert "Something fits after all. The master chooses one of the cards that fit" in turn
    assert "draw one card, and your turn is over without a guess" in turn
    guessing = section(built.book, "guessing")
    assert "straight after a card of yours fits" in guessing
    assert "A guess that means exactly what the rule means is right" in guessing
    assert "“only black cards”, then “never a white card” is right too" in guessing
    assert "The guess has to cover the whole rule." in guessing
    assert "“squares only” is wrong" in guessing
    hints = section(built.book, "hints")
    assert "Everyone at the table has to agree, the master as well." in hints
    assert (f"a right guess then earns {HINTED_BONUS} extra points instead of {GUESS_BONUS}"
            in hints)
    assert "If any player objects" in hints


def test_the_turn_shows_the_row_of_the_first_round(built: Output) -> None:
    turn = section(built.book, "turn")
    first = worked_example().rounds[0]
    assert "Place " + " ".join(str(spot.position) for spot in first.spots) in turn


def test_the_book_draws_its_cards_as_the_sheets_print_them(built: Output) -> None:
    """Every card the first round's picture shows is a real card, composed by the same code
    as the print sheets: a white or black card with its count of shapes."""
    deck = built.deck
    book = book_cards(deck)
    markup = parse_document(render_markup(deck))
    shown = [element for element in markup.iter("card") if element.get("section") == "shapes"]
    first = worked_example().rounds[0]
    wanted = [card for spot in first.spots for card in (spot.card, *spot.refused) if card]
    drawn = [(int(element.get("count", "0")), element.get("colour"), element.get("shape"))
             for element in shown]
    for card in wanted:
        assert (card.count, card.colour, card.shape) in drawn
    for element in shown:
        side = book.composed(book.face(element))
        pips = next(drawn for drawn in side.placed if drawn.type == "shapes")
        shapes = [item for item in side.items if isinstance(item, Circle | Polygon)
                  and pips.box.contains(item.box)]
        assert len(shapes) == int(element.get("count", "0"))
        centre = side.trim.centre_x, side.trim.centre_y
        ground = [item for item in side.items if isinstance(item, Fill)
                  and item.box.x <= centre[0] <= item.box.right
                  and item.box.y <= centre[1] <= item.box.top][-1]
        assert ground.colour == ("#000000" if element.get("colour") == "black" else "#ffffff")


def test_a_card_the_deck_lacks_is_a_clear_error(built: Output) -> None:
    book = book_cards(built.deck)
    with pytest.raises(UnknownCard, match='the card "no-such-card", which the deck does not'):
        book.face(ET.Element("card", {"id": "no-such-card"}))


def test_every_scoring_rule_is_printed_with_the_engines_numbers(built: Output) -> None:
    ends = section(built.book, "round-end")
    assert "a player guesses the rule" in ends
    assert "a player’s turn ends with no cards left in their hand" in ends
    assert "the draw pile is used up" in ends
    points = section(built.book, "points")
    assert f"{HAND} minus the cards in their hand." in points
    assert f"{GUESS_BONUS} more, or only {HINTED_BONUS} more if the table agreed to hints" in (
        points)
    assert "As many as the best player of the round" in points
    assert "The master’s points are halved, rounded down, when" in points
    assert (f"the rule was guessed before every player had had at least {spelled(TWO_TURNS)} "
            f"turns ({TWO_TURNS} or more each)") in points
    assert (f"the rule was guessed before {spelled(TEN_CARDS)} cards ({TEN_CARDS}) had been "
            "played") in points
    assert "the round ended with nobody guessing the rule" in points
    assert "Halve once only, however many of the cases apply" in points
    example = worked_example().rounds[1]
    assert f"{example.best} points are halved to {example.master_points}" in points
    end = section(built.book, "game-end")
    assert "every player has been game master for one round" in end
    assert "agree on more rounds or fewer" in end
    assert "The highest total wins." in end and "they share the win" in end
    two = section(built.book, "two-players")
    assert f"With only {MIN_PLAYERS} players" in two
    assert "always played without points" in two and "nobody wins or loses" in two


def test_the_quick_reference_sums_up_the_scoring(built: Output) -> None:
    quick = section(built.book, "quick-reference")
    assert f"Each player {HAND} − cards in hand" in quick
    assert f"The guesser +{GUESS_BONUS}, or +{HINTED_BONUS} if hints were agreed" in quick
    assert "The game master the best player’s points" in quick
    assert (f"player had {TWO_TURNS} turns, or guessed before {TEN_CARDS} cards were played, "
            "or not guessed at all") in quick
    assert "a tie shares the win" in quick and "Two players play without points." in quick


def test_the_numbers_are_read_not_typed(built: Output) -> None:
    book = book_for(built.deck)
    changed = dataclasses.replace(book, rules=dataclasses.replace(
        book.rules, min_players=3, max_players=8, hand=9, hand_words="nine", guess_bonus=6,
        hinted_bonus=3, two_turns=4, two_turns_words="four", ten_cards=12,
        ten_cards_words="twelve"))
    markup = flat(render_document(changed, FOLDER))
    assert "For 3 to 8 players" in markup and "2 to 10" not in markup
    assert "Deal nine cards to every player but the master" in markup
    assert "<b>9 minus the cards in their hand.</b>" in markup
    assert "(8 for a hand of 9)" in markup
    assert "<b>6 more</b>, or only <b>3 more</b>" in markup
    assert "at least four turns (4 or more each)" in markup
    assert "before twelve cards (12) had been played" in markup
    assert "<b>+6</b>, or <b>+3</b> if hints" in markup
    assert "earns 3 extra points instead of 6" in markup


# -- the worked example ----------------------------------------------------------------------

def test_the_worked_example_is_played_by_the_engine(built: Output) -> None:
    example = worked_example()  # raises if the engine disagrees with the story
    text = section(built.book, "example")
    for round_ in example.rounds:
        assert f"Round {round_.number}: {round_.master} is the game master" in text
        for row in round_.turns:
            assert flat(row.did) in text, row
            assert flat(row.result) in text, row
        for score in round_.scores:
            if score.master:
                assert f"{score.name} (master) {score.points}" in text
            else:
                bonus = f" +{score.bonus}" if score.bonus else ""
                assert (f"{score.name} {score.cards} {score.base}{bonus} {score.points}"
                        in text), score
    one, two = example.rounds
    assert f"showed his {example.revealed_held} cards, and drew {example.revealed_drawn}" in text
    assert (f"{one.guesser} earns only {HINTED_BONUS} for the guess, since the table had "
            "agreed to hints") in text
    assert (f"has the best score of the round, {one.best}, and that is what {one.master} gets, "
            f"in full: every player had at least {one.least_turns} turns, and {one.played} "
            "cards were played") in text
    assert one.least_turns >= TWO_TURNS and one.played >= TEN_CARDS
    assert f"worth the full {GUESS_BONUS}" in text
    assert (f"{two.master} would take {two.best}, but the rule came out too easily: "
            f"someone had had fewer than {spelled(TWO_TURNS)} turns and fewer than "
            f"{spelled(TEN_CARDS)} cards had been played when it was guessed") in text
    assert f"rounded down: {two.master_points}." in text
    assert two.master_points == two.best // 2 and two.best % 2 == 1
    for row in example.totals:
        assert f"{row.name} {' '.join(map(str, row.rounds))} {row.total}" in text
    assert f"With 4 players the game has {example.round_count} rounds" in text


def test_the_turns_the_story_names_are_the_moves(built: Output) -> None:
    """The template names turns 3, 4, 6 and 8 by number: the moves must still be those."""
    example = worked_example()
    rows = {row.number: row for row in example.rounds[0].turns if row.label}
    assert rows[3].who == "Dev" and rows[3].result.startswith("fits")
    assert rows[4].result.startswith("does not fit")
    assert rows[6].who == "Dev" and rows[6].result.startswith("nothing fits")
    assert rows[8].who == "Cleo" and rows[8].did == "reveals the hand"
    assert "fits: the master lays it" in rows[8].result
    guesses = [row for row in example.rounds[0].turns if row.did.startswith("guesses")]
    assert [row.number for row in guesses] == [3, 13]


def test_a_story_the_engine_disagrees_with_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    fits = dataclasses.replace(ROUND_1[0], fits=True)  # a single circle never fits
    monkeypatch.setattr(story, "ROUNDS", ((0, story.RULE_1, (fits, *ROUND_1[1:])),
                                          (1, story.RULE_2, ROUND_2)))
    with pytest.raises(ExampleDisagrees, match=r"move 1 of round 1 .* refuses"):
        worked_example()
    wrong = dataclasses.replace(ROUND_2[-1], rule='card.colour == "white"')
    monkeypatch.setattr(story, "ROUNDS", ((0, story.RULE_1, ROUND_1),
                                          (1, story.RULE_2, (*ROUND_2[:-1], wrong))))
    with pytest.raises(ExampleDisagrees, match=r"move 5 of round 2 .* wrong"):
        worked_example()


@pytest.mark.parametrize("module", [wtr_context, story])
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.failed == 0 and result.attempted > 0


# -- rules and rule cards --------------------------------------------------------------------

def test_making_up_a_rule_covers_the_first_card(built: Output) -> None:
    own = section(built.book, "own-rules")
    assert "Say what the first card does." in own
    assert "nothing to compare with while the row is empty" in own
    assert "A rule that leaves the first card open is not finished." in own


def test_the_ten_starter_rules_are_printed_as_their_cards_print_them(
        built: Output, appendix: Built) -> None:
    cards = rule_cards(built.deck)
    starters = [card for card in cards if card.starter]
    assert len(starters) == 10
    listed = section(built.book, "rule-cards")
    assert f"The {len(starters)} cards marked “first rounds”" in listed
    letter = letter_body(built)
    for card in starters:
        assert f"{card.number} {flat(prose(card.text))} {card.level}" in listed, card.id
        assert flat(prose(card.text)) in letter, card.id
    language = section(appendix, "rule-language")  # the appendix for designers and referees
    for card in starters:
        assert flat(card.rule) in language, card.id
        assert flat(card.rule) not in whole_text(built), card.id


def test_the_other_rule_cards_are_counted_by_level_not_printed(built: Output) -> None:
    others = [card for card in rule_cards(built.deck) if not card.starter]
    assert others
    listed = section(built.book, "rule-cards")
    assert f"The other {len(others)} rule cards are left out of this book on purpose" in listed
    for level in ("easy", "medium", "hard"):
        count = sum(card.level == level for card in others)
        if count:
            assert f"{count} {'is' if count == 1 else 'are'} {level} (card" in listed
    text = whole_text(built)
    for card in others:
        assert flat(card.text) not in text, card.id


def test_a_deck_without_rule_cards_still_gets_a_book(tmp_path: Path) -> None:
    deck = load_deck(write_deck(tmp_path, {
        "deck": {"name": "Shapes only", "base_game": "what-the-rule"},
        "shapes": {"product": {"shape": ["circle", "triangle", "square"],
                               "count": [1, 2, 3, 4, 5, 6], "fill": ["filled", "unfilled"],
                               "colour": ["white", "black"]}, "copies": 2}}))
    assert deck.issues == [] and no_book_reason(deck) is None
    book = book_for(deck)
    assert book.starters == () and book.levels == () and book.players == (2, 10)
    markup = render_document(book, FOLDER)
    assert "This deck holds no rule cards, so every master makes up their own rule." in markup
    assert "marked “first rounds”" not in markup


# -- clarifications --------------------------------------------------------------------------

def test_every_clarification_is_printed_in_full(built: Output) -> None:
    clarifications = section(built.book, "clarifications")
    letter = letter_body(built)
    items = [item for item in find_game("what-the-rule").clarifications
             if not item.for_software]  # the rulings about hrdeck: in the appendix only
    assert len(items) >= 16
    for item in items:
        topic = typeset(item.topic)
        assert (topic if topic[-1] in ".?!:" else f"{topic}.") in clarifications, item.key
        assert printed_ruling(item.ruling) in clarifications, item.key
        assert printed_ruling(item.ruling) in letter, item.key


def test_the_rule_languages_words_in_a_ruling_are_set_as_code(built: Output) -> None:
    markup = render_document(book_for(built.deck), FOLDER, appendix=True)
    first = next(item for item in find_game("what-the-rule").clarifications
                 if "`" in item.ruling)
    for code in first.ruling.split("`")[1::2]:
        assert f"<code>{code}</code>" in markup


# -- our own words ---------------------------------------------------------------------------


@pytest.mark.skipif(not SEED.is_file(), reason="the seed text is not on this machine")
def test_our_words_are_our_own(built: Output) -> None:
    seed = runs_of_words(SEED.read_text(encoding="utf-8"))
    book = runs_of_words(" ".join(built.texts))
    assert {" ".join(run) for run in book & seed} == set()


def test_our_prose_has_curly_quotes_only(built: Output, appendix: Built) -> None:
    """Straight quotes come only from the deck's own words, printed as the cards print them,
    and from the rule language, which is code (in the appendix only)."""
    book = appendix
    code = section(book, "rule-language")
    text = flat(" ".join(section(book, item.key) for item in book.summary.sections
                         if item.in_contents
                         and item.key not in ("rule-language", "software-rulings")))
    info = built.deck.info
    assert info is not None
    for deck_text in [*(flat(card.text) for card in rule_cards(built.deck)),
                      flat(info.name), flat(info.description)]:
        text = text.replace(deck_text, "")
    assert not re.search(r"""['"]""", text)
    assert "“only black cards”" in text and "master’s" in text
    assert '"circle"' in code  # the code keeps its straight quotes
