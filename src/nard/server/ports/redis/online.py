"""Who is in the lobby at any instance: one lease set in Redis.

``<prefix>lobby:online`` holds a member ``<player>:<instance>`` while the
player has a lobby socket at that instance (:mod:`nard.server.ports.redis.leases`: an
instance that dies lets its players lapse). Every instance's lobby snapshot
lists them all. When Redis does not answer, :meth:`SharedOnline.everyone`
lists this instance's players only (logged).
"""

from __future__ import annotations

import logging

from nard.server.ports.local.online import LocalOnline
from nard.server.ports.redis.client import redis_errors
from nard.server.ports.redis.leases import Leases

log = logging.getLogger(__name__)


class SharedOnline:
    """:class:`~nard.server.ports.Online` in a lease set."""

    def __init__(self, leases: Leases, prefix: str, origin: str) -> None:
        self.leases = leases
        self.key = prefix + "lobby:online"
        self.origin = origin
        self._here = LocalOnline()

    def _member(self, player_id: int) -> str:
        return f"{player_id}:{self.origin}"

    async def arrive(self, player_id: int) -> None:
        """The player's first lobby socket at this instance opened."""
        await self._here.arrive(player_id)
        try:
            await self.leases.hold(self.key, self._member(player_id))
        except redis_errors() as error:  # the renewal tries again
            log.warning("lobby: holding %s online failed (%s)", player_id, error)

    async def leave(self, player_id: int) -> None:
        """The player's last lobby socket at this instance closed."""
        await self._here.leave(player_id)
        try:
            await self.leases.drop(self.key, self._member(player_id))
        except redis_errors() as error:  # the lease lapses instead
            log.warning("lobby: letting %s go failed (%s)", player_id, error)

    async def everyone(self) -> list[int]:
        """The players online at any instance (this one's while Redis does not answer)."""
        try:
            members = await self.leases.members(self.key)
        except redis_errors() as error:
            log.warning("lobby: reading who is online failed (%s)", error)
            return await self._here.everyone()
        return sorted({int(member.split(":", 1)[0]) for member in members})
