"""The rules trainer's levels: a run of :data:`LEVEL_UP_STREAK` right answers at the
level reached moves the player up a level (easy, medium, hard).

>>> standing = Standing(level="easy", streak=4)
>>> after, level_up = answered(standing, "easy", correct=True)
>>> after.level, after.streak, level_up
('medium', 5, True)
>>> answered(after, "medium", correct=False)[0].streak
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

LEVELS: Final = ("easy", "medium", "hard")
LEVEL_UP_STREAK: Final = 5


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a player stands in one kind of drill and rule set."""

    level: str = LEVELS[0]
    answered: int = 0
    right: int = 0
    streak: int = 0
    best_streak: int = 0


def answered(standing: Standing, level: str, correct: bool) -> tuple[Standing, bool]:
    """The standing after one answer to a drill at ``level``, and whether it moved the
    player up a level (only an answer at the level reached counts towards it)."""
    streak = standing.streak + 1 if correct else 0
    level_up = (
        correct
        and level == standing.level
        and standing.level != LEVELS[-1]
        and streak % LEVEL_UP_STREAK == 0
    )
    after = Standing(
        LEVELS[LEVELS.index(standing.level) + 1] if level_up else standing.level,
        standing.answered + 1,
        standing.right + correct,
        streak,
        max(standing.best_streak, streak),
    )
    return after, level_up
