"""The proof that a base game is added by adding files: the fifth game of the test tree
(tests/fifth_game/, "higher or lower"), declared with `declare` and forgotten after each test,
is checked, simulated, built and refereed as a user would, through hrdeck's own commands;
it is found through the `hrdeck.games` entry-point group as an installed package's game
would be; and nothing generic names it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint, EntryPoints
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.errors import EXIT_UNUSABLE, HrdeckError
from engine.games import ENTRY_POINTS, DeclarationError, declared, forget_found
from engine.games.registry import GAMES
from tests.fifth_game import DECK, DECLARATION, NAME
from tests.fifth_game.game import HigherOrLower, new_setup
from tests.fifth_game.plugged import declared_fifth_game, forget_fifth_game
from tests.rulebook.pdftext import page_runs, page_texts

ROOT = Path(__file__).resolve().parent.parent
PARTS = "tests.fifth_game.parts."


@pytest.fixture
def fifth() -> Iterator[None]:
    with declared_fifth_game():
        yield


def _hrdeck(*args: str) -> tuple[int, str]:
    """`hrdeck ARGS` run in this process: its exit code and everything it printed (an
    `HrdeckError` is its one line and exit code 2, as `hrdeck.cli.main` makes it)."""
    from hrdeck.app import app
    from hrdeck.cli import _register_commands

    _register_commands()
    result = CliRunner().invoke(app, list(args))
    if isinstance(result.exception, HrdeckError):
        return EXIT_UNUSABLE, str(result.exception)
    return result.exit_code, " ".join(result.output.replace("│", " ").split())


def _process(code: str, *args: str, path: Path, db: Path,
             stdin: str = "") -> subprocess.CompletedProcess[str]:
    """A real Python process running `code` with ARGS in argv, in the repository, with
    `path` on its import path (and hrdeck's journals in `db`)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(ROOT), str(path))),
           "HRDECK_DB": str(db), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, env=env, input=stdin,
                          text=True, capture_output=True, timeout=60, check=False)


# -- hrdeck check, simulate, build -------------------------------------------------------------

def test_hrdeck_check_reads_its_deck_through_its_own_card_kind(fifth: None,
                                                               tmp_path: Path) -> None:
    code, shown = _hrdeck("check", str(DECK))
    assert code == 0, shown
    assert "played over Higher or Lower" in shown and "0 error(s), 0 warning(s)" in shown
    assert PARTS + "card_kinds" in sys.modules  # the deck's game brought its card kind
    for unneeded in ("table", "book", "printing"):  # and nothing a check does not need
        assert PARTS + unneeded not in sys.modules
    broken = tmp_path / "broken.yaml"
    broken.write_text(DECK.read_text(encoding="utf-8").replace("shows: 7}", "shows: 11}"),
                      encoding="utf-8")
    code, shown = _hrdeck("check", str(broken))
    assert code == 1 and "numbers[6].shows" in shown and "10" in shown


def test_without_its_declaration_its_deck_names_an_unknown_game() -> None:
    code, shown = _hrdeck("check", str(DECK))
    assert code == 1 and f'There is no base game "{NAME}"' in shown
    assert '"numbers" is not a key of a deck file' in shown  # nor its card kind


def test_hrdeck_simulate_plays_it_with_its_own_bots(fifth: None) -> None:
    code, shown = _hrdeck("simulate", "--game", NAME, "--games", "40", "--players", "3",
                          "--policy", "sensible", "--json")
    assert code == 0, shown
    data = json.loads(shown)
    assert data["game"] == NAME and data["games"] == 40 and data["turn_limited"] == 0
    assert data["right"] == round(data["right_per_game"] * 40) > 0
    code, shown = _hrdeck("simulate", "--game", NAME, "--policy", "greedy")
    assert code == 2 and "greedy" in shown and "sensible" in shown


