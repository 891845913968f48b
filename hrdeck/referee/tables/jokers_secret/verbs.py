"""Joker's Secret's verbs at the referee's table: each command, how its line is parsed,
and what it records."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from engine.cards import BLACK_JOKER, FACE_DOWN, JOKERS, RED_JOKER, Card, parse_card
from engine.errors import CardError
from engine.events import Event
from engine.games.jokers_secret import events as entries
from engine.games.jokers_secret.events import Flipped, JokerPlayed, PickedUp, Played, Swapped
from engine.games.jokers_secret.game import JokersSecretGame
from engine.games.jokers_secret.real_cards import TableShedding
from engine.games.jokers_secret.shedding import ROW, Zone
from hrdeck.referee.commands import Spec, Token, is_number, is_player, resolve_player
from hrdeck.referee.errors import CommandError
from hrdeck.referee.tables import Table, Verb
from hrdeck.referee.views import WARN, Outcome, PickRequest, PrivateAsk

# How the table answers who holds a start card, at the prompt or in a script.
ANSWER = "type the name of who holds it, or nobody"

# -- the verbs -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    player: int | None          # None: whoever's turn it is
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PickUp:
    player: int | None
    bare: bool = False          # `pick` without `up`: before the first move, secret rules


@dataclass(frozen=True, slots=True)
class Flip:
    player: int | None
    place: int | None           # 1 to 3 from the left; None: the one face-down card left
    card: Card | None


@dataclass(frozen=True, slots=True)
class Joker:
    player: int | None
    joker: Card | None          # None: the one joker the referee has not seen elsewhere
    peek: int | None = None     # 1 to 3
    swap: Card | None = None
    swap_asked: bool = False    # "swap" with no card: its player types it in private


@dataclass(frozen=True, slots=True)
class Holder:
    """The answer to who holds the start card asked about: a player, or None for nobody."""

    player: int | None


@dataclass(frozen=True, slots=True)
class Swap:
    player: int | None          # None: whoever has the face-up card in front of them
    hand_card: Card
    face_up_card: Card


_JOKER_WORDS = {"red": RED_JOKER, "black": BLACK_JOKER}


def _card(word: str) -> Card | None:
    """The card `word` names (jokers too), or None."""
    try:
        return parse_card(word, jokers=True)
    except CardError:
        return _JOKER_WORDS.get(word.lower())


def _cards(tokens: Sequence[Token]) -> list[Card]:
    """Cards typed apart by spaces or commas: 7h 7d, or 7h,7d."""
    return [parse_card(part, jokers=True) for token in tokens
            for part in token.text.split(",") if part]


def _who(tokens: list[Token], names: Sequence[str]) -> tuple[int | None, list[Token]]:
    """A player named first (names are never cards or numbers), and the rest."""
    if tokens and not tokens[0].quoted and _card(tokens[0].text) is None and not is_number(
            tokens[0].text) and tokens[0].text.lower() not in ("up", "peek", "swap") and (
            is_player(tokens[0].text, names) or len(tokens) > 1):
        return resolve_player(tokens[0].text, names), tokens[1:]
    return None, tokens


def parse_play(tokens: list[Token], names: Sequence[str]) -> Play | Joker:
    player, rest = _who(tokens, names)
    if not rest:
        raise CommandError("Which cards? For example: p 7h 7d (cards of one rank).")
    first = _card(rest[0].text)
    if first is not None and first.is_joker:
        return parse_joker(rest, names, player)
    cards = _cards(rest)
    joker = next((card for card in cards if card.is_joker), None)
    if joker is not None:
        raise CommandError(f"A joker is played on its own: joker {joker.code.lower()}.")
    return Play(player=player, cards=tuple(cards))


def parse_bare(tokens: list[Token], names: Sequence[str]) -> Play | Joker | Holder | None:
    """Cards (`7h 7d`, `rj`), or a player and cards (`ben 7h`), or a player's name alone
    (the answer to who holds a start card); None for anything else."""
    word = tokens[0].text
    if _card(word) is not None or (is_player(word, names) and len(tokens) > 1
                                   and _card(tokens[1].text) is not None):
        return parse_play(tokens, names)
    if len(tokens) == 1 and not tokens[0].quoted and is_player(word, names):
        return Holder(player=resolve_player(word, names))
    return None


def parse_nobody(tokens: list[Token], names: Sequence[str]) -> Holder:
    if tokens:
        raise CommandError(f'"{tokens[0].text}" is left over: nobody stands alone (a name '
                           "alone says who holds the card).")
    return Holder(player=None)


def parse_pickup(tokens: list[Token], names: Sequence[str]) -> PickUp:
    words = [token for token in tokens if token.text.lower() != "up" or token.quoted]
    if len(words) > 1:
        raise CommandError(f'"{words[1].text}" is left over: write pick up [WHO].')
    return PickUp(player=resolve_player(words[0].text, names) if words else None)


def parse_pick(tokens: list[Token], names: Sequence[str]) -> PickUp:
    """`pick up [WHO]` is the pile; `pick [WHO]` too once play has begun (before it, the
    secret rules, as in every game)."""
    picked = parse_pickup(tokens, names)
    bare = not any(token.text.lower() == "up" for token in tokens)
    return PickUp(player=picked.player, bare=bare)


def parse_flip(tokens: list[Token], names: Sequence[str]) -> Flip:
    player, rest = _who(tokens, names)
    place, card = None, None
    for token in rest:
        if is_number(token.text) and place is None:
            place = int(token.text)
            if not 1 <= place <= ROW:
                raise CommandError(f"Face-down cards lie in places 1 to {ROW}, counted from the "
                                   f"left, not {place}.")
        elif card is None and _card(token.text) is not None:
            card = _card(token.text)
        else:
            raise CommandError(f'"{token.text}" is left over: write flip [WHO] PLACE CARD, as in '
                               "flip 2 7h.")
    return Flip(player=player, place=place, card=card)


def parse_joker(tokens: list[Token], names: Sequence[str],
                player: int | None = None) -> Joker:
    usage = "write joker [WHO] [rj|bj] [peek PLACE [swap CARD]], as in joker rj peek 2 swap 7h"
    if player is None:
        player, tokens = _who(tokens, names)
    joker = peek = swap = None
    swap_asked = False
    previous = ""
    words = list(tokens)
    while words:
        word = words.pop(0).text
        lowered = word.lower()
        if lowered == "joker" and joker is not None and previous in _JOKER_WORDS:
            continue  # red joker
        previous = lowered
        if lowered == "swap" and not words:
            swap_asked = True  # the card is asked of its player in private
            continue
        if lowered in ("peek", "swap"):
            if not words:
                raise CommandError(f'Say what "{lowered}" is of: {usage}.')
            value = words.pop(0).text
            if lowered == "peek":
                if not is_number(value) or not 1 <= int(value) <= ROW:
                    raise CommandError(f"Peek at which face-down card, 1 to {ROW} from the "
                                       f'left? Not "{value}".')
                peek = int(value)
            else:
                swap = parse_card(value, jokers=True)
            continue
        card = _card(word)
        if card is None or joker is not None or not card.is_joker:
            raise CommandError(f'"{word}" is left over: {usage}.')
        joker = card
    return Joker(player=player, joker=joker, peek=peek, swap=swap, swap_asked=swap_asked)


def parse_swap(tokens: list[Token], names: Sequence[str]) -> Swap:
    player, rest = _who(tokens, names)
    cards = _cards(rest)
    if len(cards) != 2:
        raise CommandError("Write swap [WHO] HAND-CARD FACE-UP-CARD, as in swap ann 7h kd: the "
                           "card from the hand first.")
    return Swap(player=player, hand_card=cards[0], face_up_card=cards[1])


# -- what they do --------------------------------------------------------------------------------

def cards_game(session: Table) -> tuple[JokersSecretGame, TableShedding]:
    game = session.game
    if not isinstance(game, JokersSecretGame) or not isinstance(game.table, TableShedding):
        raise CommandError("This game is not played with real cards at this table.")
    return game, game.table


def _acting(session: Table, table: TableShedding, named: int | None, verb: str) -> int:
    """Who makes the move: the player named, or whoever's turn it is. Before the first move
    that is the starter, once the table has said who holds the start card (a journal from
    before the referee asked: the player named, unless the known cards say who starts)."""
    names = session.names
    if not table.started:
        asked = table.asked()
        if asked is not None:
            raise CommandError(f"Who starts? First say who holds the {asked.name}, in hand or "
                               f"face up: {ANSWER}.")
        starter = table.starter()
        if named is not None:
            return named
        if starter is not None:
            return starter[0]
        raise CommandError(f"Who starts? Whoever holds the 3 of clubs (if nobody does, the 4 "
                           f"of clubs, and so on up the clubs): name them, as in {verb}.")
    if named is not None and named != table.turn and table.winner is None:
        name = names[named]
        game = session.game
        call = ("" if isinstance(game, JokersSecretGame) and game.is_plain else
                f"; anyone may call it: call WHO on {name} turn")
        raise CommandError(f"{name} cannot play out of turn: it is {names[table.turn]}'s "
                           f"turn. The cards go back to {name}'s hand{call}.")
    return table.turn if named is None else named


def _record(session: Table, player: int, event: Event, outcome: Outcome) -> None:
    slow = session.slow_warning(player)
    session.record(event, outcome)
    if slow:
        outcome.add(WARN, slow)


def play(session: Table, command: Play, outcome: Outcome) -> None:
    _, table = cards_game(session)
    session.verify_ready()
    player = _acting(session, table, command.player, "p ann 3c")
    _record(session, player, Played(player=player, cards=command.cards), outcome)


@runtime_checkable
class _PicksRules(Protocol):
    """A session that deals secret rules at the keyboard (`pick`, in every game)."""

    def pick_request(self, player: int | None) -> PickRequest: ...


def pick_up(session: Table, command: PickUp, outcome: Outcome) -> None:
    game, table = cards_game(session)
    if command.bare and not game.has_started() and not game.is_plain and isinstance(
            session, _PicksRules):
        outcome.view = session.pick_request(command.player)  # `pick`: the secret rules
        return
    session.verify_ready()
    player = _acting(session, table, command.player, "pick up ann")
    _record(session, player, PickedUp(player=player), outcome)


def flip(session: Table, command: Flip, outcome: Outcome) -> None:
    _, table = cards_game(session)
    session.verify_ready()
    player = _acting(session, table, command.player, "flip ann 2 7h")
    place = command.place
    if place is None:
        left = [slot + 1 for slot, card in enumerate(table.face_down[player])
                if card is not None]
        if len(left) > 1 and table.zone(player) is Zone.FACE_DOWN:
            example = command.card.code if command.card else "7h"
            raise CommandError(f"Which face-down card was flipped? Give its place, 1 to {ROW} "
                               f"from the left: flip {left[0]} {example}.")
        place = left[0] if left else 1  # one left; else the engine says why no flip now
    _record(session, player, Flipped(player=player, slot=place - 1, card=command.card),
            outcome)


def joker(session: Table, command: Joker, outcome: Outcome) -> None:
    _, table = cards_game(session)
    session.verify_ready()
    player = _acting(session, table, command.player, "joker ann rj")
    card = command.joker
    if card is None:
        reach = table.hands[player] or table.face_up[player]
        could = [one for one in JOKERS if one in reach or (
            FACE_DOWN in reach and table.where_seen(one) is None)]
        if not could:
            red, black = (table.where_seen(one) or "is not in reach"
                          for one in (RED_JOKER, BLACK_JOKER))
            raise CommandError(f"{session.names[player]} has no joker to play: the red joker "
                               f"{red}, and the black joker {black}.")
        if len(could) > 1:
            raise CommandError("Which joker, rj (red) or bj (black)? For example: joker rj.")
        card = could[0]
    if command.swap_asked:
        if command.peek is None:
            raise CommandError("A swap goes with a peek: joker rj peek 2 swap.")
        name = session.names[player]
        outcome.private = PrivateAsk(
            player=name,
            question=f"{name}, which hand card goes face down in place {command.peek}?",
            answer=lambda text: Joker(player=player, joker=card, peek=command.peek,
                                      swap=parse_card(text, jokers=True)),
            in_a_script="In a script, type the swapped card on the line: "
                        f"joker {card.code.lower()} peek {command.peek} swap CARD.")
        return
    peek = None if command.peek is None else command.peek - 1
    _record(session, player, JokerPlayed(player=player, joker=card, peek=peek,
                                         swap=command.swap), outcome)


def holder(session: Table, command: Holder, outcome: Outcome) -> None:
    """The table's answer to who holds the start card asked about."""
    _, table = cards_game(session)
    asked = table.asked()
    if asked is None:
        starter = table.starter()
        if table.started or starter is None:
            raise CommandError("Nobody was asked who holds a card: a name alone answers the "
                               "referee's question of who holds a start card, before play.")
        seat, card = starter
        raise CommandError(f"Who starts is already settled: {session.names[seat]}, with the "
                           f"{card.name}. If an answer was wrong, undo it and answer again.")
    session.record(entries.StartCardHeld(card=asked, player=command.player), outcome)


