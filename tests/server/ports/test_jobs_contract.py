"""The job-runner port: a decision's function runs and its result comes back, and a
feature whose jobs outlive a request is told which way they run."""

from __future__ import annotations

import asyncio
import secrets
import threading

from nard.server.config import Settings
from nard.server.ports import JobRunner
from nard.server.ports.build import build_jobs
from nard.server.ports.redis.jobs import JobQueue
from tests.server.ports.conftest import REDIS


def twice(number: int) -> int:
    """A job (module-level: a worker imports it by name)."""
    return 2 * number


def _queue_of(jobs: JobRunner) -> JobQueue | None:
    def here() -> JobQueue | None:
        return None

    def queued(queue: JobQueue) -> JobQueue | None:
        return queue

    return jobs.choose(here, queued)


def _twice_21(jobs: JobRunner) -> int:
    """``twice(21)`` through the port; a queued job is run by an RQ worker in this
    thread (RQ's worker installs signal handlers: the main thread's job)."""
    from rq import Queue, SimpleWorker

    results: list[int] = []
    errors: list[BaseException] = []

    def caller() -> None:
        try:
            results.append(asyncio.run(jobs.run(twice, 21)))
        except BaseException as error:  # raised below
            errors.append(error)

    thread = threading.Thread(target=caller)
    thread.start()
    queue = _queue_of(jobs)
    while thread.is_alive():
        if queue is not None:
            connection = queue._queue.connection
            SimpleWorker([Queue(queue.name, connection=connection)], connection=connection).work(
                burst=True
            )
        thread.join(0.05)
    if errors:
        raise errors[0]
    return results[0]


def test_a_job_s_result_comes_back_and_its_way_is_told(kind: str) -> None:
    name = f"test-jobs-{secrets.token_hex(4)}"
    if kind == "redis":
        settings = Settings(bot_workers=0, redis_url=REDIS, jobs_queue=name)
    else:
        settings = Settings(bot_workers=0)
    jobs = build_jobs(settings)
    try:
        assert _twice_21(jobs) == 42
        queue = _queue_of(jobs)
        if kind == "redis":
            assert queue is not None and queue.name == name
        else:
            assert queue is None
    finally:
        jobs.close()
