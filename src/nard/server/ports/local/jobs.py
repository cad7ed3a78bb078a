"""Jobs run by this process (:class:`~nard.server.ports.JobRunner`): the embedded default.

Decisions (bot turns, hints) go to a pool of ``workers`` processes, each of
which loads the engine once, so the event loop never waits for them; with
``workers=0`` one thread runs them (tests). The analyses, which report their
progress as they go, run in the analysis feature's own thread here
(:meth:`choose` picks that way).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from nard.server.ports.redis.jobs import JobQueue

T = TypeVar("T")
R = TypeVar("R")


class InProcessJobs:
    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._executor = self._pool()

    def _pool(self) -> Executor:
        if self.workers == 0:
            return ThreadPoolExecutor(1, thread_name_prefix="nard-bot")
        from nard.server.games.bot_service import start_pool_worker

        # Each worker dies with this process (process/pool_child.py), then warms up.
        return ProcessPoolExecutor(
            self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=start_pool_worker,
            initargs=(os.getpid(),),
        )

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in the pool; a pool broken by a worker's death is replaced
        (the call still fails: its caller asks again)."""
        executor = self._executor
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, function, *args)
        except BrokenProcessPool:
            if self._executor is executor:
                self._executor = self._pool()
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    def choose(self, here: Callable[[], R], queued: Callable[[JobQueue], R]) -> R:
        return here()

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
