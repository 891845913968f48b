"""The scoreboard, the history, the reveal and the final state of a session, as data."""

from __future__ import annotations

from typing import Any, Protocol

from engine.events import Voided
from engine.games.registry import Game
from engine.journal import Journal, active_entries
from engine.referee import FIRED, NOT_FIRED, UNKNOWN, Referee
from hrdeck.referee.announce import entry_text
from hrdeck.referee.rule_deck import RuleCard, RuleDeck
from hrdeck.referee.tables.base import TableGame
from hrdeck.referee.views import (
    AuditRow,
    Board,
    HistoryRow,
    HistoryView,
    PlayerRow,
    RevealedRule,
    RevealView,
)
from hrdeck.referee.watcher import SessionWatcher


class Session(Protocol):
    """What the reports read of a session (`hrdeck.referee.session.Session`)."""

    @property
    def game(self) -> Game: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def name(self) -> str: ...
    @property
    def mode(self) -> str: ...
    @property
    def referee(self) -> Referee: ...
    journal: Journal
    watcher: SessionWatcher
    deck: RuleDeck | None
    table: TableGame

    def to_act(self) -> tuple[int, str] | None: ...
    def winner_words(self) -> str | None: ...
    def missing_rules(self) -> list[int]: ...
    def next_step(self) -> str: ...
    def board(self) -> Board: ...


def board(session: Session) -> Board:
    game = session.game
    acting = session.to_act()
    missing = session.missing_rules()
    unscored = session.table.unscored(game)
    counts = list(session.table.counts(game)) or [()] * len(game.names)
    rows = tuple(PlayerRow(seat=seat, name=name, score=game.scores[seat],
                           counts=tuple(counts[seat]),
                           to_act=acting is not None and acting[0] == seat,
                           has_rule=None if session.deck is None or not session.table.deals_rules
                           else seat not in missing)
                 for seat, name in enumerate(game.names))
    return Board(session=session.name, mode=session.mode, rows=rows, target=game.target,
                 round=game.rounds + (0 if game.is_over else 1),
                 columns=session.table.columns, table_line=session.table.table_line(game),
                 next_step=session.next_step(), winner=session.winner_words(),
                 entries=len(session.journal.entries),
                 winners=tuple(game.names[seat] for seat in session.table.winners(game)),
                 goal=unscored or session.table.goal(game.target), scored=unscored is None)


def history(session: Session, last: int | None = None) -> HistoryView:
    entries = session.journal.entries
    active = active_entries(entries)
    voided_by: dict[int, int] = {}
    for number, entry in enumerate(entries):
        if active[number] and isinstance(entry, Voided):
            voided_by[entry.entry] = number
    rows = []
    for number, entry in enumerate(entries):
        text = entry_text(entry, session.names)
        note = session.watcher.note(number) if active[number] else None
        if note:
            text += f" — {note}"
        rows.append(HistoryRow(number, text, active[number], voided_by.get(number)))
    return HistoryView(tuple(rows[-last:] if last else rows))


def reveal(session: Session) -> RevealView:
    game, names, deck = session.game, session.names, session.deck
    rules = []
    for seat, rule in enumerate(game.rules):
        if rule is None or deck is None:
            rules.append(RevealedRule(names[seat], None, None))
            continue
        trigger, action = deck.trigger(rule.trigger), deck.action(rule.action)
        rules.append(RevealedRule(names[seat], _card_line("trigger", rule.trigger, trigger),
                                  _card_line("action", rule.action, action)))
    audit = []
    for enforcement in game.enforcements:
        whose = ("their own rule" if enforcement.holder == enforcement.enforcer
                 else f"{names[enforcement.holder]}'s rule")
        judgement = session.referee.judge(session.journal, enforcement.number)
        verdict = {FIRED: "right", NOT_FIRED: "wrong", UNKNOWN: "unjudged"}[judgement.verdict]
        challenge = ("not challenged" if enforcement.challenger is None else "waiting"
                     if enforcement.upheld is None else "upheld" if enforcement.upheld
                     else "overturned")
        audit.append(AuditRow(enforcement.number,
                              f"{names[enforcement.enforcer]} enforced {whose} on "
                              f"{names[enforcement.violator]}", enforcement.hint, verdict,
                              judgement.explanation, challenge))
    unenforced = tuple(
        f"{names[holder]}'s rule fired on {names[play.player]}'s {play.card} (entry "
        f"{play.entry}){' (their own rule)' if holder == play.player else ''} and was not "
        "enforced." for play, holder in session.referee.unenforced())
    return RevealView(tuple(rules), tuple(audit), unenforced, session.winner_words(),
                      session.mode, enforcing=session.table.uses("enforce"))


def final_state(session: Session) -> dict[str, Any]:
    """The game as one JSON-ready object (`--json`)."""
    board = session.board()
    return {
        "session": session.name,
        "mode": session.mode,
        "players": list(session.names),
        "scores": list(session.game.scores),
        **{column: [row.counts[place] for row in board.rows]
           for place, column in enumerate(board.columns)},
        "winner": board.winner,
        "over": session.game.is_over,
        "entries": len(session.journal.entries),
        "round": board.round,
        "next": board.next_step,
    }



def _card_line(kind: str, card_id: str, card: RuleCard | None) -> str:
    if card is None:
        return card_id
    return f"{kind} {card.number} ({card.id}): {card.text}"
