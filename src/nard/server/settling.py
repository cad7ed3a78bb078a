"""What a closing socket must finish even when its handler is cancelled.

A socket that goes lets its seat go (in Redis too, for the other instances)
and tells the opponent; if the handler is cancelled on the way out, that
work still runs to its end. The lifespan waits for it before it closes Redis
and the database, so none of it runs on a closed client.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any


class Settling:
    def __init__(self) -> None:
        self._tasks: set[asyncio.Future[Any]] = set()

    async def finish(self, work: Awaitable[None]) -> None:
        """Run ``work`` to its end, shielded from this caller's cancellation."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        await asyncio.shield(task)

    async def wait(self) -> None:
        """Until everything started has ended (its failures are the callers' to log)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
