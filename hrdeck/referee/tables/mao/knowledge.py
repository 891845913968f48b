"""What the referee knows of a game of Mao, for the game master's eyes alone.

The shared screen says only what happened (see `hearing`); everything that would teach a
rule is here, shown on a private screen when the game master asks (`master`): whose turn it
is and which way play goes, the suit to follow, a chain of 7s, what the latest card did,
what can still be called and until when, the settings, and the secret rules in force
(clarification game-master).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Rank
from engine.games.mao import offences
from engine.games.mao.game import MaoGame
from engine.games.mao.settings import DICTATORIAL
from engine.games.mao.table import as_played


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def card_did(game: MaoGame, player: int, card: Card) -> list[str]:
    """What a card just put down did, as the rules have it: a joker is the nine of
    diamonds, an ace skips, an 8 turns the order round, a jack waits for a suit, a 7 aims
    a chain."""
    table, names = game.table, game.names
    rank = as_played(card).rank
    did = [f"the {card.name} is the nine of diamonds"] if card.is_joker else []
    turns = table.turns
    if rank is Rank.ACE:
        did.append(f"it skipped {names[table.next_seat(player, turns.direction)]}")
    elif rank is Rank.EIGHT:
        did.append("it turned the order round")
    elif rank is Rank.JACK:
        did.append(f"{turns.suit.plural} were named after it" if turns.suit_named
                   and turns.suit is not None else "no suit has been named after it yet")
    elif rank is Rank.SEVEN and turns.sevens:
        did.append(f"it aimed a chain of {turns.sevens} at {names[turns.turn]}")
    return did


def _where(game: MaoGame) -> list[str]:
    table, names = game.table, game.names
    turns = table.turns
    way = "clockwise" if turns.direction == 1 else "anticlockwise"
    lines = []
    if table.turn in table.out:
        lines.append("Everyone is out after a Mao.")
    elif turns.sevens:
        lines.append(f"{names[table.turn]} faces a chain of {turns.sevens} seven"
                     f"{'s' if turns.sevens > 1 else ''}: a 7, or {_cards(turns.sevens)} "
                     f"taken saying \"{game.seven_answer(turns.sevens)}\".")
    else:
        suit = table.suit_in_force
        follow = f"; {suit.plural} to follow" if suit is not None else ""
        named = " (named after a jack)" if turns.suit_named else ""
        lines.append(f"{names[table.turn]} is to play, on the {table.pile[-1]}{follow}{named}.")
    lines.append(f"Play goes {way}.")
    if game.order_called is not None:
        lines.append(f"A point of order is under way (called by {names[game.order_called]}).")
    last = game.last
    if last is not None and last.move == game.moves:
        found = ["fits" if last.valid else "does not fit",
                 f"went down {'in turn' if last.in_turn else 'out of turn'}"]
        did = card_did(game, last.player, last.card)
        lines.append(f"The latest card, {names[last.player]}'s {last.card}, "
                     f"{' and '.join(found)}{'; ' + '; '.join(did) if did else ''}.")
    return lines


def _callable(game: MaoGame) -> list[str]:
    """Each offence that can still be called, by whom it was made."""
    names, calls = game.names, game.open_calls
    lines = []
    for owed in calls.owed:
        if owed.due > game.moves:
            continue
        again = f" (called {owed.calls} time{'s' if owed.calls > 1 else ''}: continued)" if (
            owed.calls) else ""
        lines.append(f"{names[owed.player]}: failure to say '{owed.phrase}'{again}")
    for down in calls.down:
        for reason, broken in ((offences.BAD_CARD, not down.valid),
                               (offences.OUT_OF_TURN, not down.in_turn)):
            if broken and reason not in down.called:
                back = " (it goes back if called now)" if game.last is down else ""
                lines.append(f"{names[down.player]}: {offences.REASONS[reason]}, the "
                             f"{down.card}{back}")
    for debt in calls.debts:
        if not debt.paid:
            lines.append(f"{names[debt.player]}: failure to take a penalty card "
                         f"({_cards(debt.cards)} not taken, and one more)")
    for slip in calls.slips:
        lines.append(f"{names[slip.player]}: {offences.REASONS[slip.reason]}")
    return lines


def _rules(game: MaoGame) -> list[str]:
    names = game.names
    lines = []
    for rule in game.secret_rules:
        judged = ("the referee judges it" if rule.judged_by_engine else
                  "its holder judges it: their calls are taken at their word, and a \"bad "
                  "call\" answered with \"new rule\" stands")
        lines.append(f"{names[rule.holder]}: {rule.name} ({judged})")
    return lines


def _settings(game: MaoGame) -> str:
    settings, names = game.settings, game.names
    calls = (f"only the Mao master, {names[settings.master]}, calls"
             if settings.calls == DICTATORIAL and settings.master is not None
             else "anyone calls")
    talking = "talking penalised" if settings.talking_penalised else "talking allowed"
    return (f"{calls}; \"{settings.sevens}\" answers a 7; {talking}; "
            f"{settings.seconds} seconds to begin a turn.")


def knowledge(game: MaoGame) -> str:
    """Everything the referee knows of the game now, as lines of text."""
    sections: list[tuple[str, Sequence[str]]] = [
        ("Now", _where(game)),
        ("Can still be called (until each player's next turn; after it, too late)",
         _callable(game) or ["nothing"]),
        ("Secret rules in force", _rules(game) or ["none"]),
        ("Settings", [_settings(game)]),
    ]
    return "\n\n".join(f"{title}:\n" + "\n".join(f"  {line}" for line in lines)
                       for title, lines in sections)