def test_hrdeck_build_prints_its_cards_target_sheet_and_rulebook(fifth: None,
                                                                 tmp_path: Path) -> None:
    code, shown = _hrdeck("build", str(DECK), "--out", str(tmp_path), "--target",
                          "pnp-a4,card-list")
    assert code == 0, shown
    folder = tmp_path / "higher-or-lower"
    assert sorted(path.name for path in folder.glob("*.pdf")) == [
        "higher-or-lower-card-list.pdf", "higher-or-lower-pnp-a4.pdf",
        "higher-or-lower-rulebook-a4.pdf", "higher-or-lower-tally-sheet-a4.pdf"]
    from pypdf import PdfReader

    fronts = PdfReader(folder / "higher-or-lower-pnp-a4.pdf").pages[0]
    runs = page_runs(fronts)
    assert any(run.text.strip() == "NUMBER 7" for run in runs)  # its card kind's label
    assert any(run.text.strip() == "7" and run.size == 72 for run in runs)  # its face: large
    [listed] = page_texts(folder / "higher-or-lower-card-list.pdf")  # its own print target
    assert "NUMBER 1 shows 1" in listed and "NUMBER 10 shows 10" in listed
    book = " ".join(page_texts(folder / "higher-or-lower-rulebook-a4.pdf"))
    assert "How to play A guessing game for 2 to 4 players." in book  # its own templates
    assert "a number from 1 to 10" in book and "reach 3 points" in book  # the engine's numbers
    assert "The same number again." in book  # its clarification, by key same-number
    assert "Number 10 10" in book  # the deck's cards
    [tally] = page_texts(folder / "higher-or-lower-tally-sheet-a4.pdf")
    assert "tally of right guesses" in tally
    code, shown = _hrdeck("build", str(DECK), "--out", str(tmp_path), "--target", "card-lst")
    assert code == 2 and 'Did you mean "card-list"?' in shown


