"""The limits of one process (:class:`~nard.server.ports.Counters`,
:class:`~nard.server.ports.Sockets`), kept in memory.

Each keeps its counts for a bounded number of keys (the least recently seen
keys are forgotten first), so a flood of new addresses or names costs a fixed
amount of memory. The Redis adapters (:mod:`nard.server.ports.redis.limits`)
count the same limits for every instance, and fall back on these.

>>> window = AttemptWindow(limit=2, window_s=10)
>>> [window.retry_after("1.2.3.4", now=t) for t in (0, 1, 2)]
[0.0, 0.0, 8.0]
>>> window.retry_after("1.2.3.4", now=10.5)
0.0
>>> lock = Lockout(failures=2, base_s=30)
>>> lock.failed("ann", now=0); lock.failed("ann", now=1); lock.locked_for("ann", now=2)
29.0
>>> lock.failed("ann", now=31); lock.locked_for("ann", now=31)
60.0
>>> lock.succeeded("ann"); lock.locked_for("ann", now=31)
0.0
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from nard.server.ports import Guard, Known, Window, refuse_after, refuse_locked
from nard.server.ports.local.known_logins import KnownLogins

MAX_KEYS = 100_000
"""Keys remembered by one limiter; the least recently seen are dropped beyond."""


def _now(now: float | None) -> float:
    return time.monotonic() if now is None else now


class AttemptWindow:
    """At most ``limit`` attempts per key in any ``window_s`` seconds."""

    def __init__(self, limit: int, window_s: float, *, max_keys: int = MAX_KEYS) -> None:
        self.limit = limit
        self.window_s = window_s
        self.max_keys = max_keys
        self._attempts: OrderedDict[str, deque[float]] = OrderedDict()

    def retry_after(self, key: str, now: float | None = None) -> float:
        """0 and the attempt counted if it may go ahead; else the seconds to wait."""
        now = _now(now)
        attempts = self._attempts.get(key)
        if attempts is None:
            attempts = self._attempts[key] = deque(maxlen=self.limit)
            if len(self._attempts) > self.max_keys:
                self._attempts.popitem(last=False)
        self._attempts.move_to_end(key)
        while attempts and attempts[0] <= now - self.window_s:
            attempts.popleft()
        if len(attempts) >= self.limit:
            return float(math.ceil(attempts[0] + self.window_s - now))
        attempts.append(now)
        return 0.0

    async def check(self, key: str, what: str) -> None:
        """Count an attempt, or raise :class:`Throttled` saying how long to wait."""
        refuse_after(self.retry_after(key), what)

    async def take_back(self, key: str) -> None:
        """Count the latest attempt no more (it did not happen after all)."""
        attempts = self._attempts.get(key)
        if attempts:
            attempts.pop()


@dataclass
class _Failures:
    count: int = 0
    locked_until: float = 0.0


class Lockout:
    """After ``failures`` wrong passwords in a row an account is locked for ``base_s``,
    doubling with each further failure up to ``max_s``; a right password resets it.

    While locked, no password is checked at all (not even a right one), so
    guessing costs the attacker time and the server nothing.
    """

    def __init__(
        self, failures: int, base_s: float, *, max_s: float = 3600.0, max_keys: int = MAX_KEYS
    ) -> None:
        self.failures = failures
        self.base_s = base_s
        self.max_s = max_s
        self.max_keys = max_keys
        self._accounts: OrderedDict[str, _Failures] = OrderedDict()

    def locked_for(self, key: str, now: float | None = None) -> float:
        entry = self._accounts.get(key)
        if entry is None:
            return 0.0
        return float(math.ceil(max(0.0, entry.locked_until - _now(now))))

    def failed(self, key: str, now: float | None = None) -> None:
        entry = self._accounts.get(key)
        if entry is None:
            entry = self._accounts[key] = _Failures()
            if len(self._accounts) > self.max_keys:
                self._accounts.popitem(last=False)
        self._accounts.move_to_end(key)
        entry.count += 1
        beyond = entry.count - self.failures
        if beyond >= 0:
            lock = min(self.max_s, self.base_s * 2**beyond)
            entry.locked_until = _now(now) + lock

    def succeeded(self, key: str) -> None:
        self._accounts.pop(key, None)

    async def check(self, key: str) -> None:
        refuse_locked(self.locked_for(key))

    async def wrong(self, key: str) -> None:
        self.failed(key)

    async def right(self, key: str) -> None:
        self.succeeded(key)


class LocalCounters:
    """The limits of one process: each is its own local one."""

    def window(self, name: str, local: AttemptWindow) -> Window:
        return local

    def lockout(self, name: str, local: Lockout) -> Guard:
        return local

    def known(self, local: KnownLogins) -> Known:
        return local


class SocketLimits:
    """WebSockets open at once: per address, and spectators per game.

    2,000 spectator sockets on one game slowed every other game's
    acknowledgements fifteenfold: each update goes to every socket of its
    game. A page holds one socket per game shown.

    >>> limits = SocketLimits(per_address=2, spectators_per_game=1)
    >>> first = limits.admit("1.2.3.4", "g1", spectator=True)
    >>> limits.admit("1.2.3.4", "g1", spectator=True) is None  # the game's spectator seat is taken
    True
    >>> second = limits.admit("1.2.3.4", "g2", spectator=False)
    >>> limits.admit("1.2.3.4", "g3", spectator=False) is None  # the address has two open
    True
    >>> first(); limits.admit("1.2.3.4", "g1", spectator=True) is not None
    True
    """

    def __init__(self, per_address: int, spectators_per_game: int) -> None:
        self.per_address = per_address
        self.spectators_per_game = spectators_per_game
        self._addresses: dict[str, int] = {}
        self._spectators: dict[str, int] = {}

    def admit(self, address: str, game: str, *, spectator: bool) -> Callable[[], None] | None:
        """A release function for a socket that may open, or None if it may not."""
        if self._addresses.get(address, 0) >= self.per_address:
            return None
        if spectator and self._spectators.get(game, 0) >= self.spectators_per_game:
            return None
        _add(self._addresses, address, 1)
        if spectator:
            _add(self._spectators, game, 1)
        released = False

        def release() -> None:
            nonlocal released
            if not released:
                released = True
                _add(self._addresses, address, -1)
                if spectator:
                    _add(self._spectators, game, -1)

        return release

    async def enter(
        self, address: str, game: str, *, spectator: bool
    ) -> Callable[[], Awaitable[None]] | None:
        """:meth:`admit` as :class:`~nard.server.ports.Sockets` has it."""
        release = self.admit(address, game, spectator=spectator)
        if release is None:
            return None

        async def leave() -> None:
            release()

        return leave


def _add(counts: dict[str, int], key: str, step: int) -> None:
    count = counts.get(key, 0) + step
    if count > 0:
        counts[key] = count
    else:
        counts.pop(key, None)
