"""The state of a game of Mao that every move reads and changes: the table, what can still
be called (`open_calls`), the point of order, the penalties given and the secret rules in
force; with the checks and bookkeeping every move shares. The moves themselves are in
`game`; the views (`view`), the rules that fire (`fire`), the judging of calls (`judging`)
and the bots (`policies`) need only this state, so none of them imports the game: Mao's
modules form no import circle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Subject
from engine.cards import Card
from engine.errors import ConfigError, IllegalActionError, allowed
from engine.events import GameStarted
from engine.games.mao import offences, speech
from engine.games.mao.offences import Penalty
from engine.games.mao.open_calls import CardDown, OpenCalls, Owed
from engine.games.mao.real_cards import RealMaoTable
from engine.games.mao.rules import SAY, MaoRule
from engine.games.mao.settings import THANK_YOU_ANSWER, read_settings
from engine.games.mao.table import MaoTable, as_played
from engine.moves import Award
from engine.rules_layer import RulesLayer


class MaoState(RulesLayer):
    """The table, what can be called, the point of order, and the penalties given; what
    every move checks first and the bookkeeping it shares."""

    __slots__ = (
        "chains",
        "last",
        "last_move",
        "maos_unclaimed",
        "moved_in_turn",
        "mover",
        "moves",
        "open_calls",
        "order_called",
        "penalties",
        "secret_rules",
        "settings",
        "table",
    )

    def __init__(self, setup: GameStarted) -> None:
        super().__init__(setup)
        players = len(self.names)
        if not 0 <= setup.dealer < players:
            raise ConfigError(f"The dealer's seat is 0 to {players - 1}, not {setup.dealer}.")
        self.settings = read_settings(setup.options, players, setup.dealer)
        if setup.mode == "shuffled":
            self.table = MaoTable(players=players, seed=setup.seed, deck=setup.deck,
                                  dealer=setup.dealer)
        elif setup.mode == "table":
            if len(setup.deck) > 1:
                raise ConfigError("At a real table only the card turned up to start the pile "
                                  "is typed in before play.")
            self.table = RealMaoTable(players=players, dealer=setup.dealer,
                                      first=setup.deck[0] if setup.deck else None)
        else:
            raise ConfigError(f'Mao cannot be played in "{setup.mode}" mode: it is played '
                              'with a dealt deck ("shuffled") or at a real table ("table").')
        self.moves = 0                       # cards played, passes, cards taken
        self.mover: int | None = None        # who made the latest move
        self.last_move = ""                  # "play", "pass", "sevens" (a chain's cards
        self.moved_in_turn = True            # taken) or "take"; and whether in turn
        self.open_calls = OpenCalls(players)      # what can still be called, and until when
        self.last: CardDown | None = None    # the latest move, when it put a card down
        self.maos_unclaimed: set[int] = set()  # played out rightly, Mao not yet said
        self.order_called: int | None = None   # who called the point of order under way
        self.penalties: list[Penalty] = []
        self.secret_rules: list[MaoRule] = []  # brought back by winners, in order
        self.chains = [0, 0]                 # 7 chains ended, and those past two 7s

    # -- reading ----------------------------------------------------------------------------

    def has_started(self) -> bool:
        return self.moves > 0

    @property
    def in_point_of_order(self) -> bool:
        return self.order_called is not None

    @property
    def owed(self) -> list[Owed]:
        return self.open_calls.owed

    @property
    def mao_in_vain(self) -> list[int]:
        """Maos said out of place that can still be called, by seat."""
        return self.open_calls.slips_by_seat(offences.SAYING_MAO)

    @property
    def orders_in_order(self) -> list[int]:
        """ "Point of order" said during one, still callable, by seat."""
        return self.open_calls.slips_by_seat(offences.POINT_OF_ORDER_IN_ONE)

    def required(self, card: Card, sevens: int) -> list[str]:
        """What playing `card` obliges its player to say, on a chain of `sevens` 7s."""
        return speech.phrases_for(as_played(card), sevens)

    def seven_answer(self, sevens: int) -> str:
        """What the player a chain of `sevens` 7s was aimed at says as they take the cards."""
        if self.settings.sevens == THANK_YOU_ANSWER:
            return speech.thanks(sevens - 1)
        return speech.PENALTY_CARD

    def owed_by(self, player: int) -> list[Owed]:
        """The phrases `player` owes now."""
        return [owed for owed in self.open_calls.owed if owed.player == player]

    def callable_owed(self, player: int) -> list[Owed]:
        """The phrases a call of failure to say can name now."""
        return [owed for owed in self.owed_by(player) if owed.due <= self.moves]

    @property
    def game_master(self) -> int:
        """Who may ask the referee in private what it knows (clarification game-master):
        the Mao master in a dictatorial game, otherwise the dealer."""
        master = self.settings.master
        return self.setup.dealer if master is None else master

    def is_introducing(self, player: int) -> bool:
        """Whether `player` is introducing the game: the game master, before the first
        card is laid or taken (clarification introduction)."""
        return self.moves == 0 and player == self.game_master

    def holds_own_rule(self, player: int) -> bool:
        """Whether `player` holds a secret rule only they can judge (clarification new-rule)."""
        return any(rule.holder == player and not rule.judged_by_engine
                   for rule in self.secret_rules)

    def count_points(self, award: Award) -> None:
        """A score counts the Maos a player has won: the table hears the Mao, not points."""
        self.scores[award.seat] += award.points

    # -- checks shared by every move -----------------------------------------------------------

    def _card_move_rules(self, player: int) -> None:
        """A card is played or taken (after the layer's checks: the session is on, the
        player sits at the table): no point of order, and the player is in the game."""
        if self.order_called is not None:
            raise IllegalActionError(
                f"{self.names[self.order_called]} called a point of order: no card played or "
                "taken is recorded until someone says \"end of point of order\".")
        if player in self.table.out:
            raise IllegalActionError(f"{self.names[player]} is out after a Mao until they "
                                     "come back into the game.")

    def verify_pass(self, player: int, said: Sequence[str] = ()) -> None:
        """Anyone may take a card from the stack, in turn or not, facing a 7 or not: only a
        call penalises it (clarifications out-of-turn, seven-chain)."""
        self._verify_move((player,), self._card_move_rules, player)

    def can_pass(self, player: int, said: Sequence[str] = ()) -> bool:
        return allowed(self.verify_pass, player, said)

    def _begin_move(self, player: int, kind: str, in_turn: bool) -> int:
        """A move is made: "last card" owed by a player who no longer holds one card when
        it falls due is no longer owed, and what `player` did in an earlier turn and nobody
        called is too late now (clarification late-calls)."""
        self.moves += 1
        if self.open_calls.owed:
            hands = self.table.hands
            self.open_calls.owed = [owed for owed in self.open_calls.owed
                                    if owed.phrase != speech.LAST_CARD or owed.due != self.moves
                                    or len(hands[owed.player]) == 1]
        self.open_calls.begin_move(player, self.mover)
        self.mover, self.last_move, self.moved_in_turn = player, kind, in_turn
        return self.moves

    def owe(self, player: int, phrase: str, move: int, due: int | None = None) -> None:
        until = self.open_calls.turn_of(player) + (player != self.mover)  # an owed turn to come
        self.open_calls.owed.append(Owed(player, phrase, move, move if due is None else due, until))


    def _end_chain(self, sevens: int) -> None:
        self.chains[0] += 1
        if sevens > 2:
            self.chains[1] += 1

    def take_cards(self, player: int, count: int) -> int:
        """`player` takes `count` cards from the stack; returns how many there were."""
        self.maos_unclaimed.discard(player)
        return self.table.draw(player, count)


def fire(game: MaoState, view: Any, player: int, required: list[str] | None,
         fits: bool) -> bool:
    """Ask every secret rule about the move `player` just made (seen as `view`) and carry
    out those that fire. A phrase for the player who played a card joins `required` (said
    with the card or owed); any other is owed at once. Returns whether the card fits."""
    mover, following = view.player.seat, view.next_player.seat
    wild = bad = False
    for rule in game.secret_rules:
        if not rule.judged_by_engine or rule.test is None or not rule.test(view):
            continue
        seat = following if rule.subject is Subject.NEXT_PLAYER else mover
        if rule.kind == SAY:
            if required is not None and seat == player:
                required.append(rule.phrase)
            else:
                game.owe(seat, rule.phrase, game.moves)
        elif rule.effect == "wild":
            wild = True
        elif rule.effect == "bad":
            bad = True
        elif rule.effect == "skip":
            game.table.skip_next()
        elif rule.effect == "reverse":
            game.table.turn_round(player)
        elif rule.effect == "draw":
            got = game.take_cards(seat, rule.amount)
            if required is not None and game.last is not None and got:
                game.last.gifts += ((seat, game.table.hands[seat][-got:]),)
    return False if bad else (True if wild else fits)
