"""The checker's report: issues by severity, and each trigger's fire figures."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.errors import EXIT_DONE, EXIT_PROBLEMS, EXIT_UNUSABLE
from generator.issues import Issue, Severity

if TYPE_CHECKING:  # the report is also read back from the build's cache, without these
    from engine.observe import Observation
    from generator.check.static import CheckedTrigger



@dataclass
class TriggerFigures:
    card_id: str
    number: int
    line: int | None
    static: str                                   # never / always / sometimes / not enumerated
    simulated: bool
    unsimulated: str = ""                         # why it has no figures, in a designer's words
    fires_per_game: dict[int, float] = field(default_factory=dict)
    interval: dict[int, tuple[float, float]] = field(default_factory=dict)
    zero_chance: dict[int, float] = field(default_factory=dict)
    share_of_plays: dict[int, float] = field(default_factory=dict)
    seat_bias: dict[int, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        def keyed(values: dict[int, float]) -> dict[str, float | None]:
            return {str(k): (None if math.isinf(v) else round(v, 4)) for k, v in values.items()}

        return {
            "id": self.card_id, "number": self.number, "line": self.line, "static": self.static,
            "simulated": self.simulated, "not_simulated": self.unsimulated,
            "fires_per_game": keyed(self.fires_per_game),
            "ci95": {str(k): [round(lo, 4), round(hi, 4)] for k, (lo, hi) in self.interval.items()},
            "zero_fire_chance": keyed(self.zero_chance),
            "share_of_plays": keyed(self.share_of_plays), "seat_bias": keyed(self.seat_bias),
        }


@dataclass
class CheckReport:
    path: str
    deck_id: str
    issues: list[Issue]
    triggers: list[TriggerFigures]
    unusable: bool = False
    game: str = ""  # the base game the deck was checked over
    games: int = 0
    players: list[int] = field(default_factory=list)
    plays: int = 0
    simulation_seconds: float = 0.0
    seconds: float = 0.0
    chart: str | None = None
    cached: bool = False

    def count(self, severity: Severity) -> int:
        return sum(1 for issue in self.issues if issue.severity is severity)

    @property
    def errors(self) -> int:
        return self.count(Severity.ERROR)

    @property
    def warnings(self) -> int:
        return self.count(Severity.WARNING)

    def exit_code(self, strict: bool = False) -> int:
        if self.unusable:
            return EXIT_UNUSABLE
        if self.errors or (strict and self.warnings):
            return EXIT_PROBLEMS
        return EXIT_DONE

    def sorted_issues(self) -> list[Issue]:
        return sorted(self.issues, key=lambda i: (i.severity.rank, i.line or 0, i.column or 0))

    def to_dict(self, strict: bool = False) -> dict[str, object]:
        return {
            "deck": self.path, "id": self.deck_id, "game": self.game, "errors": self.errors,
            "warnings": self.warnings, "infos": self.count(Severity.INFO),
            "exit_code": self.exit_code(strict),
            "issues": [issue.to_dict() for issue in self.sorted_issues()],
            "triggers": [trigger.to_dict() for trigger in self.triggers],
            "simulation": {
                "games_per_player_count": self.games, "players": self.players,
                "plays": self.plays, "seconds": round(self.simulation_seconds, 3),
                "plays_per_second": round(self.plays / self.simulation_seconds)
                if self.simulation_seconds else 0,
            },
            "seconds": round(self.seconds, 3), "chart": self.chart, "cached": self.cached,
        }


def report_from_dict(data: dict[str, Any]) -> CheckReport:
    """Rebuild a report saved with `CheckReport.to_dict` (the build's check cache)."""
    issues = [Issue(code=i["code"], severity=Severity(i["severity"]), message=i["message"],
                    path=i["path"], line=i["line"], column=i["column"], field=i["field"],
                    data=dict(i.get("data") or {}))
              for i in data["issues"]]
    rows = []
    for t in data["triggers"]:
        row = TriggerFigures(card_id=t["id"], number=t["number"], line=t["line"],
                             static=t["static"], simulated=t["simulated"],
                             unsimulated=t.get("not_simulated", ""))
        row.fires_per_game = {int(k): v for k, v in t["fires_per_game"].items()}
        row.interval = {int(k): (v[0], v[1]) for k, v in t["ci95"].items()}
        row.zero_chance = {int(k): v for k, v in t["zero_fire_chance"].items()}
        row.share_of_plays = {int(k): v for k, v in t["share_of_plays"].items()}
        row.seat_bias = {int(k): (math.inf if v is None else v) for k, v in t["seat_bias"].items()}
        rows.append(row)
    simulation = data["simulation"]
    return CheckReport(path=data["deck"], deck_id=data["id"], issues=issues, triggers=rows,
                       game=data.get("game", ""),
                       games=simulation["games_per_player_count"],
                       players=simulation["players"], plays=simulation["plays"],
                       simulation_seconds=simulation["seconds"], seconds=data["seconds"],
                       chart=data["chart"], cached=True)


def figures(checked: list[CheckedTrigger], simulated: list[CheckedTrigger],
            observations: dict[int, Observation]) -> list[TriggerFigures]:
    position_of = {trigger.place: position for position, trigger in enumerate(simulated)}
    result = []
    for trigger in checked:
        if trigger.by_table:
            static = "judged at the table"
        elif trigger.decision is None:
            static = "not enumerated" if trigger.parsed is not None else "invalid"
        else:
            static = trigger.decision.verdict.value
        simulated_here = trigger.place in position_of
        row = TriggerFigures(card_id=trigger.card_id, number=trigger.number, line=trigger.line,
                             static=static, simulated=simulated_here,
                             unsimulated="" if simulated_here else why_not_simulated(trigger))
        position = position_of.get(trigger.place)
        if position is not None:
            for players, obs in sorted(observations.items()):
                row.fires_per_game[players] = obs.mean(position)
                row.interval[players] = obs.interval(position)
                row.zero_chance[players] = obs.zero_chance(position)
                row.share_of_plays[players] = obs.share_of_plays(position)
                row.seat_bias[players] = obs.seat_bias(position)
        result.append(row)
    return result


def why_not_simulated(trigger: CheckedTrigger) -> str:
    """Why a trigger has no simulated figures, as the chart and the report's table say it."""
    verdict = trigger.decision.verdict.value if trigger.decision is not None else ""
    if trigger.by_table:
        return "judged at the table by the players: not simulated"
    if trigger.parsed is None:
        return "not simulated until its `when` is fixed (see the errors above)"
    if not trigger.secret:
        return "a standard rule: public, so how often it fires is no secret"
    if trigger.parsed.table_only:
        return "judged at the table: speech is not simulated"
    if verdict == "never":
        return "never fires (expr-never): nothing to simulate"
    if verdict == "always":
        return "fires on every play (expr-always): nothing to simulate"
    return "not simulated"


__all__ = ["EXIT_DONE", "EXIT_PROBLEMS", "EXIT_UNUSABLE", "CheckReport", "TriggerFigures",
           "figures", "why_not_simulated"]
