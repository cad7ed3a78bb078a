"""Analyses of games: one row per game and analysed action, with its attempts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session

from nard.storage.models import (
    Analysis,
    Game,
    utcnow,
)


class AnalysisRepository:
    """Analyses of games: one row per game and analysed ``seq``, the latest one current."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def latest(self, game_id: int) -> Analysis | None:
        """The game's most recent analysis (of the most actions), if any."""
        return self.session.scalar(
            select(Analysis)
            .where(Analysis.game_id == game_id)
            .order_by(Analysis.seq.desc(), Analysis.id.desc())
            .limit(1)
        )

    def done_of_player(
        self, player_id: int, *, limit: int = 100
    ) -> Sequence[tuple[Game, Analysis]]:
        """The finished analyses of a player's games, oldest game first."""
        rows = self.session.execute(
            select(Game, Analysis)
            .join(Analysis, Analysis.game_id == Game.id)
            .where(
                or_(Game.white_player_id == player_id, Game.black_player_id == player_id),
                Analysis.status == "done",
            )
            .order_by(Game.created_at.desc(), Analysis.seq.desc())
            .limit(limit)
        ).all()
        latest: dict[int, tuple[Game, Analysis]] = {}
        for game, analysis in rows:
            latest.setdefault(game.id, (game, analysis))
        return list(reversed(latest.values()))

    def begin(self, game_id: int, seq: int) -> Analysis:
        """A new attempt at analysing the game at ``seq``, waiting for its job to claim it
        (a failed or abandoned analysis starts over in its row, as the next attempt).

        The row is locked while its attempt moves on, so two processes starting it
        at once make two attempts, of which only the later one can write.
        """
        row = self.session.scalar(
            select(Analysis)
            .where(Analysis.game_id == game_id, Analysis.seq == seq)
            .with_for_update()
        )
        if row is None:
            row = Analysis(game_id=game_id, seq=seq, status="running", done=0, total=0, attempt=1)
            self.session.add(row)
        else:
            row.status, row.done, row.total = "running", 0, 0
            row.result = row.error = row.started_at = None
            row.attempt += 1
            row.updated_at = utcnow()
        self.session.flush()
        return row

    def claim(self, analysis_id: int, attempt: int) -> bool:
        """Start the ``attempt`` of a running analysis: True for its one job, False when
        it was started already (the same job taken twice) or is no longer the current one.
        """
        now = utcnow()
        claimed = self.session.execute(
            update(Analysis)
            .where(
                Analysis.id == analysis_id,
                Analysis.attempt == attempt,
                Analysis.status == "running",
                Analysis.started_at.is_(None),
            )
            .values(started_at=now, updated_at=now)
        )
        return bool(claimed.rowcount)  # type: ignore[attr-defined]

    def progress(self, analysis_id: int, attempt: int, done: int, total: int) -> bool:
        """Note how far a running attempt is; False when it is no longer the running one."""
        result = self.session.execute(
            update(Analysis)
            .where(
                Analysis.id == analysis_id,
                Analysis.attempt == attempt,
                Analysis.status == "running",
            )
            .values(done=done, total=total, updated_at=utcnow())
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]

    def replace_running(self, game_id: int, seq: int) -> None:
        """Fail the game's running analyses of other ``seq`` (a newer one replaces them)."""
        self.session.execute(
            update(Analysis)
            .where(Analysis.game_id == game_id, Analysis.seq != seq, Analysis.status == "running")
            .values(status="failed", error="replaced by a newer analysis", updated_at=utcnow())
        )

    def finish(
        self,
        analysis_id: int,
        attempt: int,
        *,
        result: dict[str, Any] | None,
        error: str | None = None,
    ) -> bool:
        """Record the result (status ``done``) or the error (``failed``) of a running
        attempt; False when it is no longer the running one (replaced, started again,
        or finished by another)."""
        values: dict[str, Any] = {"result": result, "error": error, "updated_at": utcnow()}
        values["status"] = "failed" if error is not None else "done"
        if error is None:
            values["done"] = Analysis.total
        finished = self.session.execute(
            update(Analysis)
            .where(
                Analysis.id == analysis_id,
                Analysis.attempt == attempt,
                Analysis.status == "running",
            )
            .values(values)
        )
        return bool(finished.rowcount)  # type: ignore[attr-defined]
