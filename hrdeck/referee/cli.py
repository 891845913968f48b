"""`hrdeck referee`: new (the default), resume, list, export.

Each command opens the store, takes the session's lock, and hands the session to the
prompt loop or to the script runner. Exit codes: 0 done; 1 a script line failed; 2 unusable
input (bad options, a missing or busy session), as one clear message.
"""

from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path
from typing import Any, BinaryIO

import typer
from rich.markup import escape
from typer.core import TyperGroup

from engine.cards import parse_card
from engine.errors import CardError
from engine.events import DEFAULT_GAME
from engine.games.registry import find_game
from hrdeck import games_help
from hrdeck.console import EXIT_DONE, EXIT_PROBLEMS, err, out, unusable_on_error
from hrdeck.printable import plain, printable
from hrdeck.referee.commands import WORDS, resolve_player
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.locking import SessionLock, is_locked
from hrdeck.referee.screen import print_dropped, print_lines, render_board, render_sessions
from hrdeck.referee.script import script_lines
from hrdeck.referee.session import Session
from hrdeck.referee.store import Store, default_db_path, verify_session_name
from hrdeck.referee.tables import NewGame, find_table
from hrdeck.referee.views import ACK, Line

DECKS = Path(__file__).resolve().parents[2] / "decks"


class _NewByDefault(TyperGroup):
    """`hrdeck referee --players Ann,Ben` means `hrdeck referee new --players Ann,Ben`; a
    `--web` with no address after it serves on this computer only."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and args[0] not in ("--help", "-h")):
            args = ["new", *args]
        return super().parse_args(ctx, web_address(args))


def web_address(args: list[str]) -> list[str]:
    """`--web` alone -> `--web 127.0.0.1`; `--web 0.0.0.0` (an address) is kept."""
    done: list[str] = []
    for number, arg in enumerate(args):
        done.append(arg)
        following = args[number + 1] if number + 1 < len(args) else ""
        if arg == "--web" and not _is_address(following):
            done.append(LOOPBACK)
    return done


def _is_address(word: str) -> bool:
    return word == "localhost" or (bool(word) and not word.startswith("-")
                                   and all(ch.isdigit() or ch in ".:abcdefABCDEF" for ch in word)
                                   and ("." in word or ":" in word))


LOOPBACK = "127.0.0.1"


referee_app = typer.Typer(
    cls=_NewByDefault, name="referee", add_completion=False, pretty_exceptions_enable=False,
    help="Referee a game at the table: sums, tricks, points, enforcements, challenges. "
         "`hrdeck referee --players Ann,Ben,Cat` starts one (new is the default command).")

_DB = typer.Option(None, "--db", help="The database (default: $HRDECK_DB, or "
                   "$XDG_DATA_HOME/hrdeck/referee.sqlite3).")
_SCRIPT = typer.Option(None, "--script", help="Run commands from this file (- for standard "
                       "input) instead of the prompt.")
_STRICT = typer.Option(False, "--strict-script", help="Stop the script at its first failing "
                       "line.")
_JSON = typer.Option(False, "--json", help="At the end, print the game as one JSON object "
                     "(the running commentary goes to standard error).")
_WEB = typer.Option(None, "--web", metavar="[ADDRESS]",
                    help="Also serve the game to phones: a table page and one page per player "
                         "(on this computer only unless an address such as 0.0.0.0 is given).")
_LAN = typer.Option(False, "--lan", help="With --web: serve on the local network, so phones "
                    "can reach the pages (the same as --web 0.0.0.0).")
_PORT = typer.Option(None, "--port", min=1, max=65535, help="With --web: the port (default "
                     "8765, or the next free one).")


@referee_app.command("new")
def new_command(
    players: str | None = typer.Option(None, "--players", "-p",
                                       help="The names, comma-separated, in seating order: "
                                            "Ann,Ben,Cat (as many as the game seats)."),
    game: str | None = typer.Option(None, "--game", "-g",
                                    help="The base game (default: the deck's, or "
                                         f"{games_help.default_title()})."),
    mode: str = typer.Option("full", "--mode", "-m",
                             help="full: the referee deals the secret rules and follows the "
                                  "cards; score: score keeping only."),
    deck: Path | None = typer.Option(None, "--deck", help="The rule deck (full mode; default: "
                                     "the game's own"
                                     f"{games_help.per_game('deck', before=', ')})."),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the rule deal (random if "
                                    "not given)."),
    fewer_cards: bool = typer.Option(False, "--fewer-cards",
                                     help="One card fewer per player above three."),
    target: int | None = typer.Option(None, "--target", min=1, help="Points that win "
                                      "(default 3"
                                      f"{games_help.per_game('target', before='; ')})."),
    face_up: str | None = typer.Option(
        None, "--face-up", metavar="ROWS",
        help="The cards dealt face up, a row per player in seating order, rows split by /"
             f"{games_help.per_game('face-up', before=' (', after=')')}."),
    dealer: str | None = typer.Option(None, "--dealer", help="Who deals (default: the first "
                                      "player"
                                      f"{games_help.per_game('dealer', before='; ')})."),
    first: str | None = typer.Option(
        None, "--first", metavar="CARD",
        help="The card turned up to start the pile"
             + games_help.per_game("first", before=" (", after=")") + "."),
    option: list[str] | None = typer.Option(
        None, "--option", metavar="NAME=VALUE",
        help="One of the game's own settings, as often as needed"
             f"{games_help.per_game('option', before=' (', after=')')}."),
    db: Path | None = _DB,
    session_name: str | None = typer.Option(None, "--session", "-s",
                                            help="A name for the game (default game-N)."),
    script: str | None = _SCRIPT,
    strict_script: bool = _STRICT,
    as_json: bool = _JSON,
    web: str | None = _WEB,
    lan: bool = _LAN,
    port: int | None = _PORT,
) -> None:
    """Start a game (the default command)."""
    with unusable_on_error():
        if session_name is not None:
            verify_session_name(session_name)  # before any file is touched
        rule_deck = None
        optional = game is not None and find_table(game).rules_optional  # plain without --deck
        if mode == "full" and (deck is not None or game is None or (
                not optional and (find_table(game).deals_rules or find_table(game).rules_deck))):
            from hrdeck.referee.rule_deck import load_rule_deck
            rule_deck = load_rule_deck(deck or default_deck(game or DEFAULT_GAME),
                                       empty_ok=lambda base: find_table(base).rules_optional)
        game = game or (rule_deck.game if rule_deck else DEFAULT_GAME)
        names = parse_players(players, game) if players else _ask_players(script, game)
        seat = resolve_player(dealer, names) if dealer else 0
        store = Store(db or default_db_path())
        name = session_name or store.next_session_name()
        with SessionLock(store.path, name):
            session = Session.create(store, NewGame(
                players=names, mode=mode, seed=secrets.randbelow(1_000_000) if seed is None
                else seed, dealer=seat, fewer_cards=fewer_cards,
                target=find_table(game).default_target(len(names)) if target is None
                else target, deck=rule_deck,
                game=game, face_up=face_up_rows(face_up), first=first or "",
                options=setup_options(option)),
                name=name)
            console = err if as_json else out
            print_lines(console, [Line(ACK, _started(session), 0)])
            code = _run(session, script, strict_script, as_json, _web_host(web, lan, port), port)
    raise typer.Exit(code)


def _web_host(web: str | None, lan: bool, port: int | None) -> str | None:
    """Where to serve the pages (None: not at all)."""
    if lan:
        return "0.0.0.0" if web in (None, LOOPBACK) else web
    if web is None and port is not None:
        raise RefereeError("--port goes with --web (or --lan).")
    return web


def face_up_rows(text: str | None) -> tuple[tuple[str, ...], ...]:
    """ "9c 9d 9h / 2s 3s 4s" -> (("9c", "9d", "9h"), ("2s", "3s", "4s")); the game checks
    the cards and the counts."""
    if not text:
        return ()
    return tuple(tuple(row.replace(",", " ").split()) for row in text.split("/"))


def setup_options(words: list[str] | None) -> tuple[str, ...]:
    """["calls=dictatorial,master=Cat", "seconds=5"] -> each name=value on its own; the game
    reads them."""
    return tuple(part.strip() for word in words or () for part in word.split(",")
                 if part.strip())


def default_deck(game: str) -> Path:
    """The game's own deck of secret rules, for a full game started without --deck."""
    find_game(game)  # an unknown game is named as such, with a suggestion
    own = find_table(game).rules_deck
    if not own:
        raise RefereeError(f"{find_game(game).title} has no deck of secret rules of its own: "
                           "give one with --deck, or play --mode score.")
    return DECKS / own


