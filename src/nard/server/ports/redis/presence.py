"""Presence shared by several server instances through Redis.

Each seat is a lease set (:mod:`nard.server.ports.redis.leases`),
``<prefix>seat:<game>:<side>``: an instance holds it while it has a socket on
that seat, and renews it; the set remembers when the seat's last socket left,
or when the lease of an instance that died lapsed (``NARD_PRESENCE_TTL_S``
after its last renewal). So a player connected to instance B counts as
present on instance A, and the claim timer runs from the same moment on
every instance.

The projection reads seats without waiting, so each instance keeps the last
reading of each game's seats: read again when a socket arrives or leaves,
before a claim and before a state is published, and every ``watch_s`` for the
games with sockets here (whose players are told when a seat changed,
a killed instance's players lapsing among them). When Redis cannot be read,
the opponent counts as present: a claim waits rather than be granted wrongly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from nard.core.board import Side
from nard.server.games.live import LiveGame
from nard.server.ports.local.presence import LocalPresence
from nard.server.ports.redis.client import redis_errors
from nard.server.ports.redis.leases import Leases
from nard.server.protocol.events import side_name

log = logging.getLogger(__name__)

_Seats = tuple[tuple[bool, bool], tuple[float, float]]
"""Per side: connected anywhere, and away since (this process's monotonic time)."""


class SharedPresence(LocalPresence):
    """:class:`~nard.server.ports.Presence` of several instances, in lease sets."""

    def __init__(
        self, claim_after_s: float, leases: Leases, *, prefix: str, origin: str, watch_s: float
    ) -> None:
        super().__init__(claim_after_s)
        self.leases = leases
        self.prefix = prefix + "seat:"
        self.origin = origin
        self.watch_s = watch_s
        self._seen: dict[str, _Seats] = {}
        self._here: dict[str, LiveGame] = {}
        self._watcher: asyncio.Task[None] | None = None

    def _key(self, live: LiveGame, side: Side) -> str:
        return f"{self.prefix}{live.public_id}:{side_name(side)}"

    def seat(self, live: LiveGame, side: Side) -> tuple[bool, float]:
        connected, away_since = super().seat(live, side)
        seen = self._seen.get(live.public_id)
        if connected or seen is None:
            return connected, away_since
        return seen[0][side], seen[1][side]

    async def arrive(self, live: LiveGame, sides: list[Side]) -> None:
        await super().arrive(live, sides)
        self._here[live.public_id] = live
        for side in sides:
            if self._count(live, side) == 1:  # the first socket here on the seat
                try:
                    await self.leases.hold(self._key(live, side), self.origin)
                except redis_errors() as error:  # the renewal tries again
                    log.warning("presence: holding a seat of %s failed (%s)", live.public_id, error)
        await self.refresh(live)

    async def leave(self, live: LiveGame, sides: list[Side]) -> None:
        await super().leave(live, sides)
        for side in sides:
            if self._count(live, side) == 0:
                try:
                    await self.leases.drop(self._key(live, side), self.origin)
                except redis_errors() as error:  # the lease lapses instead
                    log.warning("presence: leaving a seat of %s failed (%s)", live.public_id, error)
        if not self.in_use(live):
            self._here.pop(live.public_id, None)
        await self.refresh(live)

    def _count(self, live: LiveGame, side: Side) -> int:
        return self._of(live).connections[side]

    async def refresh(self, live: LiveGame) -> None:
        try:
            white, black = [await self.leases.read(self._key(live, side)) for side in Side]
        except redis_errors() as error:
            log.warning("presence: reading the seats of %s failed (%s)", live.public_id, error)
            now = time.monotonic()
            self._seen[live.public_id] = ((True, True), (now, now))
            return
        now = time.monotonic()
        self._seen[live.public_id] = (
            (white.held > 0, black.held > 0),
            (now - white.vacant_s, now - black.vacant_s),
        )

    def forget(self, live: LiveGame) -> None:
        super().forget(live)
        self._seen.pop(live.public_id, None)
        self._here.pop(live.public_id, None)

    def start(self) -> None:
        self._watcher = asyncio.create_task(self._watch())

    async def close(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watcher

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.watch_s)
            for live in list(self._here.values()):
                try:
                    await self._look_again(live)
                except Exception:  # one game's failure must not stop the watch
                    log.exception("presence: watching %s failed", live.public_id)

    async def _look_again(self, live: LiveGame) -> None:
        before = self._seen.get(live.public_id)
        await self.refresh(live)
        after = self._seen.get(live.public_id)
        if self.changed is not None and (before and before[0]) != (after and after[0]):
            self.changed(live)
