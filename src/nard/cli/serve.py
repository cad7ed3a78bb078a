"""``nard serve``: run the game server (needs the ``server`` extra)."""

from __future__ import annotations

import argparse
import gc


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = commands.add_parser(
        "serve",
        help="run the game server (HTTP API, WebSockets, bot)",
        description="Run the game server on uvicorn. By default it listens on "
        "http://127.0.0.1:8000 and keeps an SQLite database in ./data/nard.sqlite3 "
        "(the data folder is created, relative to the working folder). "
        "NARD_DATABASE_URL (or --database-url) selects another database, e.g. "
        "postgresql://user@host/db (psycopg 3). Other settings come from NARD_* "
        "environment variables (see nard.server.config). API docs: /docs.",
    )
    serve.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port (default 8000)")
    serve.add_argument(
        "--database-url",
        help="SQLAlchemy URL (default sqlite:///data/nard.sqlite3, or NARD_DATABASE_URL)",
    )
    serve.add_argument("--bot-workers", type=int, help="bot worker processes (default 1)")
    serve.add_argument("--log-level", default="info", help="uvicorn log level (default info)")
    serve.set_defaults(handler=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from nard.server.app import create_app
        from nard.server.config import Settings
    except ImportError as error:  # pragma: no cover - depends on the installation
        print(f"nard serve needs the server extra (pip install 'nard[server]'): {error}")
        return 2
    overrides = {
        name: value
        for name, value in {
            "host": args.host,
            "port": args.port,
            "database_url": args.database_url,
            "bot_workers": args.bot_workers,
        }.items()
        if value is not None
    }
    settings = Settings(**overrides)
    app = create_app(settings)
    tune_gc()
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        ws_max_size=64 * 1024,
        # Game messages are small JSON; compressing each costs more CPU than it saves.
        ws_per_message_deflate=False,
        log_level=args.log_level,
    )
    return 0


GC_THRESHOLDS = (10_000, 50, 10)
"""Python's defaults are (700, 10, 10); see :func:`tune_gc`."""


def tune_gc() -> None:
    """Set the garbage collector for a server process holding many live games.

    Every open WebSocket keeps a few hundred objects (the ASGI stack of its
    handler) for as long as the game lasts, and every action makes objects
    that live until the game's next action, a few seconds. With the default
    thresholds those are promoted to the oldest generation, whose full passes
    then come every few seconds and look at every object: with a thousand
    games, a pause of 200-400 ms for every game at once (measured with
    bench/server_load.py). Larger young generations let per-action objects die
    young, so full passes become rare; a young pass costs a few milliseconds.
    What the process made while starting (modules, the app) lives as long as
    the process, so it is frozen out of every pass.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
