"""The tasks a sweep of shared deadlines starts: each one logged if it fails, all
cancelled at close (:mod:`.overdue_clocks`, :mod:`.owed_bot_turns`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger(__name__)


class Background:
    """Tasks run on the side; ``what`` names them in the log when one fails (the next
    sweep finds its work again)."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._tasks: set[asyncio.Task[None]] = set()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(self._logged(work))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _logged(self, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except Exception:
            log.exception("%s failed", self.what)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
