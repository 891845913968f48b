"""A refereed game: commands run against the journal, the engine's referee and the store.

`Session.execute(command)` is the one entry point. It returns an `Outcome` (data: lines to
announce, a view to show, a confirmation or a ruling to ask for) and prints nothing. Every
entry is committed to the store before the outcome that acknowledges it is returned; a
refused command changes nothing, in memory or on disk.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from engine.errors import HrdeckError, did_you_mean
from engine.events import Event, RuleChosen, Ruling
from engine.games.registry import Game, find_game
from engine.journal import Journal, active_entries
from engine.referee import Judgement, Referee
from hrdeck.referee import commands as c
from hrdeck.referee import reports, rulings, secret_rule_commands
from hrdeck.referee.announce import Before, announce, entry_text, void_lines
from hrdeck.referee.errors import CommandError, RefereeError, StoreError
from hrdeck.referee.recovery import DroppedEntry, load_journal
from hrdeck.referee.rule_deck import RuleCard, RuleDeck
from hrdeck.referee.secret_rule_commands import and_list as and_list
from hrdeck.referee.store import SessionInfo, Store
from hrdeck.referee.tables import NewGame, TableGame, find_table
from hrdeck.referee.views import (
    ACK,
    SAY,
    Board,
    Dealt,
    HelpView,
    HistoryView,
    Outcome,
    PickRequest,
    PrivateRule,
    Question,
    RevealedRule,
    RevealView,
    ShownRule,
)
from hrdeck.referee.watcher import SessionWatcher

MODES = {"full": "table", "score": "score"}        # the referee's words -> the engine's
# how the board names each engine mode; "shuffled" is a game the machine deals (`hrdeck play`)
MODE_WORDS = {**{engine: word for word, engine in MODES.items()}, "shuffled": "machine-dealt"}
Clock = Callable[[], float]
# the every-game commands a game may do without (`TableGame.generic`), by their class
OPTIONAL = MappingProxyType({
    c.Enforce: "enforce", c.Call: "call", c.Challenge: "challenge", c.Rule: "rule",
    c.Keep: "keep", c.Pick: "pick", c.Peek: "peek", c.Timer: "timer"})
# setup options only some games read (`TableGame.takes`), as the command line spells them
SETUP_OPTIONS = {"first": "--first", "options": "--option"}


class Session:
    """One game under way: its journal, what the referee knows, and where it is stored."""

    def __init__(self, *, store: Store, info: SessionInfo, journal: Journal,
                 watcher: SessionWatcher, deck: RuleDeck | None,
                 clock: Clock = time.monotonic) -> None:
        self.store = store
        self.info = info
        self.journal = journal
        self.watcher = watcher
        self.deck = deck
        self.clock = clock
        self.table: TableGame = find_table(journal.game.setup.game)
        self.timer: float | None = None
        self.turn_since = clock()
        self._acting = self.to_act()

    # -- opening -----------------------------------------------------------------------------

    @classmethod
    def create(cls, store: Store, new: NewGame, *, name: str,
               clock: Clock = time.monotonic) -> Session:
        """Start a game and commit its entry 0."""
        if new.mode not in MODES:
            raise RefereeError(f'"{new.mode}" is not a mode: full (the referee deals the rules '
                               f"and follows the cards) or score (score keeping only)."
                               f"{did_you_mean(new.mode, MODES)}")
        table = find_table(new.game)
        title = find_game(new.game).title
        deck = new.deck if new.mode == "full" else None
        if not table.deals_rules and deck is not None and not deck.has_rules_to_draw:
            raise RefereeError(f"The referee deals no secret rules in {title}, and the deck "
                               f'"{deck.name}" has no whole rules for winners to draw: leave '
                               "out --deck.")
        needs_deck = table.deals_rules and not table.rules_optional
        if new.mode == "full" and deck is None and needs_deck:
            raise RefereeError("A full game needs a deck of rule cards (--deck).")
        for option, flag in SETUP_OPTIONS.items():
            if getattr(new, option) and option not in table.takes:
                raise RefereeError(f"{title} has no {flag} to set up.")
        if deck is not None and deck.game != new.game:
            raise RefereeError(f'The deck "{deck.name}" is written for {find_game(deck.game).title}'
                               f", not {find_game(new.game).title}: its triggers read that "
                               "game.")
        if deck is not None and not deck.holds_rules and table.rules_optional:
            deck = None  # player aids alone: the game is played without secret rules
        setup = table.setup(
            new, tuple(card.id for card in deck.triggers) if deck else (),
            tuple(card.id for card in deck.actions) if deck else ())
        watcher = SessionWatcher(deck)
        journal = Journal(setup, watcher)  # refuses a setup that cannot be played
        info = store.create_session(name, setup, players=journal.game.names, mode=setup.mode,
                                    deck=deck.to_json() if deck else None, game=setup.game)
        return cls(store=store, info=info, journal=journal, watcher=watcher, deck=deck,
                   clock=clock)

    @classmethod
    def resume(cls, store: Store, name: str,
               clock: Clock = time.monotonic) -> tuple[Session, list[DroppedEntry]]:
        """Read a session back; drop (and report) a damaged tail of its journal."""
        info = store.session(name)
        if info is None:
            known = [session.name for session in store.sessions()]
            listing = f" The sessions: {', '.join(known[:8])}." if known else (
                " There are no sessions yet.")
            raise RefereeError(f'There is no session "{name}" in {store.path}.'
                               f"{did_you_mean(name, known)}{listing}")
        deck = RuleDeck.from_json(info.deck) if info.deck else None
        watcher = SessionWatcher(deck)
        loaded = load_journal(name, store.entries(name), watcher)
        if loaded.dropped:
            game = loaded.journal.game
            store.drop_from(name, loaded.dropped[0].number,
                            {item.number: item.reason for item in loaded.dropped},
                            scores=game.scores,
                            winner=None if game.winner is None else game.names[game.winner])
            info = store.session(name) or info
        session = cls(store=store, info=info, journal=loaded.journal, watcher=watcher,
                      deck=deck, clock=clock)
        return session, loaded.dropped

    # -- what the game is --------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.journal.game

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.names

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def mode(self) -> str:
        return MODE_WORDS.get(self.game.setup.mode, self.game.setup.mode)

    @property
    def referee(self) -> Referee:
        return self.watcher.referee

    def winner_words(self) -> str | None:
        """Who won ("Ann", or "Ann and Ben" for a shared win); None while nobody has."""
        seats = self.table.winners(self.game)
        return and_list([self.names[seat] for seat in seats]) if seats else None

    def missing_rules(self) -> list[int]:
        """Seats still to pick a secret rule (full mode, before the first move)."""
        if self.deck is None or not self.table.deals_rules:
            return []
        return [seat for seat, rule in enumerate(self.game.rules) if rule is None]

    def to_act(self) -> tuple[int, str] | None:
        """Who must act now and how ("play", "turn up"); None when nobody in particular."""
        game = self.game
        if game.is_over or game.challenge_pending is not None or self.missing_rules():
            return None
        return self.table.to_act(game)

    def parse(self, line: str) -> c.Command:
        """One typed line as a command of this game (an every-game command it does without
        is refused, saying why)."""
        words = line.split(maxsplit=1)
        head = words[0].lower() if words else ""
        spec = c.WORDS.get(head)
        if spec is not None and not self.table.uses(spec.name, self.game) and not any(
                head in (verb.spec.name, *verb.spec.aliases) for verb in self.table.verbs):
            own = c.read_bare(line, self.names, self.table)  # `c 7c`: Cat, in Mao
            if own is None:
                raise self._unused(spec.name, head)
            return own
        return c.parse_command(line, self.names, self.table)

    def _unused(self, command: str, word: str = "") -> CommandError:
        """The refusal of an every-game command this game does without (typed as `word`)."""
        why = self.table.unused(command)
        title = find_game(self.game.setup.game).title
        return CommandError(f'"{word or command}" has no place in {title}'
                            + (f": {why}" if why else "."))

    @property
    def specs(self) -> tuple[c.Spec, ...]:
        """Every command of this game, its own first (the every-game ones it uses)."""
        return tuple(verb.spec for verb in self.table.verbs) + tuple(
            spec for spec in c.SPECS if self.table.uses(spec.name, self.game))

    # -- the one entry point -----------------------------------------------------------------

    def execute(self, command: c.Command) -> Outcome:
        outcome = Outcome()
        try:
            self._run(command, outcome)
        except HrdeckError as error:
            outcome.error = str(error)
        if outcome.changed:
            outcome.question = self.question()
        self._track_turn()
        return outcome

    def _run(self, command: c.Command, outcome: Outcome) -> None:
        optional = OPTIONAL.get(type(command))
        if optional is not None and not self.table.uses(optional, self.game):
            raise self._unused(optional)
        match command:
            case c.Enforce():
                secret_rule_commands.enforce(self, command, outcome)
            case c.Call():
                secret_rule_commands.call(self, command, outcome)
            case c.Challenge():
                secret_rule_commands.challenge(self, command, outcome)
            case c.Rule():
                self.record(Ruling(upheld=command.upheld, note=command.note), outcome)
            case c.Keep():
                secret_rule_commands.keep(self, command, outcome)
            case c.Pick():
                outcome.view = self.pick_request(command.player)
            case c.Peek():
                outcome.view = self.private_rule(command.player)
            case c.Score():
                outcome.view = self.board()
            case c.History():
                outcome.view = self.history(command.last)
            case c.Turn():
                outcome.add(SAY, self.next_step())
            case c.Undo():
                self._undo(command, outcome)
            case c.Reveal():
                if not self.game.is_over and not command.confirmed:
                    outcome.confirm = ("The game is not over. Show every secret rule to the "
                                       "whole table?")
                else:
                    outcome.view = self.reveal()
            case c.Timer():
                self._timer(command, outcome)
            case c.Help():
                outcome.view = self.help(command.topic)
            case c.Quit():
                outcome.quit = True
            case _:
                handler = self.table.handlers.get(type(command))
                if handler is None:
                    raise CommandError(f"{type(command).__name__} is not a command of this "
                                       "game.")
                handler(self, command, outcome)

    # -- recording ---------------------------------------------------------------------------

    def record(self, event: Event, outcome: Outcome) -> Event:
        """Apply, commit, then acknowledge. A refusal or a failed commit changes nothing."""
        before = Before.of(self.game)
        recorded = self.journal.record(event)
        number = len(self.journal.entries) - 1
        self._commit(number, recorded)
        outcome.changed = True
        outcome.add(ACK, entry_text(recorded, self.names), number)
        if self.table.says_round_ends:  # no generic "Round 2 is over", "… wins with 3 points!"
            before = replace(before, rounds=self.game.rounds)
        outcome.lines += announce(self.game, before, recorded, self.table)
        return recorded

    def _commit(self, number: int, event: Event) -> None:
        game = self.game
        try:
            self.store.append(self.name, number, event, scores=game.scores,
                              winner=self.winner_words())
        except StoreError:
            self.journal = Journal.from_entries(self.journal.entries[:-1], self.watcher)
            raise

    def verify_ready(self) -> None:
        missing = self.missing_rules()
        if missing:
            who = and_list([self.names[seat] for seat in missing])
            raise CommandError(f"{who} still {'has' if len(missing) == 1 else 'have'} to pick a "
                               "secret rule before the first move: pick (at the keyboard) or "
                               "keep WHO TRIGGER ACTION (in a script).")

    def slow_warning(self, player: int) -> str | None:
        """A warning when `player`, the one to act, took longer than the turn timer."""
        acting = self.to_act()
        if self.timer is None or acting is None or acting[0] != player:
            return None
        took = self.clock() - self.turn_since
        if took <= self.timer:
            return None
        return (f"{self.names[player]} took {took:.1f} s: longer than the {self.timer:g}-second "
                f"limit. Anyone may call it: call WHO on {self.names[player]} slow.")

    def _track_turn(self) -> None:
        acting = self.to_act()
        if acting != self._acting:
            self._acting = acting
            self.turn_since = self.clock()

    def overdue(self) -> tuple[str, float] | None:
        """The player to act and how long they have taken, once past the timer."""
        acting = self.to_act()
        if self.timer is None or acting is None:
            return None
        took = self.clock() - self.turn_since
        return (self.names[acting[0]], took) if took > self.timer else None

    # -- the journal's own commands (secret rules: `secret_rule_commands`) ---------------------

    def _undo(self, command: c.Undo, outcome: Outcome) -> None:
        journal = self.journal
        target = command.entry if command.entry is not None else journal.last_active()
        if target is None:
            raise CommandError("There is nothing to undo.")
        if not 1 <= target < len(journal.entries):
            raise CommandError(f"There is no entry {target} to undo: entries run from 1 to "
                               f"{len(journal.entries) - 1} (history lists them).")
        if not active_entries(journal.entries)[target]:
            raise CommandError(f"Entry {target} is already void.")
        undone = journal.entries[target]
        if isinstance(undone, RuleChosen) and self.game.has_started():
            raise CommandError(f"{self.names[undone.player]}'s secret rule was kept before play "
                               "began, and a kept rule cannot be swapped once it has (see the "
                               "rulebook's clarifications: keeping a secret rule).")
        if not command.confirmed:
            outcome.confirm = f"Undo entry {target}: {entry_text(undone, self.names)}?"
            return
        before = Before.of(self.game)
        voided = journal.void(target, "undo")
        number = len(journal.entries) - 1
        self._commit(number, voided)
        outcome.changed = True
        outcome.add(ACK, entry_text(voided, self.names), number)
        outcome.lines += void_lines(self.game, before, voided, undone)
        outcome.add(SAY, self.next_step())

    def _timer(self, command: c.Timer, outcome: Outcome) -> None:
        self.timer = command.seconds
        if command.seconds is None:
            outcome.add(SAY, "The turn timer is off.")
        else:
            self.turn_since = self.clock()
            outcome.add(SAY, f"The turn timer is on: a warning when the player to act takes "
                             f"more than {command.seconds:g} s.")

    # -- judging -----------------------------------------------------------------------------

    def judgement(self) -> Judgement | None:
        """What the referee can tell about the enforcement being challenged now."""
        pending = self.game.challenge_pending
        if pending is None:
            return None
        return self.referee.judge(self.journal, pending.number)

    def question(self) -> Question | None:
        return rulings.question(self)

    def shown_rule(self, number: int, judgement: Judgement) -> ShownRule | None:
        return rulings.shown_rule(self, number, judgement)

    # -- views -------------------------------------------------------------------------------

    def board(self) -> Board:
        return reports.board(self)

    def history(self, last: int | None = None) -> HistoryView:
        return reports.history(self, last)

    def reveal(self) -> RevealView:
        view = reports.reveal(self)
        if self.table.deals_rules:
            return view
        # the rules the game keeps itself (Mao's, brought in by a player coming back); as in
        # score mode, the referee watched no rule fire and says nothing of rules enforced
        rules = tuple(RevealedRule(name, "; ".join(words) or "(no rule of their own)", None)
                      for name, words in zip(self.names, self._own_rules(), strict=True))
        return replace(view, rules=rules, mode="score")

    def _own_rules(self) -> list[list[str]]:
        """Each seat's secret rules that the game keeps itself, in the order brought in: a
        rule card drawn from the deck by its words, not its id."""
        rules: list[list[str]] = [[] for _ in self.names]
        for seat, words in self.table.own_rules(self.game):
            rules[seat].append(words if self.deck is None else self.deck.rule_words(words))
        return rules

    def final_state(self) -> dict[str, Any]:
        """The game as one JSON-ready object (`--json`)."""
        return reports.final_state(self)

    def next_step(self) -> str:
        game, names = self.game, self.names
        if game.is_over:
            return self.table.game_over(game, names)
        pending = game.challenge_pending
        if pending is not None:
            return (f"{names[pending.violator]}'s challenge of enforcement {pending.number} "
                    "waits for a ruling: rule upheld, or rule overturned.")
        missing = self.missing_rules()
        if missing:
            who = and_list([names[seat] for seat in missing])
            return f"{who} still to pick a secret rule: pick."
        return self.table.next_step(game)

    def pick_request(self, player: int | None) -> PickRequest:
        game, deck = self.game, self.deck
        if deck is None or not game.dealt:
            raise CommandError("In score mode the table deals and keeps its own rule cards.")
        if game.has_started():
            raise CommandError("Secret rules are picked before the first move; it is too late.")
        seats = self.missing_rules() if player is None else [player]
        if player is not None and game.rules[player] is not None:
            raise CommandError(f"{self.names[player]} has already picked a secret rule "
                               f"(peek {self.names[player]} shows it to them).")
        if not seats:
            raise CommandError("Everyone has picked a secret rule.")

        def cards(ids: Sequence[str], find: Callable[[str], RuleCard | None]) -> tuple[
                RuleCard, ...]:
            return tuple(find(i) or RuleCard(id=i, number=0, text=i) for i in ids)

        return PickRequest(tuple(
            Dealt(seat, self.names[seat], cards(game.dealt[seat].triggers, deck.trigger),
                  cards(game.dealt[seat].actions, deck.action)) for seat in seats))

    def private_rule(self, player: int) -> PrivateRule:
        if not self.table.deals_rules:
            own = self._own_rules()[player]
            if not own:
                raise CommandError(f"{self.names[player]} has brought in no secret rule of "
                                   "their own.")
            return PrivateRule(player, self.names[player], "\n".join(own))
        rule = self.game.rules[player]
        if rule is None or self.deck is None:
            raise CommandError(f"The referee does not know {self.names[player]}'s rule"
                               + (": it has not been picked yet." if self.deck else
                                  " in score mode."))
        return PrivateRule(player, self.names[player],
                           self.deck.rule_text(rule.trigger, rule.action))

    def help(self, topic: str | None) -> HelpView:
        if topic is None:
            return HelpView(self.specs, None, self.table.help_note)
        words = c.words_of(self.specs)
        spec = words.get(topic)
        unused = c.WORDS.get(topic or "")
        if spec is None and unused is not None:
            raise self._unused(unused.name, topic or "")
        if spec is None:
            raise CommandError(f'There is no command "{topic}".{did_you_mean(topic, words)}')
        return HelpView((spec,), topic)
