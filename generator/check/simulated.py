"""Simulated checks: play thousands of games and watch every trigger fire.

Player counts and chunks of games are spread over processes; each chunk's games are
seeded by their number, so the figures do not depend on how the work was split.
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any

from engine.games.registry import BaseGame, find_game
from engine.language.parse import parse_trigger
from engine.observe import Observation, batch_of, observe, prepare
from generator.check.options import MAX_WORKERS
from generator.check.static import CheckedTrigger, silences, speaks
from generator.deck import LoadedDeck
from generator.deck_model import CheckSettings, NameAction
from generator.issues import plural
from generator.yamlmarks import Path as YamlPath

MIN_FIRES_PER_SEAT = 60       # fewer fires a seat than this say nothing about bias
CHUNKS_PER_WORKER = 6   # small chunks keep every worker busy to the end
Progress = Callable[[int, int], None]  # (games done, games in all)
IN_PROCESS_BELOW = 600        # games in all: too few to be worth other processes
BATCH_GAMES = 4_000           # games a batch plays at once, at most (its memory grows with it)
# Games in all played as arrays in this process: two workers tie with it at 2,000 (base
# deck, 2 cores) and save a third of the time at 4,000.
BATCHED_IN_PROCESS_BELOW = 2_000
# For each secret silence (where its action is), the standard rules asking for speech on a
# play it silences, each with such a play.
StandardSpeech = Mapping[YamlPath, list[tuple[str, dict[str, Any]]]]


class Simulation:
    """Games being played, in other processes when that pays; `results()` waits for them."""

    def __init__(self, triggers: Sequence[CheckedTrigger], game: BaseGame,
                 settings: CheckSettings, workers: int | None = None,
                 pairs: bool = False) -> None:
        parsed = [t.parsed for t in triggers if t.parsed is not None]
        sources = tuple(trigger.source for trigger in parsed)
        counts = sorted(set(settings.players))
        workers = max(1, min(workers or min(os.cpu_count() or 1, 4), MAX_WORKERS))
        policy = settings.policy or "greedy"
        self.batched = bool(parsed) and batch_of(game, parsed, policy) is not None
        jobs = []
        for players in counts:
            if self.batched:   # whole batches: fixed sizes, so the figures never depend
                size = BATCH_GAMES  # on the number of workers
            else:
                chunks = max(1, min(settings.games, workers * CHUNKS_PER_WORKER // len(counts)))
                size = math.ceil(settings.games / chunks)
            for first in range(0, settings.games, size):
                jobs.append((sources, game.name, players, min(size, settings.games - first),
                             _seed_for(settings.seed, players), policy, first, pairs,
                             self.batched))
        self._jobs = sorted(jobs, key=lambda job: -job[2] * job[3])  # the longest first
        self._pool: ProcessPoolExecutor | None = None
        self._futures: list[Future[Observation]] = []
        in_process_below = BATCHED_IN_PROCESS_BELOW if self.batched else IN_PROCESS_BELOW
        if workers > 1 and settings.games * len(counts) >= in_process_below and sources:
            if self.batched:  # numpy loaded once, here: the forked workers share it
                importlib.import_module("engine.observe_batched")
            else:
                prepare(parsed, game.schema)
            context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
            self._pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
            self._futures = [self._pool.submit(_observe_chunk, job) for job in self._jobs]

    @property
    def games(self) -> int:
        """Games in all, over every player count."""
        return sum(job[3] for job in self._jobs)

    def results(self, progress: Progress | None = None) -> dict[int, Observation]:
        """Observation per player count (waits for the other processes to finish), telling
        `progress` (games done, games in all) as each share of the games comes in."""
        tell = progress or (lambda done, total: None)
        total, done = self.games, 0
        if self._pool is None:
            chunks = []
            for job in self._jobs:
                chunks.append(_observe_chunk(job))
                done += job[3]
                tell(done, total)
        else:
            try:
                sizes = {future: job[3] for future, job in zip(self._futures, self._jobs,
                                                                 strict=True)}
                for future in as_completed(self._futures):
                    done += sizes[future]
                    tell(done, total)
                chunks = [future.result() for future in self._futures]  # in a fixed order
            finally:
                self._pool.shutdown(cancel_futures=True)
        merged: dict[int, Observation] = {}
        for result in chunks:
            if result.players in merged:
                merged[result.players].merge(result)
            else:
                merged[result.players] = result
        return merged

    def cancel(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def simulate_triggers(triggers: Sequence[CheckedTrigger], game: BaseGame,
                      settings: CheckSettings, workers: int | None = None,
                      pairs: bool = False) -> dict[int, Observation]:
    """Observation per player count, for the triggers that can be simulated (with the plays
    each pair fired together when `pairs`)."""
    return Simulation(triggers, game, settings, workers, pairs).results()


def _seed_for(seed: int, players: int) -> int:
    return seed * 10 + players


def _observe_chunk(job: tuple[tuple[str, ...], str, int, int, int, str, int, bool, bool]
                   ) -> Observation:
    sources, game_name, players, games, seed, policy, first, pairs, batched = job
    schema = find_game(game_name).schema
    triggers = [parse_trigger(source, schema) for source in sources]
    if batched:
        from engine.observe_batched import observe_batched

        return observe_batched(triggers, schema, players=players, games=games, seed=seed,
                               policy=policy, first_game=first, pairs=pairs)
    return observe(triggers, schema, players=players, games=games, seed=seed, policy=policy,
                   first_game=first, pairs=pairs)


def report_simulation(deck: LoadedDeck, triggers: Sequence[CheckedTrigger],
                      observations: dict[int, Observation], settings: CheckSettings,
                      standard: StandardSpeech | None = None) -> None:
    """Turn the figures into warnings where a trigger would not work as a secret (a card's
    `allow` list drops the ones it accepts afterwards: run.allowed_dropped). `standard`:
    the standard rules' speech each secret silence meets (`static.standard_speech`)."""
    for position, trigger in enumerate(triggers):
        at = (*trigger.place, "when")
        per_count = [(players, obs) for players, obs in sorted(observations.items())]
        if all(obs.fires[position] == 0 for _, obs in per_count):
            games = sum(obs.games for _, obs in per_count)
            deck.add("sim-never", f'trigger "{trigger.card_id}" never fired in {games:,} '
                     "simulated games: players would never see it.", at,
                     data={"games": games})
            continue
        # Rare when even the top of its 95% interval is under the limit: a trigger whose
        # interval holds the limit could lie on either side, and the seed would decide.
        rarest = min(per_count, key=lambda item: item[1].interval(position)[1])
        players, obs = rarest
        if obs.interval(position)[1] < settings.min_fires_per_game:
            low, high = obs.interval(position)
            deck.add("sim-rare", f'trigger "{trigger.card_id}" fires {obs.mean(position):.2f} '
                     f"times a game with {players} players (95% CI {low:.2f}–{high:.2f}); "
                     f"{obs.zero_chance(position):.0%} of games pass without it "
                     f"(below {settings.min_fires_per_game:g} a game is too rare).", at,
                     data={"players": players, "fires_per_game": round(obs.mean(position), 4),
                           "ci95_low": round(low, 4), "ci95_high": round(high, 4),
                           "zero_fire_chance": round(obs.zero_chance(position), 4),
                           "limit": settings.min_fires_per_game})
        players, obs = max(per_count, key=lambda item: item[1].share_of_plays(position))
        share = obs.share_of_plays(position)
        if share > settings.max_share_of_plays:
            deck.add("sim-common", f'trigger "{trigger.card_id}" fires on {share:.0%} of plays '
                     f"with {players} players: that many enforcements give the secret away "
                     f"(the limit is {settings.max_share_of_plays:.0%}).", at,
                     data={"players": players, "share_of_plays": round(share, 4),
                           "limit": settings.max_share_of_plays})
        _report_bias(deck, trigger, position, per_count, settings, at)
    _report_answers(deck, triggers, observations, settings)
    _report_speech(deck, triggers, observations, standard or {})


