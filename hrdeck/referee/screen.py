"""Rendering the referee's data with rich: outcomes, the scoreboard, history, reveal, help.

Acknowledgements print as `[12] Ben plays the seven of hearts` at the start of a line (never
wrapped), so a script's output can be read back by a program; announcements are indented.
Player names and hints are shown as text, never read as rich markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from hrdeck.printable import plain, printable
from hrdeck.referee.recovery import DroppedEntry
from hrdeck.referee.store import SessionInfo
from hrdeck.referee.views import (
    ACK,
    POINTS,
    WARN,
    WIN,
    Board,
    HelpView,
    HistoryView,
    Line,
    Outcome,
    PickRequest,
    PrivateRule,
    RevealView,
    ShownRule,
    View,
)

STYLES = {ACK: "bold", POINTS: "cyan", WIN: "bold yellow", WARN: "yellow"}


def line_text(line: Line) -> Text:
    if line.kind == ACK:
        return plain(printable(f"[{line.entry}] {line.text}"), style=STYLES[ACK])
    prefix = "  ! " if line.kind == WARN else "    "
    return plain(prefix + printable(line.text), style=STYLES.get(line.kind, ""))


def print_lines(console: Console, lines: Sequence[Line]) -> None:
    for line in lines:
        console.print(line_text(line), soft_wrap=True)


def print_outcome(console: Console, errors: Console, outcome: Outcome,
                  where: str = "") -> None:
    """The lines of an outcome, its view, and its error (on `errors`)."""
    print_lines(console, outcome.lines)
    if outcome.view is not None:
        console.print(render_view(outcome.view))
    if outcome.error is not None:
        place = f"{where}: " if where and where != "error" else ""  # "error" is said once
        errors.print(Text.assemble(("error: ", "bold red"), printable(place + outcome.error)),
                     soft_wrap=True)


def render_view(view: View) -> RenderableType:
    if isinstance(view, Board):
        return render_board(view)
    if isinstance(view, HistoryView):
        return render_history(view)
    if isinstance(view, RevealView):
        return render_reveal(view)
    if isinstance(view, HelpView):
        return render_help(view)
    if isinstance(view, PrivateRule):
        return Panel(plain(view.text), title=view.title or f"{view.name}'s secret rule")
    if isinstance(view, PickRequest):
        return plain("Picking happens at the keyboard, one player at a time.")
    if isinstance(view, ShownRule):
        return render_shown_rule(view)
    raise AssertionError(view)


def render_shown_rule(view: ShownRule) -> RenderableType:
    return Group(Panel(plain(view.rule), title=f"{view.holder}'s secret rule",
                       title_align="left"),
                 plain(f"The referee's finding: {view.finding}"))


def render_board(board: Board) -> RenderableType:
    progress = f"round {board.round} · " if board.scored else ""
    title = (f"{board.session} · {board.mode} · {progress}"
             f"{board.goal or f'first to {board.target}'} · {board.entries} entries")
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("", width=1)
    table.add_column("player")
    if board.scored:
        table.add_column("score", justify="right")
    for column in board.columns:
        table.add_column(column, justify="right")
    if any(row.has_rule is not None for row in board.rows):
        table.add_column("rule")
    for row in board.rows:
        won = row.name == board.winner or row.name in board.winners
        cells: list[RenderableType] = [
            plain("▶" if row.to_act else ""),
            plain(row.name, style="bold" if row.to_act else "bold green" if won and not
                  board.scored else ""),
            *([plain(str(row.score), style="bold green" if won else "")] if board.scored
              else []),
            *(plain(str(count)) for count in row.counts)]
        if row.has_rule is not None:
            cells.append(plain("kept" if row.has_rule else "to pick"))
        table.add_row(*cells)
    parts: list[RenderableType] = [plain(title, style="dim"), table]
    if board.table_line:
        parts.append(plain(board.table_line))
    parts.append(plain(board.next_step, style="bold green" if board.winner else "italic"))
    return Group(*parts)


def render_history(view: HistoryView) -> RenderableType:
    table = Table(show_header=False, show_edge=False, pad_edge=False, box=None)
    table.add_column(justify="right", style="dim")
    table.add_column()
    for row in view.rows:
        if row.active:
            text = plain(row.text)
        else:
            note = f"  (undone by entry {row.voided_by})" if row.voided_by is not None else (
                "  (undone)")
            text = plain(row.text, style="strike dim") + plain(note, style="dim")
        table.add_row(str(row.number), text)
    return table


def render_reveal(view: RevealView) -> RenderableType:
    parts: list[RenderableType] = []
    rules = Table(title="The secret rules", title_justify="left", show_lines=True)
    rules.add_column("player")
    if not view.enforcing:  # a game without enforcements: each player's rules, and no audit
        rules.add_column("rules")
        for rule in view.rules:
            rules.add_row(plain(rule.name), plain(rule.trigger or "(not known to the referee)"))
        parts.append(rules)
        if view.winner:
            parts.append(plain(f"{view.winner} won the game.", style="bold yellow"))
        return Group(*parts)
    rules.add_column("trigger")
    rules.add_column("action")
    for rule in view.rules:
        rules.add_row(plain(rule.name), plain(rule.trigger or "(not known to the referee)"),
                      plain(rule.action or ""))
    parts.append(rules)
    if view.audit:
        audit = Table(title="Every enforcement", title_justify="left")
        audit.add_column("#", justify="right")
        audit.add_column("what")
        audit.add_column("hint")
        audit.add_column("referee")
        audit.add_column("challenge")
        style = {"right": "green", "wrong": "red", "unjudged": "yellow"}
        for row in view.audit:
            audit.add_row(str(row.number), plain(row.what), plain(row.hint),
                          plain(f"{row.verdict}: {row.explanation}", style=style[row.verdict]),
                          plain(row.challenge))
        parts.append(audit)
    else:
        parts.append(plain("Nobody enforced a rule this game."))
    if view.unenforced:
        parts.append(plain("Rules that fired and went unenforced:", style="bold"))
        parts.extend(plain(f"  {line}") for line in view.unenforced)
    elif view.mode == "full":
        parts.append(plain("Every rule that fired was enforced."))
    if view.winner:
        parts.append(plain(f"{view.winner} won the game.", style="bold yellow"))
    return Group(*parts)


def render_help(view: HelpView) -> RenderableType:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for spec in view.specs:
        aliases = f"  (also {', '.join(spec.aliases)})" if spec.aliases else ""
        table.add_row(plain(spec.syntax), plain(spec.summary + aliases))
    if view.topic is None:
        return Group(table, plain(view.note or "Names may be shortened (a for Ann); Tab "
                                  "completes commands and names; a card alone (7h, as 11) is "
                                  "played by whoever's turn it is.", style="dim"))
    return table


def render_sessions(sessions: Sequence[SessionInfo], busy: set[str]) -> RenderableType:
    if not sessions:
        return plain("No games yet: start one with hrdeck referee new --players Ann,Ben,Cat")
    table = Table(show_edge=False)
    for column in ("session", "players", "mode", "started", "entries", "status"):
        table.add_column(column, justify="right" if column == "entries" else "left")
    for info in sessions:
        scores = ", ".join(f"{name} {score}" for name, score in
                           zip(info.players, info.scores, strict=False))
        status = f"won by {info.winner}" if info.winner else f"playing ({scores})"
        if info.name in busy:
            status += " · open now"
        cells = (info.name, ", ".join(info.players), {"table": "full"}.get(info.mode, info.mode),
                 info.created.replace("T", " ")[:16], str(info.entries), status)
        table.add_row(*(plain(cell) for cell in cells))
    return table


def print_dropped(console: Console, session: str, dropped: Sequence[DroppedEntry]) -> None:
    if not dropped:
        return
    console.print(plain(f"The journal of {session} was damaged (a crash or a corrupt file). "
                       f"The game goes on from entry {dropped[0].number - 1}; "
                       f"{len(dropped)} entr{'y was' if len(dropped) == 1 else 'ies were'} "
                       "dropped:", style="bold yellow"), soft_wrap=True)
    for item in dropped:
        console.print(plain(f"  {item.sentence}", style="yellow"), soft_wrap=True)
