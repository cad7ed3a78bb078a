"""Practice puzzles of a player's own mistakes (issue 15), kept in the database.

The server makes the rows (from an analysis) and decides each answer's box
and due time (``nard.trainer.leitner``); here they are only stored and found:
the due ones first, earliest due first, across all of the player's games; with
none due, the one practised longest ago.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from nard.storage.models import Game, MistakePuzzle


@dataclass(frozen=True, slots=True)
class PuzzleCounts:
    """How many puzzles a player has, how many are due now, how many mastered."""

    puzzles: int
    due: int
    mastered: int


def add_puzzles(session: Session, rows: Sequence[MistakePuzzle]) -> int:
    """Keep the puzzles not kept yet (one per player, game and move); how many were new."""
    added = 0
    for row in rows:
        exists = session.scalar(
            select(MistakePuzzle.id).where(
                MistakePuzzle.player_id == row.player_id,
                MistakePuzzle.game_id == row.game_id,
                MistakePuzzle.game_number == row.game_number,
                MistakePuzzle.move == row.move,
            )
        )
        if exists is None:
            session.add(row)
            added += 1
    session.flush()
    return added


def puzzle_of(
    session: Session, player_id: int, puzzle_id: int, *, lock: bool = False
) -> MistakePuzzle | None:
    """The player's puzzle ``puzzle_id``; None when there is none or it is another's.

    With ``lock`` the row stays locked until the transaction ends (PostgreSQL), so
    two answers at once (two tabs) are counted one after the other, none lost.
    """
    row = session.get(MistakePuzzle, puzzle_id, with_for_update=lock)
    return row if row is not None and row.player_id == player_id else None


def next_puzzle(
    session: Session, player_id: int, now: datetime, game_id: int | None = None
) -> MistakePuzzle | None:
    """The puzzle to practise next (of one game, when given): the earliest due at
    ``now``; with none due, the one practised longest ago, so practising ahead of
    time goes round the puzzles instead of showing the one just answered again."""
    mine = select(MistakePuzzle).where(MistakePuzzle.player_id == player_id)
    if game_id is not None:
        mine = mine.where(MistakePuzzle.game_id == game_id)
    due = mine.where(MistakePuzzle.due_at <= now).order_by(MistakePuzzle.due_at, MistakePuzzle.id)
    found = session.scalars(due.limit(1)).first()
    if found is not None:
        return found
    ahead = mine.order_by(
        MistakePuzzle.answered_at.asc().nulls_first(), MistakePuzzle.due_at, MistakePuzzle.id
    )
    return session.scalars(ahead.limit(1)).first()


def game_puzzles(session: Session, player_id: int, game_id: int) -> int:
    """How many puzzles the player has from one game."""
    query = select(func.count(MistakePuzzle.id)).where(
        MistakePuzzle.player_id == player_id, MistakePuzzle.game_id == game_id
    )
    return int(session.scalar(query) or 0)


def counts_of(session: Session, player_id: int, now: datetime, last_box: int) -> PuzzleCounts:
    """The player's puzzles, those due at ``now`` and those in ``last_box`` (mastered)."""
    mine = MistakePuzzle.player_id == player_id
    total = session.scalar(select(func.count(MistakePuzzle.id)).where(mine)) or 0
    due = (
        session.scalar(
            select(func.count(MistakePuzzle.id)).where(mine, MistakePuzzle.due_at <= now)
        )
        or 0
    )
    mastered = (
        session.scalar(
            select(func.count(MistakePuzzle.id)).where(mine, MistakePuzzle.box >= last_box)
        )
        or 0
    )
    return PuzzleCounts(int(total), int(due), int(mastered))


def new_row(**values: Any) -> MistakePuzzle:
    """A puzzle row, answered never yet."""
    return MistakePuzzle(answered=0, right=0, answered_at=None, **values)


def game_public_id(session: Session, game_id: int) -> str:
    """The public id of the game a puzzle comes from."""
    return str(session.scalar(select(Game.public_id).where(Game.id == game_id)))
