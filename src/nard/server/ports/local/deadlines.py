"""Deadlines in this process (the ``Deadlines`` port): the embedded default.

The same rules as the Redis adapter (:mod:`nard.server.ports.redis.deadlines`):
a member is due at a moment for its action ``seq``; a deadline for an older
action than the one known is ignored; a claim moves each member due
``hold_ms`` on, so it is taken care of once at a time.

>>> deadlines = LocalDeadlines(now_ms=lambda: 1_000)
>>> import asyncio
>>> asyncio.run(deadlines.due("g1", 3, 0)), asyncio.run(deadlines.due("g1", 2, 0))
(True, False)
>>> asyncio.run(deadlines.claim(500)), asyncio.run(deadlines.claim(500))
([('g1', 3)], [])
"""

from __future__ import annotations

import time
from collections.abc import Callable


def _monotonic_ms() -> int:
    return time.monotonic_ns() // 1_000_000


class LocalDeadlines:
    """One set of deadlines, kept by this process."""

    def __init__(self, now_ms: Callable[[], int] = _monotonic_ms) -> None:
        self.now_ms = now_ms
        self._due: dict[str, int] = {}
        self._seq: dict[str, int] = {}

    async def due(self, member: str, seq: int, in_ms: float, *, only_new: bool = False) -> bool:
        known = self._seq.get(member, -1)
        if seq < known or (only_new and seq == known and member in self._due):
            return False
        self._due[member] = self.now_ms() + max(0, round(in_ms))
        self._seq[member] = seq
        return True

    async def clear(self, member: str, seq: int) -> None:
        if seq < self._seq.get(member, -1):
            return
        self._due.pop(member, None)
        self._seq.pop(member, None)

    async def claim(self, hold_ms: float, limit: int = 100) -> list[tuple[str, int]]:
        now = self.now_ms()
        claimed = [member for member, at in self._due.items() if at <= now][:limit]
        for member in claimed:
            self._due[member] = now + max(1, round(hold_ms))
        return [(member, self._seq.get(member, -1)) for member in claimed]
