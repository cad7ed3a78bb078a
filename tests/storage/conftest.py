"""A migrated database per module, on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

from nard.storage.session import make_engine, make_sessions, migrate
from tests.dbs import database_url


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def migrated(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[sessionmaker[Session]]:
    folder: Path = tmp_path_factory.mktemp("migrated")
    with database_url(request.param, folder) as url:
        engine = make_engine(url)
        migrate(engine)
        yield make_sessions(engine)
        engine.dispose()