def _report_bias(deck: LoadedDeck, trigger: CheckedTrigger, position: int,
                 per_count: list[tuple[int, Observation]], settings: CheckSettings,
                 at: YamlPath) -> None:
    for players, obs in per_count:
        if obs.fires[position] < MIN_FIRES_PER_SEAT * players:
            continue
        bias = obs.seat_bias(position)
        if bias > settings.max_seat_bias:
            rates = obs.seat_rates(position)
            most, least = rates.index(max(rates)), rates.index(min(rates))
            if math.isinf(bias):
                how = f"only for seat {most} and never for seat {least}"
            else:
                how = f"{bias:.1f}× as often for seat {most} as for seat {least}"
            deck.add("sim-seat-bias", f'trigger "{trigger.card_id}" fires {how} with {players} '
                     "players (seat 0 is the first player named): the rule favours some "
                     "seats.", at,
                     data={"players": players, "most_seat": most, "least_seat": least,
                           "seat_bias": -1 if math.isinf(bias) else round(bias, 4),
                           "limit": settings.max_seat_bias})
            return


def _report_answers(deck: LoadedDeck, triggers: Sequence[CheckedTrigger],
                    observations: dict[int, Observation], settings: CheckSettings) -> None:
    for place, action in deck.action_places():
        if not isinstance(action, NameAction) or not action.unique or action.answers is None:
            continue
        answers = len({" ".join(answer.casefold().split()) for answer in action.answers})
        worst = max(((obs.more_than(position, answers), players, trigger.card_id)
                     for players, obs in observations.items()
                     for position, trigger in enumerate(triggers)), default=None)
        if worst is not None and worst[0] > settings.max_answers_shortfall:
            chance, players, card_id = worst
            deck.add("answers-run-out", f'action "{action.id}" has {plural(answers, "answer")}, '
                     f'but kept with trigger "{card_id}", {chance:.1%} of {players}-player '
                     "games need more.", (*place, "answers"),
                     data={"answers": answers, "players": players, "trigger": card_id,
                           "run_out_chance": round(chance, 6),
                           "limit": settings.max_answers_shortfall})


