"""An arena run's summary: what ``yuanzi arena`` prints, as text or as one JSON object."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from yuanzi.arena.match import GameLog
from yuanzi.arena.stats import mean, percentile, wilson
from yuanzi.engine import DOUBLE


@dataclass(frozen=True, slots=True)
class Side:
    """One side's numbers over the run."""

    bot: str
    wins: int
    double_wins: int
    points_per_half: float
    decision_ms_mean: float
    decision_ms_p95: float
    decisions: int


@dataclass(frozen=True, slots=True)
class Report:
    """A's results against B over ``games`` games (duplicate pairs)."""

    games: int
    draws: int
    a: Side
    b: Side
    seed: int

    @property
    def win_rate(self) -> float:
        """A's game win rate, a draw counting half."""
        return (self.a.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.a.wins + 0.5 * self.draws, self.games)

    def to_dict(self) -> dict[str, Any]:
        def side(s: Side) -> dict[str, Any]:
            return {
                "bot": s.bot,
                "wins": s.wins,
                "double_rate": s.double_wins / self.games if self.games else 0.0,
                "points_per_half": round(s.points_per_half, 2),
                "decision_ms": {"mean": round(s.decision_ms_mean, 3),
                                "p95": round(s.decision_ms_p95, 3), "count": s.decisions},
            }

        lo, hi = self.ci95
        a, b = side(self.a), side(self.b)
        same = self.a.bot == self.b.bot
        return {
            "games": self.games,
            "seed": self.seed,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "draws": self.draws,
            "a": a,
            "b": b,
            "decision_ms": {
                "a" if same else self.a.bot: a["decision_ms"],
                "b" if same else self.b.bot: b["decision_ms"],
            },
        }

    def text(self) -> str:
        lo, hi = self.ci95
        lines = [
            f"{self.a.bot} vs {self.b.bot}: {self.games} games on duplicate deals"
            f" (seed {self.seed})",
            f"  {self.a.bot} wins {self.win_rate:.1%}  (95% CI {lo:.1%} – {hi:.1%})"
            + (f", {self.draws} draws" if self.draws else ""),
        ]
        for label, s in (("A", self.a), ("B", self.b)):
            rate = s.double_wins / self.games if self.games else 0.0
            lines.append(
                f"  {label} {s.bot:<12} points/half {s.points_per_half:6.1f}"
                f"   双夹 wins {rate:6.1%}"
                f"   decision ms mean {s.decision_ms_mean:8.3f}  p95 {s.decision_ms_p95:8.3f}"
                f"  ({s.decisions} decisions)")
        lines.append("  (decision times over the turns that offered more than one legal move)")
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a report needs of one game, from A's side: the game log's summary, which
    ``--log`` writes a line of so that parts of a long run can be merged (``--merge``)."""

    deal: int
    a_team: int
    a_won: bool | None
    """None: a draw."""
    double: bool
    """Won by 双夹 (R30)."""
    points: tuple[tuple[int, int], ...]
    """(A's points, B's points) of each half."""
    times: tuple[tuple[float, ...], tuple[float, ...]]

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "a_team": self.a_team, "a_won": self.a_won,
                "double": self.double, "points": [list(p) for p in self.points],
                "times": [[round(t, 3) for t in ts] for ts in self.times]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Outcome:
        return cls(int(d["deal"]), int(d["a_team"]), d["a_won"], bool(d["double"]),
                   tuple((int(a), int(b)) for a, b in d["points"]),
                   (tuple(map(float, d["times"][0])), tuple(map(float, d["times"][1]))))


def outcome_of(log: GameLog) -> Outcome:
    r = log.result
    return Outcome(
        deal=log.deal, a_team=log.a_team,
        a_won=None if r.winner is None else r.winner == log.a_team,
        double=r.kind == DOUBLE,
        points=tuple((h.points[log.a_team], h.points[1 - log.a_team]) for h in r.halves),
        times=log.times)


def summarise(a: str, b: str, logs: Sequence[GameLog | Outcome], seed: int) -> Report:
    """Fold the games into the report (points per half counted from each side's seats)."""
    wins = [0, 0]
    doubles = [0, 0]
    points = [0, 0]
    halves = 0
    draws = 0
    times: tuple[list[float], list[float]] = ([], [])
    for log in logs:
        game = log if isinstance(log, Outcome) else outcome_of(log)
        if game.a_won is None:
            draws += 1
        else:
            winner = 0 if game.a_won else 1
            wins[winner] += 1
            if game.double:
                doubles[winner] += 1
        for pa, pb in game.points:
            points[0] += pa
            points[1] += pb
            halves += 1
        times[0].extend(game.times[0])
        times[1].extend(game.times[1])

    def side(i: int, bot: str) -> Side:
        return Side(bot, wins[i], doubles[i], points[i] / halves if halves else 0.0,
                    mean(times[i]), percentile(times[i], 95), len(times[i]))

    return Report(len(logs), draws, side(0, a), side(1, b), seed)
