"""`hrdeck check` and `hrdeck schema` as a designer runs them: exit codes 0 and 2 from a real
process, and the output, files and exit codes of each command (most run in this process, the
same code without paying a second of start-up each time)."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from PIL import Image

from generator.check.chart import BOTTOM, ROW, TOP, WIDTH
from tests import in_process as in_process_runner

DECKS = (Path(__file__).parent / "fixtures" / "decks").resolve()
VALID = DECKS / "valid-minimal.yaml"
UNENFORCEABLE = DECKS / "unenforceable.yaml"
BROKEN = DECKS / "broken"


def hrdeck(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run in a scratch folder, so nothing is written into the repository."""
    cwd.mkdir(parents=True, exist_ok=True)
    return subprocess.run([sys.executable, "-m", "hrdeck", *map(str, args)], capture_output=True,
                          text=True, timeout=120, cwd=cwd)


def warning_only_deck(folder: Path) -> Path:
    """The minimal deck with one more trigger that is too rare: a warning, no error."""
    text = VALID.read_text(encoding="utf-8").replace("\nactions:", """  - id: ace-on-ace
    number: 7
    text: When an ace is played on an ace.
    when: card.rank == "A" and previous.rank == "A"

actions:""")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "rare.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@dataclass
class Run:
    result: subprocess.CompletedProcess[str]
    cwd: Path  # the folder it ran in, which it must leave alone

    @property
    def out(self) -> str:
        return self.result.stdout

    @property
    def err(self) -> str:
        return self.result.stderr

    @property
    def code(self) -> int:
        return self.result.returncode


