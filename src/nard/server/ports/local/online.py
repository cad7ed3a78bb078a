"""The players with a lobby open in this one process (:class:`~nard.server.ports.Online`)."""

from __future__ import annotations


class LocalOnline:
    def __init__(self) -> None:
        self._here: set[int] = set()

    async def arrive(self, player_id: int) -> None:
        self._here.add(player_id)

    async def leave(self, player_id: int) -> None:
        self._here.discard(player_id)

    async def everyone(self) -> list[int]:
        return sorted(self._here)
