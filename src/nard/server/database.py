"""Database calls off the event loop: each runs in a session, in the database threads."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TypeVar

from sqlalchemy.orm import Session, sessionmaker

T = TypeVar("T")


class Database:
    """``await database.run(work)``: ``work(session)`` in an executor thread."""

    def __init__(self, sessions: sessionmaker[Session], executor: Executor | None = None) -> None:
        self.sessions = sessions
        self.executor = executor

    async def run(self, work: Callable[[Session], T]) -> T:
        def run() -> T:
            with self.sessions() as session:
                return work(session)

        return await asyncio.get_running_loop().run_in_executor(self.executor, run)
