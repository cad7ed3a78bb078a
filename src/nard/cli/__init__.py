"""The ``nard`` command line: rules queries (``moves``, ``explain``, ``show``), the
engine's ``hint`` for a roll or the cube, ``play`` in the terminal, match analysis
(``analyze``), provably fair verification (``verify``), the rules drills (``train``),
``serve`` to start the game server and ``worker`` to run its bot turns, hints and
analyses from the job queues."""
