"""What the server is doing, for Prometheus (``GET /metrics``).

Each app has its own registry (tests run several apps in one process). Rates
come from counters (``rate(nard_actions_total[1m])`` is actions per second);
times are histograms in seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

FAST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""An acknowledgement or a database call: milliseconds, with a tail."""
JOB_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 120.0)
"""A bot turn, a hint, an analysis: up to minutes."""


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.actions = Counter(
            "nard_actions", "Messages acknowledged, by kind (action, claim, client_seed)",
            ["kind"], registry=r,
        )  # fmt: skip
        self.ack_seconds = Histogram(
            "nard_ack_seconds", "From a message's arrival to its acknowledgement",
            buckets=FAST_BUCKETS, registry=r,
        )  # fmt: skip
        self.sockets = Gauge("nard_sockets_open", "Open game WebSockets", registry=r)
        self.live_games = Gauge("nard_live_games", "Games held in memory", registry=r)
        self.dependency_up = Gauge(
            "nard_dependency_up", "1 while the database or the bus answered the last check",
            ["dependency"], registry=r,
        )  # fmt: skip
        self.database_seconds = Histogram(
            "nard_database_seconds", "Database calls (query) and group commits (commit)",
            ["kind"], buckets=FAST_BUCKETS, registry=r,
        )  # fmt: skip
        self.jobs_waiting = Gauge(
            "nard_jobs_in_flight", "Bot turns, hints and analyses queued or running",
            ["kind"], registry=r,
        )  # fmt: skip
        self.job_seconds = Histogram(
            "nard_job_seconds", "Bot turns, hints and analyses, from queued to done",
            ["kind"], buckets=JOB_BUCKETS, registry=r,
        )  # fmt: skip

    def count_live_games(self, count: Callable[[], int]) -> None:
        self.live_games.set_function(lambda: float(count()))

    def database(self, kind: str) -> Callable[[float], None]:
        """The observer of one kind of database time (seconds)."""
        return self.database_seconds.labels(kind).observe

    @contextmanager
    def job(self, kind: str) -> Iterator[None]:
        waiting = self.jobs_waiting.labels(kind)
        waiting.inc()
        start = time.perf_counter()
        try:
            yield
        finally:
            waiting.dec()
            self.job_seconds.labels(kind).observe(time.perf_counter() - start)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)
