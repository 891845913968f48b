"""Loading a deck: every problem at once, each at its file, line, column and field, and a deck
from a stranger is only ever read as data."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from generator.deck import LoadedDeck, field_name, load_deck
from generator.issues import ISSUE_CODES, Issue, Severity
from generator.yamlmarks import MAX_BYTES, YamlError, read_yaml

DECKS = Path(__file__).parent / "fixtures" / "decks"

TRIGGER = """  - id: {id}
    number: {number}
    text: A trigger.
    when: {when}
"""
ACTION = """  - id: say-it
    number: 1
    kind: say
    text: Say "it" before the sum.
    timing: before_sum
    phrase: it
    hints:
      - You did not say "it" before the sum.
"""


def write(tmp_path: Path, text: str, name: str = "deck.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def deck_text(*triggers: tuple[str, int | str, str], actions: str = ACTION, info: str = "") -> str:
    body = "".join(TRIGGER.format(id=i, number=n, when=w) for i, n, w in triggers)
    return f"deck:\n  name: Test\n{info}\ntriggers:\n{body}\nactions:\n{actions}"


def codes(deck: LoadedDeck) -> list[str]:
    return [issue.code for issue in deck.issues]


def only(deck: LoadedDeck, code: str) -> Issue:
    found = [issue for issue in deck.issues if issue.code == code]
    assert len(found) == 1, deck.issues
    return found[0]


# -- a deck is data -----------------------------------------------------------------------------

@pytest.fixture()
def nothing_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"loading a deck tried to run something: {args!r}")

    monkeypatch.setattr(os, "system", refuse)
    monkeypatch.setattr(subprocess, "Popen", refuse)


@pytest.mark.usefixtures("nothing_runs")
def test_a_python_tag_is_refused_and_never_run(tmp_path: Path) -> None:
    target = tmp_path / "pwned"
    text = (DECKS / "broken" / "python-tag.yaml").read_text(encoding="utf-8")
    path = write(tmp_path, text.replace("/tmp/hrdeck-pwned", str(target)))
    deck = load_deck(path)
    issue = only(deck, "yaml-tag")
    assert (issue.line, issue.field) == (8, "triggers[0].text")
    assert not target.exists()
    assert not Path("/tmp/hrdeck-pwned").exists()


@pytest.mark.usefixtures("nothing_runs")
@pytest.mark.parametrize("value", [
    "!!python/name:os.system", "!!python/object/new:os.system [ls]",
    "!!python/module:os", "!!binary aGVsbG8=", "!!set {a, b}", "!!omap [a: 1]",
    "!custom thing",
])
def test_only_plain_values_are_read(tmp_path: Path, value: str) -> None:
    deck = load_deck(write(tmp_path, f"deck:\n  name: Test\n  description: {value}\n"))
    issue = only(deck, "yaml-tag")
    assert (issue.line, issue.column, issue.field) == (3, 16, "deck.description")


def test_a_billion_laughs_is_refused_quickly(tmp_path: Path) -> None:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]" for n in range(1, 10)]
    started = time.process_time()  # the expansion is work, not waiting: a busy machine
    deck = load_deck(write(tmp_path, "\n".join(lines) + "\n"))  # must not fail it
    assert time.process_time() - started < 5
    assert deck.unusable
    assert "too many aliases" in only(deck, "yaml-syntax").message


def test_a_file_over_the_size_limit_is_refused_before_reading_it_as_yaml(tmp_path: Path) -> None:
    path = write(tmp_path, "deck:\n  description: " + "x" * (MAX_BYTES + 10) + "\n")
    started = time.perf_counter()
    deck = load_deck(path)
    assert time.perf_counter() - started < 1
    assert deck.unusable and "larger than 2 MB" in only(deck, "file-unreadable").message


@pytest.mark.parametrize(("make", "reason"), [
    (lambda p: p / "missing.yaml", "No such file"),
    (lambda p: p, "directory"),
    (lambda p: (p / "latin1.yaml").write_bytes(b"deck:\n  name: Caf\xe9\n") and p / "latin1.yaml",
     "not UTF-8 text"),
])
def test_a_file_that_cannot_be_read_is_unusable(tmp_path: Path, make: Any, reason: str) -> None:
    deck = load_deck(make(tmp_path))
    issue = only(deck, "file-unreadable")
    assert deck.unusable and issue.severity is Severity.ERROR
    assert reason in issue.message and issue.message.endswith(".")


@pytest.mark.parametrize("text", ["", "# only a comment\n", "42\n", "- a\n- b\n", "just text\n"])
def test_a_file_that_is_not_a_mapping_is_unusable(tmp_path: Path, text: str) -> None:
    deck = load_deck(write(tmp_path, text))
    assert deck.unusable
    assert codes(deck) == ["wrong-type"]
    assert "mapping" in deck.issues[0].message


def test_a_yaml_syntax_error_is_unusable_and_placed(tmp_path: Path) -> None:
    deck = load_deck(write(tmp_path, 'deck:\n  name: "unclosed\n'))
    issue = only(deck, "yaml-syntax")
    assert deck.unusable
    assert issue.line is not None and issue.line >= 2
    assert issue.message.startswith("This is not valid YAML")


# -- every problem at once, each in its place -----------------------------------------------------

def test_one_broken_card_does_not_hide_the_others(tmp_path: Path) -> None:
    text = deck_text(("fine", 1, "total == 0"), ("Bad_Id", 2, "total == 1"),
                     ("no-number", "x", "total == 2"), ("also-fine", 4, "total == 3"))
    deck = load_deck(write(tmp_path, text))
    assert sorted((i.code, i.field) for i in deck.issues) == [
        ("bad-value", "triggers[1].id"), ("wrong-type", "triggers[2].number")]
    assert [(index, card.id) for index, card in deck.triggers] == [(0, "fine"), (3, "also-fine")]
    assert [card.id for _, card in deck.actions] == ["say-it"]


def test_unknown_keys_list_what_that_kind_of_card_accepts(tmp_path: Path) -> None:
    name_action = ACTION.replace("kind: say", "kind: name").replace(
        "phrase: it", "category: colours\n    answer: [red, blue]")
    deck = load_deck(write(tmp_path, deck_text(("t", 1, "total == 0"), actions=name_action)))
    issue = only(deck, "unknown-key")
    assert issue.field == "actions[0].answer"
    assert 'Did you mean "answers"?' in issue.message
    accepted = issue.message.split("Accepted keys: ")[1].rstrip(".").split(", ")
    assert {"category", "unique", "answers", "hints", "timing", "kind"} <= set(accepted)
    assert "phrase" not in accepted


def test_an_unknown_key_with_nothing_close_suggests_nothing(tmp_path: Path) -> None:
    text = deck_text(("t", 1, "total == 0")).replace("  name: Test\n",
                                                     "  name: Test\n  zzzzzz: 1\n")
    issue = only(load_deck(write(tmp_path, text)), "unknown-key")
    assert "Did you mean" not in issue.message
    assert "Accepted keys: name, id" in issue.message


def test_an_unknown_style_key_is_said_to_be_in_the_style() -> None:
    deck = load_deck(DECKS / "broken" / "unknown-style-key.yaml")
    assert "the deck details" not in only(deck, "unknown-key").message


def test_a_merge_key_is_named_as_such() -> None:
    deck = load_deck(DECKS / "broken" / "merge-key.yaml")
    assert "merge" in only(deck, "yaml-key").message


def test_a_duplicate_key_is_placed_at_the_second_occurrence(tmp_path: Path) -> None:
    text = "deck:\n  name: One\n  name: Two\ntriggers: []\nactions: []\n"
    issue = only(load_deck(write(tmp_path, text)), "yaml-duplicate-key")
    assert (issue.line, issue.column, issue.field) == (3, 3, "deck.name")
    assert "first at line 2" in issue.message


def test_a_duplicate_key_says_where_the_first_one_is(tmp_path: Path) -> None:
    text = "deck:\n  name: One\n  name: Two\ntriggers: []\nactions: []\n"
    issue = only(load_deck(write(tmp_path, text)), "yaml-duplicate-key")
    assert issue.field == "deck.name" and "first at line 2" in issue.message
    assert "silently replace" in issue.message


def test_an_id_is_unique_across_triggers_and_actions(tmp_path: Path) -> None:
    text = deck_text(("say-it", 1, "total == 0"))
    issue = only(load_deck(write(tmp_path, text)), "duplicate-id")
    assert issue.field == "actions[0].id" and "first at line 5" in issue.message


def test_a_trigger_and_an_action_may_share_a_number(tmp_path: Path) -> None:
    deck = load_deck(write(tmp_path, deck_text(("t", 1, "total == 0"))))
    assert deck.issues == []


def test_art_is_looked_for_beside_the_deck(tmp_path: Path) -> None:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "seven.png").write_bytes(b"\x89PNG")
    text = deck_text(("t", 1, "total == 0")).replace(
        "    when: total == 0\n", "    when: total == 0\n    art: art/seven.png\n")
    elsewhere = tmp_path / "other"
    elsewhere.mkdir()
    assert load_deck(write(tmp_path, text)).issues == []
    assert codes(load_deck(write(elsewhere, text))) == ["art-missing"]


def test_a_missing_kind_lists_the_kinds(tmp_path: Path) -> None:
    text = deck_text(("t", 1, "total == 0"), actions=ACTION.replace("    kind: say\n", ""))
    issue = only(load_deck(write(tmp_path, text)), "missing-field")
    assert issue.field == "actions[0]"
    assert "say, name, gesture, effect, forbid" in issue.message


def test_the_deck_id_defaults_to_the_file_name(tmp_path: Path) -> None:
    text = deck_text(("t", 1, "total == 0"))
    assert load_deck(write(tmp_path, text, "my-deck.yaml")).deck_id == "my-deck"
    named = text.replace("  name: Test\n", "  name: Test\n  id: chosen\n")
    assert load_deck(write(tmp_path, named, "other.yaml")).deck_id == "chosen"


def test_the_digest_follows_the_text(tmp_path: Path) -> None:
    text = deck_text(("t", 1, "total == 0"))
    first = load_deck(write(tmp_path, text, "a.yaml")).digest
    assert first == load_deck(write(tmp_path, text, "b.yaml")).digest
    assert first != load_deck(write(tmp_path, text + "\n# changed\n", "c.yaml")).digest


def test_issue_locations_read_file_line_column() -> None:
    issue = Issue(code="bad-value", severity=Severity.ERROR, message="m", path="d.yaml",
                  line=3, column=7, field="deck.name")
    assert issue.location == "d.yaml:3:7"
    assert Issue(code="x", severity=Severity.ERROR, message="m", path="d.yaml",
                 line=3).location == "d.yaml:3"
    assert Issue(code="x", severity=Severity.ERROR, message="m", path="d.yaml").location == (
        "d.yaml")
    assert set(issue.to_dict()) == {"code", "severity", "path", "line", "column", "field",
                                    "message", "data"}


@pytest.mark.parametrize(("path", "name"), [
    ((), ""), (("deck",), "deck"), (("deck", "style", "trigger_colour"),
                                    "deck.style.trigger_colour"),
    (("triggers", 3, "when"), "triggers[3].when"), (("actions", 0, "hints", 2),
                                                     "actions[0].hints[2]"),
])
def test_field_names_read_like_the_deck(path: tuple[str | int, ...], name: str) -> None:
    assert field_name(path) == name


def test_every_issue_code_is_documented_with_a_severity() -> None:
    for code, (severity, what) in ISSUE_CODES.items():
        assert isinstance(severity, Severity) and what and code == code.lower()


def test_read_yaml_keeps_the_place_of_every_key_and_value() -> None:
    marked = read_yaml("deck:\n  name: Test\ntriggers:\n  - id: a\n    number: 1\n")
    assert marked.keys[("deck", "name")] == marked.values[("deck", "name")].__class__(2, 3)
    assert (marked.values[("deck", "name")].line, marked.values[("deck", "name")].column) == (
        2, 9)
    assert (marked.values[("triggers", 0, "number")].line,
            marked.values[("triggers", 0, "number")].column) == (5, 13)
    assert marked.mark(("triggers", 0, "when")) == marked.values[("triggers", 0)]


def test_read_yaml_raises_only_its_own_error() -> None:
    with pytest.raises(YamlError) as caught:
        read_yaml("a: [1, 2\n")
    assert caught.value.mark is not None


@pytest.mark.parametrize("deck", sorted((Path(__file__).parent.parent / "decks").glob("*.yaml"))
                         + sorted(DECKS.glob("*.yaml")), ids=lambda path: path.name)
def test_libyaml_and_the_pure_reader_place_every_value_alike(deck: Path,
                                                             monkeypatch: Any) -> None:
    """Decks are read by libyaml where PyYAML has it: every value and every line and column
    a designer is pointed to must be what the pure-Python reader gives."""
    import yaml

    import generator.yamlmarks as marks

    if not hasattr(yaml, "CSafeLoader"):
        pytest.skip("this PyYAML was built without libyaml")
    text = deck.read_text(encoding="utf-8")
    fast = read_yaml(text)
    monkeypatch.setattr(marks, "_compose", lambda text: yaml.compose(text,
                                                                     Loader=yaml.SafeLoader))
    pure = read_yaml(text)
    assert (fast.data, fast.values, fast.keys) == (pure.data, pure.values, pure.keys)
