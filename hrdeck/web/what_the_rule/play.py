"""`hrdeck play what-the-rule`: a game of What the Rule?! in the browser, the machine the
game master of every round (clarification machine-seat). The players are the first seats,
the machine the last (it has no page); the machine draws round 1's rule at once, and each
later one when a player asks for it (a button on every page).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from pathlib import Path

from hrdeck.console import err, out
from hrdeck.printable import plain
from hrdeck.referee.cli import default_deck, parse_players
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.locking import SessionLock
from hrdeck.referee.screen import print_lines
from hrdeck.referee.session import Session
from hrdeck.referee.store import Store, default_db_path, verify_session_name
from hrdeck.referee.tables import NewGame
from hrdeck.referee.tables.what_the_rule.command_lines import DRAW, LEVELS, Lead
from hrdeck.referee.views import ACK, Line
from hrdeck.web.what_the_rule.pictures import Pictures, cache_dir, card_route

GAME = "what-the-rule"
MACHINE = "Machine"          # the machine master's seat, last at the table
SOLO_ROUNDS = 3              # one player alone: three rules to find


def players_of(text: str) -> tuple[str, ...]:
    """The players' names, then the machine's."""
    names = tuple(part.strip() for part in text.split(",") if part.strip())
    if any(name.lower() == MACHINE.lower() for name in names):
        raise RefereeError(f"{MACHINE} is the machine master's seat: give the player another "
                           "name.")
    if len(set(name.lower() for name in names)) != len(names):
        raise RefereeError("Two players have the same name: each name is typed in commands, "
                           "so each must be its own.")
    return parse_players(",".join((*names, MACHINE)), GAME)


def new_session(store: Store, names: Sequence[str], *, rounds: int | None, seed: int,
                name: str) -> Session:
    """The session: the machine in the last seat, leading every round."""
    from hrdeck.referee.rule_deck import load_rule_deck

    machine = len(names) - 1
    deck = load_rule_deck(default_deck(GAME))
    default = SOLO_ROUNDS if machine == 1 else machine
    return Session.create(store, NewGame(
        players=tuple(names), game=GAME, mode="full", seed=seed, dealer=machine,
        target=rounds or default, deck=deck, options=(f"machine={machine}",)), name=name)


def first_round(session: Session, level: str) -> list[Line]:
    """The machine draws round 1's rule and deals (what the table hears of it)."""
    outcome = session.execute(Lead(how=DRAW, level=level))
    if outcome.error:
        raise RefereeError(outcome.error)
    return list(outcome.lines)


def play(players: str, *, level: str, rounds: int | None, host: str, port: int | None,
         db: Path | None, session_name: str | None, seed: int | None,
         browser: bool, resume: bool = False) -> int:
    """Start the game (or carry on with one: `resume`), serve its pages, and run until the
    table stops."""
    from hrdeck.web.console import run_web

    if level not in LEVELS:
        raise RefereeError(f'"{level}" is no level of rule card: {", ".join(LEVELS)}.')
    if session_name is not None:
        verify_session_name(session_name)
    store = Store(db or default_db_path())
    name = session_name or (store.latest() if resume else store.next_session_name())
    if name is None:
        raise RefereeError(f"There are no games in {store.path} yet: start one with "
                           "hrdeck play what-the-rule.")
    with SessionLock(store.path, name):
        if resume:
            session = resumed(store, name)
        else:
            names = players_of(players)
            session = new_session(store, names, rounds=rounds, seed=secrets.randbelow(
                1_000_000) if seed is None else seed, name=name)
        humans = len(session.names) - 1
        out.print(plain(f"What the Rule?! against the machine: {', '.join(session.names[:-1])}"
                        f"; {session.game.setup.target} rounds; session {name}.", style="bold"))
        if not resume:
            print_lines(out, [Line(ACK, "The machine draws a rule and deals.", 0),
                              *first_round(session, level)])
        pictures = Pictures(cache_dir())
        return run_web(session, out, err, host=host, port=port, script=None, strict=False,
                       extra_routes=(card_route(pictures),), pages=humans,
                       opened=0 if humans == 1 and browser else None)


def resumed(store: Store, name: str) -> Session:
    """A game against the machine, read back from where it stopped (the same pages)."""
    session, dropped = Session.resume(store, name)
    if dropped:
        from hrdeck.referee.screen import print_dropped

        print_dropped(out, name, dropped)
    setup = session.game.setup
    machine = f"machine={len(session.names) - 1}"
    if setup.game != GAME or machine not in setup.options:
        raise RefereeError(f'The session "{name}" was not played against the machine: carry '
                           f"on with it with hrdeck referee resume {name} --web.")
    return session