def hrdeck_here(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The same command run in this process (its standard output and error apart)."""
    cwd.mkdir(parents=True, exist_ok=True)
    return in_process_runner.hrdeck(*args, cwd=cwd)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    """The commands run as a user runs them, each in its own folder: a clean deck (exit 0)
    and a missing one (exit 2) in real processes, side by side (starting the command line
    takes a second or more), the others meanwhile in this process."""
    root = tmp_path_factory.mktemp("cli")
    rare = warning_only_deck(root / "decks")
    processes: dict[str, tuple[str | Path, ...]] = {
        "clean": ("check", VALID, "--out", root / "clean" / "charts"),
        "missing": ("check", "missing.yaml"),
    }
    here: dict[str, tuple[str | Path, ...]] = {
        "human": ("check", UNENFORCEABLE, "--no-chart"),
        "yaml-syntax": ("check", BROKEN / "yaml-syntax.yaml", "--json"),
        "strict": ("check", rare, "--no-chart", "--strict", "--json"),
    }
    with ThreadPoolExecutor(max_workers=len(processes)) as pool:
        futures = {name: pool.submit(hrdeck, *args, cwd=root / name)
                   for name, args in processes.items()}
        done = {name: Run(hrdeck_here(*args, cwd=root / name), root / name)
                for name, args in here.items()}
        return done | {name: Run(future.result(), root / name) for name, future in futures.items()}


def in_process(*args: str | Path, cwd: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """The same command through typer's runner, without starting Python again."""
    from typer.testing import CliRunner

    from hrdeck import cmd_check, cmd_schema  # noqa: F401  (they register their commands)
    from hrdeck.app import app

    cwd.mkdir(parents=True, exist_ok=True)
    monkeypatch.chdir(cwd)
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    completed = subprocess.CompletedProcess(args, result.exit_code, result.stdout, "")
    return Run(completed, cwd)


def written(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file())


# -- exit codes ---------------------------------------------------------------------------------

def test_a_clean_deck_exits_0(runs: dict[str, Run]) -> None:
    run = runs["clean"]
    assert run.code == 0, run.out + run.err
    assert "0 error(s), 0 warning(s)" in run.out
    assert run.err == ""


def test_a_deck_with_errors_exits_1(runs: dict[str, Run]) -> None:
    run = runs["human"]
    assert run.code == 1
    assert "8 error(s), 7 warning(s)" in run.out
    assert written(run.cwd) == []


@pytest.mark.parametrize(("name", "words"), [("missing", "No such file"),
                                             ("yaml-syntax", "not valid YAML")])
def test_unusable_input_exits_2_with_one_clear_message(runs: dict[str, Run], name: str,
                                                       words: str) -> None:
    run = runs[name]
    assert run.code == 2
    assert words in run.out + run.err
    assert "Traceback" not in run.out + run.err
    assert written(run.cwd) == []


def test_a_missing_deck_is_reported_on_stderr_with_its_name(runs: dict[str, Run]) -> None:
    run = runs["missing"]
    assert run.out == ""
    assert "missing.yaml" in run.err and "file-unreadable" in run.err


def test_an_unreadable_deck_in_json_is_still_one_object(runs: dict[str, Run]) -> None:
    data = json.loads(runs["yaml-syntax"].out)
    assert data["exit_code"] == 2 and data["errors"] == 1
    [issue] = data["issues"]
    assert (issue["code"], issue["line"], issue["column"]) == ("yaml-syntax", 8, 23)


def test_strict_turns_a_warning_into_exit_1(runs: dict[str, Run], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    rare = warning_only_deck(tmp_path)
    lenient, strict = in_process("check", rare, "--no-chart", cwd=tmp_path / "run",
                                 monkeypatch=monkeypatch), runs["strict"]
    assert lenient.code == 0 and "sim-rare" in lenient.out
    assert "0 error(s), 1 warning(s)" in lenient.out
    assert strict.code == 1
    data = json.loads(strict.out)
    assert data["exit_code"] == 1 and data["errors"] == 0 and data["warnings"] == 1
    assert [issue["code"] for issue in data["issues"]] == ["sim-rare"]


# -- what it prints -------------------------------------------------------------------------------

def test_json_is_one_object_with_every_figure(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    run = in_process("check", UNENFORCEABLE, "--json", "--out", tmp_path / "json" / "charts",
                     cwd=tmp_path / "json", monkeypatch=monkeypatch)
    assert run.code == 1
    data = json.loads(run.out)
    assert {"errors", "warnings", "issues", "triggers", "simulation", "chart"} <= set(data)
    assert data["errors"] == 8 and data["warnings"] == 7
    for issue in data["issues"]:
        assert set(issue) == {"code", "severity", "path", "line", "column", "field", "message",
                              "data"}
        assert issue["path"] == str(UNENFORCEABLE)
        assert isinstance(issue["line"], int) and issue["line"] >= 1
        assert issue["field"]
    severities = [issue["severity"] for issue in data["issues"]]
    assert severities == sorted(severities, key=["error", "warning", "info"].index)
    # The figures a message states are there as numbers too.
    figures = {issue["code"]: issue["data"] for issue in data["issues"]
               if issue["code"].startswith(("sim-", "answers-run-out"))}
    assert "answers-run-out" in figures and all(figures.values()), figures
    run_out = next(i for i in data["issues"] if i["code"] == "answers-run-out")
    chance = run_out["data"]["run_out_chance"]
    assert 0 < chance <= 1 and f"{chance:.1%}" in run_out["message"]
    hidden = next(issue for issue in data["issues"] if issue["code"] == "expr-hidden")
    assert (hidden["line"], hidden["column"], hidden["field"]) == (15, 11, "triggers[0].when")
    rows = {row["id"]: row for row in data["triggers"]}
    assert len(rows) == 11
    for row in rows.values():
        assert {"id", "fires_per_game", "ci95", "zero_fire_chance", "share_of_plays",
                "seat_bias", "static", "simulated"} <= set(row)
    assert set(rows["low-card"]["fires_per_game"]) == {"3", "4"}
    assert rows["low-card"]["simulated"] and not rows["any-card"]["simulated"]
    assert rows["any-card"]["static"] == "always" and rows["any-card"]["fires_per_game"] == {}
    assert data["simulation"]["games_per_player_count"] == 200
    assert data["simulation"]["players"] == [3, 4] and data["simulation"]["plays"] > 400
    assert data["chart"] == str(run.cwd / "charts" / "unenforceable" / "fire-rates.png")
    assert written(run.cwd) == ["charts/unenforceable/fire-rates.png"]


def test_the_human_report_groups_issues_by_severity_with_file_and_line(runs: dict[str, Run]
                                                                       ) -> None:
    text = runs["human"].out
    headings = [text.index("errors (8)"), text.index("warnings (7)"), text.index("infos (1)")]
    assert headings == sorted(headings)
    errors, warnings, infos = (text[headings[0]:headings[1]], text[headings[1]:headings[2]],
                               text[headings[2]:])
    assert f"{UNENFORCEABLE}:15:11  expr-hidden" in errors
    assert f"{UNENFORCEABLE}:75:5  hint-missing" in errors
    assert f"{UNENFORCEABLE}:43:11  sim-common" in warnings
    assert "expr-hidden" not in warnings and "sim-common" not in errors
    assert f"{UNENFORCEABLE}:51:11  table-only" in infos
    assert "How often each trigger fires" in text
    assert "8 error(s), 7 warning(s)" in text


def test_the_trigger_table_names_every_trigger_whole_within_80_columns(runs: dict[str, Run]
                                                                       ) -> None:
    text = runs["human"].out
    table = text[text.index("How often each trigger fires"):text.index("8 error(s)")]
    rows = table.strip().split("\n\n")[0].splitlines()[2:]  # then why some have no figures
    triggers = yaml.safe_load(UNENFORCEABLE.read_text(encoding="utf-8"))["triggers"]
    assert [row.split()[1] for row in rows] == [trigger["id"] for trigger in triggers]
    assert all(len(line) <= 80 for line in table.splitlines())


def test_the_chart_is_written_under_out(runs: dict[str, Run]) -> None:
    run = runs["clean"]
    chart = run.cwd / "charts" / "valid-minimal" / "fire-rates.png"
    assert f"fire-rate chart: {chart}" in run.out.replace("\n", "")
    assert written(run.cwd) == ["charts/valid-minimal/fire-rates.png"]
    with Image.open(chart) as image:
        assert image.format == "PNG"
        assert image.size == (WIDTH, TOP + BOTTOM + ROW * 6)  # a row for each of 6 triggers


def test_no_chart_writes_nothing(runs: dict[str, Run]) -> None:
    assert runs["strict"].code == 1
    assert written(runs["strict"].cwd) == []


def test_a_deck_without_simulated_triggers_draws_no_chart(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    run = in_process("check", BROKEN / "expr-never.yaml", "--out", tmp_path / "charts",
                     cwd=tmp_path, monkeypatch=monkeypatch)
    assert run.code == 1 and "expr-never" in run.out
    assert "fire-rate chart" not in run.out
    assert written(tmp_path) == []


# -- hrdeck schema --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def schema(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    with pytest.MonkeyPatch.context() as monkeypatch:
        run = in_process("schema", cwd=tmp_path_factory.mktemp("schema"),
                         monkeypatch=monkeypatch)
    assert run.code == 0 and written(run.cwd) == []
    loaded: dict[str, Any] = json.loads(run.out)
    return loaded


def test_the_schema_accepts_the_minimal_deck(schema: dict[str, Any]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    deck = yaml.safe_load(VALID.read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(schema).check_schema(schema)
    jsonschema.validate(deck, schema)


@pytest.mark.parametrize("name", ["unknown-trigger-key.yaml", "unknown-kind.yaml",
                                  "bad-id.yaml", "number-zero.yaml", "bad-timing.yaml",
                                  "missing-actions.yaml", "bad-colour.yaml"])
def test_the_schema_refuses_what_the_loader_refuses(schema: dict[str, Any], name: str) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    deck = yaml.safe_load((BROKEN / name).read_text(encoding="utf-8"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(deck, schema)


def test_the_schema_describes_the_deck_format(schema: dict[str, Any]) -> None:
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert set(schema["required"]) == {"deck"}
    assert schema["additionalProperties"] is False
    assert set(schema["properties"]) == {"deck", "triggers", "actions", "aids", "rules",
                                         "shapes", "rule_cards"}
    # secret rules come in pairs; a deck holds at least one section of cards
    assert schema["dependentRequired"] == {"triggers": ["actions"], "actions": ["triggers"]}
    assert schema["minProperties"] == 2
    deck = yaml.safe_load(VALID.read_text(encoding="utf-8"))
    assert set(deck) <= set(schema["properties"])  # checked by hand, with or without jsonschema


def test_the_schema_takes_the_mao_deck_of_whole_rules(schema: dict[str, Any]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    mao = DECKS.parents[2] / "decks" / "mao.yaml"
    jsonschema.validate(yaml.safe_load(mao.read_text("utf-8")), schema)


def test_the_schema_takes_the_what_the_rule_deck_and_its_product_of_shapes(
        schema: dict[str, Any]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    path = DECKS.parents[2] / "decks" / "what-the-rule.yaml"
    deck = yaml.safe_load(path.read_text("utf-8"))
    jsonschema.validate(deck, schema)
    deck["shapes"]["product"]["shape"].append("hexagon")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(deck, schema)


def test_the_schema_takes_a_deck_of_player_aids_and_refuses_one_without_cards(
        schema: dict[str, Any]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    aids = {"deck": {"name": "Aids"},
            "aids": [{"id": "start", "number": 1, "title": "Who starts", "text": "The 3♣."}]}
    jsonschema.validate(aids, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"deck": {"name": "Nothing"}}, schema)
