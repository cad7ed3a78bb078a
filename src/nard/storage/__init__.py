"""nard.storage: persistence of players, games and their analyses with SQLAlchemy 2
and Alembic.

It imports no other ``nard`` package: a game (and an analysis) is kept as the
JSON the server makes of it (settings, an append-only action log, a snapshot),
so the rules never reach the database code. :mod:`~nard.storage.models` holds
the tables; each aggregate's queries are a module of their own, the only code
that builds SQL: :mod:`~nard.storage.games` (a game and its action log),
:mod:`~nard.storage.players`, :mod:`~nard.storage.ratings`,
:mod:`~nard.storage.analyses`, :mod:`~nard.storage.challenges`,
:mod:`~nard.storage.chat`, :mod:`~nard.storage.dice`,
:mod:`~nard.storage.trainer_progress` and :mod:`~nard.storage.mistake_puzzles`;
:mod:`~nard.storage.session` makes the engine from a URL and applies the
migrations (at start, :func:`~nard.storage.session.migrate`).

Who commits: **the code that opened the session owns its transaction.** A
repository method or function given a session reads, writes and at most
flushes (to learn a new row's id); it never commits and never rolls back, so
the caller (the server's services, each in one unit of work) decides what goes
together in one transaction, commits it, and rolls it back after a refusal
such as :class:`~nard.storage.games.ConflictError`. The one storage function
given a session factory instead, the group commit
(:func:`~nard.storage.games.append_actions`), opens its sessions itself, and so
commits them. Storage only stores: a rule of the
game or of the trainer (a level-up, a Leitner box) is decided above it.
"""
