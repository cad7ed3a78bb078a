"""The one place that picks each port's adapter from the settings.

Without ``NARD_REDIS_URL`` every port is this process's own; with it, the
bus, presence, counters, socket counts, seek queue and online set go through
that Redis (under ``NARD_REDIS_PREFIX``); ``NARD_JOBS_QUEUE`` (which needs the
Redis) sends the engine's jobs to ``nard worker`` processes.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from nard.server.config import Settings
from nard.server.ports import (
    Counters,
    Deadlines,
    EventBus,
    JobRunner,
    Online,
    Presence,
    SeekQueue,
    Sockets,
)
from nard.server.ports.local.bus import InProcessBus
from nard.server.ports.local.deadlines import LocalDeadlines
from nard.server.ports.local.jobs import InProcessJobs
from nard.server.ports.local.limits import LocalCounters, SocketLimits
from nard.server.ports.local.online import LocalOnline
from nard.server.ports.local.presence import LocalPresence
from nard.server.ports.local.seekers import LocalSeekers


@dataclass(frozen=True, slots=True)
class Ports:
    """Every port of a server process, each an adapter chosen by :func:`build_ports`.

    :meth:`start` and :meth:`close` run what the adapters need around them (the
    bus's connection, the leases' renewal); the presence is started by the rooms,
    once they listen to it.
    """

    bus: EventBus
    presence: Presence
    counters: Counters
    sockets: Sockets
    seekers: SeekQueue
    online: Online
    jobs: JobRunner
    deadlines: Callable[[str], Deadlines]
    """A set of deadlines by name (``clocks``, ``bot-turns``)."""
    _starts: list[Callable[[], None]] = field(default_factory=list)
    _closes: list[Callable[[], Awaitable[None]]] = field(default_factory=list)

    async def start(self) -> None:
        await self.bus.start()
        for start in self._starts:
            start()

    async def close(self) -> None:
        self.jobs.close()
        for close in self._closes:
            await close()
        await self.bus.close()


def build_ports(settings: Settings) -> Ports:
    """The ports ``settings`` ask for (nothing is connected before :meth:`Ports.start`)."""
    jobs = build_jobs(settings)
    sockets = SocketLimits(settings.sockets_per_address, settings.spectators_per_game)
    if settings.redis_url is None:
        local_deadlines: dict[str, LocalDeadlines] = {}
        return Ports(
            bus=InProcessBus(),
            presence=LocalPresence(settings.claim_after_s),
            counters=LocalCounters(),
            sockets=sockets,
            seekers=LocalSeekers(),
            online=LocalOnline(),
            jobs=jobs,
            deadlines=lambda name: local_deadlines.setdefault(name, LocalDeadlines()),
        )
    from nard.server.ports.redis.bus import RedisBus
    from nard.server.ports.redis.client import connect
    from nard.server.ports.redis.deadlines import SharedDeadlines
    from nard.server.ports.redis.leases import Leases
    from nard.server.ports.redis.limits import RedisCounters, SharedSockets
    from nard.server.ports.redis.online import SharedOnline
    from nard.server.ports.redis.presence import SharedPresence
    from nard.server.ports.redis.seekers import SharedSeekers

    prefix = settings.redis_prefix
    redis = connect(settings.redis_url)
    leases = Leases(redis, ttl_s=settings.presence_ttl_s)
    origin = secrets.token_hex(8)  # this instance, in the members of the lease sets
    return Ports(
        bus=RedisBus(settings.redis_url, prefix=prefix),
        presence=SharedPresence(
            settings.claim_after_s,
            leases,
            prefix=prefix,
            origin=origin,
            watch_s=settings.presence_ttl_s / 3,
        ),
        counters=RedisCounters(redis, prefix),
        sockets=SharedSockets(leases, prefix, sockets),
        seekers=SharedSeekers(redis, leases, prefix),
        online=SharedOnline(leases, prefix, origin),
        jobs=jobs,
        deadlines=lambda name: SharedDeadlines(redis, prefix + name),
        _starts=[leases.start],
        _closes=[leases.close, redis.aclose],
    )


def build_jobs(settings: Settings) -> JobRunner:
    """The job runner ``settings`` ask for: this process's pool, or the RQ queue."""
    if settings.jobs_queue is None:
        return InProcessJobs(settings.bot_workers)
    if settings.redis_url is None:
        raise ValueError("NARD_JOBS_QUEUE needs NARD_REDIS_URL")
    from nard.server.ports.redis.jobs import JobQueue

    return JobQueue(settings.redis_url, settings.jobs_queue, retry_s=settings.job_retry_s)
