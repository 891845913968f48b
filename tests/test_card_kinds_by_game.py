"""Each game registers its own kinds of card (issue 27): the generic deck model imports no
game; reading a deck loads its game's kinds alone, and what speaks of every section (an
unknown section, another game's section, the JSON Schema) loads every declared game's.
The kinds keep one order (the file's sections, the faces, the messages) whatever game
loads first."""

from __future__ import annotations

import json
from pathlib import Path

from engine.games import declared
from generator.card_kinds import KINDS, every_kind
from generator.deck import load_deck
from tests.fifth_game.game import NAME as FIFTH
from tests.fifth_game.plugged import declared_fifth_game
from tests.test_architecture import import_graph
from tests.test_startup import loaded_after

EVERY_SECTION = ["triggers", "actions", "rules", "aids", "shapes", "rule_cards"]
GENERIC = ("generator.card_kinds", "generator.deck", "generator.deck_model",
           "generator.card_fields")


def game_modules() -> set[str]:
    """The modules a game brings, and the packages no other game shares."""
    owners: dict[str, set[str]] = {}
    for name, game in declared().items():
        for part in ("engine", "table", "book", "card_kinds", "printing", "commands"):
            module = game.part(part)
            if module is not None:
                owners.setdefault(module, set()).add(name)
                owners.setdefault(module.rsplit(".", 1)[0], set()).add(name)
    return {module for module, games in owners.items() if len(games) == 1}


def test_the_generic_deck_model_imports_no_game() -> None:
    graph, owned = import_graph(), game_modules()
    assert {"generator.mao.card_kinds", "generator.what_the_rule"} <= owned
    for start in GENERIC:
        reached: set[str] = set()
        todo = [start]
        while todo:
            for target in graph[todo.pop()] - reached:
                reached.add(target)
                todo.append(target)
        games = sorted(module for module in reached if any(
            module == own or module.startswith(own + ".") for own in owned))
        assert games == [], f"{start} imports the games' {games}"


def test_each_game_declares_the_module_of_its_kinds() -> None:
    kinds = {name: game.card_kinds for name, game in declared().items()}
    assert kinds["mao"] == "generator.mao.card_kinds"
    assert kinds["what-the-rule"] == "generator.what_the_rule.card_kinds"
    every = every_kind()
    assert [section for section in EVERY_SECTION if section in every] == EVERY_SECTION
    assert every["rules"].games == ("mao",)
    assert every["shapes"].games == every["rule_cards"].games == ("what-the-rule",)


def test_a_deck_loads_its_games_kinds_alone_in_one_order_whatever_loads_first() -> None:
    code = ("from pathlib import Path\n"
            "from generator.deck import load_deck\n"
            "from generator.card_kinds import KINDS\n"
            "import sys\n"
            "def games():\n"
            "    return sorted(name for name in ('generator.mao', 'generator.what_the_rule')\n"
            "                  if any(module.startswith(name + '.') for module in sys.modules))\n"
            "assert not load_deck(Path('decks/what-the-rule.yaml')).issues\n"
            "assert games() == ['generator.what_the_rule'], games()\n"
            "assert list(KINDS) == ['triggers', 'actions', 'aids', 'shapes', 'rule_cards'], "
            "list(KINDS)\n"
            "assert not load_deck(Path('decks/mao.yaml')).issues\n"
            f"assert list(KINDS) == {EVERY_SECTION!r}, list(KINDS)\n")
    loaded_after(code)
    mao = loaded_after("from pathlib import Path\n"
                       "from generator.deck import load_deck\n"
                       "from generator.card_kinds import KINDS\n"
                       "assert not load_deck(Path('decks/mao.yaml')).issues\n"
                       "assert list(KINDS) == ['triggers', 'actions', 'rules', 'aids']\n")
    assert "generator.mao.card_kinds" in mao
    assert not [module for module in mao if module.startswith("generator.what_the_rule")]


def test_a_fresh_reader_still_names_every_games_sections(tmp_path: Path) -> None:
    """An unknown section is matched against every game's sections, and another game's
    section is said to be that game's, though the deck's own game has none of them."""
    (tmp_path / "typo.yaml").write_text("deck:\n  name: X\nshape:\n  - {id: a}\n",
                                        encoding="utf-8")
    (tmp_path / "other.yaml").write_text(
        "deck:\n  name: X\n  base_game: mao\nrule_cards:\n  - {id: a, number: 1, text: hi, "
        "rule: first, level: easy}\n", encoding="utf-8")
    code = ("from pathlib import Path\n"
            "import json\n"
            "from generator.deck import load_deck\n"
            f"folder = Path({str(tmp_path)!r})\n"
            "found = {name: [issue.message for issue in load_deck(folder / name).issues]\n"
            "         for name in ('typo.yaml', 'other.yaml')}\n"
            "(folder / 'found.json').write_text(json.dumps(found))\n")
    loaded_after(code)
    found = json.loads((tmp_path / "found.json").read_text(encoding="utf-8"))
    assert found["typo.yaml"] == [
        '"shape" is not a key of a deck file. Did you mean "shapes"? Accepted keys: deck, '
        "triggers, actions, rules, aids, shapes, rule_cards.",
        'The deck file has no cards: secret rules ("triggers" and "actions") or another '
        "section of cards (rules, aids, shapes, rule_cards)."]
    assert found["other.yaml"] == ['"rule_cards" (rule cards) are made for what-the-rule; '
                                   "this deck is played over mao."]


def test_the_schema_of_a_fresh_process_has_every_games_sections() -> None:
    modules = loaded_after("import json\n"
                           "from generator.card_kinds import json_schema\n"
                           "schema = json_schema()\n"
                           f"assert list(schema['properties']) == ['deck', *{EVERY_SECTION!r}]")
    assert {"generator.mao.card_kinds", "generator.what_the_rule.card_kinds"} <= set(modules)


def test_a_deck_over_a_declared_game_reads_the_kinds_that_game_registers(
        tmp_path: Path) -> None:
    with declared_fifth_game():
        assert "numbers" not in KINDS
        path = tmp_path / "numbers.yaml"
        path.write_text(f"deck:\n  name: Numbers\n  base_game: {FIFTH}\nnumbers:\n"
                        "  - {id: seven, number: 1, shows: 7}\n", encoding="utf-8")
        deck = load_deck(path)
        assert deck.issues == []
        assert [card.id for _, card in deck.cards_of("numbers")] == ["seven"]
        sections = list(KINDS)  # the kinds for every game first, then each game's
        assert sections.index("aids") < sections.index("numbers")
    assert "numbers" not in KINDS
