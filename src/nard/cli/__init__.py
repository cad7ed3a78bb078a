"""The ``nard`` command line: rules queries (moves, explain, show), play in the terminal,
match analysis, provably fair verification, and ``nard serve`` to start the game server."""
