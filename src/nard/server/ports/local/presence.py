"""Who is at the table: each seat's connections, and how long a seat has been away.

A friend game's player may claim the game once the opponent has had no
connection for ``claim_after_s`` seconds (:meth:`LocalPresence.claimable_in`).
:class:`LocalPresence` (:class:`~nard.server.ports.Presence` of one process)
counts this process's sockets, which is all there is with one process;
several instances share the seats through Redis
(:mod:`nard.server.ports.redis.presence`, which builds on this one).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from nard.core.board import Side
from nard.server.games.live import GameMode, GameStatus, LiveGame


@dataclass(slots=True)
class _Attendance:
    connections: list[int] = field(default_factory=lambda: [0, 0])
    away_since: list[float] = field(default_factory=lambda: [time.monotonic()] * 2)
    sockets: int = 0
    """Every open socket of the game, spectators' too."""


class LocalPresence:
    """The connections of every live game's seats in this process."""

    def __init__(self, claim_after_s: float) -> None:
        self.claim_after_s = claim_after_s
        self._games: dict[str, _Attendance] = {}
        self.changed: Callable[[LiveGame], None] | None = None
        """Told of a game whose seats changed elsewhere (other processes)."""

    def start(self) -> None:
        """Watch the seats other processes hold (none here)."""
        return None

    async def close(self) -> None:
        return None

    def _of(self, live: LiveGame) -> _Attendance:
        attendance = self._games.get(live.public_id)
        if attendance is None:
            attendance = self._games[live.public_id] = _Attendance()
        return attendance

    def seat(self, live: LiveGame, side: Side) -> tuple[bool, float]:
        """Whether the seat is connected, and since when (monotonic) it is away if not."""
        attendance = self._of(live)
        return attendance.connections[side] > 0, attendance.away_since[side]

    def is_connected(self, live: LiveGame, side: Side) -> bool:
        return self.seat(live, side)[0]

    async def refresh(self, live: LiveGame) -> None:
        """Learn what other processes know of the game's seats (none here)."""
        return None

    def in_use(self, live: LiveGame) -> bool:
        """Whether any socket is open on the game (the registry keeps it in memory)."""
        attendance = self._games.get(live.public_id)
        return attendance is not None and attendance.sockets > 0

    def forget(self, live: LiveGame) -> None:
        """The game left memory: so does its attendance (a later claim waits anew)."""
        self._games.pop(live.public_id, None)

    async def arrive(self, live: LiveGame, sides: list[Side]) -> None:
        attendance = self._of(live)
        attendance.sockets += 1
        for side in sides:
            attendance.connections[side] += 1

    async def leave(self, live: LiveGame, sides: list[Side]) -> None:
        attendance = self._of(live)
        attendance.sockets -= 1
        for side in sides:
            attendance.connections[side] -= 1
            if attendance.connections[side] == 0:
                attendance.away_since[side] = time.monotonic()

    def claimable_in(self, live: LiveGame, side: Side) -> float | None:
        """Seconds until ``side`` may claim the game (0: now); None if it never may."""
        opponent = side.other
        players = live.seating.players
        if (
            live.setup.mode is not GameMode.FRIEND
            or live.status is not GameStatus.ACTIVE
            or opponent is live.setup.bot_side
            or players[opponent] in (None, players[side])
        ):
            return None
        connected, away_since = self.seat(live, opponent)
        if connected:
            return None
        waited = time.monotonic() - away_since
        return max(0.0, self.claim_after_s - waited)
