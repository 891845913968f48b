"""What the referee says after each What the Rule?! entry, the board's counts, the table
line, the game's end and ranking, and how a new game is set up.

When the referee is the game master it says its verdicts (a card fits or not, which card
of a revealed hand it places, a guess right or wrong). A wrong guess is only wrong; once the
table has agreed to hints, the referee announces a hint after it (a card to try on the row
as it stands) and gives it when asked, unless someone objects. It never says the rule until
the round is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import HrdeckError
from engine.events import Event, GameStarted
from engine.games.registry import Game
from engine.games.what_the_rule.events import (
    Guessed,
    HintGiven,
    Passed,
    Played,
    Revealed,
    RoundLed,
)
from engine.games.what_the_rule.game import (
    EARLY_TURNS,
    FEW_CARDS,
    GUESSED,
    NOT_GUESSED,
    OUT_OF_CARDS,
    Round,
    WhatTheRuleGame,
    new_game,
)
from engine.games.what_the_rule.judging import TOO_COMPLEX
from engine.games.what_the_rule.settings import read_settings
from engine.games.what_the_rule.shapes import Design
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.tables import NewGame
from hrdeck.referee.tables.what_the_rule.talk_heard import (
    TALK,
    referee_hint,
    talk_heard,
    waiting_hint,
)
from hrdeck.referee.views import SAY, WIN, Line

MODES = {"full": "table", "score": "score"}   # the referee's modes -> the engine's
MACHINE_DEALS = "shuffled"   # the engine's mode where the machine master deals
GENERIC = frozenset({"peek", "score", "history", "turn", "undo", "reveal", "timer", "help",
                     "quit"})
_PENALTIES = ("enforce", "call", "challenge", "rule")
ROW_SHOWN = 4   # the row's last cards on the table line
HALVED_WHY = {EARLY_TURNS: "before every player had two turns",
              FEW_CARDS: "before ten cards were played"}


def unused(command: str) -> str:
    """Why an every-game command has no place in What the Rule?!."""
    if command in _PENALTIES:
        return ("there are no enforcements or challenges: the game master judges every card "
                "and guess (the referee, or the master in person).")
    if command in ("keep", "pick"):
        return ("the referee deals no secret rules: each round's master brings one (lead).")
    return ""


def wtr(game: Game) -> WhatTheRuleGame | None:
    """The game, played with real cards or against the machine master (which deals)."""
    return game if isinstance(game, WhatTheRuleGame) and (
        game.real or game.settings.machine is not None) else None


# -- words ---------------------------------------------------------------------------------------


def cards(count: int) -> str:
    return "a card" if count == 1 else f"{count} cards"


def points(count: int) -> str:
    return "1 point" if count == 1 else f"{count} points"


def and_list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def sentences(parts: Sequence[str]) -> str:
    return " ".join(part[0].upper() + part[1:] + ("" if part.endswith(("!", ".", "?")) else ".")
                    for part in parts if part)


def card_words(design: Design) -> str:
    """ "a white card with 2 filled triangles (w2ft)" """
    return f"{design.name} ({design.code})"


def master_name(game: WhatTheRuleGame, round_: Round) -> str:
    return game.names[round_.master]


def judged_by(round_: Round) -> str:
    return "the referee judges" if round_.rule is not None else "the master judges"


# -- the game at the table ---------------------------------------------------------------------


def setup(new: NewGame, triggers: tuple[str, ...], actions: tuple[str, ...]) -> GameStarted:
    if new.fewer_cards:
        raise RefereeError("--fewer-cards is a variant of Up 'N Over: in What the Rule?! "
                           "everyone but the master is dealt ten cards.")
    if new.face_up:
        raise RefereeError("What the Rule?! deals no cards face up.")
    try:
        machine = read_settings(new.options, len(new.players)).machine
    except HrdeckError:
        machine = None  # the engine says what is wrong
    return new_game(new.players, seed=new.seed, target=new.target,
                    dealer=new.dealer if machine is None else machine, options=new.options,
                    mode=MODES[new.mode] if machine is None else MACHINE_DEALS)


def setup_words(setup: GameStarted) -> str:
    """ " (Ann leads the first round; 3 rounds, the lead passing clockwise; points off)" """
    names = setup.players
    try:
        settings = read_settings(setup.options, len(names))
    except HrdeckError:
        settings = None
    rounds = f"{setup.target} round{'s' if setup.target != 1 else ''}"
    if settings is not None and settings.machine is not None:
        parts = [f"{names[settings.machine]} is the machine master of all {rounds}"]
    else:
        parts = [f"{names[setup.dealer]} leads the first round" if setup.dealer < len(names)
                 else "", f"{rounds}, the lead passing clockwise"]
    if settings is not None and not settings.points:
        parts.append("played without points")
    if setup.mode == "score":
        parts.append("every master judges")
    return f" ({'; '.join(part for part in parts if part)})"


def to_act(game: Game) -> tuple[int, str] | None:
    wtr_game = wtr(game)
    if wtr_game is None or wtr_game.over:
        return None
    round_ = wtr_game.under_way
    if round_ is None:
        return wtr_game.next_master, "lead"
    if round_.guesser is not None:
        return round_.guesser, "guess"
    return round_.turn, "play"


def _to_play(game: WhatTheRuleGame, round_: Round) -> str:
    name = game.names[round_.turn]
    if not game.real:  # the machine dealt: it knows the hand
        return f"{name} to play a card, or show their hand (show)"
    if round_.rule is not None:
        return f"{name} to play a card, or show their hand (show CARDS)"
    held = len(round_.hands[round_.turn])
    return (f"{name} to play a card (CARD fits, or CARD no), or show their {cards(held)} "
            f"(show {held} none, or show {held} place CARD)")


def _leads(game: WhatTheRuleGame) -> str:
    number = len(game.results) + 1
    name = game.names[game.next_master]
    if game.settings.machine is not None:
        return (f"Round {number}: {name} draws the next rule (lead draw, or lead draw "
                "starter, easy, medium or hard)")
    if game.setup.mode == "score":
        return f"Round {number}: {name} leads and judges the cards: lead"
    return (f"Round {number}: {name} leads as game master: lead (the rule typed in private, "
            "a rule card's number, draw, or judge)")


def next_step(game: Game) -> str:
    wtr_game = wtr(game)
    if wtr_game is None:
        return "Play on."
    if wtr_game.over:
        return game_over(game, game.names)
    round_ = wtr_game.under_way
    if round_ is None:
        return _leads(wtr_game) + "."
    if round_.guesser is not None:
        name = game.names[round_.guesser]
        how = "guess RULE" if round_.rule is not None else "guess right|wrong WORDS"
        if round_.waiting:
            return f"{name} played their last card: {name} guesses ({how}) or passes (pass)."
        return f"{name} may guess ({how}) or pass; then {_to_play(wtr_game, round_)}."
    if round_.offer is not None:
        return sentences([f"{waiting_hint(wtr_game, round_)}; then {_to_play(wtr_game, round_)}"])
    return _to_play(wtr_game, round_) + "."


def ranking(game: WhatTheRuleGame) -> str:
    """ "1. Ann 30 · 2. Ben 25 · 2. Cat 25 · 4. Dan 10": ties share a place."""
    machine = game.settings.machine  # no player: it does not rank (machine-seat)
    seats = [seat for seat in range(len(game.names)) if seat != machine]
    ranked = [game.scores[seat] for seat in seats]
    order = sorted(seats, key=lambda seat: -game.scores[seat])
    parts = []
    for seat in order:
        place = 1 + sum(score > game.scores[seat] for score in ranked)
        parts.append(f"{place}. {game.names[seat]} {game.scores[seat]}")
    if machine is not None:
        parts.append(f"{game.names[machine]}, the machine master: {game.scores[machine]}")
    return " · ".join(parts)


def game_over(game: Game, names: Sequence[str]) -> str:
    wtr_game = wtr(game)
    if wtr_game is None:
        return "The game is over."
    rounds = len(wtr_game.results)
    after = f"after {rounds} round{'s' if rounds != 1 else ''}"
    if not wtr_game.settings.points:
        return f"The game is over {after}, played without points."
    winners = [names[seat] for seat in wtr_game.winners]
    best = points(max(wtr_game.scores))
    won = (f"{winners[0]} won with {best}" if len(winners) == 1
           else f"{and_list(winners)} share the win with {best}")
    return f"The game is over {after}: {won}. Final ranking: {ranking(wtr_game)}."


def winners(game: Game) -> tuple[int, ...]:
    wtr_game = wtr(game)
    return wtr_game.winners if wtr_game is not None else ()


def goal(target: int) -> str:
    return f"{target} round{'s' if target != 1 else ''}"


def counts(game: Game) -> list[tuple[int, ...]]:
    wtr_game = wtr(game)
    if wtr_game is None:
        return []
    round_ = wtr_game.round
    if round_ is None:
        return [(0,)] * len(game.names)
    return [(len(hand),) for hand in round_.hands]


def table_line(game: Game) -> str | None:
    """The round and its master, the row's last cards, the cards below the row, the draw
    pile, and whether hints are on."""
    wtr_game = wtr(game)
    if wtr_game is None:
        return None
    round_ = wtr_game.round
    if round_ is None:
        return None
    master = master_name(wtr_game, round_)
    if round_.ended:
        return f"Round {round_.number} is over ({master} was the master)."
    row = round_.row
    shown = " ".join(card.code for card in row[-ROW_SHOWN:])
    length = f"{len(row)} card{'s' if len(row) > 1 else ''}"
    row_text = (f"Row: {'… ' if len(row) > ROW_SHOWN else ''}{shown} ({length})"
                if row else "Row: empty")
    parts = [f"Round {round_.number}, master {master} ({judged_by(round_)})", row_text,
             f"below the row: {len(round_.below)}", f"draw pile: {len(round_.pile)}",
             ("hints on, one announced" if round_.offer is not None else "hints on")
             if round_.hints else "hints off"]
    return " · ".join(parts)


def machines(game: Game) -> tuple[int, ...]:
    """The machine master's seat, in a game against the machine (clarification
    machine-seat)."""
    wtr_game = wtr(game)
    machine = None if wtr_game is None else wtr_game.settings.machine
    return () if machine is None else (machine,)


def own_rules(game: Game) -> list[tuple[int, str]]:
    """Each round's rule, by its master (for peek and reveal): the rule the referee judged
    by, or that the master judged in person."""
    wtr_game = wtr(game)
    if wtr_game is None:
        return []
    rules = [(result.master, result.number, result.rule) for result in wtr_game.results]
    round_ = wtr_game.under_way
    # the machine master says its rule when the round is over, not before (machine-seat)
    if round_ is not None and round_.master != wtr_game.settings.machine:
        rules.append((round_.master, round_.number,
                      "" if round_.rule is None else round_.rule.source))
    return [(master, f"round {number}: {rule}" if rule else
             f"round {number}: their own rule, judged at the table")
            for master, number, rule in rules]


# -- after an entry ------------------------------------------------------------------------------


def _led(game: WhatTheRuleGame, round_: Round) -> list[str]:
    master = master_name(game, round_)
    who = ("the referee judges the cards by their rule" if round_.rule is not None
           else f"{master} judges the cards")
    return [f"Round {round_.number}: {master} is the game master, and {who}",
            f"{master} deals ten cards to each of the others; the rest is the draw pile "
            f"({cards(len(round_.pile))})",
            _to_play(game, round_)]


def _played(game: WhatTheRuleGame, round_: Round, event: Played) -> list[str]:
    name = game.names[event.player]
    fits = round_.seen[-1][2]
    said: list[str] = []
    if round_.rule is not None:
        said.append("it fits: into the row" if fits else
                    "it does not fit: below the row, and " + f"{name} draws a card")
    else:
        said.append("into the row" if fits else f"below the row: {name} draws a card")
    if fits:
        said[-1] += f", now {len(round_.row)} card{'s' if len(round_.row) > 1 else ''} long"
    return said


def _revealed(game: WhatTheRuleGame, round_: Round, event: Revealed) -> list[str]:
    name = game.names[event.player]
    master = master_name(game, round_)
    if round_.guesser == event.player:  # none fits: they may guess
        held = len(event.cards) or event.count or None
        drawn = len(round_.hands[event.player])
        none = ("none of them fits" if round_.rule is not None
                else f"none fits, says {master}")
        took = (f"they go under the draw pile and {name} draws {drawn}" if held is None
                else f"the {held} cards go under the draw pile and {name} draws {drawn}")
        return [f"{none}: {took}"]
    placed = round_.row[-1]
    if round_.rule is not None:
        return [f"{card_words(placed)} fits: the referee places it in the row, and {name} "
                "takes back the others and draws a card"]
    return [f"{master} places {card_words(placed)} in the row, and {name} draws a card"]


def understood(said: str, rule: str) -> str:
    """ '"just black ones" — read as: only black cards (card.colour == "black")' """
    words = _plain_words(said, rule)
    return f'"{said}" — read as: {words} ({rule})' if words else f'"{said}" — read as: {rule}'


def _plain_words(said: str, rule: str) -> str:
    """How the referee puts `rule`, read from `said`, in its own words ("" when it cannot)."""
    from engine.games.what_the_rule.words import PhraseError, read_phrase

    try:
        reading = read_phrase(said)
    except PhraseError:
        reading = None
    return reading.words if reading is not None and reading.rule == rule else ""


def _guessed(game: WhatTheRuleGame, round_: Round, event: Guessed) -> list[str]:
    guess = round_.guesses[-1]
    master = master_name(game, round_)
    if round_.rule is None:
        return [f"{'right' if guess.right else 'wrong'}, says {master}"]
    # The entry itself says who guessed what and the rule it was read as: here only the
    # referee's own words for that rule, so a guess in plain words is not heard twice.
    words = _plain_words(event.said, event.rule) if event.said else ""
    heard = [f"understood as: {words}"] if words else []
    if event.judged == TOO_COMPLEX:  # clarification too-complex: the master judged it
        heard.append(f"{'right' if guess.right else 'wrong'}, says {master}: the guess was "
                     "too complex for the referee to judge")
        if guess.right or not round_.hints or round_.ended:
            return heard
        return [*heard, *referee_hint(game, round_)]
    if guess.right:
        return [*heard, f"right! That is {master}'s rule, however it is written"]
    if round_.hints and not round_.ended:
        return [*heard, f"not {master}'s rule", *referee_hint(game, round_)]
    return [*heard, f"not {master}'s rule"]


def on_entry(game: Game, event: Event) -> list[Line]:
    """What the table hears of an entry, before any points."""
    wtr_game = wtr(game)
    round_ = None if wtr_game is None else wtr_game.round
    if wtr_game is None or round_ is None:
        return []
    said: list[str] = []
    if isinstance(event, RoundLed):
        said = _led(wtr_game, round_)
    elif isinstance(event, Played | Revealed):
        said = (["the hint announced lapses: play went on"] if round_.lapsed else []) + (
            _played(wtr_game, round_, event) if isinstance(event, Played)
            else _revealed(wtr_game, round_, event))
    elif isinstance(event, Guessed):
        said = _guessed(wtr_game, round_, event)
    elif isinstance(event, TALK):
        said = talk_heard(wtr_game, round_, event)
    if not round_.ended and not isinstance(event, RoundLed):
        said.append(next_step(game))
    return [Line(SAY, sentences(said))] if said else []


def _ended(result_ended: str, game: WhatTheRuleGame, guesser: int | None,
           round_: Round) -> str:
    master = master_name(game, round_)
    if result_ended == GUESSED and guesser is not None:
        return f"{game.names[guesser]} found {master}'s rule"
    if result_ended == OUT_OF_CARDS:
        return "a player is out of cards"
    return "the draw pile is empty"


def after_round(game: Game, event: Event) -> list[Line]:
    """The end of a round (after its points): why it ended, the rule, the master's halving,
    and what comes next: the next round, or the game's end and the ranking."""
    wtr_game = wtr(game)
    round_ = None if wtr_game is None else wtr_game.round
    if (wtr_game is None or round_ is None or not round_.ended
            or not isinstance(event, (Played, Revealed, Guessed, Passed, *TALK))):
        return []
    result = wtr_game.results[-1]
    master = master_name(wtr_game, round_)
    said = [f"round {result.number} is over: "
            f"{_ended(result.ended, wtr_game, result.guesser, round_)}"]
    if result.rule and round_.said:
        said.append(f"{master}'s rule was {understood(round_.said, result.rule)}")
    elif result.rule:
        said.append(f"{master}'s rule was: {result.rule}")
    if wtr_game.settings.points:
        best = max(result.points[seat] for seat in round_.order)
        if result.halved:
            why = ("nobody guessed the rule" if NOT_GUESSED in result.halved else
                   "the rule was guessed " + ", and ".join(HALVED_WHY[why]
                                                          for why in result.halved))
            said.append(f"{master} scores the best player's {points(best)}, halved to "
                        f"{result.points[result.master]}: {why}")
        else:
            said.append(f"{master} scores the best player's {points(best)}")
    lines = [Line(SAY, sentences(said))]
    if wtr_game.over:
        lines.append(Line(WIN, game_over(game, game.names)))
    else:
        lines.append(Line(SAY, _leads(wtr_game) + "."))
    return lines


def note(game: Game, event: Event) -> str | None:
    """What the history adds to an entry: the referee's verdicts, and its hints."""
    wtr_game = wtr(game)
    round_ = None if wtr_game is None else wtr_game.round
    if wtr_game is None or round_ is None or round_.rule is None:
        return None
    if isinstance(event, Played):
        return "fits" if round_.seen[-1][2] else "does not fit"
    if isinstance(event, Revealed):
        if round_.guesser == event.player:
            return "none fits"
        return f"the referee places {round_.row[-1].code}"
    if isinstance(event, Guessed) and round_.guesses:
        return "right" if round_.guesses[-1].right else "wrong"
    if isinstance(event, HintGiven) and round_.hints_given:
        return round_.hints_given[-1]
    return None

