"""Test databases: a fresh SQLite file, or a uniquely named PostgreSQL database.

The same server and storage suites run on both (``database_url`` fixtures are
parametrised with these). PostgreSQL is the local server at 127.0.0.1:5432
(trust auth; user postgres or root; admin database ``test``); it is skipped,
saying why, only when it cannot be reached.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_HOST = os.environ.get("NARD_TEST_PG_HOST", "127.0.0.1")
PG_PORT = int(os.environ.get("NARD_TEST_PG_PORT", "5432"))


def _admin() -> tuple[object, str] | tuple[None, str]:
    import psycopg

    errors = []
    for user in ("postgres", "root"):
        try:
            connection = psycopg.connect(
                host=PG_HOST,
                port=PG_PORT,
                user=user,
                dbname="test",
                autocommit=True,
                connect_timeout=3,
            )
        except psycopg.Error as error:
            errors.append(f"{user}: {error}")
            continue
        return connection, user
    return None, "; ".join(errors)


@contextlib.contextmanager
def postgres_url() -> Iterator[str]:
    """A new, empty database for this run, dropped afterwards."""
    connection, user = _admin()
    if connection is None:
        pytest.skip(f"PostgreSQL at {PG_HOST}:{PG_PORT} is unreachable ({user})")
    name = f"nard_test_{secrets.token_hex(6)}"
    connection.execute(f'CREATE DATABASE "{name}"')  # type: ignore[attr-defined]
    try:
        yield f"postgresql+psycopg://{user}@{PG_HOST}:{PG_PORT}/{name}"
    finally:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[attr-defined]
        connection.close()  # type: ignore[attr-defined]


@contextlib.contextmanager
def database_url(kind: str, folder: Path) -> Iterator[str]:
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'nard.sqlite3'}"
    else:
        with postgres_url() as url:
            yield url
