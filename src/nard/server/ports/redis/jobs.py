"""Bot turns, hints and analyses as jobs on RQ queues, run by ``nard worker`` processes.

With ``NARD_JOBS_QUEUE`` set, a web process never spends CPU on the engine:
it puts each decision on the queue (Redis) and waits for its result, and the
workers (``nard worker``, as many as the load needs, on any machine) run them.
Without it, the embedded default, each web process thinks in its own pool.

Why RQ (docs/deploy.md): maintained, Redis-backed (Redis is there already for
several instances), and it works with the redis-py the server uses; arq, the
asyncio-native choice, requires ``redis<6``. RQ's calls block, so the web
process waits for each job in a thread.

Analyses (:mod:`nard.server.analysis.job`) go on a queue of their own,
``<name>-analysis``, and nobody waits for them: the worker writes their progress
and result into the database. A worker takes a waiting bot turn or hint before
a waiting analysis, so a long analysis never queues ahead of a player's turn.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable
from typing import Any, TypeVar, cast

T = TypeVar("T")
R = TypeVar("R")
log = logging.getLogger(__name__)

RESULT_WAIT_S = 120
"""The longest a job's caller waits for a worker (a bot turn takes well under a second)."""
RETRY_S = 60.0
"""A job not answered in this long is put on the queue again (its worker may have died)."""
ANALYSIS_TIMEOUT_S = 3600
"""The longest one analysis may run on a worker before RQ stops it."""


def analysis_queue(name: str) -> str:
    """The queue of the analyses that go with the bot-turn queue ``name``."""
    return f"{name}-analysis"


class JobFailed(RuntimeError):
    """A worker ran the job and it raised, or no worker answered in time."""


class JobQueue:
    """The web process's side of the queue: enqueue a function call, await its result
    (:class:`~nard.server.ports.JobRunner` through RQ)."""

    def __init__(self, redis_url: str, name: str, *, retry_s: float = RETRY_S) -> None:
        from redis import Redis
        from rq import Queue

        self.name = name
        self.retry_s = retry_s
        """A job lost with its worker (killed, or a Redis restarted empty) is asked for
        again after this long: one job at a time, the one before cancelled."""
        connection = Redis.from_url(redis_url)
        self._queue = Queue(name, connection=connection)
        self._analyses = Queue(analysis_queue(name), connection=connection)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(self._run, function, *args)

    def choose(self, here: Callable[[], R], queued: Callable[[JobQueue], R]) -> R:
        return queued(self)

    def close(self) -> None:
        self._queue.connection.close()

    def _run(self, function: Callable[..., T], *args: Any) -> T:
        from redis.exceptions import RedisError
        from rq.results import Result

        give_up = time.monotonic() + RESULT_WAIT_S
        while True:
            job = None
            result = None
            wait_s = min(self.retry_s, give_up - time.monotonic())
            try:
                job = self._queue.enqueue(function, *args, result_ttl=60, failure_ttl=3600)
                # RQ waits whole seconds.
                result = job.latest_result(timeout=max(1, math.ceil(wait_s)))
            except (RedisError, OSError) as error:  # Redis restarting: ask again shortly
                log.warning("job queue %r: %s", self.name, error)
                time.sleep(min(1.0, max(0.0, wait_s)))
            if result is not None:
                break
            if job is not None:
                self._cancel(job)
            if time.monotonic() >= give_up:
                raise JobFailed(f"no worker ran {function.__name__} on queue {self.name!r}")
            log.warning(
                "job queue %r: no answer to %s (job %s), asking again",
                self.name,
                function.__name__,
                None if job is None else job.id,
            )
        assert job is not None
        if result.type is not Result.Type.SUCCESSFUL:
            raise JobFailed(f"job {job.id} failed: {result.exc_string}")
        return cast(T, result.return_value)

    @staticmethod
    def _cancel(job: Any) -> None:
        """Take an unanswered job off the queue (a worker that took it may still answer:
        the game's ``seq`` makes a late answer change nothing)."""
        from redis.exceptions import RedisError

        try:
            job.cancel()
        except (RedisError, OSError, ValueError) as error:
            log.warning("cancelling job %s: %s", job.id, error)

    async def submit(self, function: Callable[..., object], *args: Any, job_id: str) -> str:
        """Put an analysis on its queue as job ``job_id`` and return at once (no result
        awaited)."""

        def enqueue() -> str:
            job = self._analyses.enqueue(
                function,
                *args,
                job_id=job_id,
                job_timeout=ANALYSIS_TIMEOUT_S,
                result_ttl=3600,
            )
            return str(job.id)

        return await asyncio.to_thread(enqueue)

    def analysis_waits(self, job_id: str) -> bool:
        """Whether analysis job ``job_id`` is still on its queue, not yet taken by a worker
        (blocking: call it off the event loop)."""
        from rq.exceptions import NoSuchJobError
        from rq.job import Job, JobStatus

        try:
            status = Job.fetch(job_id, connection=self._analyses.connection).get_status()
        except NoSuchJobError:
            return False
        return status in (JobStatus.QUEUED, JobStatus.DEFERRED, JobStatus.SCHEDULED)

    async def analyses_waiting(self) -> int:
        """Analyses on the queue that no worker has taken yet."""
        return await asyncio.to_thread(lambda: self._analyses.count)


def work(redis_url: str, name: str) -> None:
    """Run jobs from queue ``name``, then its analyses, until stopped (``nard worker``)."""
    from redis import Redis
    from rq import Queue, SimpleWorker

    from nard.server.games.bot_service import warm_up

    warm_up()  # the engine loads once; each job then runs in this process (no fork)
    connection = Redis.from_url(redis_url)
    queues = [Queue(each, connection=connection) for each in (name, analysis_queue(name))]
    SimpleWorker(queues, connection=connection).work()
