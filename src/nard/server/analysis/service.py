"""Match analysis on request, with progress (``analysis`` messages on the game's socket).

The analysis (:func:`nard.ai.analysis.analyse_record`) runs in a worker
thread so the event loop never waits for it, or, with a job queue
(``NARD_JOBS_QUEUE``), on a ``nard worker`` (:mod:`.analysis_job`, where the
design is). Its progress and its result are kept in the database (one row per
game and analysed ``seq``), so any server process can read them, and a
finished analysis stays with its game; each decision analysed is also
published on the game's bus channel.

Each start of a row is a new attempt: its job claims the row when its turn
comes (the analysis thread's, or a worker's), and only the current attempt
writes into it, so an attempt started over (asked again after
``ABANDONED_AFTER_S`` of silence) never has its result overwritten by the one
it replaced. An attempt still waiting for its turn is not silent: asked again,
it is left to wait rather than started over.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import JsonValue
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from nard.ai.analysis import analyse_record
from nard.ai.progress import AnalysisProgress, CancelToken
from nard.match.record import MatchRecord
from nard.server.analysis.job import SAVE_EVERY_S, analyse, as_public
from nard.server.database import Database
from nard.server.games.live import LiveGame
from nard.server.ports import EventBus, JobRunner, Throttled
from nard.server.process.metrics import Metrics
from nard.server.protocol.http import AnalysisPublic
from nard.server.protocol.server import AnalysisMessage
from nard.storage.analyses import AnalysisRepository
from nard.storage.models import Analysis

if TYPE_CHECKING:
    from nard.server.ports.redis.jobs import JobQueue

ABANDONED_AFTER_S = 120.0
"""A started analysis with no progress for this long was left by a process that stopped."""
MAX_RUNNING = 8
"""Analyses waiting or running in one process (each holds its record and a thread's turn)."""
MAX_WAITING = 64
"""Analyses on the job queue that no worker has taken yet, beyond which one more is refused."""


def quiet(row: Analysis, after_s: float = ABANDONED_AFTER_S) -> bool:
    """No word from the row for ``after_s``."""
    updated = row.updated_at
    if updated.tzinfo is None:  # SQLite gives naive timestamps back
        updated = updated.replace(tzinfo=UTC)
    return (datetime.now(UTC) - updated).total_seconds() > after_s


def _in_hand(
    row: Analysis, waits: Callable[[Analysis], bool], after_s: float = ABANDONED_AFTER_S
) -> bool:
    """Done, running in a process that still reports its progress, or not started yet
    and still waiting for its turn (``waits``: its job is still queued)."""
    if row.status == "done":
        return True
    if row.status != "running":
        return False
    if not quiet(row, after_s):
        return True
    return row.started_at is None and waits(row)


def job_id(queue: JobQueue, analysis_id: int, attempt: int) -> str:
    """The queue's job of an analysis's attempt (named, so the instance can ask after it)."""
    return f"{queue.name}-analysis-{analysis_id}-{attempt}"


@dataclass
class _Job:
    """An analysis running in this process."""

    id: int
    attempt: int
    game: str
    seq: int
    done: int = 0
    total: int = 0
    saved_at: float = 0.0
    cancel: CancelToken = field(default_factory=CancelToken)

    def message(self, public: AnalysisPublic | None = None) -> str:
        if public is not None:
            return AnalysisMessage(**public.model_dump()).model_dump_json()
        progress = self.done / self.total if self.total else 0.0
        return AnalysisMessage(
            status="running",
            seq=self.seq,
            done=self.done,
            total=self.total,
            progress=progress,
            error=None,
        ).model_dump_json()


class _Way(Protocol):
    """Where the service's analyses run: this process's thread, or the job queue."""

    replaces_running: bool
    """Whether a new attempt first marks the row's running one replaced (a worker
    elsewhere then stops at its next progress write)."""

    def full(self, game: str) -> Awaitable[bool]:
        """Whether one more analysis of ``game`` is past the bound."""
        ...

    def waits(self, game: str) -> Callable[[Analysis], bool]:
        """Whether a running row not started yet still waits for its turn (called in a
        database thread)."""
        ...

    def launch(
        self, started: tuple[int, int], live: LiveGame, seq: int, record: MatchRecord
    ) -> Awaitable[AnalysisPublic | None]:
        """Set the row's attempt going; what to answer (None: the row as begun)."""
        ...


class AnalysisService:
    def __init__(
        self,
        database: Database,
        bus: EventBus,
        jobs: JobRunner,
        *,
        workers: int = 1,
        plies: int = 0,
        metrics: Metrics | None = None,
        prefix: str = "nard:",
        abandoned_after_s: float = ABANDONED_AFTER_S,
    ) -> None:
        self.metrics = metrics
        self.abandoned_after_s = abandoned_after_s
        """A running analysis silent this long was left by a process that stopped: asked
        again, or found by :mod:`.analysis_rescue`, it starts over."""
        self.prefix = prefix
        """The bus's Redis prefix, which a worker publishes under."""
        self.database = database
        self.bus = bus
        self.plies = plies
        self._jobs: dict[str, _Job] = {}
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="nard-analysis")
        self._tasks: set[asyncio.Task[object]] = set()
        self._starting = asyncio.Lock()

        def here() -> _Way:
            return _Here(self)

        def queued(queue: JobQueue) -> _Way:
            return _Queued(self, queue)

        self._way = jobs.choose(here, queued)

    async def get(self, live: LiveGame) -> AnalysisPublic | None:
        """The game's latest analysis: running (with its progress), done or failed."""

        def read(session: Session) -> AnalysisPublic | None:
            row = AnalysisRepository(session).latest(live.setup.id)
            return None if row is None else as_public(row)

        return await self.database.run(read)

    async def start(self, live: LiveGame, record: MatchRecord, seq: int) -> AnalysisPublic:
        """Analyse ``record`` (the game at action ``seq``) unless that is done or running.

        At most :data:`MAX_RUNNING` analyses wait or run in this process at once
        (with a job queue: :data:`MAX_WAITING` wait on the queue); one more is
        refused (503 ``busy``) before anything is written.
        """
        game_id = live.setup.id
        if await self._way.full(live.public_id):
            raise Throttled("busy", "too many analyses at once: ask again in a minute", 60.0)

        def begin(session: Session) -> tuple[AnalysisPublic, tuple[int, int] | None]:
            analyses = AnalysisRepository(session)
            row = analyses.latest(game_id)
            if row is not None and row.seq == seq and _in_hand(row, waits, self.abandoned_after_s):
                return as_public(row), None
            if self._way.replaces_running:
                analyses.replace_running(game_id, seq)
            row = analyses.begin(game_id, seq)
            session.commit()
            return as_public(row), (row.id, row.attempt)

        async with self._starting:
            waits = self._way.waits(live.public_id)
            try:
                public, started = await self.database.run(begin)
            except IntegrityError:  # another process began it first
                found = await self.get(live)
                assert found is not None
                return found
            if started is None:
                return public
            launched = await self._way.launch(started, live, seq, record)
        return public if launched is None else launched

    def _spawn(self, work: Coroutine[Any, Any, object]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _save(
        self,
        job: _Job,
        *,
        finish: bool = False,
        result: dict[str, JsonValue] | None = None,
        error: str | None = None,
    ) -> AnalysisPublic | None:
        """Write the job's progress, or with ``finish`` its result or error; None when
        its attempt is no longer the row's (another process started it again), and
        the job stops."""

        def save(session: Session) -> AnalysisPublic | None:
            analyses = AnalysisRepository(session)
            if finish:
                written = analyses.finish(job.id, job.attempt, result=result, error=error)
            else:
                written = analyses.progress(job.id, job.attempt, job.done, job.total)
            session.commit()
            if not written:
                job.cancel.cancel()
                return None
            row = session.get(Analysis, job.id)
            return None if row is None else as_public(row)

        return await self.database.run(save)

    async def _run(self, job: _Job, record: MatchRecord) -> None:
        loop = asyncio.get_running_loop()

        def progress(report: AnalysisProgress) -> None:
            def note() -> None:
                job.done, job.total = report.done, report.total
                self._spawn(self.bus.publish(job.game, job.message()))
                now = time.monotonic()
                if now - job.saved_at >= SAVE_EVERY_S:
                    job.saved_at = now
                    self._spawn(self._save(job))

            loop.call_soon_threadsafe(note)

        def work() -> dict[str, JsonValue] | None:
            # Its turn came: a job replaced while it waited does not start.
            with self.database.sessions() as session:
                claimed = AnalysisRepository(session).claim(job.id, job.attempt)
                session.commit()
            if not claimed:
                job.cancel.cancel()
                return None
            analysis = analyse_record(
                record, plies=self.plies, progress=progress, cancel=job.cancel
            )
            return analysis.to_dict()

        try:
            with nullcontext() if self.metrics is None else self.metrics.job("analysis"):
                result = await loop.run_in_executor(self._executor, work)
            error = None
        except Exception as failure:  # an analysis failure must not take the server down
            reason = "replaced by a newer analysis" if job.cancel.is_cancelled else str(failure)
            result, error = None, reason[:500]
        if result is not None or error is not None:  # None, None: it never started
            public = await self._save(job, finish=True, result=result, error=error)
            if not job.cancel.is_cancelled and public is not None:
                await self.bus.publish(job.game, job.message(public))
        if self._jobs.get(job.game) is job:
            del self._jobs[job.game]

    async def close(self) -> None:
        for job in self._jobs.values():
            job.cancel.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)


