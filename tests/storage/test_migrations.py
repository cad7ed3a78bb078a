"""Migrations applied to data that already exists (SQLite and PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from nard.storage.models import Player
from nard.storage.repository import PlayerRepository
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
