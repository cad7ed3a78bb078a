"""Rules trainer progress (issue 15): answers, streaks and levels per player, kind and
rule set. A run of :data:`LEVEL_UP_STREAK` right answers at the level reached moves
the player up a level (easy, medium, hard)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from nard.storage.models import TrainerProgress, utcnow

LEVELS: Final = ("easy", "medium", "hard")
LEVEL_UP_STREAK: Final = 5


@dataclass(frozen=True, slots=True)
class Progress:
    kind: str
    rules: str
    level: str
    answered: int
    right: int
    streak: int
    best_streak: int
    level_up: bool = False


def _view(row: TrainerProgress, level_up: bool = False) -> Progress:
    return Progress(
        row.kind,
        row.rules,
        row.level,
        row.answered,
        row.right,
        row.streak,
        row.best_streak,
        level_up,
    )


def record_answer(
    session: Session, player_id: int, kind: str, rules: str, level: str, correct: bool
) -> Progress:
    """Count one answered drill (at ``level``) and return the progress after it."""
    query = select(TrainerProgress).where(
        TrainerProgress.player_id == player_id,
        TrainerProgress.kind == kind,
        TrainerProgress.rules == rules,
    )
    row = session.scalars(query.with_for_update()).one_or_none()
    if row is None:
        row = TrainerProgress(
            player_id=player_id,
            kind=kind,
            rules=rules,
            level=LEVELS[0],
            answered=0,
            right=0,
            streak=0,
            best_streak=0,
        )
        session.add(row)
        try:
            session.flush()
        except IntegrityError:  # a second tab made it first
            session.rollback()
            row = session.scalars(query.with_for_update()).one()
    row.answered += 1
    row.right += correct
    row.streak = row.streak + 1 if correct else 0
    row.best_streak = max(row.best_streak, row.streak)
    level_up = (
        correct
        and level == row.level
        and row.level != LEVELS[-1]
        and row.streak % LEVEL_UP_STREAK == 0
    )
    if level_up:
        row.level = LEVELS[LEVELS.index(row.level) + 1]
    row.updated_at = utcnow()
    session.commit()
    return _view(row, level_up)


def progress_of(session: Session, player_id: int) -> list[Progress]:
    """Every kind and rule set the player has trained, most recent first."""
    rows = session.scalars(
        select(TrainerProgress)
        .where(TrainerProgress.player_id == player_id)
        .order_by(TrainerProgress.updated_at.desc())
    )
    return [_view(row) for row in rows]
