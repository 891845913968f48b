"""Each command imports only what it uses (issue 14): `hrdeck --help` builds every command's
options without the engine, rich, pydantic or the printing libraries; the base games load
one by one, as they are looked up; the checker of one game's deck loads no other game.

These tests look at the modules loaded, in a fresh interpreter each, never at the time."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent

# The web stack: only `--web` and `hrdeck play …` running load it (issue 29)
WEB = ("hrdeck.web", "starlette", "uvicorn", "sse_starlette", "segno", "limits", "webbrowser")
# Loaded by none of the help screens (the referee's own help excepted, which is its program)
HEAVY = ("hrdeck.referee", "rich", "typer.rich_utils", "pydantic", "reportlab", "numpy", "PIL",
         "yaml", "jinja2", "engine.games.registry", "engine.games.base", "engine.simulate",
         "engine.journal", "engine.events", "generator.pipeline", "generator.card_kinds",
         "generator.deck_model", "generator.deck", "openpyxl", *WEB)


def loaded_after(code: str) -> list[str]:
    """The modules `code` leaves loaded, run in a fresh interpreter from the repository."""
    probe = (f"import sys, json\n{code}\n"
             "print('\\nLOADED ' + json.dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    line = done.stdout.rsplit("\nLOADED ", 1)[1]
    return list(json.loads(line))


def among(modules: list[str], packages: tuple[str, ...]) -> list[str]:
    return [name for name in modules
            if any(name == package or name.startswith(package + ".") for package in packages)]


def games_loaded(modules: list[str]) -> set[str]:
    """The declared games any of whose own modules is loaded (beyond its declaration: the
    package's `__init__`)."""
    from engine.games import declared

    return {game.name for game in declared().values()
            if any(name.startswith(game.engine.rsplit(".", 1)[0] + ".") for name in modules)}


def help_code(*args: str) -> str:
    return ("import contextlib, io\n"
            "from hrdeck.cli import _register_commands\n"
            "from hrdeck.app import app\n"
            f"_register_commands({list(args)!r})\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    try:\n"
            f"        app({list(args)!r}, prog_name='hrdeck')\n"
            "    except SystemExit as done:\n"
            "        assert done.code == 0, done.code\n")


def test_hrdeck_help_loads_no_heavy_module() -> None:
    modules = loaded_after(help_code("--help"))
    assert among(modules, (*HEAVY, "typer._adapters")) == []
    assert "hrdeck.cmd_check" in modules  # every command was registered


@pytest.mark.parametrize("command", [["check"], ["build"], ["simulate"], ["schema"], ["rule"],
                                     ["rule", "equiv"], ["play"], ["play", "what-the-rule"]])
def test_a_commands_help_loads_no_heavy_module_of_ours(command: list[str]) -> None:
    """Below `hrdeck` typer (0.29) checks the value of the group's unused `--help` option
    with a pydantic adapter, so pydantic is typer's to load there, not ours."""
    modules = loaded_after(help_code(*command, "--help"))
    assert among(modules, tuple(name for name in HEAVY if name != "pydantic")) == []
    assert among(modules, WEB_STACK) == []


def test_the_defaults_shown_in_the_help_are_the_engines() -> None:
    from engine.events import DEFAULT_GAME
    from engine.simulate import DEFAULT_TURN_LIMIT
    from hrdeck import defaults

    assert (defaults.DEFAULT_GAME, defaults.DEFAULT_TURN_LIMIT) == (DEFAULT_GAME,
                                                                    DEFAULT_TURN_LIMIT)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _commands() -> list[list[str]]:
    return [["check"], ["build"], ["simulate"], ["schema"], ["rule", "equiv"],
            ["play", "what-the-rule"]]


@pytest.mark.parametrize("command", _commands())
def test_each_help_shows_every_option_with_its_help_default_and_range(
        command: list[str]) -> None:
    """Plain help (no rich boxes) still says all it said."""
    import typer.main

    from hrdeck.app import app
    from hrdeck.cli import _register_commands

    _register_commands(command)
    shown = CliRunner().invoke(app, [*command, "--help"], terminal_width=100)
    assert shown.exit_code == 0, shown.output
    text = _flat(shown.stdout)
    group = typer.main.get_command(app)
    for name in command:
        group = group.commands[name]  # type: ignore[attr-defined]
    assert _flat(group.help or "") in text
    for param in group.params:
        if param.name == "help":
            continue
        assert _flat(getattr(param, "help", "") or "") in text, param.name
        default = param.default
        if isinstance(default, (int, str)) and not isinstance(default, bool):
            assert re.search(rf"default: {re.escape(str(default))}\b", text), param.name
        low, high = getattr(param.type, "min", None), getattr(param.type, "max", None)
        if low is not None:
            assert (f"{low}<=x<={high}" if high is not None else f"x>={low}") in text, param.name


def test_the_command_lists_keep_each_summary_whole() -> None:
    from hrdeck.app import app
    from hrdeck.cli import _register_commands
    from hrdeck.cmd_referee import REFEREE_HELP
    from hrdeck.what_the_rule.rule_commands import EQUIV_HELP

    _register_commands([])
    listed = _flat(CliRunner().invoke(app, ["--help"], terminal_width=100).stdout)
    assert _flat(REFEREE_HELP) in listed
    assert "Check a deck: every trigger, action and pair, then thousands of simulated games." in (
        listed)
    rules = _flat(CliRunner().invoke(app, ["rule", "--help"], terminal_width=100).stdout)
    assert _flat(EQUIV_HELP) in rules


def test_the_engine_package_loads_its_names_on_first_use() -> None:
    modules = loaded_after("import engine.errors")
    assert among(modules, ("engine.games", "engine.journal", "engine.simulate",
                           "engine.events")) == []
    import engine

    for name in engine.__all__:
        assert getattr(engine, name) is not None, name
    from engine.cards import Card

    assert engine.Card is Card


def test_games_are_listed_without_loading_and_loaded_one_at_a_time() -> None:
    from engine.games import declared

    names = list(declared())
    assert names[0] == "up-n-over" and names[1:] == sorted(names[1:])
    listed = loaded_after("from engine.games.registry import GAMES\n"
                          f"assert list(GAMES) == {names!r}, list(GAMES)\n"
                          "assert 'mao' in GAMES and 'snap' not in GAMES")
    assert games_loaded(listed) == set()
    one = loaded_after("from engine.games.registry import GAMES, find_game\n"
                       "assert find_game('mao').title == 'Mao'\n"
                       f"assert list(GAMES) == {names!r}")
    assert games_loaded(one) == {"mao"}


def test_each_declared_game_is_the_game_its_engine_module_registers() -> None:
    from engine.games import declared
    from engine.games.registry import GAMES, find_game

    for name, declaration in declared().items():
        game = find_game(name)
        assert game.name == name and GAMES[name] is game
        assert game.title == declaration.title
        assert (game.min_players, game.max_players) == declaration.players
        assert tuple(game.simulation.policies) == declaration.policies, name
        assert declaration.engine in sys.modules


def test_an_unregistered_built_in_game_stays_forgotten() -> None:
    code = ("from engine.games.registry import GAMES, find_game, unregister, UnknownGameError\n"
            "find_game('mao')\n"
            "names = list(GAMES)\n"
            "unregister('mao')\n"
            "assert 'mao' not in GAMES and list(GAMES) == [name for name in names "
            "if name != 'mao'], list(GAMES)\n"
            "try:\n"
            "    find_game('mao')\n"
            "except UnknownGameError:\n"
            "    pass\n"
            "else:\n"
            "    raise AssertionError('mao came back')\n")
    loaded_after(code)


def test_checking_a_deck_of_one_game_loads_no_other_game() -> None:
    code = ("from pathlib import Path\n"
            "from generator.check import CheckOptions, check_deck\n"
            "report, _ = check_deck(Path('decks/base.yaml'), CheckOptions(simulate=False))\n"
            "assert report.game == 'up-n-over' and not report.errors, report.errors\n"
            "from hrdeck.cmd_check import print_report\n"
            "import contextlib, io\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    print_report(report)\n")
    modules = loaded_after(code)
    assert games_loaded(modules) == {"up-n-over"}
    # nor any other game's kinds of card, nor the package that holds them
    from engine.games import declared

    kinds = {game.card_kinds for game in declared().values() if game.card_kinds is not None}
    assert {"generator.mao.card_kinds", "generator.what_the_rule.card_kinds"} <= kinds
    assert among(modules, tuple(module.rsplit(".", 1)[0] for module in kinds)) == []
    # The layout checks measure the cards' text with the card fonts (reportlab's font metrics,
    # issue 28), but nothing draws: no canvas, no rulebook, no writer.
    assert among(modules, ("hrdeck.referee", "rich.progress", "reportlab.pdfgen",
                           "reportlab.platypus", "generator.pipeline", "generator.printing.pdf",
                           "numpy")) == []


def test_the_chart_png_holds_exactly_the_pixels_drawn(tmp_path: Path) -> None:
    from generator.check.chart import png_bytes

    picture = Image.new("RGB", (301, 77), "white")
    draw = ImageDraw.Draw(picture)
    draw.rectangle((10, 10, 120, 40), fill=(31, 95, 139))
    draw.line((0, 76, 300, 0), fill=(200, 0, 0))
    draw.text((130, 20), "fires per game", fill="black")
    with Image.open(io.BytesIO(png_bytes(picture))) as back:
        assert back.format == "PNG" and back.mode == "RGB" and back.size == picture.size
        assert back.tobytes() == picture.tobytes()
    with pytest.raises(ValueError, match="RGB"):
        png_bytes(picture.convert("L"))


# -- the web pages (issue 29): loaded by `--web` alone ---------------------------------------

# The web stack: none of it is loaded by `hrdeck --help` or a command run without --web
WEB_STACK = ("starlette", "uvicorn", "sse_starlette", "segno", "limits", "anyio", "httpx",
             "hrdeck.web")


def run_code(commands: list[list[str]]) -> str:
    """Runs each command line through the app in one interpreter, as `hrdeck` would; a
    command that fails (exit code 2, or a traceback) fails the probe."""
    return ("import contextlib, io\n"
            "from hrdeck.cli import _register_commands\n"
            "from hrdeck.app import app\n"
            "_register_commands([])\n"
            f"for args in {commands!r}:\n"
            "    with contextlib.redirect_stdout(io.StringIO()):\n"
            "        try:\n"
            "            app(args, prog_name='hrdeck')\n"
            "        except SystemExit as done:\n"
            "            assert done.code in (0, 1, None), (args, done.code)\n")


def test_hrdeck_help_loads_no_web_module() -> None:
    assert among(loaded_after(help_code("--help")), WEB_STACK) == []
    assert among(loaded_after(help_code("referee", "--help")), WEB_STACK) == []


def test_every_command_without_web_loads_none_of_the_web_stack(tmp_path: Path) -> None:
    db, out = str(tmp_path / "referee.sqlite3"), str(tmp_path / "out")
    script = tmp_path / "script.txt"
    script.write_text("keep ann 1 1\nkeep ben 2 2\nkeep cat 1 2\n", encoding="utf-8")
    session = ["--db", db, "--script", str(script)]
    commands = [
        ["check", "decks/mao.yaml", "-n", "10", "-p", "3", "--workers", "1", "--out", out,
         "--no-chart"],
        ["build", "decks/mao.yaml", "--out", out],
        ["preview", "decks/mao.yaml", "--card", "the-badger", "--out", out],
        ["schema"],
        ["simulate", "-n", "20"],
        ["referee", "new", "--players", "Ann,Ben,Cat", "--seed", "1", "--session", "s",
         *session],
        ["referee", "resume", "s", *session],
        ["referee", "list", "--db", db],
        ["referee", "export", "s", "--db", db],
        ["rule", "equiv", "card.count == 1", "card.count <= 1 and card.count >= 1"],
    ]
    modules = loaded_after(run_code(commands))
    assert among(modules, WEB_STACK) == []
    assert {"hrdeck.cmd_build", "hrdeck.referee.session", "engine.simulate"} <= set(modules)


def test_referee_new_with_web_loads_the_web_stack(tmp_path: Path) -> None:
    """The pages are served, then stopped as Ctrl-C stops them (SIGTERM, once the referee
    listens for it)."""
    stop = ("import os, signal, threading, time\n"
            "def stop():\n"
            "    while signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:\n"
            "        time.sleep(0.05)\n"
            "    os.kill(os.getpid(), signal.SIGTERM)\n"
            "threading.Thread(target=stop, daemon=True).start()\n")
    code = stop + run_code([["referee", "new", "--players", "Ann,Ben,Cat", "--db",
                             str(tmp_path / "referee.sqlite3"), "--web", "127.0.0.1",
                             "--script", str(tmp_path / "none.txt")]])
    (tmp_path / "none.txt").write_text("", encoding="utf-8")
    modules = loaded_after(code)
    assert {"starlette", "uvicorn", "sse_starlette", "limits", "anyio",
            "hrdeck.web.app"} <= set(modules)
