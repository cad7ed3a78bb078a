"""Alembic environment: runs on the connection :func:`nard.storage.session.migrate` passes,
or on ``sqlalchemy.url`` from the command line (``alembic -x url=...``)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from nard.storage.models import Base
from nard.storage.session import normalise_url

target_metadata = Base.metadata


def run() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    if not url:
        raise SystemExit("give the database as: alembic -x url=sqlite:///data/nard.sqlite3 ...")
    engine = create_engine(normalise_url(url))
    with engine.begin() as connection:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()


# Alembic installs its context before loading this file; a plain import (pytest's
# doctest collection) only defines run().
if getattr(context, "_proxy", None) is not None:
    run()
