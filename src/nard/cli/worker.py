"""``nard worker``: run the bot's turns, hints and analyses for the servers (docs/deploy.md).

Reads ``NARD_REDIS_URL`` and ``NARD_JOBS_QUEUE`` (or the flags) like the
servers it works for, and ``NARD_DATABASE_URL``, where it writes the analyses;
needs the ``server`` and ``redis`` extras.
"""

from __future__ import annotations

import argparse


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    worker = commands.add_parser(
        "worker",
        help="run bot turns, hints and analyses from the servers' job queues",
        description="Take jobs (bot turns, hints, then analyses) from the RQ queues the "
        "servers put them on (NARD_JOBS_QUEUE and NARD_JOBS_QUEUE-analysis on "
        "NARD_REDIS_URL) and run them, until stopped; analyses are written to "
        "NARD_DATABASE_URL. Run as many as the load needs, on any machine that reaches "
        "Redis and the database.",
    )
    worker.add_argument("--redis-url", help="Redis URL (default NARD_REDIS_URL)")
    worker.add_argument("--queue", help="queue name (default NARD_JOBS_QUEUE)")
    worker.set_defaults(handler=run_worker)


def run_worker(args: argparse.Namespace) -> int:
    try:
        from nard.server.config import Settings
        from nard.server.ports.redis.jobs import work
    except ImportError as error:  # pragma: no cover - depends on the installation
        print(f"nard worker needs pip install 'nard[server,redis]': {error}")
        return 2
    settings = Settings()
    redis_url = args.redis_url or settings.redis_url
    queue = args.queue or settings.jobs_queue
    if not redis_url or not queue:
        print("nard worker: set NARD_REDIS_URL and NARD_JOBS_QUEUE (or --redis-url, --queue)")
        return 2
    work(redis_url, queue)
    return 0
