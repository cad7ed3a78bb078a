"""nard.storage: persistence of players and games with SQLAlchemy 2 and Alembic.

It imports :mod:`nard.core` and :mod:`nard.match` only, to (de)serialise.
:mod:`~nard.storage.models` holds the tables, :mod:`~nard.storage.repository`
every query, :mod:`~nard.storage.session` the engine from a URL and the
migrations (applied at start with :func:`~nard.storage.session.migrate`).
"""
