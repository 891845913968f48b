"""The journal watcher of a session: the engine's `Referee`, plus what the history shows.

Everything here is derived from the journal, so it is rebuilt exactly after an undo or a
resume (the journal replays into a fresh start). A kept rule's trigger is compiled when the
rule is chosen, so only the few triggers in play are ever compiled.
"""

from __future__ import annotations

from engine.events import Event, Played, RuleChosen, TurnedUp
from engine.games import Game
from engine.games.upnover.hidden_rules import HiddenRulesGame
from engine.referee import Referee
from hrdeck.referee.rule_deck import RuleDeck


class SessionWatcher:
    """Delegates to the `Referee`; remembers the sum after each card."""

    def __init__(self, deck: RuleDeck | None) -> None:
        self.deck = deck
        self.referee = Referee({})
        self.sums: dict[int, tuple[int, int | None, bool]] = {}  # entry -> total, taker, over

    def start(self, game: Game) -> None:
        self.referee.start(game)
        self.sums.clear()

    def seen(self, game: Game, number: int, event: Event) -> None:
        self.referee.seen(game, number, event)
        if isinstance(event, RuleChosen):
            if event.trigger not in self.referee.triggers and self.deck is not None:
                self.referee.add_trigger(event.trigger, self.deck.trigger_test(event.trigger),
                                         self.deck.is_table_only(event.trigger),
                                         self.deck.subject(event.trigger))
        elif isinstance(event, Played | TurnedUp) and isinstance(game, HiddenRulesGame):
            table = game.table
            if isinstance(event, TurnedUp) and not table.trick:
                return  # the game ended as the trick was gathered
            taker = table.taker if isinstance(event, Played) else None
            self.sums[number] = (table.total, taker, table.went_over)

    def note(self, number: int, names: tuple[str, ...]) -> str | None:
        """What the history adds to entry `number`: "sum 18", "sum 21: Ben takes the trick"."""
        found = self.sums.get(number)
        if found is None:
            return None
        total, taker, over = found
        if taker is None:
            return f"sum {total}"
        return f"sum {total}, over 21: {names[taker]} takes the trick" if over else (
            f"sum {total}: {names[taker]} takes the trick")
