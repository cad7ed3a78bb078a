"""Migrations applied to data that already exists (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from nard.storage.models import Player
from nard.storage.players import PlayerRepository
from nard.storage.session import make_engine, make_sessions, migrate
from tests.dbs import database_url


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_usernames_differing_only_in_case_are_kept_apart_and_then_unique(
    kind: str, tmp_path: Path
) -> None:
    with database_url(kind, tmp_path) as url:
        engine = make_engine(url)
        try:
            migrate(engine, "0007_dice_tally")
            with engine.begin() as connection:
                for name in ("probeX", "PROBEX", "probex", "other"):
                    connection.execute(insert(Player).values(display_name=name, username=name))
            migrate(engine)
            sessions = make_sessions(engine)
            with sessions() as session:
                rows = session.execute(select(Player.id, Player.username).order_by(Player.id))
                names = [username for _, username in rows]
                ids = [row.id for row in session.execute(select(Player.id).order_by(Player.id))]
                assert names == ["probeX", f"PROBEX-{ids[1]}", f"probex-{ids[2]}", "other"]
                players = PlayerRepository(session)
                found = players.by_username("PrObEx")
                assert found is not None and found.username == "probeX"
                assert players.by_username(f"probex-{ids[1]}") is not None
                session.add(Player(display_name="x", username="OTHER"))
                with pytest.raises(IntegrityError):
                    session.flush()
        finally:
            engine.dispose()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_analyses_running_before_attempts_count_as_started(kind: str, tmp_path: Path) -> None:
    from sqlalchemy import column, table

    from nard.storage.models import Analysis
    from tests.storage.test_repository import _game

    with database_url(kind, tmp_path) as url:
        engine = make_engine(url)
        try:
            migrate(engine, "0009_mistake_puzzles")
            with make_sessions(engine)() as session:
                game = _game(session)
            old = table(
                "analysis",
                *(column(name) for name in ("game_id", "seq", "status", "done", "total")),
                column("updated_at"),
                column("created_at"),
            )
            with engine.begin() as connection:
                for seq, status in ((3, "done"), (5, "running")):
                    connection.execute(
                        insert(old).values(
                            game_id=game,
                            seq=seq,
                            status=status,
                            done=0,
                            total=0,
                            updated_at=datetime(2026, 1, 1, tzinfo=UTC),
                            created_at=datetime(2026, 1, 1, tzinfo=UTC),
                        )
                    )
            migrate(engine)
            with make_sessions(engine)() as session:
                rows = session.scalars(select(Analysis).order_by(Analysis.seq)).all()
                # The running one can still go stale, so a dead worker's row starts again.
                assert [(r.attempt, r.started_at is not None) for r in rows] == [
                    (1, False),
                    (1, True),
                ]
        finally:
            engine.dispose()