def needs_pairs(deck: LoadedDeck) -> bool:
    """Co-firing matters only when some action forbids speech and another demands it."""
    actions = [action for _, action in deck.action_places()]
    return any(silences(a) for a in actions) and any(speaks(a) for a in actions)


def _report_speech(deck: LoadedDeck, triggers: Sequence[CheckedTrigger],
                   observations: dict[int, Observation], standard: StandardSpeech) -> None:
    """Two rules firing on one play, one demanding speech, one forbidding it. A whole rule
    (Mao's `when` + `then`) brings its own trigger, so only the rules whose own triggers
    fire together conflict; an action of a separate action deck may be dealt with any
    trigger. A standard rule is in force from the start: whether it meets a silence is
    decided over every situation (`standard`)."""
    positions = {trigger.place: position for position, trigger in enumerate(triggers)}
    speaking = [(place, action) for place, action in deck.action_places() if speaks(action)]
    for place, action in deck.action_places():
        if not silences(action) or not speaking:
            continue
        own = _own_trigger(place, positions)
        worst: dict[str, tuple[float, int, str, str]] = {}  # per speaking card: its worst
        for other_place, other in speaking:
            partner = _own_trigger(other_place, positions)
            for players, obs in observations.items():
                for (first, second), plays in obs.plays_together().items():
                    if not _concerns(own, partner, first, second):
                        continue
                    share = plays / obs.plays if obs.plays else 0.0
                    found = (share, players, triggers[first].card_id, triggers[second].card_id)
                    if share > 0 and (other.id not in worst or share > worst[other.id][0]):
                        worst[other.id] = found
        publicly = standard.get(place, [])
        if worst or publicly:
            data: dict[str, float | int | str] = {}
            if worst:
                share, players, _, _ = max(worst.values())
                data = {"players": players, "share_of_plays": round(share, 6)}
            if publicly:
                data["standard_rules"] = ", ".join(card_id for card_id, _ in publicly)
            deck.add("speech-conflict", _speech_message(action.id, own is not None, worst)
                     + _standard_message(action.id, publicly, bool(worst)),
                     (*place, "silence"), data=data)


