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
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from nard.server.ports.redis.jobs import JobQueue

T = TypeVar("T")
R = TypeVar("R")


class InProcessJobs:
    def __init__(self, workers: int = 1) -> None:
        if workers == 0:
            self._executor: Executor = ThreadPoolExecutor(1, thread_name_prefix="nard-bot")
        else:
            from nard.server.games.bot_service import warm_up

            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(workers, mp_context=context, initializer=warm_up)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, function, *args)

    def choose(self, here: Callable[[], R], queued: Callable[[JobQueue], R]) -> R:
        return here()

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
