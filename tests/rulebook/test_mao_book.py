"""The Mao rulebook, the game master's book: built once from decks/mao.yaml, read back from
the real PDFs.

It says on its first page that the rules are not explained at the table, prints every
standard rule card and every ruling the engine makes, names every penalty call with what it
costs, counts the secret rules without printing any of them, tells a worked example the
engine agrees with, keeps its headings off the foot of a page, and is written in our own
words: no run of eight words is shared with the game's seed text.
"""

from __future__ import annotations

import dataclasses
import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from engine.games.mao import offences
from engine.games.mao.table import HAND, MAX_PLAYERS, MIN_PLAYERS, packs_for
from engine.games.registry import find_game
from generator.deck import LoadedDeck, load_deck
from generator.mao.cards import RuleCard
from generator.printing.units import to_mm
from generator.rulebook.books import find_book, no_book_reason
from generator.rulebook.mao import context as mao_context
from generator.rulebook.mao import example as story
from generator.rulebook.mao.context import book_for, spelled
from generator.rulebook.mao.example import MOVES, NAMES, ExampleDisagrees, short, worked_example
from generator.rulebook.templating import render_document
from generator.rulebook.words import prose, typeset

from .conftest import Printed as Output
from .conftest import ShippedBooks, build_printed
from .decks import write_deck
from .pdftext import all_page_lines, flat, page_texts
from .text import runs_of_words, section

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "decks" / "mao.yaml"
SEED = Path("/work/shared/seeds/002_01b1c2980c7d983f.txt")  # the game's own rules text
PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, shipped_books: ShippedBooks) -> Output:
    return build_printed(DECK, tmp_path_factory.mktemp("mao"), shipped_books("mao"))


def rule_cards(deck: LoadedDeck) -> list[RuleCard]:
    return [card for _, card in deck.cards_of("rules")]


def whole_text(built: Output) -> str:
    return flat(" ".join(built.texts))


# -- the deck and the build ------------------------------------------------------------------

def test_the_deck_loads_and_has_a_book() -> None:
    deck = load_deck(DECK)
    assert deck.issues == []
    assert deck.info is not None and deck.info.base_game == "mao"
    assert not deck.has_secret_rules  # whole-rule cards, not triggers and actions
    assert no_book_reason(deck) is None
    maker = find_book("mao")
    assert maker is not None and maker.folder == "mao" and not maker.needs_secret_rules


def test_the_build_writes_both_rulebooks_beside_the_card_sheets(built: Output) -> None:
    report = built.report
    assert not report.failed, report.reason
    assert report.problems == [] and report.no_rulebook is None
    names = {file.path.name for file in report.files}
    assert {"mao-rulebook-a4.pdf", "mao-rulebook-letter.pdf", "mao-pnp-a4.pdf",
            "mao-pnp-letter.pdf", "mao-dtc.pdf"} <= names
    assert {file.path.parent for file in report.files} == {report.folder}
    books = {file.path.name: file for file in report.files if "rulebook" in file.what}
    for paper, path in (("a4", built.a4), ("letter", built.letter)):
        reader = PdfReader(path)
        assert books[path.name].pages == len(reader.pages) >= 10
        sizes = {(round(to_mm(float(page.mediabox.width)), 1),
                  round(to_mm(float(page.mediabox.height)), 1)) for page in reader.pages}
        assert sizes == {PAPERS_MM[paper]}
        assert page_texts(path)[-1].endswith(f"page {len(reader.pages)} of {len(reader.pages)}")


