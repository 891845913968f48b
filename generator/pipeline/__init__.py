"""`hrdeck build`: check a deck, then write everything needed to play it.

The checker runs first and its errors stop the build. Every output is written into a
staging folder that becomes `output/<deck>/` in one step when the whole build succeeded
(see `publish`), so a failed or killed build never leaves a half-written file nor a mix of
old and new ones. A build whose inputs (deck, art, templates, fonts, hrdeck itself, the
targets) have not changed since the last one does no work at all, once the files it wrote
are found unchanged, byte for byte.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.errors import HrdeckError, did_you_mean
from generator.paths import DEFAULT_OUTPUT, output_dir
from generator.pipeline.cache import (
    CHECK_RECORD,
    code_digest,
    content_digest,
    digest,
    files_digest,
    inks_digest,
    read_record,
    templates_digest,
    write_record,
)
from generator.pipeline.cmyk_target import CMYK_TARGET
from generator.pipeline.publish import (
    build_lock,
    carry_over,
    clean_leftovers,
    fresh_staging,
    own_entries,
    own_file,
    put_in_place,
    remove_own,
    verify_nothing_foreign,
)
from generator.pipeline.sheet_options import SheetOptions as SheetOptions  # importable here
from generator.pipeline.targets import TARGETS, Written, default_targets

if TYPE_CHECKING:
    from generator.check import CheckOptions
    from generator.check.report import CheckReport
    from generator.check.run import Checking
    from generator.deck import LoadedDeck
    from generator.pipeline.render import Rendered

DEFAULT_TARGETS = default_targets()
DEFAULT_SHEETS = SheetOptions()  # the most cards that fit a sheet, backs not moved
CHART = "fire-rates.png"

Progress = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class BuiltFile:
    path: Path
    what: str
    pages: int | None
    size: int
    kept: bool = False  # unchanged since the last build, so left as it was


@dataclass
class BuildReport:
    deck_id: str
    folder: Path
    check: CheckReport
    files: list[BuiltFile] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)   # text that did not fit, glyphs missing
    preflight: list[str] = field(default_factory=list)
    up_to_date: bool = False
    failed: bool = False
    reason: str = ""
    seconds: float = 0.0
    no_rulebook: str | None = None  # why the build makes no rulebook, when it makes none


def parse_targets(names: Sequence[str], game: str | None = None) -> tuple[str, ...]:
    """Targets as the user typed them (`all` means every one); unknown names are an error.
    With `game`, the deck's base game, that game's own targets are known too."""
    if game is not None:
        from engine.games import load_part

        load_part(game, "printing")
    chosen: list[str] = []
    for name in names or DEFAULT_TARGETS:
        for part in name.split(","):
            part = part.strip().lower()
            if part == "all":
                chosen.extend(TARGETS)
            elif part in TARGETS:
                chosen.append(part)
            elif part:
                raise HrdeckError(f'There is no build target "{part}"; choose from '
                                  f"{', '.join(TARGETS)} or all.{did_you_mean(part, TARGETS)}")
    return tuple(dict.fromkeys(chosen))


def build_deck(path: Path, *, targets: Sequence[str] = DEFAULT_TARGETS, out: Path | None = None,
               strict: bool = False, force: bool = False,
               check_options: CheckOptions | None = None,
               progress: Progress | None = None,
               sheets: SheetOptions = DEFAULT_SHEETS,
               book_appendix: bool = False) -> BuildReport:
    """Check the deck at `path`, then write `targets` into its output folder.

    `sheets` holds the print-and-play choices; a sheet size that does not fit a target's
    paper is a PrintError before any checking is done. `book_appendix` adds to each
    rulebook its appendix for designers and referees (off: the players' book alone).
    """
    started = time.perf_counter()
    say = progress or (lambda _: None)
    software = (templates_digest(), code_digest())  # hrdeck's own files: read once a build
    inks = inks_digest(sheets.inks) if CMYK_TARGET in targets else ""
    inputs = (tuple(targets), strict, check_options, sheets, software, book_appendix, inks)
    if not force:
        done = _up_to_date(path, out, inputs)
        if done is not None:
            done.seconds = time.perf_counter() - started
            return done
    from generator.deck import load_deck

    say("checking the deck")
    deck = load_deck(path)
    if sheets.per_page is not None:
        from generator.pipeline.render import verify_per_page

        verify_per_page(deck, tuple(targets), sheets.per_page)
    folder = output_dir(deck.deck_id, out)
    if deck.unusable:  # nothing to build: say why without touching any output folder
        from generator.check import CheckOptions
        from generator.check.run import Checking

        check = Checking(path, check_options or CheckOptions(), deck).finish()[0]
        return _failed(BuildReport(deck_id=deck.deck_id, folder=folder, check=check), strict,
                       started)
    request = _Request(tuple(targets), out, strict, force, check_options, sheets, software,
                       inputs, say, started, book_appendix, inks)
    with build_lock(folder):
        clean_leftovers(folder)
        return _build_locked(deck, folder, request)


@dataclass(frozen=True, slots=True)
class _Request:
    """What `build_deck` was asked for, handed on to the steps of a build."""

    targets: tuple[str, ...]
    out: Path | None
    strict: bool
    force: bool
    check_options: CheckOptions | None
    sheets: SheetOptions
    software: tuple[str, str]
    inputs: Any
    say: Progress
    started: float
    book_appendix: bool = False
    inks: str = ""  # the CMYK profile's bytes and the ink limit, digested: see inks_digest


def _build_locked(deck: LoadedDeck, folder: Path, request: _Request) -> BuildReport:
    """The build itself, once the deck is loaded and its output folder is locked."""
    from generator.check import CheckOptions
    from generator.check.report import report_from_dict
    from generator.check.run import Checking

    targets, out, strict, force = request.targets, request.out, request.strict, request.force
    sheets, software, say, started = request.sheets, request.software, request.say, \
        request.started
    options = request.check_options or CheckOptions()
    check_key = digest(str(deck.path.resolve()), deck.text, files_digest(_arts(deck)),
                       software[1], options)
    cached = None if force else read_record(folder, CHECK_RECORD, check_key)
    checking = None if cached is not None else Checking(deck.path, options, deck)
    check = report_from_dict(cached["report"]) if cached is not None else (
        checking.report if checking is not None else None)
    assert check is not None
    report = BuildReport(deck_id=deck.deck_id, folder=folder, check=check)
    if not deck.unusable and deck.info is not None:
        from generator.rulebook.books import no_book_reason

        report.no_rulebook = no_book_reason(deck)
    own = own_entries(folder)
    verify_nothing_foreign(folder, own)
    staging = fresh_staging(folder)
    try:
        if checking is not None and (checking.static_errors or checking.report.unusable):
            checking.cancel()  # the build fails whatever the games say
            report.check = checking.finish()[0]
            return _failed(report, strict, started)
        if checking is None and report.check.exit_code(strict):
            return _failed(report, strict, started)
        # The checker's games play in other processes while the files are drawn here.
        units = _unit_keys(deck, targets, sheets, software, request.book_appendix,
                           request.inks)
        kept = {} if force else _kept_units(_record_folder(out) / _record_name(deck.path),
                                            units, folder, own)
        rendered = render_into(deck, staging, targets, sheets, say, kept, request.book_appendix)
        if checking is not None:
            say("waiting for the simulated games")
            report.check = _finish_check(checking, staging, folder, check_key)
        report.problems = rendered.problems
        report.preflight = rendered.preflight
        if report.check.exit_code(strict):
            return _failed(report, strict, started, staging)
        if strict and rendered.problems:
            report.failed = True
            report.reason = f"{len(rendered.problems)} card(s) do not fit or print (--strict)"
            _keep_check(staging, folder)
            return report
        say("putting the files in place")
        carry_over(folder, staging, own)
        put_in_place(staging, folder)
        report.files = [BuiltFile(folder / built.path.name, built.what, built.pages,
                                  built.size, built.kept) for built in rendered.files]
    finally:
        if checking is not None:
            checking.cancel()
        remove_own(staging)
        report.seconds = time.perf_counter() - started
    arts = [str(art) for art in _arts(deck)]
    digests = {f.path: content_digest(f.path) for f in report.files}  # each file read once
    write_record(_record_folder(out), _record_name(deck.path),
                 _inputs_key(deck.path, arts, request.inputs), {
        "deck_id": deck.deck_id, "folder": str(folder), "arts": arts,
        "check": report.check.to_dict(),
        "files": [[str(f.path), f.what, f.pages, f.size, digests[f.path]]
                  for f in report.files],
        "preflight": report.preflight, "no_rulebook": report.no_rulebook,
        "units": _unit_records(units, rendered.files, folder, digests)})
    report.seconds = time.perf_counter() - started
    return report


def _record_folder(out: Path | None) -> Path:
    """Where build records are kept: a folder the build makes, never a link (one found there
    is removed, and the records with it: they are only a cache)."""
    records = (out if out is not None else DEFAULT_OUTPUT) / ".builds"
    if records.is_symlink() or (records.exists() and not records.is_dir()):
        remove_own(records)
    return records


def _record_name(path: Path) -> str:
    return digest(str(path.resolve()))[:24] + ".json"


def _inputs_key(path: Path, arts: list[str], inputs: Any) -> str:
    from generator.deck_file import UnreadableDeck, read_deck_bytes

    try:
        text = read_deck_bytes(path)
    except UnreadableDeck:
        text = b""
    return digest(text, files_digest(Path(art) for art in arts), inputs)


def _up_to_date(path: Path, out: Path | None, inputs: Any) -> BuildReport | None:
    """The last build's report when nothing that shapes the outputs has changed since.

    Decided from the deck file's bytes and the record of the last build, without reading
    the deck: an unchanged rebuild costs a few file reads.
    """
    folder = _record_folder(out)
    name = _record_name(path)
    try:
        import json

        saved = json.loads((folder / name).read_text(encoding="utf-8"))
        arts = list(saved["arts"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    record = read_record(folder, name, _inputs_key(path, arts, inputs))
    try:
        files = [(Path(file), what, pages, size, content)
                 for file, what, pages, size, content in record["files"]] if record else []
    except (KeyError, TypeError, ValueError):
        return None
    if record is None or any(file.is_symlink() or file.parent.is_symlink()
                             or content_digest(file) != content
                             for file, _, _, _, content in files):
        return None  # a file was changed, removed or half-written since: build again
    from generator.check.report import report_from_dict

    report = BuildReport(deck_id=record["deck_id"], folder=Path(record["folder"]),
                         check=report_from_dict(record["check"]), up_to_date=True)
    report.files = [BuiltFile(file, what, pages, size) for file, what, pages, size, _ in files]
    report.preflight = record["preflight"]
    report.no_rulebook = record.get("no_rulebook")
    return report


def _unit_keys(deck: LoadedDeck, targets: tuple[str, ...], sheets: SheetOptions,
               software: tuple[str, str], book_appendix: bool = False,
               inks: str = "") -> dict[str, str]:
    """A key per output unit (target or rulebook) covering everything that shapes its files
    (the CMYK target's: its profile's bytes and the ink limit too)."""
    from generator.pipeline.render import output_units

    shared = (deck.text, files_digest(_arts(deck)), *software)
    return {unit: digest(*shared, unit, sheets.shaping(unit),
                         book_appendix if unit.startswith("rulebook-") else None,
                         *((inks,) if unit == CMYK_TARGET else ()))
            for unit in output_units(deck, targets)}


def _kept_units(record: Path, keys: dict[str, str], folder: Path,
                own: set[str]) -> dict[str, list[Written]]:
    """The units whose last build had the same key and whose files are still as written:
    each in the output folder (where it is carried from), put there by a build (`own`:
    never a link), with the content recorded."""
    import json

    try:
        units = json.loads(record.read_text(encoding="utf-8"))["units"]
        kept: dict[str, list[Written]] = {}
        for unit, key in keys.items():
            saved = units.get(unit)
            if not isinstance(saved, dict) or saved.get("key") != key:
                continue
            files = [(Written(Path(name), what, pages, size, unit, True, tuple(problems)),
                      content) for name, what, pages, size, problems, content in saved["files"]]
            if files and all(f.path.name in own and content_digest(folder / f.path.name)
                             == content for f, content in files):
                kept[unit] = [written for written, _ in files]
        return kept
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def _unit_records(keys: dict[str, str], files: list[Written], folder: Path,
                  digests: dict[Path, str]) -> dict[str, Any]:
    return {unit: {"key": key, "files": [
        [str(folder / f.path.name), f.what, f.pages, f.size, list(f.problems),
         digests[folder / f.path.name]] for f in files if f.unit == unit]}
        for unit, key in keys.items()}


def _failed(report: BuildReport, strict: bool, started: float,
            staging: Path | None = None) -> BuildReport:
    if staging is not None:
        _keep_check(staging, report.folder)
    check = report.check
    report.failed = True
    report.reason = ("the deck cannot be read" if check.unusable else
                     f"the checker found {check.errors} error(s)"
                     + (f" and {check.warnings} warning(s) (--strict)" if strict else ""))
    report.seconds = time.perf_counter() - started
    return report


def render_into(deck: LoadedDeck, staging: Path, targets: tuple[str, ...],
                sheets: SheetOptions, say: Progress, kept: dict[str, list[Written]],
                book_appendix: bool = False) -> Rendered:
    """Draw every output not `kept` into the staging folder."""
    from generator.pipeline.render import render_all  # reportlab loads only when rendering

    return render_all(deck, staging, targets, say, sheets, kept, book_appendix=book_appendix)


def _finish_check(checking: Checking, staging: Path, folder: Path, key: str) -> CheckReport:
    """Wait for the checker's games, draw its chart and remember its report: both into the
    staging folder, so they arrive with the files they belong to."""
    report, loaded = checking.finish()
    if not report.unusable and any(row.simulated for row in report.triggers):
        from generator.check.chart import draw_chart

        info = loaded.info
        draw_chart(report, staging / CHART, title=info.name if info else loaded.deck_id,
                   rare_below=info.check.min_fires_per_game if info else 0.4)
        report.chart = str(folder / CHART)
    if not report.unusable:
        write_record(staging, CHECK_RECORD, key, {"report": report.to_dict()})
    return report


def _keep_check(staging: Path, folder: Path) -> None:
    """A build that fails after its check still keeps the check's chart to look at and its
    record for the next build; the chart goes first, so a record never outlives its chart."""
    for name in (CHART, CHECK_RECORD):
        if (staging / name).exists():
            shutil.move(staging / name, own_file(folder, name))


def _arts(deck: LoadedDeck) -> list[Path]:
    """Every file beside the deck file that shapes what the build prints: the cards' art,
    the spreadsheets its sections read, its layout files, their pictures, fonts and icons."""
    from generator.layout.deck_files import print_inputs

    return print_inputs(deck)
