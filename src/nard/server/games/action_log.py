"""Group commit: the actions of many games saved in one transaction.

Every accepted action is appended to its game's log before it is
acknowledged. Committing each one on its own would make the database's commit
the bottleneck (and SQLite takes one writer at a time), so :class:`ActionLog`
queues the appends and a writer saves whatever has queued meanwhile as one
batch (:func:`nard.storage.games.append_actions`). Each
caller still waits until its own action is committed: the guarantee is
unchanged, the commits are shared.

On SQLite the batch is committed on the event loop itself, on a connection
that never waits for a lock (:func:`nard.storage.session.loop_writer`): a
commit there costs less than the hand-off to a thread and back. If another
writer holds the lock, that batch goes to the database thread, which may wait;
checkpoints (which fsync) run in that thread too.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from concurrent.futures import Executor

from sqlalchemy import Connection
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker

from nard.storage.games import ConflictError, LoggedAction, append_actions
from nard.storage.session import checkpoint

DRAIN_S = 10.0
"""How long :meth:`ActionLog.close` lets the queued and running batches commit."""
MAX_BATCH = 256
"""The most actions committed in one transaction."""
CHECKPOINT_EVERY_S = 1.0
"""How often SQLite's write-ahead log is copied into the database while actions come."""

_Pending = tuple[LoggedAction, asyncio.Future[None]]


class ActionLog:
    """Appends actions to the database in batches; ``writers`` batches at once.

    One writer suits SQLite (one write transaction at a time); PostgreSQL
    commits concurrently, so several writers overlap their round trips.
    """

    def __init__(
        self,
        sessions: sessionmaker[Session],
        executor: Executor | None,
        *,
        writers: int = 1,
        inline: Connection | None = None,
        observe: Callable[[float], None] | None = None,
    ) -> None:
        self.sessions = sessions
        self.observe = observe
        """Told each batch's commit time in seconds (the metrics)."""
        self.executor = executor
        self.writers = 1 if inline is not None else writers
        self.inline = inline
        self._queue: asyncio.Queue[_Pending] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._checkpointed = time.monotonic()
        self._checkpoint: asyncio.Future[None] | None = None
        self._writing = 0
        """Batches taken from the queue and not yet answered."""

    async def append(self, entry: LoggedAction) -> None:
        """Return once ``entry`` is committed; :class:`ConflictError` if it was refused."""
        if not self._tasks:
            self._tasks = [asyncio.create_task(self._write()) for _ in range(self.writers)]
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((entry, future))
        await future

    async def close(self, drain_s: float = DRAIN_S) -> None:
        """Let what is queued commit (up to ``drain_s``), then stop: a server that is
        asked to stop still saves the actions it accepted."""
        deadline = time.monotonic() + drain_s
        while (
            self._tasks
            and (self._writing or not self._queue.empty())
            and time.monotonic() < deadline
        ):
            await asyncio.sleep(0.01)
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []
        if self._checkpoint is not None:
            with contextlib.suppress(Exception):
                await self._checkpoint
        if self.inline is not None:
            self.inline.close()
        while not self._queue.empty():
            _, future = self._queue.get_nowait()
            if not future.done():
                future.set_exception(ConnectionError("the server is shutting down"))

    async def _write(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            batch = [await self._queue.get()]
            while len(batch) < MAX_BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            self._writing += 1
            try:
                await self._commit(batch, loop)
            finally:
                self._writing -= 1

    async def _commit(self, batch: list[_Pending], loop: asyncio.AbstractEventLoop) -> None:
        entries = [entry for entry, _ in batch]
        start = time.perf_counter()
        try:
            saved = self._save_inline(entries) if self.inline is not None else None
            if saved is None:
                saved = await loop.run_in_executor(self.executor, self._save, entries)
        except asyncio.CancelledError:
            for _, future in batch:
                if not future.done():
                    future.set_exception(ConnectionError("the server is shutting down"))
            raise
        except Exception as error:  # the database failed: every caller hears of it
            for _, future in batch:
                if not future.done():
                    future.set_exception(error)
            return
        if self.observe is not None:
            self.observe(time.perf_counter() - start)
        if self.inline is not None:
            self._maybe_checkpoint(loop)
        for (entry, future), ok in zip(batch, saved, strict=True):
            if future.done():
                continue
            if ok:
                future.set_result(None)
            else:
                future.set_exception(
                    ConflictError(f"action {entry.seq} of game {entry.game_id} is taken")
                )

    def _save(self, entries: list[LoggedAction]) -> list[bool]:
        return append_actions(self.sessions, entries)

    def _save_inline(self, entries: list[LoggedAction]) -> list[bool] | None:
        """Save on the loop's own connection; None if another writer holds the lock."""
        assert self.inline is not None
        try:
            return append_actions(lambda: Session(bind=self.inline), entries)
        except OperationalError as error:
            self.inline.rollback()
            if "locked" in str(error) or "busy" in str(error):
                return None
            raise

    def _maybe_checkpoint(self, loop: asyncio.AbstractEventLoop) -> None:
        assert self.inline is not None
        now = time.monotonic()
        if now - self._checkpointed < CHECKPOINT_EVERY_S or self._checkpoint is not None:
            return
        self._checkpointed = now
        future = loop.run_in_executor(self.executor, checkpoint, self.inline.engine)

        def done(_: asyncio.Future[None]) -> None:
            self._checkpoint = None

        future.add_done_callback(done)
        self._checkpoint = future