@referee_app.command("resume")
def resume_command(
    session_name: str | None = typer.Argument(None, metavar="[SESSION]",
                                              help="The session (default: the latest)."),
    db: Path | None = _DB,
    script: str | None = _SCRIPT,
    strict_script: bool = _STRICT,
    as_json: bool = _JSON,
    web: str | None = _WEB,
    lan: bool = _LAN,
    port: int | None = _PORT,
) -> None:
    """Carry on with a game, the latest by default, from exactly where it stopped."""
    with unusable_on_error():
        if session_name is not None:
            verify_session_name(session_name)
        store = Store(db or default_db_path())
        name = session_name or store.latest()
        if name is None:
            raise RefereeError(f"There are no games in {store.path} yet: start one with "
                               "hrdeck referee new --players Ann,Ben,Cat.")
        with SessionLock(store.path, name):
            session, dropped = Session.resume(store, name)
            console = err if as_json else out
            print_dropped(console, name, dropped)
            console.print(plain(f"Resuming {name}: {len(session.journal.entries)} entries.",
                               style="bold"))
            if session.game.is_over:
                console.print(render_board(session.board()))
            code = _run(session, script, strict_script, as_json, _web_host(web, lan, port), port)
    raise typer.Exit(code)


@referee_app.command("list")
def list_command(db: Path | None = _DB,
                 as_json: bool = typer.Option(False, "--json", help="One JSON list.")) -> None:
    """List the games: name, players, start, entries, and who won."""
    with unusable_on_error():
        store = Store(db or default_db_path())
        sessions = store.sessions()
        busy = {info.name for info in sessions if is_locked(store.path, info.name)}
        if as_json:
            print(json.dumps([{"session": info.name, "players": list(info.players),
                               "mode": {"table": "full"}.get(info.mode, info.mode),
                               "started": info.created, "updated": info.updated,
                               "entries": info.entries, "scores": list(info.scores),
                               "winner": info.winner, "open": info.name in busy}
                              for info in sessions], ensure_ascii=False))
        else:
            out.print(render_sessions(sessions, busy))


