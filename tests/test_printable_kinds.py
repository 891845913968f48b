"""The printable checks (art beside the deck and printable, every character in the card font)
run on every card of every kind the registry knows: player aids, Mao's whole rules, What the
Rule?!'s rule cards, a kind registered later, every field each of them prints."""

from __future__ import annotations

import dataclasses
import os
import struct
import subprocess
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image
from pydantic import BaseModel, Field

from generator.card_fields import art_fields, card_places, printed_fields
from generator.card_kinds import CardKind, every_kind, register_kind, unregister_kind
from generator.check import CheckOptions, check_deck
from generator.check.printable import check_printable
from generator.check.report import CheckReport
from generator.deck import LoadedDeck, field_name, load_deck
from generator.deck_model import Card
from tests.fuzz_scale import examples

ROOT = Path(__file__).resolve().parent.parent
DECKS = sorted((ROOT / "decks").glob("*.yaml"))
MINIMAL = ROOT / "tests" / "fixtures" / "decks" / "valid-minimal.yaml"
STATIC = CheckOptions(simulate=False)
NO_GLYPH = ("𝔘", "🎲", "\U000e0041", "\u0e01")  # a fraktur letter, a die, a tag, Thai


def check(path: Path) -> CheckReport:
    return check_deck(path, STATIC)[0]


def found(report: CheckReport, code: str) -> dict[str, str]:
    return {issue.field: issue.message for issue in report.issues if issue.code == code}


