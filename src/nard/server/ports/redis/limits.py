"""The limits of :mod:`nard.server.ports.local.limits` counted in Redis, for several instances.

The same algorithms, each one Lua script (atomic, and timed by Redis's own
``TIME``, so the instances' clocks never meet):

- an attempt window is a sliding log: a sorted set of the attempts' times per
  key, ``<prefix>limit:<name>:<key>``; the attempts older than the window go,
  and one more is counted only while fewer than the limit remain;
- a lockout is a hash per key (an account at an address or a device, or an
  account: :mod:`nard.server.players.service`) with its ``count`` and
  locked ``until``, the lock doubling with each wrong password beyond the
  allowed ones;
- the devices and addresses an account logged in from are a sorted set per
  account (:mod:`nard.server.ports.redis.known_logins`);
- the open sockets of an address, and a game's spectators, are lease sets
  (:mod:`nard.server.ports.redis.leases`): each socket holds a member while it is open,
  and those of an instance that dies lapse with its leases.

When Redis does not answer, the process's own limiter decides (logged): a
limit then counts per instance for a while, as before, rather than refusing
everyone or letting everyone through.
"""

from __future__ import annotations

import logging
import math
import secrets
from collections.abc import Awaitable, Callable
from itertools import count
from typing import Any

from nard.server.ports import refuse_after, refuse_locked
from nard.server.ports.local.known_logins import KnownLogins
from nard.server.ports.local.limits import AttemptWindow, Lockout, SocketLimits
from nard.server.ports.redis.client import redis_errors
from nard.server.ports.redis.known_logins import SharedKnownLogins
from nard.server.ports.redis.leases import Leases

log = logging.getLogger(__name__)

_NOW = "local t = redis.call('TIME') local now = t[1] * 1000 + math.floor(t[2] / 1000) "
_ATTEMPT = (
    _NOW
    + """
local limit, window = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return tonumber(first[2]) + window - now
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 0
"""
)
_LOCKED_FOR = (
    _NOW
    + """
local locked = redis.call('HGET', KEYS[1], 'until')
if not locked then return 0 end
return math.max(0, tonumber(locked) - now)
"""
)
_FAILED = (
    _NOW
    + """
local failures = redis.call('HINCRBY', KEYS[1], 'count', 1)
local beyond = failures - tonumber(ARGV[1])
if beyond >= 0 then
  local lock = math.min(tonumber(ARGV[3]), tonumber(ARGV[2]) * 2 ^ beyond)
  redis.call('HSET', KEYS[1], 'until', now + lock)
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
"""
)
KEEP_MS = 24 * 3600 * 1000
"""An account's wrong passwords are forgotten after a day without any."""


class SharedWindow:
    """:class:`~nard.server.ports.local.limits.AttemptWindow` in Redis."""

    def __init__(self, redis: Any, key: str, local: AttemptWindow) -> None:
        self.redis = redis
        self.key = key
        self.local = local
        self._attempt = redis.register_script(_ATTEMPT)
        self._origin = secrets.token_hex(4)
        self._numbers = count()

    async def check(self, key: str, what: str) -> None:
        window_ms = round(self.local.window_s * 1000)
        attempt = f"{self._origin}:{next(self._numbers)}"  # each attempt its own member
        try:
            wait_ms = await self._attempt(
                keys=[self.key + key], args=[self.local.limit, window_ms, attempt]
            )
        except redis_errors() as error:
            log.warning("limits: Redis unreachable (%s); counting here", error)
            await self.local.check(key, what)
            return
        refuse_after(float(math.ceil(int(wait_ms) / 1000)), what)

    async def take_back(self, key: str) -> None:
        try:
            await self.redis.zpopmax(self.key + key)
        except redis_errors() as error:
            log.warning("limits: Redis unreachable (%s); giving back here", error)
            await self.local.take_back(key)


class SharedLockout:
    """:class:`~nard.server.ports.local.limits.Lockout` in Redis."""

    def __init__(self, redis: Any, key: str, local: Lockout) -> None:
        self.redis = redis
        self.key = key
        self.local = local
        self._locked_for = redis.register_script(_LOCKED_FOR)
        self._failed = redis.register_script(_FAILED)

    async def check(self, key: str) -> None:
        try:
            wait_ms = await self._locked_for(keys=[self.key + key])
        except redis_errors() as error:
            log.warning("limits: Redis unreachable (%s); the lockout is this process's", error)
            await self.local.check(key)
            return
        refuse_locked(float(math.ceil(int(wait_ms) / 1000)))

    async def wrong(self, key: str) -> None:
        local = self.local
        args = [local.failures, round(local.base_s * 1000), round(local.max_s * 1000), KEEP_MS]
        try:
            await self._failed(keys=[self.key + key], args=args)
        except redis_errors() as error:
            log.warning("limits: Redis unreachable (%s); the lockout is this process's", error)
            await local.wrong(key)

    async def right(self, key: str) -> None:
        await self.local.right(key)
        try:
            await self.redis.delete(self.key + key)
        except redis_errors() as error:
            log.warning("limits: Redis unreachable (%s); a lockout stays", error)


class RedisCounters:
    """:class:`~nard.server.ports.Counters` through one Redis, under ``prefix``."""

    def __init__(self, redis: Any, prefix: str) -> None:
        self.redis = redis
        self.prefix = prefix + "limit:"

    def window(self, name: str, local: AttemptWindow) -> SharedWindow:
        return SharedWindow(self.redis, f"{self.prefix}{name}:", local)

    def lockout(self, name: str, local: Lockout) -> SharedLockout:
        return SharedLockout(self.redis, f"{self.prefix}{name}:", local)

    def known(self, local: KnownLogins) -> SharedKnownLogins:
        return SharedKnownLogins(self.redis, self.prefix, local)


class SharedSockets:
    """:class:`~nard.server.ports.local.limits.SocketLimits` in lease sets."""

    def __init__(self, leases: Leases, prefix: str, local: SocketLimits) -> None:
        self.leases = leases
        self.addresses = prefix + "limit:sockets:"
        self.spectators = prefix + "limit:spectators:"
        self.local = local
        self._origin = secrets.token_hex(4)
        self._numbers = count()

    async def enter(
        self, address: str, game: str, *, spectator: bool
    ) -> Callable[[], Awaitable[None]] | None:
        member = f"{self._origin}:{next(self._numbers)}"
        held: list[str] = []
        try:
            wanted = [(self.addresses + address, self.local.per_address)]
            if spectator:
                wanted.append((self.spectators + game, self.local.spectators_per_game))
            for key, limit in wanted:
                if not await self.leases.hold(key, member, limit=limit):
                    await self._drop(held, member)
                    return None
                held.append(key)
        except redis_errors() as error:
            log.warning("limits: Redis unreachable (%s); sockets counted here", error)
            await self._drop(held, member)
            return await self.local.enter(address, game, spectator=spectator)

        async def leave() -> None:
            await self._drop(held, member)

        return leave

    async def _drop(self, keys: list[str], member: str) -> None:
        for key in keys:
            try:
                await self.leases.drop(key, member)
            except redis_errors() as error:  # the lease lapses instead
                log.warning("limits: letting a socket go failed (%s)", error)