@referee_app.command("export")
def export_command(
    session_name: str = typer.Argument(..., metavar="SESSION", help="The session to export."),
    fmt: str = typer.Option("json", "--format", "-f", help="json or csv."),
    output: Path | None = typer.Option(None, "--output", "-o",
                                       help="Write to this file (default: standard output)."),
    db: Path | None = _DB,
) -> None:
    """Write a game's journal as JSON or CSV."""
    from hrdeck.referee.exporting import export_text, read_session

    with unusable_on_error():
        verify_session_name(session_name)
        store = Store(db or default_db_path())
        export = read_session(store, session_name)
        text = export_text(export, fmt.lower())
        if export.dropped:
            print_dropped(err, session_name, list(export.dropped))
        if output is None:
            sys.stdout.write(text)
            return
        from generator.printing.atomic import atomic_path

        with atomic_path(output) as temporary:
            temporary.write_text(text, encoding="utf-8")
        err.print(f"wrote {escape(str(output))} ({len(export.entries)} entries)")


# -- helpers ---------------------------------------------------------------------------------------


def parse_players(text: str, game: str = DEFAULT_GAME) -> tuple[str, ...]:
    """'Ann,Ben,Cat' -> the names, each one word that is neither a command of `game` nor a
    card, as many as the game seats."""
    table = find_table(game)
    words = {*WORDS, *(word for verb in table.verbs
                       for word in (verb.spec.name, *verb.spec.aliases))}
    names = tuple(part.strip() for part in text.split(",") if part.strip())
    for name in names:
        if printable(name) != name or len(name) > 40:
            raise RefereeError(f"{printable(repr(name[:40]))} cannot be a player's name: a name "
                               "is up to 40 printable characters.")
        if any(space in name for space in ' \t"“”') or name.lower() in words:
            raise RefereeError(f'"{name}" cannot be a player\'s name at this table: names are '
                               "single words and not command words (they are typed in "
                               "commands).")
        try:
            parse_card(name)
        except CardError:
            continue
        raise RefereeError(f'"{name}" cannot be a player\'s name: it reads as a card.')
    base = find_game(game)
    if not base.min_players <= len(names) <= base.max_players:
        raise RefereeError(f"A game is for {base.min_players} to {base.max_players} players, "
                           f"not {len(names)}: --players Ann,Ben,Cat.")
    return names


