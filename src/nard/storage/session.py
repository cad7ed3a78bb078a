"""The database engine and sessions from a URL, and the migrations.

SQLite (the default) and PostgreSQL (psycopg 3) run the same code. On SQLite
the journal is a write-ahead log with ``synchronous=NORMAL``: a committed
transaction survives the server process being killed (only a power cut could
lose the last ones), which is the guarantee the server gives.

>>> url = normalise_url("postgresql://user@host/db")
>>> url
'postgresql+psycopg://user@host/db'
>>> normalise_url("sqlite:///data/nard.sqlite3")
'sqlite:///data/nard.sqlite3'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"


def normalise_url(url: str) -> str:
    """Pick the psycopg 3 driver for a plain ``postgresql://`` or ``postgres://`` URL."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def make_engine(url: str, *, pool_size: int = 16) -> Engine:
    """An engine for ``url``; SQLite files get their folder created and WAL mode."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True)


def writer_threads(url: str) -> int:
    """How many threads should talk to the database at once.

    SQLite takes one writer at a time and makes the others wait in its busy
    handler, which sleeps in steps of milliseconds: one thread that queues the
    work is faster than several that collide. PostgreSQL commits concurrently.

    >>> writer_threads("sqlite:///data/nard.sqlite3"), writer_threads("postgresql://db")
    (1, 16)
    """
    return 1 if normalise_url(url).startswith("sqlite") else 16


def log_writers(url: str) -> int:
    """How many batches of actions to commit at once (see the server's group commit).

    >>> log_writers("sqlite:///data/nard.sqlite3"), log_writers("postgresql://db")
    (1, 4)
    """
    return 1 if normalise_url(url).startswith("sqlite") else 4


def loop_writer(engine: Engine) -> Connection | None:
    """For SQLite: a connection for the server's group commit on its event loop, else None.

    An SQLite commit in WAL mode with ``synchronous=NORMAL`` appends to the
    log without an fsync: a fraction of a millisecond, less than handing the
    work to a thread and back through the GIL. So the server commits actions
    on this connection inline; it must never wait there, so the connection
    does not wait for a lock (``busy_timeout=0``: the caller retries in a
    thread) and leaves checkpoints, which do fsync, to :func:`checkpoint` in a
    thread.
    """
    if engine.dialect.name != "sqlite":
        return None
    connection = engine.connect()
    connection.exec_driver_sql("PRAGMA busy_timeout=0")
    connection.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
    connection.commit()
    return connection


def checkpoint(engine: Engine) -> None:
    """Copy SQLite's write-ahead log into the database, without blocking anyone."""
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")


def make_sessions(engine: Engine) -> sessionmaker[Session]:
    """A session factory; objects stay readable after commit."""
    return sessionmaker(engine, expire_on_commit=False)


MIGRATION_LOCK = 0x6E617264  # "nard"
"""The PostgreSQL advisory lock held while migrating (any 64-bit number of our own)."""


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the database to the newest Alembic revision (run at server start).

    Instances started at once on an empty database would each create the same
    tables, and all but one fail. So one migrates at a time, in one
    transaction, and the others wait for it and then find nothing left to do:
    PostgreSQL by an advisory lock held until the commit, SQLite by taking its
    write lock before the first statement (its DDL is transactional, but the
    driver would otherwise run each statement on its own).
    """
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if engine.dialect.name == "sqlite":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
            try:
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
            except BaseException:
                connection.exec_driver_sql("ROLLBACK")
                raise
            connection.exec_driver_sql("COMMIT")
        return
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
