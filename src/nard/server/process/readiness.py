"""Whether an instance should get players: its own health, and a shared dependency only
once it has been down longer than a grace period.

The database and Redis are shared by every instance. When one of them stops
answering for a few seconds, every instance's check fails at once; a
balancer that then took them all out would be left with none and cut every
socket, for a blip each instance rides out on its own (queued commits wait,
events and limits fall back to the process). So a dependency's failure makes
the instance unready only after it has lasted ``grace_s`` (long enough to be
an outage, not a restart or a failover); until then the instance stays in
the pool and says what is down.

>>> readiness = Readiness(grace_s=10)
>>> readiness.observe("bus", "connection refused", now=100.0)
>>> readiness.failed(now=105.0), readiness.degraded(now=105.0)
({}, {'bus': 'connection refused (down 5 s)'})
>>> readiness.failed(now=110.0)
{'bus': 'connection refused (down 10 s)'}
>>> readiness.observe("bus", None, now=111.0); readiness.degraded(now=111.0)
{}
"""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass
class _Down:
    since: float
    error: str


class Readiness:
    """The shared dependencies' failures as one instance's checks saw them."""

    def __init__(self, grace_s: float) -> None:
        self.grace_s = grace_s
        self._down: dict[str, _Down] = {}

    def observe(self, name: str, error: str | None, now: float | None = None) -> None:
        """A check of ``name``: None if it answered, else why not."""
        if error is None:
            self._down.pop(name, None)
            return
        now = time.monotonic() if now is None else now
        down = self._down.get(name)
        if down is None:
            self._down[name] = _Down(now, error)
        else:
            down.error = error

    def is_up(self, name: str) -> bool:
        return name not in self._down

    def degraded(self, now: float | None = None) -> dict[str, str]:
        """Every dependency down now, with why and for how long."""
        now = time.monotonic() if now is None else now
        return {
            name: f"{down.error} (down {now - down.since:.0f} s)"
            for name, down in self._down.items()
        }

    def failed(self, now: float | None = None) -> dict[str, str]:
        """The dependencies down for the grace period or longer: the instance is not ready."""
        now = time.monotonic() if now is None else now
        degraded = self.degraded(now)
        return {
            name: why
            for name, why in degraded.items()
            if now - self._down[name].since >= self.grace_s
        }
