"""Rules trainer progress (issue 15): answers, streaks and levels per player, kind and
rule set, as the trainer decides them (the level-up rule is ``nard.trainer.progress``'s)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from nard.storage.models import TrainerProgress, utcnow


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


def view(row: TrainerProgress, level_up: bool = False) -> Progress:
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


def progress_row(
    session: Session, player_id: int, kind: str, rules: str, level: str
) -> TrainerProgress:
    """The player's row for ``kind`` and ``rules``, locked for the caller's transaction;
    made first (at ``level``, nothing answered) unless it is there."""
    values = {
        "player_id": player_id,
        "kind": kind,
        "rules": rules,
        "level": level,
        "answered": 0,
        "right": 0,
        "streak": 0,
        "best_streak": 0,
        "updated_at": utcnow(),
    }
    dialect = session.get_bind().dialect.name
    upsert = sqlite_insert if dialect == "sqlite" else postgresql_insert
    # A second tab may make it at the same moment: the unique key keeps one.
    session.execute(
        upsert(TrainerProgress)
        .values(**values)
        .on_conflict_do_nothing(index_elements=["player_id", "kind", "rules"])
    )
    query = select(TrainerProgress).where(
        TrainerProgress.player_id == player_id,
        TrainerProgress.kind == kind,
        TrainerProgress.rules == rules,
    )
    return session.scalars(query.with_for_update()).one()


def store(
    row: TrainerProgress,
    *,
    level: str,
    answered: int,
    right: int,
    streak: int,
    best_streak: int,
    level_up: bool = False,
) -> Progress:
    """Keep the row's new counts (the trainer decides them); what it shows now."""
    row.level = level
    row.answered = answered
    row.right = right
    row.streak = streak
    row.best_streak = best_streak
    row.updated_at = utcnow()
    return view(row, level_up)


def progress_of(session: Session, player_id: int) -> list[Progress]:
    """Every kind and rule set the player has trained, most recent first."""
    rows = session.scalars(
        select(TrainerProgress)
        .where(TrainerProgress.player_id == player_id)
        .order_by(TrainerProgress.updated_at.desc())
    )
    return [view(row) for row in rows]