def _own_trigger(place: YamlPath, positions: dict[YamlPath, int]) -> int | None:
    """The simulated trigger a whole rule's action comes with (None for a separate action,
    or a rule whose trigger is not simulated: a standard rule, one judged at the table)."""
    if place[0] == "actions":
        return None
    return positions.get(place[:2], -1)


def _concerns(own: int | None, partner: int | None, first: int, second: int) -> bool:
    """Whether triggers `first` and `second` firing together catch these two actions."""
    if own == -1 or partner == -1:
        return False
    if own is None or partner is None:
        return own in (None, first, second) and partner in (None, first, second)
    return {own, partner} == {first, second}


def _standard_message(silent_id: str, standard: list[tuple[str, dict[str, Any]]],
                      after_others: bool) -> str:
    """The standard rules asking for speech on a play a secret rule silences."""
    if not standard:
        return ""
    named = ", ".join(f'"{card_id}"' for card_id, _ in standard)
    example = ", ".join(f"{name} {value}" for name, value in standard[0][1].items())
    asks, rules = ("asks", "rule") if len(standard) == 1 else ("ask", "rules")
    if after_others:
        return (f" The standard {rules} {named} {asks} for speech on "
                f"such a play too" + (f" ({example})." if example else "."))
    return (f'rule "{silent_id}" forbids speaking, but the standard {rules} {named} {asks} '
            "for speech on the same play"
            + (f" ({example})" if example else "") + ", so a player could be caught both "
            f'ways. To keep both, add `allow: [speech-conflict]` to "{silent_id}" (the table '
            "settles it); otherwise change its `when` so it never fires with "
            f"{'that rule' if len(standard) == 1 else 'those rules'}.")


def _speech_message(silent_id: str, whole_rules: bool,
                    worst: dict[str, tuple[float, int, str, str]]) -> str:
    if not worst:
        return ""
    ranked = sorted(worst.items(), key=lambda item: -item[1][0])
    share, players, first_id, second_id = ranked[0][1]
    named = ", ".join(f'"{speaking_id}"' for speaking_id, _ in ranked[:3])
    if len(ranked) > 3:
        named += f" and {plural(len(ranked) - 3, 'other')}"
    asks = "asks" if len(ranked) == 1 else "ask"
    how_often = f"{share:.1%} of plays with {players} players"
    if whole_rules:
        most = "" if len(ranked) == 1 else f' with "{ranked[0][0]}"'
        return (f'rule "{silent_id}" forbids speaking, but {named} {asks} for speech on the '
                f"same play ({how_often}{most}), so a player could be caught both ways. To "
                f'keep both, add `allow: [speech-conflict]` to "{silent_id}" (the table '
                "settles it); otherwise change a `when` so the two never fire on the same "
                "play, or turn the words asked for into a gesture.")
    return (f'action "{silent_id}" forbids speaking, but {named} {asks} for speech; dealt '
            f'with triggers "{first_id}" and "{second_id}", which fire on the same play on '
            f"{how_often}, a player could be caught both ways. To keep it, add "
            f'`allow: [speech-conflict]` to action "{silent_id}" (the table settles it); '
            "otherwise turn the words asked for into gestures.")
