"""What an analysis answers: each game's decisions, equity graph and stats, and the match's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nard.ai.analysis.decisions import BAD, DOUBTFUL, VERY_BAD, Decision, Mark, side_name
from nard.ai.analysis.stats import PlayerStats
from nard.core.board import Side


@dataclass(frozen=True, slots=True)
class GraphPoint:
    """White's chances after turn ``move`` (0: before the first roll), for the equity graph.

    ``win`` is White's chance to win the game, ``equity`` White's cubeless equity.
    """

    move: int
    win: float
    equity: float

    def to_dict(self) -> dict[str, Any]:
        return {"move": self.move, "win": round(self.win, 6), "equity": round(self.equity, 6)}


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """One analysed game: its decisions in order, the equity graph and per-player stats."""

    number: int
    score: tuple[int, int]
    crawford: bool
    decisions: tuple[Decision, ...]
    graph: tuple[GraphPoint, ...]
    stats: tuple[PlayerStats, PlayerStats]
    winner: Side | None = None
    points: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {
            "number": self.number,
            "score": list(self.score),
            "crawford": self.crawford,
            "winner": side_name(self.winner),
            "points": self.points,
            "stats": [stats.to_dict() for stats in self.stats],
            "graph": [point.to_dict() for point in self.graph],
            "decisions": [decision.to_dict() for decision in self.decisions],
        }


@dataclass(frozen=True, slots=True)
class MatchAnalysis:
    """A whole analysed record: the games, and each player's summary over all of them.

    ``stats`` is indexed by :class:`Side`. ``notes`` say how the equities
    were computed (at the score, cubeful or not, cube decisions analysed or not).
    """

    players: tuple[str, str]
    length: int | None
    games: tuple[GameAnalysis, ...]
    stats: tuple[PlayerStats, PlayerStats]
    evaluator: str
    plies: int
    cube_analysed: bool = False
    luck_analysed: bool = False
    notes: tuple[str, ...] = ()

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """Every decision of every game, in order."""
        return tuple(d for game in self.games for d in game.decisions)

    def mistakes(self, side: Side | None = None) -> list[Decision]:
        """The marked decisions (of ``side``, or both), in the order they were made."""
        return [
            d
            for d in self.decisions
            if d.mark is not Mark.NONE and (side is None or d.side is side)
        ]

    def worst(self, side: Side, count: int = 3) -> list[Decision]:
        """``side``'s ``count`` costliest marked decisions, worst first."""
        return sorted(self.mistakes(side), key=lambda d: -d.loss)[:count]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {
            "players": list(self.players),
            "length": self.length,
            "evaluator": self.evaluator,
            "plies": self.plies,
            "cube_analysed": self.cube_analysed,
            "luck_analysed": self.luck_analysed,
            "notes": list(self.notes),
            "thresholds": {"doubtful": DOUBTFUL, "bad": BAD, "very_bad": VERY_BAD},
            "stats": [stats.to_dict() for stats in self.stats],
            "mistakes": [d.to_dict() for d in self.mistakes()],
            "games": [game.to_dict() for game in self.games],
        }
