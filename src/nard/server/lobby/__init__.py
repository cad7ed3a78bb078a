"""The lobby: open challenges, quick match, who is online and the games to watch.

:mod:`~nard.server.lobby.pairing` pairs quick-match seekers (pure, tested with
injected time) out of a queue (:mod:`~nard.server.ports.local.seekers`, shared
through Redis by :mod:`~nard.server.ports.redis.seekers`);
:mod:`~nard.server.lobby.hall` keeps the lobby and publishes every change on
the event bus's ``lobby`` channel, which every open lobby socket
(``lobby/lobby_socket.py``) forwards.
"""
