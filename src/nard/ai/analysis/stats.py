"""Per-player statistics of analysed decisions: error rate, PR, gnubg's rating, luck."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from nard.ai.analysis.decisions import MARKED, Decision, DecisionKind, Mark
from nard.ai.luck import LuckKind, luck_kind
from nard.core.board import Side

PR_FACTOR: Final = 500.0
"""XG's Performance Rating: 500 times the mean equity loss per decision."""

RATINGS: Final[tuple[tuple[str, float], ...]] = (
    ("Supernatural", 0.002),
    ("World class", 0.005),
    ("Expert", 0.008),
    ("Advanced", 0.012),
    ("Intermediate", 0.018),
    ("Casual player", 0.026),
    ("Beginner", 0.035),
    ("Awful!", math.inf),
)
"""gnubg's ratings (``aszRating``/``arThrsRating`` in analysis.c): the first
whose bound the error per decision (in equity) stays below."""


def rating(error_per_decision: float) -> str:
    """gnubg's rating word for a mean loss per decision, in equity (not milli).

    >>> rating(0.0), rating(0.004), rating(0.02), rating(0.1)
    ('Supernatural', 'World class', 'Casual player', 'Awful!')
    """
    return next(name for name, bound in RATINGS if error_per_decision < bound)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's summary over some decisions (a game or the whole match).

    ``decisions`` counts what the error rate divides by: unforced plays and
    cube decisions that were not obvious. ``total_loss`` is their summed
    equity loss; ``marks`` counts the marked decisions by mark; ``luck`` sums
    the luck of the player's analysed rolls (``rolls`` of them), ``lucks``
    counts their luck marks.
    """

    side: Side
    name: str
    plays: int
    unforced_plays: int
    cube_decisions: int
    decisions: int
    play_loss: float
    cube_loss: float
    marks: dict[Mark, int]
    rolls: int
    luck: float
    lucks: dict[LuckKind, int]

    @property
    def total_loss(self) -> float:
        """The summed equity loss of every decision."""
        return self.play_loss + self.cube_loss

    @property
    def error_rate(self) -> float:
        """gnubg's error rate per decision, in milli-equity (mEMG); 0 with no decisions."""
        return 1000.0 * self.total_loss / self.decisions if self.decisions else 0.0

    @property
    def pr(self) -> float:
        """XG's Performance Rating: 500 times the mean equity loss per decision."""
        return PR_FACTOR * self.total_loss / self.decisions if self.decisions else 0.0

    @property
    def rating(self) -> str | None:
        """gnubg's rating word for the error rate; None with no decisions."""
        return rating(self.total_loss / self.decisions) if self.decisions else None

    @property
    def luck_per_roll(self) -> float:
        """The mean luck of the player's rolls."""
        return self.luck / self.rolls if self.rolls else 0.0

    @classmethod
    def of(cls, side: Side, name: str, decisions: Sequence[Decision]) -> PlayerStats:
        """The summary of ``side``'s decisions among ``decisions``."""
        mine = [d for d in decisions if d.side is side]
        plays = [d for d in mine if d.kind is DecisionKind.PLAY]
        cubes = [d for d in mine if d.kind is not DecisionKind.PLAY and not d.forced]
        unforced = [d for d in plays if not d.forced]
        rolls = [d.luck for d in plays if d.luck is not None]
        marks = {kind: sum(1 for d in mine if d.mark is kind) for kind in MARKED}
        lucks = {kind: sum(1 for x in rolls if luck_kind(x) is kind) for kind in LuckKind}
        del lucks[LuckKind.NONE]
        return cls(
            side=side,
            name=name,
            plays=len(plays),
            unforced_plays=len(unforced),
            cube_decisions=len(cubes),
            decisions=len(unforced) + len(cubes),
            play_loss=sum(d.loss for d in unforced),
            cube_loss=sum(d.loss for d in cubes),
            marks=marks,
            rolls=len(rolls),
            luck=sum(rolls),
            lucks=lucks,
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {
            "side": self.side.name.lower(),
            "name": self.name,
            "plays": self.plays,
            "unforced_plays": self.unforced_plays,
            "cube_decisions": self.cube_decisions,
            "decisions": self.decisions,
            "total_loss": round(self.total_loss, 6),
            "play_loss": round(self.play_loss, 6),
            "cube_loss": round(self.cube_loss, 6),
            "error_rate": round(self.error_rate, 3),
            "pr": round(self.pr, 3),
            "rating": self.rating,
            "marks": {kind.value: count for kind, count in self.marks.items()},
            "rolls": self.rolls,
            "luck": round(self.luck, 6),
            "luck_per_roll": round(self.luck_per_roll, 6),
            "lucks": {kind.value: count for kind, count in self.lucks.items()},
        }
