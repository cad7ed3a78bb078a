"""Database calls off the event loop: each runs in a session, in the database threads."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TypeVar

from sqlalchemy.orm import Session, sessionmaker

T = TypeVar("T")


class Database:
    """``await database.run(work)``: ``work(session)`` in an executor thread."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        executor: Executor | None = None,
        *,
        observe: Callable[[float], None] | None = None,
    ) -> None:
        self.sessions = sessions
        self.executor = executor
        self.observe = observe
        """Told each call's time in seconds (the metrics)."""

    async def run(self, work: Callable[[Session], T]) -> T:
        def run() -> T:
            start = time.perf_counter()
            try:
                with self.sessions() as session:
                    return work(session)
            finally:
                if self.observe is not None:
                    self.observe(time.perf_counter() - start)

        return await asyncio.get_running_loop().run_in_executor(self.executor, run)
