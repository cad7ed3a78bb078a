"""nard.server: the game server (ASGI on uvicorn): HTTP API, one WebSocket per game.

It imports everything below it (core, match, ai, storage); nothing imports it.
Start it with ``nard serve`` (:func:`nard.server.process.runtime.run`);
:func:`nard.server.app.create_app` builds the app, and :mod:`nard.server.games`
is where a game's moves go.
"""