def swap(session: Table, command: Swap, outcome: Outcome) -> None:
    _, table = cards_game(session)
    session.verify_ready()
    player = command.player
    if player is None:
        player = next((seat for seat, row in enumerate(table.face_up)
                       if command.face_up_card in row), None)
        if player is None:
            raise CommandError(f"Whose cards are they? Write swap WHO "
                               f"{command.hand_card.code} {command.face_up_card.code}.")
    session.record(Swapped(player=player, hand_card=command.hand_card,
                           face_up_card=command.face_up_card), outcome)


VERBS = (
    Verb(Spec("play", ("p",), "play [WHO] CARD [CARD ...]",
              "cards of one rank from the hand, or from the face-up row once hand and draw "
              "pile are empty (p 7h 7d); cards alone (7h 7d) are whoever's turn it is",
              "players"), parse_play, Play, play),
    Verb(Spec("pickup", ("pu",), "pickup [WHO]  (or pick up [WHO])",
              "WHO (whoever's turn it is) picks up the pile: no card of theirs goes on it",
              "players"), parse_pickup, PickUp, pick_up),
    Verb(Spec("pick", (), "pick up [WHO]",
              "the same as pickup; once play has begun, pick alone does too", "players"),
         parse_pick, PickUp, pick_up),
    Verb(Spec("flip", ("f",), "flip [WHO] PLACE CARD",
              "a face-down card turned over: its place (1 to 3 from the left) and the card that "
              "turned up (flip 2 7h)", "players"), parse_flip, Flip, flip),
    Verb(Spec("joker", (), "joker [WHO] [rj|bj] [peek PLACE [swap CARD]]",
              "a joker to the scrap pile; from the hand, its player may peek at face-down card "
              "PLACE and swap hand card CARD with it (the referee never shows CARD; leave it out "
              "and its player types it in private)", "players"),
         parse_joker, Joker, joker),
    Verb(Spec("nobody", (), "WHO | nobody",
              "before play, the answer when the referee asks who holds a start card (the 3 of "
              "clubs, then the next one): the name of who holds it in hand or face up, or "
              "nobody (the next card is asked)", "players"), parse_nobody, Holder, holder),
    Verb(Spec("swap", (), "swap [WHO] HAND-CARD FACE-UP-CARD",
              "before the first play: a hand card and a face-up card change places (swap ann "
              "7h kd)", "players"), parse_swap, Swap, swap),
)