def test_the_command_builds_the_rulebooks_beside_the_card_sheets(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "hrdeck", "build", str(DECK), "--out", str(out),
                           "--games", "60"], capture_output=True, text=True, timeout=300,
                          cwd=ROOT, env={**os.environ, "COLUMNS": "200"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no rulebook" not in done.stdout
    assert "rulebook-a4.pdf" in done.stdout and "rulebook-letter.pdf" in done.stdout
    folder = out / "mao"
    assert {"mao-rulebook-a4.pdf", "mao-rulebook-letter.pdf", "mao-pnp-a4.pdf",
            "mao-pnp-letter.pdf", "mao-dtc.pdf"} <= {path.name for path in folder.iterdir()}
    assert "Never explain the rules." in page_texts(folder / "mao-rulebook-a4.pdf")[0]


def test_the_books_pages_are_numbered_with_the_deck_name(built: Output) -> None:
    name = built.deck.info.name if built.deck.info else ""
    pages = built.book.summary.pages
    for number, text in enumerate(built.book.texts, start=1):
        assert text.endswith(f"{name} page {number} of {pages}")


# -- what the book says ----------------------------------------------------------------------

def test_the_first_page_says_not_to_explain_the_rules_and_whom_the_book_is_for(
        built: Output) -> None:
    for first in (built.book.texts[0], built.letter_texts[0]):
        assert "Never explain the rules." in first
        assert "Nobody at the table is told how Mao is played" in first
        assert "This book is for you, the game master:" in first
    contents = built.book.summary.page_of("contents")
    assert contents == 2  # the warning comes before anything else


def test_every_clarification_is_printed_in_full(built: Output) -> None:
    clarifications = section(built.book, "clarifications")
    items = [item for item in find_game("mao").clarifications if not item.for_software]
    assert len(items) >= 10
    for item in items:  # the rulings about hrdeck itself are in the appendix only
        topic = typeset(item.topic)
        assert (topic if topic[-1] in ".?!:" else f"{topic}.") in clarifications, item.key
        assert flat(typeset(item.ruling)) in clarifications, item.key


def test_every_standard_rule_card_is_printed_with_its_number(built: Output) -> None:
    standard = [card for card in rule_cards(built.deck) if card.standard]
    assert len(standard) == 9
    listed = section(built.book, "standard-cards")
    assert f"The deck holds {len(standard)} standard rule cards." in listed
    for card in standard:
        assert f"{card.number} {flat(prose(card.text))}" in listed, card.id
        assert flat(prose(card.text)) in flat(" ".join(built.letter_texts)), card.id


def test_the_core_rules_are_there(built: Output) -> None:
    turn = section(built.book, "turn")
    assert "matches the card on top in suit or in rank" in turn
    assert "takes one card from the stack instead" in turn
    assert "Any card may go down." in turn and "sends it back with a penalty card" in turn
    assert "The joker is the 9♦." in turn


def test_every_penalty_call_is_named_with_what_it_costs(built: Output) -> None:
    calls = section(built.book, "calls")
    proper = {key: offences.REASONS[key] for key in offences.PROPER}
    for key, words in proper.items():
        assert words in calls, key
    assert offences.REASONS[offences.MAO_IN_A_CALL] not in calls  # not a call to make
    markup = render_document(book_for(built.deck), "mao")
    for key, words in proper.items():
        cost = offences.cost(key)
        assert re.search(rf"<td><b>{re.escape(words)}</b></td><td>[^<]*</td><td>{cost}</td>",
                         markup), key
    assert offences.cost(offences.SAYING_MAO) == 3
    penalties = section(built.book, "penalties")
    assert (f"takes {spelled(offences.cost(offences.BAD_CARD))} card from the stack"
            in penalties)
    assert f"which costs {spelled(offences.MAO_COST)}" in penalties


def test_bad_calls_continued_failure_points_of_order_and_who_calls(built: Output) -> None:
    text = whole_text(built)
    assert "is a bad call, and the caller takes the card they meant to hand out" in text
    assert "“continued failure to say …”" in text
    assert "“point of order”" in text and "“end of point of order”" in text
    who = section(built.book, "who-calls")
    assert "democratic" in who and "dictatorial" in who and "Mao master" in who


def test_calls_are_in_time_until_the_offenders_next_turn_and_too_late_after(
        built: Output) -> None:
    making = section(built.book, "making-a-call")
    assert "Call in time: until the offender’s next turn." in making
    assert "After that, it is too late. Nobody takes a card, the caller included" in making
    assert "Called after a later move, the card stays where it lies" in making
    assert "A call may come until the offender’s next turn; later, it is too late" in (
        section(built.book, "quick-reference"))


def test_the_mao_call_and_new_rule_are_told(built: Output) -> None:
    bad = section(built.book, "bad-calls")
    assert "Whoever calls “saying Mao” or “failure to say Mao” has just said it out of place, " \
           "and takes three cards on the spot" in bad
    calls = section(built.book, "calls")
    assert "taking the name of the great Chinese leader in vain" in calls
    assert "failure to take a penalty card" in calls and "bad call" in calls
    holding = section(built.book, "holding")
    assert "hand it back once more, saying “new rule”: the card stays with them" in holding


def test_winning_coming_back_and_holding_a_secret_rule(built: Output) -> None:
    text = whole_text(built)
    assert "it must be the last thing they say" in section(built.book, "mao")
    back = section(built.book, "coming-back")
    assert f"they take {spelled(HAND)} fresh cards from the stack" in back
    assert "draw the top card of the secret rules, face down" in back
    holding = section(built.book, "holding")
    assert "the call that gives the least away" in holding
    assert "they may enforce it too" in holding and "it is a bad call" in holding
    assert "A good place to stop is when one player has won three Maos." in text


def test_the_secret_rules_are_counted_but_never_printed(built: Output) -> None:
    secret = [card for card in rule_cards(built.deck) if not card.standard]
    assert len(secret) == 32
    text = whole_text(built)
    assert f"This deck holds {len(secret)} secret rule cards, numbered 10 to 41." in text
    for card in secret:
        assert flat(card.text) not in text, card.id
        phrase = getattr(card.then, "phrase", None)
        if phrase and len(phrase.split()) > 1:
            assert phrase not in text.lower(), card.id


def test_the_numbers_are_the_engines(built: Output) -> None:
    first = built.book.texts[0]
    assert f"For {MIN_PLAYERS} to {MAX_PLAYERS} players · one pack of 54 cards" in first
    assert f"Deal {spelled(HAND)} cards to each player." in section(built.book, "setup")
    need = section(built.book, "what-you-need")
    for players in (MIN_PLAYERS, MAX_PLAYERS):
        packs = packs_for(players)
        assert f" {packs} {packs * 54}" in need
    assert "2 to 3 1 54 4 to 6 2 108 7 to 9 3 162 10 to 12 4 216" in need
    sevens = section(built.book, "sevens")
    assert "2 “have a very nice day” 2 cards “penalty card” “thank you very much”" in sevens
    assert "failure to play within 10 seconds" in section(built.book, "variants")


def test_the_numbers_are_read_not_typed(built: Output) -> None:
    book = book_for(built.deck)
    changed = dataclasses.replace(
        book, rules=dataclasses.replace(book.rules, min_players=3, max_players=9,
                                        hand_words="seven", mao_cost_words="four"),
        settings=dataclasses.replace(book.settings, seconds=7))
    markup = render_document(changed, "mao")
    assert "For 3 to 9 players" in markup and "For 2 to 12" not in markup
    assert "Deal seven cards to each player." in markup
    assert "which costs four" in markup and "within 7 seconds" in markup


def test_a_call_the_templates_cannot_word_stops_the_build(built: Output) -> None:
    from jinja2 import UndefinedError

    book = book_for(built.deck)
    new = mao_context.CallRow(key="singing", words="singing", cards=1, on_word=True)
    with pytest.raises(UndefinedError):
        render_document(dataclasses.replace(book, calls=(*book.calls, new)), "mao")


def test_a_deck_of_mao_without_rule_cards_still_gets_a_book(tmp_path: Path) -> None:
    deck = load_deck(write_deck(tmp_path, {
        "deck": {"name": "Mao aids", "base_game": "mao"},
        "aids": [{"id": "a", "number": 1, "text": "Say nothing."}]}))
    assert deck.issues == [] and no_book_reason(deck) is None
    book = book_for(deck)
    assert book.standard == () and book.secret_count == 0 and book.players == (2, 12)
    markup = render_document(book, "mao")
    assert "This deck holds no standard rule cards." in markup
    assert "This deck holds no secret rule cards" in markup


def test_the_sections_are_all_there(built: Output) -> None:
    keys = [item.key for item in built.book.summary.sections]
    assert keys == ["contents", "running", "your-part", "what-you-need", "setup", "variants",
                    "standard-rules", "turn", "standard-cards", "sevens", "points-to-watch",
                    "penalties", "calls", "making-a-call", "bad-calls", "owed",
                    "point-of-order", "who-calls", "example", "winning", "mao", "coming-back",
                    "holding", "secret-cards", "ending", "clarifications", "quick-reference"]


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


# -- the worked example ----------------------------------------------------------------------

def test_the_worked_example_is_played_by_the_engine(built: Output) -> None:
    example = worked_example()  # raises if the engine disagrees with the story
    text = section(built.book, "example")
    for seat in example.seats:
        assert f"{seat.name} {seat.hand}" in text
    for move in MOVES:
        assert NAMES[move.player] in text
        if move.card is not None:
            assert short(move.card) in text, move.card
    for call in example.calls[:2]:
        assert f"calls “{call}”" in text
    assert example.calls[2].startswith("bad call")
    assert f"She takes {example.chain_cards_words} cards" in text
    ana, ben, cleo = example.hands_after
    assert f"Ana now holds {ana} cards, Ben {ben} and Cleo {cleo}." in text


def test_a_story_the_engine_disagrees_with_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    no_skip = dataclasses.replace(MOVES[1], turn=0)  # Ben's 7 aims at Cleo, who plays next
    monkeypatch.setattr(story, "MOVES", (MOVES[0], no_skip, *MOVES[2:]))
    with pytest.raises(ExampleDisagrees, match=r"move 2 .* Cleo to play on 7♠"):
        worked_example()
    not_bad = dataclasses.replace(MOVES[-1], taker=0)  # the 4♥ fitted: the caller pays
    monkeypatch.setattr(story, "MOVES", (*MOVES[:-1], not_bad))
    with pytest.raises(ExampleDisagrees, match=r"move 14 .* gives the card to Ben"):
        worked_example()


@pytest.mark.parametrize("module", [mao_context, story])
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.failed == 0 and result.attempted > 0


# -- our own words ---------------------------------------------------------------------------


@pytest.mark.skipif(not SEED.is_file(), reason="the seed text is not on this machine")
def test_our_words_are_our_own(built: Output) -> None:
    seed = runs_of_words(SEED.read_text(encoding="utf-8"))
    text = " ".join(built.texts)
    for words in offences.REASONS.values():  # the calls are the game's own words
        text = re.sub(re.escape(words), " ", text, flags=re.IGNORECASE)
    book = runs_of_words(text)
    assert {" ".join(run) for run in book & seed} == set()


def test_our_prose_has_curly_quotes_only(built: Output) -> None:
    """Straight quotes come only from the deck's own words, printed as the cards print them."""
    text = whole_text(built)
    info = built.deck.info
    assert info is not None
    for deck_text in [*(flat(card.text) for card in rule_cards(built.deck) if card.standard),
                      flat(info.name), flat(info.description)]:
        text = text.replace(deck_text, "")
    assert not re.search(r"""['"]""", text)
    assert "game master’s book" in text and "“penalty card”" in text
