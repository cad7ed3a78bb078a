"""One process's quick-match queue (:class:`~nard.server.ports.SeekQueue`).

:class:`~nard.server.ports.redis.seekers.SharedSeekers` is one queue for every
instance, in Redis. Taking a pair removes both seekers at once, so a seeker
is in one game however many instances pair at the same moment.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from nard.server.lobby.pairing import Seeker, Terms, pair


class LocalSeekers:
    """The seekers of this process; never unreachable."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._waiting: dict[int, Seeker] = {}

    async def add(self, player_id: int, rating: float, terms: Terms) -> None:
        self._waiting[player_id] = Seeker(player_id, rating, terms, self.clock())

    async def remove(self, player_id: int) -> bool:
        return self._waiting.pop(player_id, None) is not None

    async def count(self) -> int:
        return len(self._waiting)

    async def take_pairs(self) -> list[tuple[Seeker, Seeker]]:
        pairs = pair(list(self._waiting.values()), self.clock())
        for first, second in pairs:
            del self._waiting[first.player_id], self._waiting[second.player_id]
        return pairs
