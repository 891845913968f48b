"""The journal watcher of a session: the engine's `Referee`, plus what the history shows.

Everything here is derived from the journal, so it is rebuilt exactly after an undo or a
resume (the journal replays into a fresh start). A kept rule's trigger is compiled when the
rule is chosen, so only the few triggers in play are ever compiled.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.events import Event, RuleChosen
from engine.games.registry import Game
from engine.referee import Referee
from hrdeck.referee.rule_deck import RuleDeck
from hrdeck.referee.tables import find_table


class SessionWatcher:
    """Delegates to the `Referee`; remembers what the game notes of each entry (in Up 'N
    Over, the sum after each card)."""

    def __init__(self, deck: RuleDeck | None) -> None:
        self.deck = deck
        self.referee = Referee({})
        self.notes: dict[int, str] = {}  # entry -> its note in the history
        self._note: Callable[[Game, Event], str | None] = lambda game, event: None  # the game's

    def start(self, game: Game) -> None:
        self.referee.start(game)
        self.notes.clear()
        self._note = find_table(game.setup.game).note

    def seen(self, game: Game, number: int, event: Event) -> None:
        self.referee.seen(game, number, event)
        if isinstance(event, RuleChosen):
            if event.trigger not in self.referee.triggers and self.deck is not None:
                self.referee.add_trigger(event.trigger, self.deck.trigger_test(event.trigger),
                                         self.deck.is_table_only(event.trigger),
                                         self.deck.subject(event.trigger))
        else:
            note = self._note(game, event)
            if note:
                self.notes[number] = note

    def note(self, number: int) -> str | None:
        """What the history adds to entry `number` ("sum 21: Ben takes the trick")."""
        return self.notes.get(number)
