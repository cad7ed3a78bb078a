"""A real uvicorn serving the app with ``nard serve``'s options, in a thread: for what
the test client cannot show (the HTTP protocol, WebSocket frame limits, logs)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from nard.server.app import create_app
from nard.server.edge.protocol import uvicorn_options
from tests.server.conftest import make_settings


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def live_server(db_url: str, **overrides: Any) -> Iterator[tuple[str, int]]:
    """``(host, port)`` of a started server on ``db_url``; stopped afterwards."""
    settings = make_settings(db_url, **overrides)
    port = _free_port()
    config = uvicorn.Config(
        create_app(settings),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        log_config=None,  # uvicorn's loggers propagate: pytest's caplog sees them
        **uvicorn_options(settings),
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield "127.0.0.1", port
    finally:
        server.should_exit = True
        thread.join(10)