def test_a_rebuild_compares_the_files_of_a_game_kept_outside_hrdeck(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's own templates and code shape its builds as hrdeck's own do: changing them
    makes the next build draw again (the build's key covers them)."""
    from engine.games import GameDeclaration, declare, undeclare
    from generator.pipeline.cache import code_digest

    template = tmp_path / "tiny_game" / "rulebook" / "rulebook.xml.j2"
    template.parent.mkdir(parents=True)
    (tmp_path / "tiny_game" / "__init__.py").write_text("", encoding="utf-8")
    template.write_text("<rulebook/>\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = code_digest()
    declare(GameDeclaration(name="tiny-game", title="Tiny", players=(2, 2), policies=(),
                            engine="tiny_game.engine", book="tiny_game.book"))
    try:
        declared_digest = code_digest()
        template.write_text("<rulebook><p>More.</p></rulebook>\n", encoding="utf-8")
        assert code_digest() != declared_digest != before
    finally:
        undeclare("tiny-game")
    assert code_digest() == before


# -- the referee, in a real process -------------------------------------------------------------

DECLARED_THEN_HRDECK = ("import sys\n"
                        "from engine.games import declare\n"
                        "from tests.fifth_game import DECLARATION\n"
                        "declare(DECLARATION)\n"
                        "from hrdeck.cli import main\n"
                        "main()\n")


def _sensible_guesses(seed: int, target: int) -> tuple[list[str], HigherOrLower]:
    """The guesses of a whole game (higher from 5 or less) and the game they make."""
    game = HigherOrLower(new_setup(["Ann", "Ben"], seed=seed, target=target))
    lines = []
    while game.winner is None:
        higher = game.last <= 5
        lines.append(f"guess {'higher' if higher else 'lower'}")
        game.guess(game.turn, higher)
    return lines, game


def test_a_scripted_referee_session_runs_from_start_to_a_winner(tmp_path: Path) -> None:
    guesses, game = _sensible_guesses(seed=5, target=2)
    assert game.winner is not None
    script = "\n".join(["guess ben higher", *guesses, "score", ""])  # Ann opens, not Ben
    ran = _process(DECLARED_THEN_HRDECK, "referee", "new", "--game", NAME, "--mode", "score",
                   "--players", "Ann,Ben", "--seed", "5", "--target", "2", "--session",
                   "hl", "--script", "-", path=tmp_path, db=tmp_path / "games.db", stdin=script)
    assert ran.stderr == "line 1: It is Ann's turn.\n1 line(s) failed: 1.\n"  # its refusal
    assert ran.returncode == 1  # a script with a refused line fails, the rest played on
    shown = ran.stdout
    assert "a new game for Ann, Ben (first to 2)" in shown
    assert shown.count("guesses") >= len(guesses)
    winner = game.names[game.winner]
    assert f"{winner} wins the game with 2 points!" in shown
    assert "┃ right" in shown  # its column on the board


# -- discovery through the entry-point group ----------------------------------------------------

@pytest.fixture
def fresh_discovery() -> Iterator[None]:
    """Declarations looked for afresh, and again after the test (its fakes gone)."""
    forget_found()
    yield
    forget_found()
    forget_fifth_game()


def _entry_points(*points: EntryPoint) -> object:
    def entry_points(*, group: str) -> EntryPoints:
        return EntryPoints(point for point in points if point.group == group)
    return entry_points


def test_an_installed_package_declares_a_game_by_entry_point(
        monkeypatch: pytest.MonkeyPatch, fresh_discovery: None) -> None:
    point = EntryPoint(name=NAME, value="tests.fifth_game:DECLARATION", group=ENTRY_POINTS)
    monkeypatch.setattr("importlib.metadata.entry_points", _entry_points(point))
    assert declared()[NAME] is DECLARATION
    assert GAMES[NAME].title == "Higher or Lower"  # its engine loads when first asked for
    code, shown = _hrdeck("check", str(DECK))
    assert code == 0, shown


def test_a_bad_entry_point_is_one_sentence(monkeypatch: pytest.MonkeyPatch,
                                           fresh_discovery: None) -> None:
    point = EntryPoint(name="broken", value="tests.fifth_game:NAME", group=ENTRY_POINTS)
    monkeypatch.setattr("importlib.metadata.entry_points", _entry_points(point))
    with pytest.raises(DeclarationError, match=r'entry point "broken" of group hrdeck\.games '
                       r"names tests\.fifth_game:NAME, which is not a GameDeclaration"):
        declared()
    with pytest.raises(DeclarationError, match="fix or uninstall"):
        declared()  # a failure is not forgotten: it fails again, never with fewer games


def _installed(folder: Path, entry: str) -> Path:
    """A tiny installed distribution in `folder` whose entry point `entry` is in the group."""
    info = folder / "hol_plugin-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: hol-plugin\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINTS}]\n{entry}\n", encoding="utf-8")
    return folder


def test_an_installed_entry_point_is_found_by_hrdeck_itself(tmp_path: Path) -> None:
    site = _installed(tmp_path / "site", f"{NAME} = tests.fifth_game:DECLARATION")
    ran = _process("from hrdeck.cli import main; main()", "simulate", "--game", NAME,
                   "--games", "20", path=site, db=tmp_path / "games.db")
    assert ran.returncode == 0, ran.stderr
    assert "20 games of Higher or Lower" in ran.stdout and "right guesses" in ran.stdout


def test_a_broken_installed_entry_point_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    site = _installed(tmp_path / "site", "broken = no_such_module:GAME")
    ran = _process("from hrdeck.cli import main; main()", "check", str(DECK), path=site,
                   db=tmp_path / "games.db")
    assert ran.returncode == 2 and "Traceback" not in ran.stderr
    assert ('The entry point "broken" of group hrdeck.games names no_such_module:GAME, which '
            "cannot be loaded (ModuleNotFoundError: No module named 'no_such_module')"
            in " ".join(ran.stderr.split()))


# -- nothing generic names it ---------------------------------------------------------------------

def test_no_generic_file_names_the_fifth_game() -> None:
    names = (NAME, "fifth_game", "Higher or Lower", "HigherOrLower")
    for layer in ("engine", "generator", "hrdeck", "templates", "docs/deck-format.md"):
        for path in ([ROOT / layer] if layer.endswith(".md") else (ROOT / layer).rglob("*")):
            if path.is_file() and path.suffix in (".py", ".j2", ".md", ".yaml"):
                text = path.read_text(encoding="utf-8")
                assert not [name for name in names if name in text], path
