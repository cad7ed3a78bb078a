"""An analysis's result as the server sends it (``GET /api/games/{id}/analysis`` and the
game socket's ``analysis`` message): :meth:`nard.ai.analysis.MatchAnalysis.to_dict`.

Sides are ``white`` or ``black``; equities, losses and luck are in equity (not
milli), rounded to six places; marks and luck marks are gnubg's words.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from nard.server.protocol.views import StepPointsView, View

SideName = Literal["white", "black"]
MarkName = Literal["none", "doubtful", "bad", "very bad"]
LuckName = Literal["very unlucky", "unlucky", "none", "lucky", "very lucky"]


class AlternativeView(View):
    """One legal play of a marked decision's roll, as the analysis ranked it (best first)."""

    play: str
    position_id: str
    """The board the play leads to (gnubg Position ID)."""
    equity: float
    searched: bool
    """Whether the deep evaluator judged it (else it was filtered out as clearly worse)."""


class DecisionCubeView(View):
    """The cube a decision was taken with."""

    value: int
    owner: SideName | None


class DecisionView(View):
    """One analysed decision: a play of the dice, or a cube decision (double, take)."""

    game: int
    move: int
    """The game's turn, from 1; a cube decision belongs to the turn it precedes."""
    side: SideName
    kind: Literal["play", "double", "take"]
    position_id: str
    roll: list[int] | None
    """High die first; None for a cube decision."""
    cube: DecisionCubeView
    chosen: str
    best: str
    chosen_steps: list[StepPointsView] = Field(default_factory=list)
    """The chosen play's steps (``from``, ``to`` in the mover's numbering); empty for a
    cube decision, and in analyses stored before the steps were sent."""
    best_steps: list[StepPointsView] = Field(default_factory=list)
    """The best play's steps, likewise."""
    equity: float
    best_equity: float
    loss: float
    mark: MarkName
    forced: bool
    cubeful: bool
    luck: float | None
    luck_kind: LuckName | None
    plays: list[AlternativeView] = Field(default_factory=list)
    """Every legal play of the roll, for a marked play only (older analyses lack it)."""


class PlayerStatsView(View):
    """One player's summary: error rate, PR, gnubg's rating word, luck."""

    side: SideName
    name: str
    plays: int
    unforced_plays: int
    cube_decisions: int
    decisions: int
    total_loss: float
    play_loss: float
    cube_loss: float
    error_rate: float
    pr: float
    rating: str | None
    """None with no unforced decision."""
    marks: dict[MarkName, int]
    rolls: int
    luck: float
    luck_per_roll: float
    lucks: dict[LuckName, int]


class GraphPointView(View):
    """White's chances after turn ``move`` (0: before the first roll)."""

    move: int
    win: float
    equity: float


class GameAnalysisView(View):
    number: int
    score: list[int]
    crawford: bool
    winner: SideName | None
    points: int | None
    stats: list[PlayerStatsView]
    graph: list[GraphPointView]
    decisions: list[DecisionView]


class ThresholdsView(View):
    """The equity losses above which a decision is marked (gnubg 1.07's)."""

    doubtful: float
    bad: float
    very_bad: float


class MatchAnalysisView(View):
    """The whole analysed match: each player's summary, the marked decisions, the games."""

    players: list[str]
    length: int | None
    """None for a money game."""
    evaluator: str
    plies: int
    cube_analysed: bool
    luck_analysed: bool
    notes: list[str]
    thresholds: ThresholdsView
    stats: list[PlayerStatsView]
    mistakes: list[DecisionView]
    games: list[GameAnalysisView]