class _Here:
    """The analyses run in this process's analysis thread, at most :data:`MAX_RUNNING`
    waiting or running at once; a newer attempt cancels the game's earlier one."""

    replaces_running = False

    def __init__(self, service: AnalysisService) -> None:
        self.service = service

    async def full(self, game: str) -> bool:
        jobs = self.service._jobs
        return len(jobs) >= MAX_RUNNING and game not in jobs

    def waits(self, game: str) -> Callable[[Analysis], bool]:
        held = self.service._jobs.get(game)
        mine = None if held is None or held.cancel.is_cancelled else (held.id, held.attempt)
        return lambda row: (row.id, row.attempt) == mine

    async def launch(
        self, started: tuple[int, int], live: LiveGame, seq: int, record: MatchRecord
    ) -> AnalysisPublic | None:
        jobs = self.service._jobs
        earlier = jobs.get(live.public_id)
        if earlier is not None:
            earlier.cancel.cancel()
        job = jobs[live.public_id] = _Job(*started, live.public_id, seq)
        self.service._spawn(self.service._run(job, record))
        return None


class _Queued:
    """The analyses go on the job queue's analysis queue for a ``nard worker``
    (:mod:`.analysis_job`), at most :data:`MAX_WAITING` waiting there."""

    replaces_running = True

    def __init__(self, service: AnalysisService, queue: JobQueue) -> None:
        self.service = service
        self.queue = queue

    async def full(self, game: str) -> bool:
        from redis.exceptions import RedisError

        try:
            waiting = await self.queue.analyses_waiting()
        except (RedisError, OSError):
            return False  # the submission fails too, and the analysis says why
        return waiting >= MAX_WAITING

    def waits(self, game: str) -> Callable[[Analysis], bool]:
        queue = self.queue

        def queued(row: Analysis) -> bool:
            from redis.exceptions import RedisError

            try:
                return queue.analysis_waits(job_id(queue, row.id, row.attempt))
            except (RedisError, OSError):
                return False  # started again, its submission fails and says why

        return queued

    async def launch(
        self, started: tuple[int, int], live: LiveGame, seq: int, record: MatchRecord
    ) -> AnalysisPublic | None:
        """Put the analysis on the job queue; with the queue unreachable it fails at once."""
        from redis.exceptions import RedisError

        analysis_id, attempt = started
        service = self.service
        try:
            await self.queue.submit(
                analyse,
                analysis_id,
                attempt,
                live.public_id,
                record,
                service.plies,
                service.prefix,
                job_id=job_id(self.queue, analysis_id, attempt),
            )
            error = None
        except (RedisError, OSError) as failure:
            error = f"the job queue is unreachable: {failure}"[:500]

        def read(session: Session) -> AnalysisPublic:
            analyses = AnalysisRepository(session)
            if error is not None:
                analyses.finish(analysis_id, attempt, result=None, error=error)
                session.commit()
            row = session.get(Analysis, analysis_id)
            assert row is not None
            return as_public(row)

        return await service.database.run(read)