def _ask_players(script: str | None, game: str) -> tuple[str, ...]:
    if script is not None or not sys.stdin.isatty():
        raise RefereeError("Who is playing? Give --players Ann,Ben,Cat.")
    try:
        answer = input("Who is playing? Names in seating order (clockwise, the dealer first), "
                       "separated by commas: ")
    except EOFError:
        raise RefereeError("Who is playing? Give --players Ann,Ben,Cat.") from None
    return parse_players(answer, game)


def _started(session: Session) -> str:
    from hrdeck.referee.announce import entry_text

    setup = session.journal.entries[0]
    text = entry_text(setup, session.names)
    return f"{text}; session {session.name}"


def _run(session: Session, script: str | None, strict: bool, as_json: bool,
         web: str | None = None, port: int | None = None) -> int:
    """The prompt at a terminal; otherwise the script (a file, or standard input). With
    `web`, the pages are served beside either (`hrdeck.web.console`)."""
    console = err if as_json else out
    if web is not None:
        if as_json:
            raise RefereeError("--json prints the game when a script ends; the web pages run "
                               "until stopped: leave out one of them.")
        from hrdeck.web.console import run_web

        source = None if script is None else _open_script(script)
        try:
            return run_web(session, out, err, host=web, port=port, script=source,
                           strict=strict)
        finally:
            if source is not None and source is not sys.stdin.buffer:
                source.close()
    if script is None and sys.stdin.isatty() and not as_json:
        from hrdeck.referee.interactive import Interactive

        Interactive(session, out, err).run()
        return 0
    from hrdeck.referee.script import run_script

    source = sys.stdin.buffer if script is None else _open_script(script)
    try:
        result = run_script(session, script_lines(source), out=console, errors=err,
                            strict=strict)
    finally:
        if source is not sys.stdin.buffer:
            source.close()
    if as_json:
        state: dict[str, Any] = session.final_state()
        state["failed_lines"] = [number for number, _ in result.failures]
        print(json.dumps(state, ensure_ascii=False))
    else:
        console.print(render_board(session.board()))
    if result.failures:
        err.print(f"{len(result.failures)} line(s) failed: "
                  f"{', '.join(str(number) for number, _ in result.failures)}.")
        return EXIT_PROBLEMS
    return EXIT_DONE


def _open_script(script: str) -> BinaryIO:
    if script == "-":
        return sys.stdin.buffer
    try:
        return open(script, "rb")
    except OSError as error:
        raise RefereeError(f"The script {script} cannot be read: {error.strerror}.") from None


def main() -> None:
    """`python -m hrdeck.referee`: the referee alone, without loading the other commands."""
    referee_app(prog_name="hrdeck referee")
