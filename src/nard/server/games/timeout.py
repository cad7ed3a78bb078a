"""A match lost on time: the flagged side loses, stored like a claim, published like
an action.

The clocks' timer (:class:`~nard.server.games.clocks.ClockWatch`) calls
:meth:`Flagfall.time_out` when the running side's time should be up; the table
calls :meth:`Flagfall.lose` when an action comes after it; with several
instances, any instance calls :meth:`Flagfall.overdue` when a game's shared
deadline passed (:mod:`~nard.server.games.overdue_clocks`), held here or not.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from nard.match.clock import MatchClock
from nard.server.games.clocks import Timekeeper
from nard.server.games.live import LiveGame
from nard.server.games.registry import Registry
from nard.server.protocol.events import side_name
from nard.server.protocol.views import OutcomeView


class Flagfall:
    def __init__(
        self,
        registry: Registry,
        timekeeper: Timekeeper,
        publish: Callable[[LiveGame], Awaitable[None]],
    ) -> None:
        self.registry = registry
        self.timekeeper = timekeeper
        self.publish = publish
        """Shows the finished game to everyone (the table's ``publish_state``)."""

    async def time_out(self, live: LiveGame) -> bool:
        """End the match if its running side's time is up (the clock's timer asks)."""
        async with live.lock:
            clock = self.timekeeper.charged(live)
            if live.is_over or clock is None or clock.flagged is None:
                return False
            return await self.lose(live, clock)

    async def overdue(self, live: LiveGame, seq: int) -> bool | None:
        """The running side's deadline after action ``seq`` has passed (by the clock of
        the instance that committed it, which may be gone): it loses, if the game is
        still there. True: it lost, or the game is over anyway; None: the game moved on
        (this copy, read again, says when its time is up)."""
        async with live.lock:
            await self.registry.refresh(live)
            clock = self.timekeeper.charged(live)
            if live.is_over or clock is None:
                return True
            if live.seq != seq:
                return None
            if clock.flagged is None:
                deadline = clock.deadline_ms()
                if deadline is None:  # nobody's clock runs
                    return True
                clock = clock.spend(deadline + 1)
            return await self.lose(live, clock) or live.is_over

    async def lose(self, live: LiveGame, clock: MatchClock) -> bool:
        """The flagged side loses the match; stored like a claim, published like an action.
        False when the game had moved on (this copy was behind): it is read again."""
        assert clock.flagged is not None
        winner = clock.flagged.other
        result = OutcomeView(winner=side_name(winner), reason="time", score=live.match.score)
        if not await self.registry.finish(live, result, clock=clock.to_dict()):
            return False
        self.timekeeper.keep(live, clock)
        await self.publish(live)
        return True
