"""Bot turns and hints as jobs on an RQ queue, run by ``nard worker`` processes.

With ``NARD_JOBS_QUEUE`` set, a web process never spends CPU on the engine:
it puts each decision on the queue (Redis) and waits for its result, and the
workers (``nard worker``, as many as the load needs, on any machine) run them.
Without it, the embedded default, each web process thinks in its own pool.

Why RQ (docs/deploy.md): maintained, Redis-backed (Redis is there already for
several instances), and it works with the redis-py the server uses; arq, the
asyncio-native choice, requires ``redis<6``. RQ's calls block, so the web
process waits for each job in a thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar, cast

T = TypeVar("T")

RESULT_WAIT_S = 120
"""The longest a job's caller waits for a worker (a bot turn takes well under a second)."""


class JobFailed(RuntimeError):
    """A worker ran the job and it raised, or no worker answered in time."""


class JobQueue:
    """The web process's side of the queue: enqueue a function call, await its result."""

    def __init__(self, redis_url: str, name: str) -> None:
        from redis import Redis
        from rq import Queue

        self.name = name
        self._queue = Queue(name, connection=Redis.from_url(redis_url))

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(self._run, function, *args)

    def _run(self, function: Callable[..., T], *args: Any) -> T:
        from rq.results import Result

        job = self._queue.enqueue(function, *args, result_ttl=60, failure_ttl=3600)
        result = job.latest_result(timeout=RESULT_WAIT_S)
        if result is None:
            job.cancel()
            raise JobFailed(f"no worker ran job {job.id} on queue {self.name!r}")
        if result.type is not Result.Type.SUCCESSFUL:
            raise JobFailed(f"job {job.id} failed: {result.exc_string}")
        return cast(T, result.return_value)


def work(redis_url: str, name: str) -> None:
    """Run jobs from queue ``name`` until stopped (``nard worker``)."""
    from redis import Redis
    from rq import Queue, SimpleWorker

    from nard.server.services.bot_service import warm_up

    warm_up()  # the engine loads once; each job then runs in this process (no fork)
    connection = Redis.from_url(redis_url)
    SimpleWorker([Queue(name, connection=connection)], connection=connection).work()