def bomb(path: Path) -> None:
    """A tiny PNG whose header claims 40,000 × 40,000 pixels."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", 40_000, 40_000, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                     + chunk(b"IDAT", zlib.compress(b"\0" * 1000)) + chunk(b"IEND", b""))


def pictures(tmp_path: Path) -> Path:
    """A deck folder beside a good picture (outside it), with a link to that picture and an
    art bomb inside it; the deck folder is returned."""
    folder = tmp_path / "deck"
    folder.mkdir()
    Image.new("RGB", (40, 40), "white").save(tmp_path / "art.png")
    os.symlink(tmp_path / "art.png", folder / "link.png")
    bomb(folder / "bomb.png")
    Image.new("RGB", (40, 40), "white").save(folder / "fine.png")
    return folder


# -- a kind registered later ---------------------------------------------------------------------

class TokenCard(Card):
    motto: str = Field(max_length=80)
    lines: list[str] = Field(default_factory=list)


@pytest.fixture()
def tokens() -> Iterator[CardKind]:
    kind = CardKind(section="tokens", noun="token", label="TOKEN", model=TokenCard,
                    accent="#000000", description="test tokens")
    register_kind(kind)
    yield kind
    unregister_kind("tokens")


def test_a_kind_registered_later_has_its_art_and_every_printed_field_checked(
        tmp_path: Path, tokens: CardKind) -> None:
    folder = pictures(tmp_path)
    path = folder / "deck.yaml"
    path.write_text(MINIMAL.read_text(encoding="utf-8") + (
        "tokens:\n"
        "  - {id: t1, number: 1, text: A token., motto: Luck 🎲, art: ../art.png,"
        " lines: [fine, 'the 𝔘 line']}\n"
        "  - {id: t2, number: 2, text: Another., motto: fine, art: bomb.png}\n"
        "  - {id: t3, number: 3, text: A third., motto: fine, art: link.png}\n"), encoding="utf-8")
    report = check(path)
    art = found(report, "art-unusable")
    assert set(art) == {"tokens[0].art", "tokens[1].art", "tokens[2].art"}
    assert "outside the deck's folder" in art["tokens[0].art"]
    assert "million pixels" in art["tokens[1].art"]
    assert "outside the deck's folder" in art["tokens[2].art"]  # the link leads out
    glyphs = found(report, "glyph-missing")
    assert set(glyphs) == {"tokens[0].motto", "tokens[0].lines[1]"}
    assert "U+1F3B2" in glyphs["tokens[0].motto"] and "U+1D518" in glyphs["tokens[0].lines[1]"]


# -- the shipped kinds -----------------------------------------------------------------------------

def mao_rule(text: str, phrase: str) -> str:
    return ("deck:\n  name: Mao Test\n  base_game: mao\nrules:\n"
            f"  - id: ace\n    number: 1\n    text: {text}\n"
            "    when: played and card.rank == \"A\"\n"
            f"    then: {{kind: say, phrase: '{phrase}', timing: with_card,"
            " hints: [Aces are named.]}\n")


def test_a_mao_rule_with_characters_the_font_lacks_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "mao.yaml"
    path.write_text(mao_rule("An ace 𝔘 is named.", "the 🎲 ace"), encoding="utf-8")
    glyphs = found(check(path), "glyph-missing")
    assert set(glyphs) == {"rules[0].text", "rules[0].then.phrase"}
    assert "U+1D518" in glyphs["rules[0].text"] and "U+1F3B2" in glyphs["rules[0].then.phrase"]


def test_a_playing_card_character_the_font_has_prints_on_a_mao_rule(tmp_path: Path) -> None:
    """DejaVu Sans draws the playing cards block: 🂡 is no missing glyph."""
    path = tmp_path / "mao.yaml"
    path.write_text(mao_rule("An ace 🂡 is named.", "the 🂡 ace"), encoding="utf-8")
    assert found(check(path), "glyph-missing") == {}


def aid_deck(folder: Path, art: str) -> Path:
    path = folder / "aids.yaml"
    path.write_text("deck:\n  name: Aids\n  base_game: jokers-secret\naids:\n"
                    "  - {id: turn, number: 1, title: Your turn, text: Lay a card., "
                    f"art: '{art}'}}\n",
                    encoding="utf-8")
    return path


def test_an_aid_with_art_outside_its_folder_is_refused_by_check(tmp_path: Path) -> None:
    path = aid_deck(pictures(tmp_path), "../art.png")
    done = subprocess.run([sys.executable, "-m", "hrdeck", "check", str(path), "--no-chart",
                           "--games", "10"], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "art-unusable" in done.stdout and "outside the deck's folder" in done.stdout


@pytest.mark.parametrize(("art", "words"), [
    ("{outside}", "outside the deck's folder"), ("link.png", "outside the deck's folder"),
    ("bomb.png", "million pixels")])
def test_an_aid_with_absolute_linked_or_bomb_art_is_refused(tmp_path: Path, art: str,
                                                            words: str) -> None:
    path = aid_deck(pictures(tmp_path), art.format(outside=tmp_path / "art.png"))
    assert words in found(check(path), "art-unusable")["aids[0].art"]


def test_a_what_the_rule_card_is_checked_for_art_and_glyphs(tmp_path: Path) -> None:
    folder = pictures(tmp_path)
    path = folder / "wtr.yaml"
    path.write_text("deck:\n  name: Rules\n  base_game: what-the-rule\nrule_cards:\n"
                    "  - {id: colour, number: 1, text: 'Black 𝔘 white', art: bomb.png,"
                    " rule: 'first or card.colour != previous.colour', level: easy}\n",
                    encoding="utf-8")
    report = check(path)
    assert "million pixels" in found(report, "art-unusable")["rule_cards[0].art"]
    assert set(found(report, "glyph-missing")) == {"rule_cards[0].text"}


def test_every_kind_shipped_has_a_deck_to_be_checked_with() -> None:
    """The property tests below reach every kind through the shipped decks."""
    shipped = {place[0] for deck in SHIPPED for place, _ in card_places(deck)}
    assert shipped == set(every_kind())


# -- every kind, every printed field ----------------------------------------------------------

SHIPPED = [load_deck(path) for path in DECKS]
TEXT_PLACES = [(deck, at, card) for deck in SHIPPED for at, card in card_places(deck)]
ART_PLACES = [(deck, at, card) for deck, at, card in TEXT_PLACES
              if "art" in type(card).model_fields]


def value_at(card: BaseModel, inner: tuple[str | int, ...]) -> Any:
    value: Any = card
    for part in inner:
        value = value[part] if isinstance(part, int) else getattr(value, part)
    return value


def with_value(card: BaseModel, inner: tuple[str | int, ...], value: Any) -> BaseModel:
    """A copy of `card` with `value` at the field path `inner`."""
    head, rest = inner[0], inner[1:]
    assert isinstance(head, str)
    current = getattr(card, head)
    if not rest:
        new: Any = value
    elif isinstance(current, BaseModel):
        new = with_value(current, rest, value)
    else:
        new = list(current)
        index = rest[0]
        assert isinstance(index, int)
        new[index] = value if len(rest) == 1 else with_value(new[index], rest[1:], value)
    return card.model_copy(update={head: new})


def checked_with(deck: LoadedDeck, at: tuple[str | int, ...], card: BaseModel,
                 path: Path | None = None) -> LoadedDeck:
    """The printable checks of `deck` with `card` in the place `at` (on a copy)."""
    section, index = at[0], at[1]
    others = {key: list(cards) for key, cards in deck.others.items()}
    copy = dataclasses.replace(deck, issues=[], path=path or deck.path,
                               triggers=list(deck.triggers), actions=list(deck.actions),
                               others=others)
    cards = copy.cards_of(str(section))
    cards[[i for i, _ in cards].index(index)] = (index, card)
    check_printable(copy)
    return copy


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(place=st.sampled_from(range(len(TEXT_PLACES))), pick=st.integers(min_value=0),
       glyph=st.sampled_from(NO_GLYPH), where=st.sampled_from(["start", "end", "alone"]))
def test_every_printed_field_of_every_kind_is_checked_for_glyphs(
        place: int, pick: int, glyph: str, where: str) -> None:
    deck, at, card = TEXT_PLACES[place]
    fields = list(printed_fields(card, at))
    field_at, text = fields[pick % len(fields)]
    inner = field_at[len(at):]
    assert value_at(card, inner) == text
    changed = {"start": glyph + text, "end": text + glyph, "alone": glyph}[where]
    checked = checked_with(deck, at, with_value(card, inner, changed))
    missing = {issue.field for issue in checked.issues if issue.code == "glyph-missing"}
    assert field_name(field_at) in missing


@pytest.fixture(scope="module")
def art_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return pictures(tmp_path_factory.mktemp("art"))


@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(place=st.sampled_from(range(len(ART_PLACES))),
       art=st.sampled_from(["../art.png", "{absolute}", "link.png", "bomb.png",
                            "./../deck/../art.png"]))
def test_every_picture_of_every_kind_is_checked(
        art_folder: Path, place: int, art: str) -> None:
    deck, at, card = ART_PLACES[place]
    art = art.format(absolute=art_folder.parent / "art.png")
    checked = checked_with(deck, at, with_value(card, ("art",), art), art_folder / "deck.yaml")
    refused = {issue.field for issue in checked.issues if issue.code == "art-unusable"}
    assert field_name((*at, "art")) in refused
    assert list(art_fields(with_value(card, ("art",), "fine.png"), at)) == [((*at, "art"),
                                                                            "fine.png")]
    fine = checked_with(deck, at, with_value(card, ("art",), "fine.png"), art_folder / "deck.yaml")
    assert not [issue for issue in fine.issues if issue.code == "art-unusable"]
