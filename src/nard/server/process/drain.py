"""SIGTERM in two steps, so that a balancer stops sending players before the drain.

On the first SIGTERM (or Ctrl-C) the instance starts *draining*: ``/readyz``
answers 503 at once, while everything else goes on being served for
``NARD_DRAIN_NOTICE_S`` seconds, long enough for the balancer's health checks
to take the instance out of the pool. Then uvicorn's graceful shutdown
begins (sockets told to reconnect with 1012, queued commits finished within
``NARD_DRAIN_S``). A second signal skips what is left of the notice.
"""

from __future__ import annotations

import sys
import time
from types import FrameType
from typing import Any

import uvicorn


class Drain:
    """Whether the instance is shutting down (read by ``/readyz``)."""

    def __init__(self) -> None:
        self.draining = False


class DrainingServer(uvicorn.Server):
    """uvicorn's server, with the notice before its shutdown."""

    def __init__(self, config: uvicorn.Config, drain: Drain, notice_s: float) -> None:
        super().__init__(config)
        self.drain = drain
        self.notice_s = notice_s
        self._signal: int | None = None
        self._exit_at: float | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        first = not self.drain.draining
        self.drain.draining = True
        if first and self.notice_s > 0:
            self._signal, self._exit_at = sig, time.monotonic() + self.notice_s
            return
        super().handle_exit(sig, frame)

    async def on_tick(self, counter: int) -> bool:
        if self._exit_at is not None and time.monotonic() >= self._exit_at:
            self._exit_at = None
            assert self._signal is not None
            super().handle_exit(self._signal, None)
        return await super().on_tick(counter)


def serve(app: Any, drain: Drain, notice_s: float, **options: Any) -> None:
    """``uvicorn.run``, with the drain's notice."""
    server = DrainingServer(uvicorn.Config(app, **options), drain, notice_s)
    server.run()
    if not server.started:
        sys.exit(3)  # uvicorn's STARTUP_FAILURE
