"""``nard serve``: run the game server (needs the ``server`` extra).

This only reads the arguments; :func:`nard.server.process.runtime.run` starts the server.
"""

from __future__ import annotations

import argparse


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
        from nard.server.config import Settings
        from nard.server.process.runtime import run
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
    run(Settings(**overrides), log_level=args.log_level)
    return 0
