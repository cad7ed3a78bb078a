"""Match clocks as tournaments and Backgammon Galaxy use them: a delay, then a reserve.

Each player has a reserve for the whole match that grows with its length
(``per_point`` times the match length), and each of their turns starts with a
delay that is spent before the reserve is touched. Only the clock of the side
who must act runs (rolling, moving, doubling; the taker's while a double is
pending). The arithmetic is here, free of any real clock: callers pass the
milliseconds that passed, so time is injectable and a restart is a replay of
stored figures (docs/clocks.md).

>>> clock = MatchClock.start(CLOCK_PRESETS["blitz"], length=5)
>>> clock.reserve_ms
(100000, 100000)
>>> clock = clock.run(Side.WHITE).spend(3_000)  # within the 8 s delay
>>> clock.reserve_ms, clock.delay_left_ms
((100000, 100000), 5000)
>>> clock = clock.spend(7_000)  # 5 s of delay left, then 2 s of reserve
>>> clock.reserve_ms, clock.delay_left_ms, clock.flagged
((98000, 100000), 0, None)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from nard.core.board import Side

MONEY_RESERVE_POINTS = 7
"""A money game has no length: its reserve is that of a 7-point match."""


@dataclass(frozen=True, slots=True)
class ClockPreset:
    """A time control: ``delay_ms`` per turn, then ``per_point_ms`` of reserve per point."""

    name: str
    delay_ms: int
    per_point_ms: int

    def reserve_for(self, length: int) -> int:
        """The reserve each player gets for a match of ``length`` points (0: money)."""
        if length < 0:
            raise ValueError(f"a match length cannot be negative, not {length}")
        return self.per_point_ms * (length or MONEY_RESERVE_POINTS)

    def scaled(self, factor: float) -> ClockPreset:
        """The same control with every time multiplied by ``factor`` (tests run it fast)."""
        return ClockPreset(
            self.name, round(self.delay_ms * factor), round(self.per_point_ms * factor)
        )


CLOCK_PRESETS: dict[str, ClockPreset] = {
    preset.name: preset
    for preset in (
        ClockPreset("blitz", delay_ms=8_000, per_point_ms=20_000),
        ClockPreset("rapid", delay_ms=10_000, per_point_ms=60_000),
        ClockPreset("classical", delay_ms=15_000, per_point_ms=180_000),
    )
}
"""The offered time controls by name; "none" (no clock) is the absence of one."""


@dataclass(frozen=True, slots=True)
class MatchClock:
    """Both reserves, whose clock runs, and how much of its turn's delay is left."""

    preset: ClockPreset
    reserve_ms: tuple[int, int]
    running: Side | None = None
    delay_left_ms: int = 0
    flagged: Side | None = None
    """The side whose time ran out (it loses the match), once it has."""

    @classmethod
    def start(cls, preset: ClockPreset, length: int) -> MatchClock:
        """Both players with a full reserve; no clock running yet."""
        reserve = preset.reserve_for(length)
        return cls(preset, (reserve, reserve))

    def run(self, side: Side | None) -> MatchClock:
        """Start ``side``'s clock with a fresh delay (``None`` stops both).

        Running the side already running changes nothing: the delay is per
        turn, not per action (a roll and the move after it are one turn).
        """
        if self.flagged is not None or side == self.running:
            return self
        delay = self.preset.delay_ms if side is not None else 0
        return replace(self, running=side, delay_left_ms=delay)

    def spend(self, elapsed_ms: int) -> MatchClock:
        """Charge ``elapsed_ms`` to the running side: the delay first, then the reserve."""
        if elapsed_ms < 0:
            raise ValueError(f"time cannot run backwards ({elapsed_ms} ms)")
        side = self.running
        if side is None or self.flagged is not None:
            return self
        from_delay = min(elapsed_ms, self.delay_left_ms)
        over = elapsed_ms - from_delay
        left = self.reserve_ms[side] - over
        reserves = list(self.reserve_ms)
        reserves[side] = max(0, left)
        return replace(
            self,
            reserve_ms=(reserves[0], reserves[1]),
            delay_left_ms=self.delay_left_ms - from_delay,
            flagged=side if over > 0 and left <= 0 else None,
        )

    def to_dict(self) -> dict[str, Any]:
        """The clock as stored with each action (JSON): preset, reserves, who runs."""
        return {
            "preset": {
                "name": self.preset.name,
                "delay_ms": self.preset.delay_ms,
                "per_point_ms": self.preset.per_point_ms,
            },
            "reserve_ms": list(self.reserve_ms),
            "running": None if self.running is None else int(self.running),
            "delay_left_ms": self.delay_left_ms,
            "flagged": None if self.flagged is None else int(self.flagged),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchClock:
        """Read :meth:`to_dict`'s figures back."""
        preset = data["preset"]
        reserve = data["reserve_ms"]
        return cls(
            ClockPreset(str(preset["name"]), int(preset["delay_ms"]), int(preset["per_point_ms"])),
            (int(reserve[0]), int(reserve[1])),
            None if data["running"] is None else Side(int(data["running"])),
            int(data["delay_left_ms"]),
            None if data["flagged"] is None else Side(int(data["flagged"])),
        )

    def time_left_ms(self, side: Side) -> int:
        """What ``side`` may still spend before it loses on time (its delay counted)."""
        delay = self.delay_left_ms if side == self.running else 0
        return self.reserve_ms[side] + delay

    def deadline_ms(self) -> int | None:
        """Milliseconds until the running side runs out of time, or ``None`` if none runs."""
        if self.running is None or self.flagged is not None:
            return None
        return self.time_left_ms(self.running)
