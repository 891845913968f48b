"""Load a deck file: every problem at once, each with its file, line, column and field.

The deck info and each card are validated on their own, so one broken card does not hide
the problems of the others, and the valid cards still go on to be checked.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from engine.errors import did_you_mean
from engine.games.registry import DEFAULT_GAME, GAMES
from generator.card_errors import choices_of, hidden_problems, kind_free, not_a_choice
from generator.card_fields import art_fields
from generator.card_kinds import KINDS, load_kinds_of_file, serves
from generator.deck_file import UnreadableDeck, read_deck_bytes
from generator.deck_model import (
    ACTION_MODELS,
    ActionCard,
    CheckSettings,
    DeckInfo,
    Style,
    TriggerCard,
)
from generator.deck_product import generated_cards
from generator.deck_sheets import sheet_cards
from generator.deck_words import field_name, unknown_key_message
from generator.issues import ISSUE_CODES, WARNING_CODES, Issue, make_issue
from generator.printing.sizes import CARD_SIZES
from generator.yaml_advice import quoting_advice
from generator.yamlmarks import Mark, Marked, YamlError, read_yaml
from generator.yamlmarks import Path as YamlPath

if TYPE_CHECKING:
    from generator.spreadsheets import RowPlace

_NESTED: dict[str, type[BaseModel]] = {"style": Style, "check": CheckSettings}


def id_from_file_name(name: str) -> str:
    """A deck id made from its file name, safe as a folder name: lower-case letters, digits
    and dashes, as a deck's own `id:` must be.

    >>> id_from_file_name("base.yaml"), id_from_file_name("My Deck (v2).yml")
    ('base', 'my-deck-v2')
    >>> id_from_file_name("...yaml"), id_from_file_name("../../etc.yaml")
    ('deck', 'etc')
    """
    stem = name.rsplit(".", 1)[0] if name.lower().endswith((".yaml", ".yml")) else name
    slug = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")[:60].rstrip("-")
    return slug or "deck"


@dataclass
class LoadedDeck:
    """A deck as read: its valid parts, its issues, and where everything is in the file."""

    path: Path
    text: str
    marked: Marked
    info: DeckInfo | None = None
    triggers: list[tuple[int, TriggerCard]] = field(default_factory=list)  # (index, card)
    actions: list[tuple[int, ActionCard]] = field(default_factory=list)
    others: dict[str, list[tuple[int, Any]]] = field(default_factory=dict)  # other kinds
    issues: list[Issue] = field(default_factory=list)
    unusable: bool = False  # nothing could be read: exit code 2
    sheets: list[Path] = field(default_factory=list)  # the spreadsheets sections read
    rows: dict[YamlPath, RowPlace] = field(default_factory=dict)  # (section, index): its row

    def cards_of(self, section: str) -> list[tuple[int, Any]]:
        """The valid cards of one section of the file, as (index, card)."""
        if section == "triggers":
            return self.triggers
        if section == "actions":
            return self.actions
        return self.others.setdefault(section, [])

    @property
    def has_secret_rules(self) -> bool:
        return bool(self.triggers or self.actions)

    def trigger_places(self) -> list[tuple[YamlPath, TriggerCard]]:
        """Every trigger to check, with where it is: the triggers section's cards, then the
        trigger half of each whole-rule card (see `CardKind.halves`)."""
        places: list[tuple[YamlPath, TriggerCard]] = [
            (("triggers", index), card) for index, card in self.triggers]
        for section, kind in KINDS.items():
            if kind.halves is not None:
                places += [((section, index), kind.halves(card)[0])
                           for index, card in self.cards_of(section)]
        return places

    def action_places(self) -> list[tuple[YamlPath, ActionCard]]:
        """Every action to check, with where it is (a whole rule's under its `then`)."""
        places: list[tuple[YamlPath, ActionCard]] = [
            (("actions", index), card) for index, card in self.actions]
        for section, kind in KINDS.items():
            if kind.halves is not None:
                places += [((section, index, "then"), kind.halves(card)[1])
                           for index, card in self.cards_of(section)]
        return places

    def mark(self, at: YamlPath) -> Mark | None:
        """Where `at` is: its line and column in the deck file, or for a card read from a
        spreadsheet, its row and column there."""
        row = self.rows.get(at[:2])
        if row is not None:
            return Mark(row.row, row.where(at[2:])[1] or 1)
        return self.marked.mark(at)

    def place_words(self, at: YamlPath) -> str:
        """Where `at` is, in words: "line 12", or "cards.csv, row 7"."""
        row = self.rows.get(at[:2])
        if row is not None:
            return row.table.row_name(row.row)
        mark = self.marked.mark(at)
        return f"line {mark.line if mark else '?'}"

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    @property
    def deck_id(self) -> str:
        if self.info is not None and self.info.id:
            return self.info.id
        return id_from_file_name(self.path.name)

    def add(self, code: str, message: str, at: YamlPath, *, key: bool = False,
            offset: int | None = None, mark: Mark | None = None,
            data: dict[str, float | int | str] | None = None) -> None:
        """Record an issue at a place in the file: the value at `at`, its key when `key`,
        character `offset` of its text, or an exact `mark`. A card read from a spreadsheet
        has its place there: the file, its row and the field's column."""
        row = self.rows.get(at[:2])
        if row is not None:
            words, column = row.where(at[2:])
            words += f", character {offset + 1}" if offset is not None and column else ""
            self.issues.append(make_issue(code, f"{words}: {message}", str(row.table.path),
                                          row.row, column, field_name(at), data))
            return
        if mark is None and offset is not None:
            mark = self.marked.mark_within(at, offset)
        if mark is None and key:
            mark = self.marked.keys.get(at)
        mark = mark or self.marked.mark(at)
        self.issues.append(make_issue(code, message, str(self.path),
                                      mark.line if mark else None,
                                      mark.column if mark else None, field_name(at), data))


def load_deck(path: Path) -> LoadedDeck:
    try:
        text = read_deck_bytes(path).decode("utf-8")
    except (UnreadableDeck, UnicodeDecodeError) as error:
        deck = LoadedDeck(path=path, text="", marked=Marked(data=None), unusable=True)
        reason = str(error) if isinstance(error, UnreadableDeck) else \
            f"it is not UTF-8 text ({error.reason} at byte {error.start})"
        deck.add("file-unreadable", f"The deck file cannot be read: {reason}.", ())
        return deck
    try:
        marked = read_yaml(text)
    except YamlError as error:
        deck = LoadedDeck(path=path, text=text, marked=Marked(data=None), unusable=True)
        line, column = (error.mark.line, error.mark.column) if error.mark else (None, None)
        deck.issues.append(make_issue("yaml-syntax", str(error), str(path), line, column))
        return deck
    deck = LoadedDeck(path=path, text=text, marked=marked)
    for problem in marked.problems:
        deck.add(problem.code, problem.message, problem.path, mark=problem.mark)
    data = marked.data
    if not isinstance(data, dict):
        deck.unusable = True
        deck.add("wrong-type", "A deck file is a mapping: the deck's details under \"deck\" "
                 "and its cards in sections such as triggers and actions.", ())
        return deck
    _load_top(deck, data)
    return deck


def _load_top(deck: LoadedDeck, data: dict[str, Any]) -> None:
    load_kinds_of_file(data)  # its game's kinds, or every game's
    sections = ("deck", *KINDS)
    for key in data:
        if key not in sections:
            deck.add("unknown-key", unknown_key_message(key, sections, "a deck file"), (key,),
                     key=True)
    game = DEFAULT_GAME
    if "deck" not in data:
        deck.add("missing-field", 'The deck file has no "deck" section.', ())
    else:
        deck.info = _validate(deck, DeckInfo, data["deck"], ("deck",))
        raw = data["deck"] if isinstance(data["deck"], dict) else {}
        game = str(raw.get("base_game", DEFAULT_GAME))
        _check_info(deck, game, str(raw.get("card_size", "poker")))
    _check_sections(deck, data)
    for section, kind in KINDS.items():
        if section not in data:
            continue
        cards = data[section]
        if isinstance(cards, dict) and "from" in cards:
            cards = sheet_cards(deck, kind, cards)
        elif isinstance(cards, dict) and kind.attributes:
            cards = generated_cards(deck, kind, cards)
        elif not isinstance(cards, list):
            deck.add("wrong-type", f'"{section}" must be a list of cards'
                     + (", a product of values (product: and copies:)" if kind.attributes
                        else "") + " or a spreadsheet to read them from (from: a .csv or "
                     ".xlsx file).", (section,))
            continue
        elif not cards:
            deck.add("bad-value", f'"{section}" holds no cards.', (section,))
        if not serves(kind, game) and game in GAMES:
            deck.add("bad-value", f'"{section}" ({kind.noun}s) are made for '
                     f'{" and ".join(kind.games)}; this deck is played over {game}.',
                     (section,), key=True)
        for index, raw_card in enumerate(cards):
            card = _validate(deck, kind.model, raw_card, (section, index))
            if card is not None:
                deck.cards_of(section).append((index, card))
                if kind.verify is not None:
                    kind.verify(deck, (section, index), card)
    _check_ids(deck)


def _check_sections(deck: LoadedDeck, data: dict[str, Any]) -> None:
    """A deck holds cards; secret rules come as triggers and actions together."""
    present = [section for section in KINDS if section in data]
    if not present:
        others = ", ".join(section for section, kind in KINDS.items() if not kind.secret_rules)
        deck.add("missing-field", 'The deck file has no cards: secret rules ("triggers" and '
                 f'"actions") or another section of cards ({others}).', ())
        return
    paired = [section for section, kind in KINDS.items() if kind.secret_rules]
    if any(section in data for section in paired):
        for section in paired:
            if section not in data:
                deck.add("missing-field", f'The deck file has no "{section}" section; secret '
                         f"rules need {' and '.join(paired)}.", ())


def _validate(deck: LoadedDeck, model: Any, raw: Any, at: YamlPath) -> Any:
    """`model`: a pydantic model, or the annotated union of a kind (the actions)."""
    plain = model if isinstance(model, type) and issubclass(model, BaseModel) else None
    validate = plain.model_validate if plain is not None else \
        KINDS[str(at[0])].adapter.validate_python
    try:
        return validate(raw)
    except ValidationError as error:
        problems: list[Any] = error.errors()
        for problem in [*problems, *hidden_problems(validate, raw, problems)]:
            _report(deck, plain, raw, at, problem)
        return None


def _report(deck: LoadedDeck, model: type[BaseModel] | None, raw: Any, at: YamlPath,
            problem: Any) -> None:
    """Turn one pydantic error into an issue with a plain message and its place."""
    loc = list(kind_free(raw, tuple(problem["loc"])))
    where: YamlPath = (*at, *loc)
    kind = problem["type"]
    name = field_name(where)
    what = _card_label(raw, at) if len(loc) <= 1 else field_name((*at, *loc[:-1]))
    if kind == "extra_forbidden":
        accepted = _accepted_keys(model, raw, loc[:-1])
        deck.add("unknown-key", unknown_key_message(str(loc[-1]), accepted, what), where,
                 key=True)
    elif kind == "missing":
        deck.add("missing-field", f'{what} has no "{loc[-1]}".', tuple(where[:-1]))
    elif kind == "union_tag_not_found":
        deck.add("missing-field", f'{what} has no "kind" (one of {", ".join(ACTION_MODELS)}).',
                 where)
    elif kind == "union_tag_invalid":
        tag = str(problem["ctx"]["tag"])
        deck.add("bad-value", f'{what}: "{tag}" is not a kind of action; the kinds are '
                 f'{", ".join(ACTION_MODELS)}.{did_you_mean(tag, ACTION_MODELS)}',
                 (*where, "kind"))
    elif kind == "literal_error" and choices_of(problem):
        deck.add("bad-value", not_a_choice(_card_label(raw, at), field_name(tuple(loc)),
                                           problem), where)
    elif kind == "string_pattern_mismatch":
        example = ('"#1f5f8b"' if "colour" in str(loc[-1])
                   else '"total-zero" (lower-case letters, digits and dashes)')
        deck.add("bad-value", f"{name} must look like {example}, not {raw_value(raw, loc)!r}.",
                 where)
    elif kind == "value_error":  # a rule across fields, worded in the model
        deck.add("missing-field", f"{what}: {problem['ctx']['error']}.", where)
    elif kind.endswith("_type") or kind.endswith("_parsing") or kind == "model_type":
        deck.add("wrong-type", f"{name}: {problem['msg']}.{_comment_advice(deck, raw, loc, where)}",
                 where)
    else:
        deck.add("bad-value", f"{name}: {problem['msg']}.", where)


def _comment_advice(deck: LoadedDeck, raw: Any, loc: list[Any], where: YamlPath) -> str:
    """A value YAML read as nothing because it starts with "#" (a comment): quote it."""
    mark = deck.marked.values.get(where)
    lines = deck.text.splitlines()
    if raw_value(raw, loc) is not None or mark is None or not 0 < mark.line <= len(lines):
        return ""
    line = lines[mark.line - 1]
    return quoting_advice(line) if "#" in line else ""


def raw_value(raw: Any, loc: list[Any]) -> Any:
    value = raw
    for part in loc:
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def _card_label(raw: Any, at: YamlPath) -> str:
    if len(at) == 2 and isinstance(at[1], int) and at[0] in KINDS:
        kind = KINDS[str(at[0])].noun
        ident = raw.get("id") if isinstance(raw, dict) else None
        return f'{kind} "{ident}"' if isinstance(ident, str) else f"{kind} {at[1]}"
    return "the deck details" if at == ("deck",) else field_name(at)


def _accepted_keys(model: type[BaseModel] | None, raw: Any, inner: list[Any]) -> list[str]:
    if model is None:
        kind = raw.get("kind") if isinstance(raw, dict) else None
        model = ACTION_MODELS.get(kind, ActionCard) if isinstance(kind, str) else ActionCard
    for part in inner:
        model = _NESTED.get(str(part), model)
    keys = list(model.model_fields)
    return keys + (["kind"] if model is ActionCard else [])


def _check_info(deck: LoadedDeck, base_game: str, card_size: str) -> None:
    if base_game not in GAMES:
        deck.add("unknown-game", f'There is no base game "{base_game}"; hrdeck knows: '
                 f"{', '.join(GAMES)}.{did_you_mean(base_game, GAMES)}", ("deck", "base_game"))
    if card_size not in CARD_SIZES:
        deck.add("unknown-size", f'There is no card size "{card_size}"; the sizes are: '
                 f"{', '.join(CARD_SIZES)}.{did_you_mean(card_size, CARD_SIZES)}",
                 ("deck", "card_size"))


def _check_ids(deck: LoadedDeck) -> None:
    """Ids are unique in the whole deck; numbers are unique within each kind of card."""
    ids: dict[str, YamlPath] = {}
    for key, kind in KINDS.items():
        cards = deck.cards_of(key)
        numbers: dict[int, YamlPath] = {}
        for index, card in cards:
            at: YamlPath = (key, index)
            if card.id in ids:
                before: YamlPath = (*ids[card.id], "id")
                first = deck.mark(before)
                deck.add("duplicate-id", f'The id "{card.id}" is used twice (first at '
                         f"{deck.place_words(before)}); every card needs its own id.",
                         (*at, "id"), data={"first_line": first.line} if first else None)
            else:
                ids[card.id] = at
            if card.number in numbers:
                before = (*numbers[card.number], "number")
                first = deck.mark(before)
                deck.add("duplicate-number", f"Two {kind.noun}s have the number {card.number} "
                         f"(first at {deck.place_words(before)}).", (*at, "number"),
                         data={"first_line": first.line} if first else None)
            else:
                numbers[card.number] = at
            _check_allow(deck, getattr(card, "allow", []), at)
            for place, art in art_fields(card, at):  # a kind may have none (shape cards)
                if not (deck.path.parent / art).is_file():
                    deck.add("art-missing", f'The art file "{art}" does not exist (looked in '
                             f"{deck.path.parent}).", place)


def _check_allow(deck: LoadedDeck, allow: list[str], at: YamlPath) -> None:
    """`allow` names warnings to accept for a card; errors cannot be waved through."""
    for number, code in enumerate(allow):
        if code in WARNING_CODES:
            continue
        if code in ISSUE_CODES:
            why = (f'"{code}" is an {ISSUE_CODES[code][0].value}, and only warnings can be '
                   "allowed")
        else:
            why = f'"{code}" is not a warning.{did_you_mean(code, WARNING_CODES)}'
        deck.add("bad-value", f"{why}. The warnings are: {', '.join(WARNING_CODES)}.",
                 (*at, "allow", number))
