"""The worked example, two rounds replayed on the engine's own game before they are printed.

Four players and stacked deals. In the first round Ana leads with a rule the engine judges:
cards are refused and go below the row, a guess is wrong, a hand with nothing that fits is
revealed, the table agrees to hints, a revealed hand holds a card that fits after all, and
Ben guesses the rule in other words; the master takes the best player's points, not halved.
In the second round Ben leads, and the rule is guessed on the fourth turn, so his points are
halved (rounded down), once, though two of the three cases hold.

The story's words are the template's (templates/rulebook/what-the-rule/sections/
example.xml.j2); this module holds its cards and moves, plays them on `WhatTheRuleGame` and
checks after every move that the engine agrees with the story (where the card went, whose
turn it is, what a revealed hand did, whether a guess was right). The points, the picture of
the table and the totals the book prints are the engine's. If the engine's rules ever
changed under the story, building the book fails here instead of printing a wrong example.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.games.what_the_rule.game import (
    EARLY_TURNS,
    FEW_CARDS,
    HINTED_BONUS,
    NOT_GUESSED,
    TEN_CARDS,
    TWO_TURNS,
    RoundResult,
    WhatTheRuleGame,
    new_game,
)
from engine.games.what_the_rule.settings import settings_words, stacked
from engine.games.what_the_rule.shapes import HAND, Design, parse_design

NAMES = ("Ana", "Ben", "Cleo", "Dev")  # clockwise
FIRST_MASTER = 0                       # Ana leads the first round
SEED = 7

# The glyphs a card is drawn with in the book: its shapes, filled or in outline.
GLYPHS = {("circle", "filled"): "●", ("circle", "unfilled"): "○",
          ("triangle", "filled"): "▲", ("triangle", "unfilled"): "△",
          ("square", "filled"): "■", ("square", "unfilled"): "□"}

# Round 1: Ana's rule, and the guesses in the rule language (the engine judges them).
RULE_1 = "card.count >= 3"
# Round 2: Ben's rule.
RULE_2 = 'card.colour == "black"'


def _codes(*lines: str) -> tuple[str, ...]:
    return tuple(" ".join(lines).split())


# The deals, top of the shuffled cards first: ten for each player from the master's left,
# then the top of the draw pile (the rest of each round's cards follow in the seeded order).
DEAL_1 = _codes(
    # Ben: everything he plays this round, and low cards
    "b1fc b2fs w1fs w2uc b3fc w1uc b2ut w2ft b1us w1ut",
    # Cleo: two cards that fit, a 3 she holds on to, and low cards
    "w4fc b5fc w3ft w2fs b1ut w2us b2fc w1ft b1fs w2ut",
    # Dev: one card that fits and nine with one or two shapes
    "w3us b2uc b1ft w2fc b2us w1us b1uc w2us b2ft w1fc",
    # the draw pile: Ben's first two draws, then the eight Dev draws after revealing
    "w1fs b1fc b6ut b4us w5uc b1ut w2fs b2us b1ft w6fs")
DEAL_2 = _codes(
    # Cleo, Dev, Ana (Ben leads)
    "b5us w4ft w6fc b2fc w1us b3uc w5ft w2uc b6fs w3fs",
    "w2fc b4ft w3uc b1us w6us b5fs w4us b2ft w5fc b6fc",
    "b1ft w6ft b3ft w4uc b5ft w1ft b2us w5us b4fc w3ft")


@dataclass(frozen=True, slots=True, kw_only=True)
class Move:
    """One move of the story and what the engine must make of it."""

    kind: str                    # "play", "reveal", "guess", "hints" or "hint"
    player: int = -1             # who plays, reveals or guesses
    card: str = ""               # played (a design code)
    fits: bool | None = None     # a card played: whether it goes into the row
    placed: str = ""             # a hand revealed: the card the master places ("" for none)
    said: str = ""               # a guess in the player's words, or a hint
    rule: str = ""               # a guess in the rule language
    right: bool | None = None    # a guess: whether it is right
    turn: int = -1               # whose turn it is after the move (-1: the round is over)


ROUND_1: tuple[Move, ...] = (
    Move(kind="play", player=1, card="b1fc", fits=False, turn=2),
    Move(kind="play", player=2, card="w4fc", fits=True, turn=3),
    Move(kind="play", player=3, card="w3us", fits=True, turn=1),
    Move(kind="guess", player=3, said="at least two shapes", rule="card.count >= 2",
         right=False, turn=1),
    Move(kind="play", player=1, card="b2fs", fits=False, turn=2),
    Move(kind="play", player=2, card="b5fc", fits=True, turn=3),
    Move(kind="reveal", player=3, turn=1),
    Move(kind="hints", turn=1),
    Move(kind="hint", said="It has nothing to do with colours.", turn=1),
    Move(kind="play", player=1, card="w1fs", fits=False, turn=2),
    Move(kind="reveal", player=2, placed="w3ft", turn=3),
    Move(kind="play", player=3, card="b6ut", fits=True, turn=1),
    Move(kind="play", player=1, card="w2uc", fits=False, turn=2),
    Move(kind="play", player=2, card="w2fs", fits=False, turn=3),
    Move(kind="play", player=3, card="b4us", fits=True, turn=1),
    Move(kind="play", player=1, card="b3fc", fits=True, turn=2),
    Move(kind="guess", player=1, said="more than two shapes", rule="card.count > 2",
         right=True),
)
ROUND_2: tuple[Move, ...] = (
    Move(kind="play", player=2, card="b5us", fits=True, turn=3),
    Move(kind="play", player=3, card="w2fc", fits=False, turn=0),
    Move(kind="play", player=0, card="b1ft", fits=True, turn=2),
    Move(kind="play", player=2, card="b3uc", fits=True, turn=3),
    Move(kind="guess", player=2, said="no white cards", rule='card.colour != "white"',
         right=True),
)
ROUNDS = ((FIRST_MASTER, RULE_1, ROUND_1), (FIRST_MASTER + 1, RULE_2, ROUND_2))
# why a master's points are halved, as the book says it
_SPELLED = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
HALVED_WORDS = {EARLY_TURNS: f"someone had had fewer than {_SPELLED[TWO_TURNS]} turns",
                FEW_CARDS: f"fewer than {_SPELLED[TEN_CARDS]} cards had been played",
                NOT_GUESSED: "nobody guessed the rule"}


class ExampleDisagrees(AssertionError):
    """The engine no longer plays the worked example as the book tells it."""


def glyphs(design: Design) -> str:
    """A card's shapes as the book draws them.

    >>> glyphs(parse_design("b3fc")), glyphs(parse_design("w2us"))
    ('●●●', '□□')
    """
    return GLYPHS[design.shape, design.fill] * design.count


def card_words(design: Design) -> str:
    """A card as the book names it: "black · 3 filled circles".

    >>> card_words(parse_design("b3fc")), card_words(parse_design("w1ut"))
    ('black · 3 filled circles', 'white · 1 unfilled triangle')
    """
    return f"{design.colour} · {design.name.split(' with ', 1)[1]}"


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPic:
    """A card as the book shows it: drawn as printed (its design's shape, count, fill and
    colour), as glyphs where only text will do, and in words."""

    glyphs: str
    colour: str
    words: str
    shape: str = ""
    count: int = 0
    fill: str = ""


def picture(code: str) -> CardPic:
    design = parse_design(code)
    return CardPic(glyphs=glyphs(design), colour=design.colour, words=card_words(design),
                   shape=design.shape, count=design.count, fill=design.fill)


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnRow:
    """One line of a round's table of moves."""

    number: int      # the turn's number, 0 for what happens between turns
    label: str       # the number as the table shows it: only on a turn's first line
    who: str         # who moves ("" for the whole table)
    did: str         # what they did
    result: str      # what came of it


