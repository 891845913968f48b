"""`write_rulebook`: a deck in, rulebook.pdf out, written atomically.

    deck data ─► the game's book maker ─► its templates (jinja2, sandboxed, autoescaped)
              ─► rulebook markup ─► markup.Converter ─► platypus story
              ─► RulebookDocument.build_book (laid out and drawn once, numbers put in last)
              ─► atomic rename onto the destination
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import partial
from pathlib import Path

from reportlab import rl_config  # type: ignore[import-untyped, unused-ignore]
from reportlab.platypus import Flowable  # type: ignore[import-untyped, unused-ignore]

from generator.card_faces import faces_for, made_face
from generator.deck import LoadedDeck
from generator.layout.deck_look import deck_look
from generator.layout.inline import known_icons
from generator.layout.look import Look
from generator.printing.atomic import atomic_path
from generator.printing.drawing import is_colour
from generator.printing.errors import PrintError
from generator.printing.icon_names import builtin_icons
from generator.printing.sizes import CARD_SIZES, find_paper, find_size
from generator.printing.units import mm

from .book_icons import icons_known
from .books import BookData, BookMaker, deck_details, find_book
from .card_pictures import BookCards
from .cover import BookCover
from .document import RulebookDocument
from .glyphs import rulebook_missing_glyphs
from .markup import Converter, parse_document
from .styles import Palette, paragraph_styles
from .summary import RulebookSummary
from .templating import render_document
from .words import prose_line

MAX_PASSES = 3  # one, or two when the contents must be laid out again


def write_rulebook(path: Path, deck: LoadedDeck, *, paper: str = "a4",
                   appendix: bool = False) -> RulebookSummary:
    """Write the rulebook of `deck` to `path` (A4 or Letter) and say what was written: the
    players' book, with its appendix for designers and referees when `appendix` is set.

    Raises PrintError when the deck cannot have a rulebook (no readable details, too few
    cards to deal) or the paper or folder is wrong. Nothing is left at `path` on failure.
    """
    path = Path(path)
    paper_mm = find_paper(paper)
    if not path.parent.is_dir():
        raise PrintError(f"Cannot write {path}: the folder {path.parent} does not exist.")
    maker = maker_for(deck)
    cover = book_cover(deck)
    book = titled(maker.data(deck), cover)
    document = render_document(book, maker.folder, appendix=appendix)
    palette = Palette(accent=book.deck.accent, second=book.deck.second)
    styles = paragraph_styles(palette)
    with atomic_path(path) as temporary:
        pdf = RulebookDocument(temporary, page_size=(mm(paper_mm[0]), mm(paper_mm[1])),
                               deck_name=book.deck.name, game_title=_game_title(maker.game),
                               title=f"{book.deck.name} — rulebook")
        converter = Converter(styles=styles, palette=palette, width=pdf.frame_width,
                              cards=book_cards(deck), cover=cover)
        with icons_known(deck_icons(deck)):
            _build(pdf, converter.story(parse_document(document)))
        pages = int(pdf.page)
        sections = tuple(pdf.sections.values())
    return RulebookSummary(
        path=path, pages=pages, paper=paper.lower(), page_mm=paper_mm,
        players=book.players,
        triggers=len(book.triggers), actions=len(book.actions), sections=sections,
        example_uses_deck_cards=book.example_own_cards, file_bytes=path.stat().st_size,
        missing_glyphs=rulebook_missing_glyphs(deck))


def book_cover(deck: LoadedDeck) -> BookCover | None:
    """The cover the deck's layout gives its book, if any."""
    look = deck_look(deck)
    if look is None or look.cover is None:
        return None
    cover = look.cover
    return BookCover(title=cover.title, subtitle=cover.subtitle,
                     art=Path(cover.art) if cover.art else None,
                     logo=Path(cover.logo) if cover.logo else None,
                     background=look_colour(look, cover.background),
                     ink=look_colour(look, cover.ink))


def look_colour(look: Look, value: str | None) -> str | None:
    """A cover colour as #rrggbb: written so, or a name from the look's colours."""
    if value is None:
        return None
    return value if is_colour(value) else look.colours.get(value)


def deck_icons(deck: LoadedDeck) -> Mapping[str, Path]:
    """The icons `:name:` draws in the deck's book: its look's and the built-in set."""
    look = deck_look(deck)
    return known_icons(look) if look is not None else builtin_icons()


def titled(book: BookData, cover: BookCover | None) -> BookData:
    """`book` with the cover's own title in place of the deck's name, where it has one."""
    if cover is None or not cover.title or not dataclasses.is_dataclass(book):
        return book
    deck = dataclasses.replace(book.deck, name=prose_line(cover.title))
    renamed: BookData = dataclasses.replace(book, deck=deck)
    return renamed


def book_cards(deck: LoadedDeck) -> BookCards:
    """The deck's cards as the book draws them: composed as the sheets compose them."""
    fronts, _ = faces_for(deck)
    size = deck.info.card_size if deck.info is not None else "poker"
    return BookCards(size=find_size(size) if size.lower() in CARD_SIZES else find_size("poker"),
                     faces={face.ident: face for face in fronts},
                     make=partial(made_face, deck))


def _build(pdf: RulebookDocument, story: list[Flowable]) -> None:
    """Lay the story out, number it and save.

    Streams are only deflated: ASCII85 on top would add a quarter to the size and time.
    """
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        pdf.build_book(story, max_passes=MAX_PASSES)
    finally:
        rl_config.useA85 = saved


def maker_for(deck: LoadedDeck) -> BookMaker:
    """The book maker of the deck's base game, or a PrintError saying there is none."""
    game = deck_details(deck).base_game
    maker = find_book(game)
    if maker is None:
        raise PrintError(f"{deck.path}: there is no rulebook for the base game \"{game}\".")
    return maker


def book_data(deck: LoadedDeck) -> BookData:
    """What the deck's game's templates read."""
    return maker_for(deck).data(deck)


def render_markup(deck: LoadedDeck, *, appendix: bool = False) -> str:
    """The rendered rulebook markup alone (for tests and for looking at a template's output)."""
    maker = maker_for(deck)
    return render_document(maker.data(deck), maker.folder, appendix=appendix)


def _game_title(game: str) -> str:
    """What the book's metadata calls the game: the book's own title where the game's
    declaration gives one (Hidden Rules, over Up 'N Over), else the game's title."""
    from engine.games import declaration
    from engine.games.registry import find_game  # loaded with the first book

    declared = declaration(game)
    return (declared.book_title if declared is not None else None) or find_game(game).title
