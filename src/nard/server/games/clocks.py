"""Clocks: the server keeps each clocked game's time and flags whoever runs out.

Time is kept with a monotonic clock (``now_ms``, injectable): a live game's
:class:`~nard.match.clock.MatchClock` is exact as of ``live.clock_at``, and
whatever passed since is charged to the running side when the next action
comes (:meth:`Timekeeper.charged`). The clock after each action is stored with
it in the action log and as the game's checkpoint; :class:`ClockWatch` (an
after-commit listener) arms one timer per clocked game for the moment its
running side runs out, and writes the checkpoints every ``beat_s`` seconds, so
a server killed mid-turn resumes each clock where its last heartbeat left it:
the time the server was down is charged to no one (docs/clocks.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from pydantic import JsonValue
from sqlalchemy.orm import Session

from nard.core.board import Side
from nard.match.clock import MatchClock
from nard.match.match import Match
from nard.server.database import Database
from nard.server.games.live import LiveGame, match_over
from nard.server.games.registry import Registry
from nard.storage.games import GameRepository

log = logging.getLogger(__name__)

Clock = Callable[[], float]
"""Milliseconds from a monotonic source."""


def monotonic_ms() -> float:
    return time.monotonic() * 1000


def running_side(match: Match) -> Side | None:
    """Whose clock runs once ``match`` stands so: the side that must act.

    Nobody's before the opening roll (either side may roll it) or once the
    match is over.
    """
    if match_over(match) or match.game is None:
        return None
    return match.game.to_act


class Timekeeper:
    """Charges the time that passed to a live game's running clock."""

    def __init__(self, now_ms: Clock = monotonic_ms) -> None:
        self.now_ms = now_ms

    def charged(self, live: LiveGame) -> MatchClock | None:
        """The game's clock with the time since it was last exact spent; None: no clock."""
        if live.clock is None:
            return None
        return live.clock.spend(max(0, round(self.now_ms() - live.clock_at)))

    def keep(self, live: LiveGame, clock: MatchClock | None) -> None:
        """``clock`` is exact now."""
        live.clock = clock
        live.clock_at = self.now_ms()


Flag = Callable[[LiveGame], Awaitable[bool]]
"""Flag the game's running side if its time is up; False if it is not (yet)."""


class ClockWatch:
    """A timer per clocked game that flags its running side when its time is up.

    ``flag`` (:meth:`~nard.server.games.timeout.Flagfall.time_out`)
    checks the clock again under the game's lock, so a timer that fires just
    after an action changes nothing but re-arms.
    """

    def __init__(
        self,
        timekeeper: Timekeeper,
        database: Database,
        *,
        beat_s: float = 1.0,
    ) -> None:
        self.timekeeper = timekeeper
        self.database = database
        self.beat_s = beat_s
        self.flag: Flag | None = None
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._watched: dict[str, LiveGame] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._beat: asyncio.Task[None] | None = None

    def after_commit(self, live: LiveGame) -> None:
        self.arm(live)

    def timing(self, live: LiveGame) -> bool:
        """Whether a timer runs for the game here (the registry keeps it in memory)."""
        return live.public_id in self._timers

    def arm(self, live: LiveGame) -> None:
        """(Re)set the game's timer for when its running side runs out."""
        old = self._timers.pop(live.public_id, None)
        if old is not None:
            old.cancel()
        clock = self.timekeeper.charged(live)
        if clock is None or live.is_over:
            deadline = None
        elif clock.flagged is not None:
            deadline = 0  # already out of time (a restart, a late timer): flag at once
        else:
            deadline = clock.deadline_ms()
        if deadline is None:
            self._watched.pop(live.public_id, None)
            return
        self._watched[live.public_id] = live
        loop = asyncio.get_running_loop()
        # A millisecond late rather than early, so the check finds the time spent.
        self._timers[live.public_id] = loop.call_later((deadline + 1) / 1000, self._expire, live)
        if self._beat is None:
            self._beat = asyncio.create_task(self._heartbeat())

    def _expire(self, live: LiveGame) -> None:
        self._timers.pop(live.public_id, None)
        if self.flag is None:
            return
        task = asyncio.create_task(self._check(live, self.flag))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _check(self, live: LiveGame, flag: Flag) -> None:
        try:
            flagged = await flag(live)
        except Exception:  # the database failed: try again shortly
            log.exception("game %s: checking its clock failed", live.public_id)
            await asyncio.sleep(self.beat_s)
            flagged = False
        if not flagged:
            self.arm(live)

    async def resume(self, registry: Registry) -> None:
        """Watch the clocked games left running when the server last stopped."""
        for live in await registry.active_clocked_games():
            self.arm(live)

    def checkpoints(self) -> list[tuple[int, int, dict[str, JsonValue]]]:
        """Each watched game's clock charged up to now, with the action it follows."""
        saved = []
        for live in self._watched.values():
            clock = self.timekeeper.charged(live)
            if clock is not None and not live.is_over:
                saved.append((live.setup.id, live.seq, clock.to_dict()))
        return saved

    async def beat(self) -> None:
        """Write the checkpoints now (a restart charges time up to here)."""
        checkpoints = self.checkpoints()

        def save(session: Session) -> None:
            GameRepository(session).checkpoint_clocks(checkpoints)
            session.commit()

        if checkpoints:
            await self.database.run(save)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.beat_s)
            try:
                await self.beat()
            except Exception:  # the next beat tries again; an action's commit saves it too
                log.exception("saving the clock checkpoints failed")

    async def close(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        for task in [*self._tasks, *([self._beat] if self._beat else [])]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._beat = None
