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
from nard.server.gc_tuning import YoungPacer, tune_gc

_lock = threading.Lock()
_users = 0
_pacer: YoungPacer | None = None


@contextmanager
def tuned_gc() -> Iterator[None]:
    """The collector tuned for a server (:func:`nard.server.gc_tuning.tune_gc`) while inside.

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
    import uvicorn

    from nard.server.app import create_app
    from nard.server.edge.protocol import uvicorn_options

    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level=log_level,
        **uvicorn_options(settings),
    )
