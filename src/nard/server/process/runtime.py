"""The server process: its garbage collector, and the uvicorn launch.

However the app starts (``nard serve``, which calls :func:`run`, or
``uvicorn --factory nard.server.app:create_app``), its lifespan enters
:func:`tuned_gc`, so every server process gets the collector it needs.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from nard.server.config import Settings
from nard.server.process.gc_tuning import YoungPacer, tune_gc

_lock = threading.Lock()
_users = 0
_pacer: YoungPacer | None = None


@contextmanager
def tuned_gc() -> Iterator[None]:
    """The collector tuned for a server (:func:`~nard.server.process.gc_tuning.tune_gc`)
    while inside.

    The settings are process-wide, so several apps in one process (tests)
    share one pacer: the first to enter starts it, the last to leave stops it,
    puts the thresholds back and unfreezes what it froze.
    """
    global _users, _pacer
    with _lock:
        _users += 1
        if _users == 1:
            _pacer = tune_gc()
    try:
        yield
    finally:
        with _lock:
            _users -= 1
            if _users == 0 and _pacer is not None:
                _pacer.stop()
                _pacer = None
                gc.unfreeze()


def run(settings: Settings, *, log_level: str = "info") -> None:
    """Serve the app for ``settings`` on uvicorn until stopped."""
    from uvicorn.config import LOGGING_CONFIG

    from nard.server.app import create_app
    from nard.server.edge.protocol import uvicorn_options
    from nard.server.process.drain import serve
    from nard.server.process.logs import log_config

    app = create_app(settings)
    serve(
        app,
        app.state.drain,
        settings.drain_notice_s,
        host=settings.host,
        port=settings.port,
        log_level=log_level,
        # SIGTERM: /readyz answers 503 for drain_notice_s (drain.py); then uvicorn stops
        # accepting, closes each socket with 1012 (reconnect), lets the handlers finish;
        # then the lifespan lets queued commits finish.
        timeout_graceful_shutdown=int(settings.drain_s),
        log_config=log_config(log_level) if settings.log_format == "json" else LOGGING_CONFIG,
        **uvicorn_options(settings),
    )
