"""Every shipped deck's rulebook is a players' book: read back from the real PDF, it never talks
about software (hrdeck, its referee, checker, engine or simulator) and prints no trigger-
language expression. All of that is in the appendix for designers and referees, which a build
adds only when asked (`hrdeck build --book-appendix`), with its contents entries right in both
forms."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.deck import load_deck
from generator.pipeline import build_deck
from generator.rulebook.writer import maker_for

from ..in_process import hrdeck
from .conftest import Built, ShippedBooks
from .pdftext import flat, page_texts
from .text import body, section

DECKS = Path(__file__).resolve().parents[2] / "decks"
NAMES = ("base", "mao", "jokers-secret", "jokers-secret-rules", "what-the-rule")
SOFTWARE = re.compile(r"hrdeck|referee|checker|engine|simulat", re.IGNORECASE)
CODE = re.compile(r"\b(card|previous|lead|player|next_player)\.[a-z_]+|\bplayed and\b|==|!=|"
                  r"\bcount_\w+\(|\bcontains\(")
APPENDIX = "Appendix: for designers and referees"

# A few sentences each book moves from its players' pages into its appendix.
MOVED = {
    "base": ("hrdeck’s referee and its deck checker follow every ruling on the clarifications "
             "page.", "written in hrdeck’s trigger language, that the deck checker and the "
             "referee test after each play."),
    "mao": ("so every move is typed with its player’s name.",
            "the referee plays the usual choice of each variant unless it is told otherwise.",
            "The referee ends a game when one player has won three Maos.",
            "the referee takes the holder at their word."),
    "jokers-secret": ("hrdeck’s referee and simulator follow every ruling on the "
                      "clarifications page",),
    "jokers-secret-rules": ("hrdeck’s referee and simulator follow every ruling on the "
                            "clarifications page",),
    "what-the-rule": ("A third way to fix the rule: typed into hrdeck’s referee.",
                      "Rules hrdeck can judge", "The referee’s hints are cards to try.",
                      "At hrdeck’s referee, undo back to the mistake.",
                      "the worked example is played and scored on hrdeck’s engine"),
}
# Table rules that stay in the players' book, in players' words, where software talk was cut.
KEPT = {
    "base": ("Every ruling this book makes where they do is gathered here.",),
    "mao": ("Settle these before the deal.", "A good place to stop is when one player has won "
            "three Maos."),
    "jokers-secret": ("Where the game as usually told leaves a case open, here is the ruling.",),
    "jokers-secret-rules": ("Where the game as usually told leaves a case open, here is the "
                            "ruling.",),
    "what-the-rule": ("The master fixes the rule before the deal, in one of two ways.",
                      "fixes a secret rule: written down or drawn from the rule cards."),
}


@pytest.fixture(scope="module")
def books(shipped_books: ShippedBooks) -> dict[tuple[str, bool], Built]:
    """Each deck's A4 rulebook, without and with its appendix."""
    return {(name, appendix): shipped_books(name, appendix=appendix)
            for name in NAMES for appendix in (False, True)}


@pytest.mark.parametrize("name", NAMES)
def test_the_players_book_never_talks_about_software(
        name: str, books: dict[tuple[str, bool], Built]) -> None:
    text = books[name, False].text
    assert SOFTWARE.findall(text) == []
    assert [found.group(0) for found in CODE.finditer(text)] == []
    assert APPENDIX not in text
    for sentence in KEPT[name]:
        assert sentence in text, sentence


@pytest.mark.parametrize("name", NAMES)
def test_the_appendix_holds_what_was_moved(
        name: str, books: dict[tuple[str, bool], Built]) -> None:
    players, book = books[name, False], books[name, True]
    appendix = section(book, "appendix")
    assert "Nobody needs this appendix to play: the pages before it are the whole game." \
        in appendix
    for sentence in MOVED[name]:
        assert sentence in body(book), sentence
        assert sentence not in players.text, sentence
    keys = [item.key for item in book.summary.sections]
    assert keys[:keys.index("appendix")] == [item.key for item in players.summary.sections]
    assert book.summary.page_of("appendix") == players.summary.pages + 1


@pytest.mark.parametrize("name", NAMES)
def test_rulings_about_hrdeck_print_only_in_the_appendix(
        name: str, books: dict[tuple[str, bool], Built]) -> None:
    deck = load_deck(DECKS / f"{name}.yaml")
    printed = maker_for(deck).data(deck).clarifications  # a book may leave out what its deck lacks
    assert printed
    players, book = books[name, False], books[name, True]
    for item in printed:
        ruling = flat(item.ruling.replace("`", ""))
        if item.for_software:
            assert ruling not in players.text, item.key
            assert ruling in section(book, "software-rulings"), item.key
        else:
            assert ruling in section(players, "clarifications"), item.key


@pytest.mark.parametrize(("name", "form"), [(name, form) for name in NAMES
                                            for form in (False, True)])
def test_the_contents_give_every_heading_its_page(
        name: str, form: bool, books: dict[tuple[str, bool], Built]) -> None:
    book = books[name, form]
    contents = " ".join(book.lines[book.summary.page_of("contents") - 1])
    for item in book.summary.sections:
        if item.in_contents:
            assert re.search(rf"{re.escape(item.title)}[ .]*{item.page}\b", contents), item
            assert item.title in book.lines[item.page - 1], item


def test_the_trigger_conditions_are_printed_in_the_appendix_only(
        books: dict[tuple[str, bool], Built]) -> None:
    players, book = books["base", False], books["base", True]
    conditions = section(book, "designers")
    for _, trigger in players.deck.triggers:
        assert trigger.when is not None
        assert flat(trigger.when) in conditions, trigger.number
        assert flat(trigger.when) not in players.text, trigger.number


def test_the_option_reaches_the_book_and_rebuilds_it(tmp_path: Path) -> None:
    """A build with --book-appendix after one without draws the book again (and back)."""
    deck = DECKS / "jokers-secret.yaml"
    plain = build_deck(deck, targets=("pnp-a4",), out=tmp_path)
    book = next(f.path for f in plain.files if f.what.startswith("rulebook"))
    assert APPENDIX not in flat(" ".join(page_texts(book)))
    again = build_deck(deck, targets=("pnp-a4",), out=tmp_path)
    assert again.up_to_date
    with_appendix = build_deck(deck, targets=("pnp-a4",), out=tmp_path, book_appendix=True)
    assert not with_appendix.up_to_date
    kept = {f.what.split(",")[0]: f.kept for f in with_appendix.files}
    assert kept == {"rulebook": False, "home printing": True}  # only the book is drawn again
    assert APPENDIX in flat(" ".join(page_texts(book)))
    back = build_deck(deck, targets=("pnp-a4",), out=tmp_path)
    assert not back.up_to_date and APPENDIX not in flat(" ".join(page_texts(book)))


def test_the_command_takes_the_option(tmp_path: Path) -> None:
    def built(*option: str) -> str:
        done = hrdeck("build", DECKS / "jokers-secret.yaml", "-t", "pnp-a4", "--games", "20",
                      "--out", tmp_path, *option, cwd=DECKS.parent, env={"COLUMNS": "200"})
        assert done.returncode == 0, done.stdout + done.stderr
        return flat(" ".join(page_texts(tmp_path / "jokers-secret" /
                                    "jokers-secret-rulebook-a4.pdf")))

    assert APPENDIX in built("--book-appendix")
    assert APPENDIX not in built()