@dataclass(frozen=True, slots=True, kw_only=True)
class Spot:
    """One place of the row at the end of a round: the card in it, and the cards refused
    below it."""

    position: int
    card: CardPic | None
    refused: tuple[CardPic, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreRow:
    name: str
    master: bool
    cards: int       # cards left in hand (0 for the master, who holds none)
    base: int        # 10 minus those
    bonus: int       # for the right guess
    points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ExampleRound:
    number: int
    master: str
    first_player: str
    turns: tuple[TurnRow, ...]
    spots: tuple[Spot, ...]
    below_rows: int                # the most cards refused below one place
    scores: tuple[ScoreRow, ...]   # the players in turn, then the master
    guesser: str
    hints: bool
    played: int                    # cards laid on the table
    least_turns: int               # the fewest turns any player had
    best: int                      # the best player's points
    master_points: int
    halved: tuple[str, ...]        # why the master's points were halved, in words


@dataclass(frozen=True, slots=True, kw_only=True)
class TotalRow:
    name: str
    rounds: tuple[int, ...]
    total: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WorkedExample:
    """The example's rounds and totals, all as the engine has them."""

    names: tuple[str, ...]
    rounds: tuple[ExampleRound, ...]
    totals: tuple[TotalRow, ...]
    hint: str                      # the hint Ana gives in the first round
    guesses: tuple[str, ...]       # every guess in the players' words, in order
    revealed_held: int             # cards in Dev's hand when he reveals it
    revealed_drawn: int            # cards he draws afterwards
    round_count: int               # rounds in the game (everyone leads once)


def _story(moves: Sequence[Move], game: WhatTheRuleGame, number: int,
           ) -> tuple[list[TurnRow], int, int]:
    """Play a round's moves, checking each; the table of moves, and the cards held and
    drawn by the first player who revealed a hand with nothing that fits."""
    round_ = game.round
    assert round_ is not None
    names = game.names
    rows: list[TurnRow] = []
    turn = 0
    held = drawn = 0
    for index, move in enumerate(moves, start=1):
        where = f"move {index} of round {number} of the worked example"
        row_before, below_before = len(round_.row), len(round_.below)
        hand = round_.hands[move.player] if move.player >= 0 else []
        hand_before = len(hand)
        try:
            if move.kind == "play":
                game.play(move.player, move.card)
            elif move.kind == "reveal":
                game.reveal(move.player)
            elif move.kind == "guess":
                game.guess(move.player, move.rule)
            elif move.kind == "hints":
                game.agree_hints()
            else:
                game.hint(move.said)
        except Exception as error:  # an illegal move: the engine refuses the story
            raise ExampleDisagrees(f"{where} is refused by the engine: {error}") from None
        who = names[move.player] if move.player >= 0 else ""
        if move.kind == "play":
            turn += 1
            card = picture(move.card)
            fits = len(round_.row) > row_before
            if fits != move.fits:
                raise ExampleDisagrees(f"{where}: the engine {'accepts' if fits else 'refuses'} "
                                       f"the {card.words}, the story does not")
            result = (f"fits: place {len(round_.row)} of the row" if fits else
                      f"does not fit: below place {round_.below[-1][0] + 1}; draws a card")
            rows.append(TurnRow(number=turn, label=str(turn), who=who, did=f"plays {card.words}",
                                result=result))
            assert fits or len(round_.below) == below_before + 1
        elif move.kind == "reveal":
            turn += 1
            placed = round_.row[-1].code if len(round_.row) > row_before else ""
            if placed != move.placed:
                raise ExampleDisagrees(f"{where}: the engine places {placed or 'nothing'}, the "
                                       f"story {move.placed or 'nothing'}")
            if placed:
                result = (f"{picture(placed).words} fits: the master lays it in place "
                          f"{len(round_.row)}; draws a card")
            else:
                now = len(round_.hands[move.player])
                if now != hand_before - 1:
                    raise ExampleDisagrees(f"{where}: {who} holds {now} cards after the reveal, "
                                           f"not {hand_before - 1}")
                if not held:
                    held, drawn = hand_before, now
                result = (f"nothing fits: the {hand_before} cards go under the draw pile; "
                          f"draws {now}")
            rows.append(TurnRow(number=turn, label=str(turn), who=who, did="reveals the hand",
                                result=result))
        elif move.kind == "guess":
            right = round_.guesses[-1].right
            if right != move.right:
                raise ExampleDisagrees(f"{where}: the engine finds the guess "
                                       f"{'right' if right else 'wrong'}, the story does not")
            rows.append(TurnRow(number=turn, label="", who=who, did=f"guesses “{move.said}”",
                                result="right: the round ends" if right else "wrong"))
        elif move.kind == "hints":
            rows.append(TurnRow(number=0, label="", who="", did="everyone agrees to hints",
                                result=f"a right guess is now worth {HINTED_BONUS}"))
        else:
            rows.append(TurnRow(number=0, label="", who=names[round_.master],
                                did="announces a hint; nobody objects",
                                result=f"“{move.said}”"))
        expected = "over" if move.turn < 0 else names[move.turn]
        actual = "over" if round_.ended else names[round_.turn]
        if actual != expected:
            raise ExampleDisagrees(f"{where}: the engine has {actual}, the story {expected}")
    return rows, held, drawn


def _spots(game: WhatTheRuleGame) -> tuple[tuple[Spot, ...], int]:
    round_ = game.round
    assert round_ is not None
    places = max([len(round_.row), *(spot + 1 for spot, _ in round_.below)])
    spots = tuple(Spot(position=place + 1,
                       card=picture(round_.row[place].code) if place < len(round_.row) else None,
                       refused=tuple(picture(card.code) for spot, card in round_.below
                                     if spot == place))
                  for place in range(places))
    return spots, max((len(spot.refused) for spot in spots), default=0)


def _scores(game: WhatTheRuleGame, result: RoundResult) -> tuple[ScoreRow, ...]:
    round_ = game.round
    assert round_ is not None
    rows = []
    for seat in round_.order:
        cards = len(round_.hands[seat])
        base = HAND - cards
        rows.append(ScoreRow(name=game.names[seat], master=False, cards=cards, base=base,
                             bonus=result.points[seat] - base, points=result.points[seat]))
    master = result.points[result.master]
    rows.append(ScoreRow(name=game.names[result.master], master=True, cards=0, base=0, bonus=0,
                         points=master))
    return tuple(rows)


def worked_example() -> WorkedExample:
    """Play the story on the engine, check every move, and return what the book prints."""
    options = settings_words({"deck1": stacked(DEAL_1), "deck2": stacked(DEAL_2)})
    game = WhatTheRuleGame(new_game(NAMES, seed=SEED, dealer=FIRST_MASTER, options=options))
    rounds: list[ExampleRound] = []
    held = drawn = 0
    for number, (master, rule, moves) in enumerate(ROUNDS, start=1):
        try:
            game.lead(master, rule)
        except Exception as error:
            raise ExampleDisagrees(f"round {number} of the worked example cannot begin: "
                                   f"{error}") from None
        round_ = game.round
        assert round_ is not None
        first = round_.turn
        rows, round_held, round_drawn = _story(moves, game, number)
        held, drawn = held or round_held, drawn or round_drawn
        if not game.results or game.results[-1].number != number:
            raise ExampleDisagrees(f"round {number} of the worked example does not end where "
                                   "the story ends")
        result = game.results[-1]
        spots, below_rows = _spots(game)
        scores = _scores(game, result)
        best = max(row.points for row in scores if not row.master)
        rounds.append(ExampleRound(
            number=number, master=NAMES[master], first_player=NAMES[first], turns=tuple(rows),
            spots=spots, below_rows=below_rows, scores=scores,
            guesser=NAMES[result.guesser] if result.guesser is not None else "",
            hints=result.hints, played=result.played,
            least_turns=min(round_.turns[seat] for seat in round_.order), best=best,
            master_points=result.points[result.master],
            halved=tuple(HALVED_WORDS[why] for why in result.halved)))
    one, two = rounds
    # the story's claims about the scores, which the template's words rely on
    if (one.halved or one.master_points != one.best or not one.hints
            or one.guesser != NAMES[1] or one.scores[0].name != NAMES[1]
            or max(one.scores[:-1], key=lambda row: row.points).name == one.guesser):
        raise ExampleDisagrees("round 1 of the worked example no longer ends with Ben guessing "
                               "after hints, someone else scoring best, and Ana taking that "
                               "best score in full")
    if (len(two.halved) != 2 or two.master_points != two.best // 2 or two.best % 2 == 0
            or two.hints or two.guesser != NAMES[2]):
        raise ExampleDisagrees("round 2 of the worked example no longer ends with Cleo guessing "
                               "without hints and Ben's odd best score halved once for two "
                               "reasons")
    totals = tuple(TotalRow(name=name, rounds=tuple(r.points[seat] for r in game.results),
                            total=game.scores[seat]) for seat, name in enumerate(NAMES))
    hint = next(move.said for move in ROUND_1 if move.kind == "hint")
    guesses = tuple(move.said for _, _, moves in ROUNDS for move in moves
                    if move.kind == "guess")
    return WorkedExample(names=NAMES, rounds=tuple(rounds), totals=totals, hint=hint,
                         guesses=guesses, revealed_held=held, revealed_drawn=drawn,
                         round_count=game.target)
