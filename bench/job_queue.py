"""RQ's own cost per job: a ``nard worker`` runs jobs that do nothing.

Starts a redis-server of its own and one ``nard worker``, puts ``--jobs`` jobs
of a function that returns at once on the worker's queue, waits until all are
done, and prints the CPU per job of the worker and of Redis and the jobs per
second: what every bot turn, hint and analysis costs on top of the engine
(docs/scaling.md).

    python -m bench.job_queue --jobs 500
"""

from __future__ import annotations

import argparse
import operator
import os
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from bench.cluster_load import _cpu_s, _process, _redis


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=500)
    args = parser.parse_args()
    from redis import Redis
    from rq import Queue
    from rq.registry import FinishedJobRegistry

    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="nard-jobs-")))
        url, redis_pid = stack.enter_context(_redis(folder))
        env = {**os.environ, "NARD_REDIS_URL": url, "NARD_JOBS_QUEUE": "bench"}
        command = [sys.executable, "-m", "nard.cli", "worker"]
        worker = stack.enter_context(_process(command, folder / "worker.log", env))
        connection = Redis.from_url(url)
        queue = Queue("bench", connection=connection)
        finished = FinishedJobRegistry("bench", connection=connection)
        queue.enqueue(operator.add, 1, 1)  # the worker is up and warm
        while finished.count < 1:
            time.sleep(0.1)
        before = _cpu_s(worker), _cpu_s(redis_pid)
        started = time.perf_counter()
        for _ in range(args.jobs):
            queue.enqueue(operator.add, 1, 1, result_ttl=60)
        while finished.count < args.jobs + 1:
            time.sleep(0.05)
        took = time.perf_counter() - started
        worker_s = _cpu_s(worker) - before[0]
        redis_s = _cpu_s(redis_pid) - before[1]
    print(f"{args.jobs} jobs in {took:.1f} s, {args.jobs / took:.0f} jobs/s (one worker)")
    print(f"worker CPU {worker_s * 1000 / args.jobs:.2f} ms/job")
    print(f"Redis CPU {redis_s * 1000 / args.jobs:.3f} ms/job (the enqueueing included)")


if __name__ == "__main__":
    main()
