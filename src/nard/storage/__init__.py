"""nard.storage: persistence of players, games and their analyses with SQLAlchemy 2
and Alembic.

It imports no other ``nard`` package: a game (and an analysis) is kept as the
JSON the server makes of it (settings, an append-only action log, a snapshot),
so the rules never reach the database code. :mod:`~nard.storage.models` holds
the tables, :mod:`~nard.storage.repository` every query,
:mod:`~nard.storage.session` the engine from a URL and the migrations (applied
at start with :func:`~nard.storage.session.migrate`).
"""
