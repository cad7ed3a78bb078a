"""Leases in Redis: members of sorted sets that stay only while their process renews them.

A member's score is the moment, in Redis's own milliseconds (``TIME`` inside
each script, so the instances' clocks never meet), until which it holds.
:class:`Leases` renews every member this process holds each ``ttl_s / 3``
seconds; the members of an instance that dies lapse within ``ttl_s``. A set
also remembers when its last member left (``~left``), so a reader can tell how
long nobody has held it: the presence of a seat (ports/redis/presence.py),
the sockets of an address (ports/redis/limits.py) and the players in the lobby
(ports/redis/online.py) are such sets.

A member held ``revocable`` may be dropped by any instance (a quick-match
seeker cancelled or paired at another one, ports/redis/seekers.py), and held
again at another: ``<key>~holders`` records which process holds each member,
whose holder renews it only while it is still in the set and still its own,
and forgets it once not (unless it held it again meanwhile).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

KEEP_MS = 24 * 3600 * 1000
"""A set nobody touches for this long is deleted by Redis."""

_NOW = "local t = redis.call('TIME') local now = t[1] * 1000 + math.floor(t[2] / 1000) "
_HOLD = (
    _NOW
    + """
local limit = tonumber(ARGV[3])
if limit >= 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('(%d', now))
  if redis.call('ZCOUNT', KEYS[1], string.format('(%d', now), '+inf') >= limit then
    return 0
  end
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[5])
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
end
return 1
"""
)
_DROP = (
    _NOW
    + """
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[1], now, '~left')
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if redis.call('HGET', KEYS[2], ARGV[1]) == ARGV[3] then redis.call('HDEL', KEYS[2], ARGV[1]) end
"""
)
_READ = (
    _NOW
    + """
local held = redis.call('ZCOUNT', KEYS[1], string.format('(%d', now), '+inf')
if held > 0 then return {held, 0} end
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if #last == 0 then
  redis.call('ZADD', KEYS[1], now, '~left')
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {0, 0}
end
return {0, now - tonumber(last[2])}
"""
)
_MEMBERS = (
    _NOW
    + """
return redis.call('ZRANGE', KEYS[1], string.format('(%d', now), '+inf', 'BYSCORE')
"""
)
_RENEW_PRESENT = (
    _NOW
    + """
local gone = {}
for i = 4, #ARGV do
  local mine = redis.call('HGET', KEYS[2], ARGV[i]) == ARGV[3]
  if mine and redis.call('ZSCORE', KEYS[1], ARGV[i]) then
    redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[i])
  else
    if mine then redis.call('HDEL', KEYS[2], ARGV[i]) end
    table.insert(gone, ARGV[i])
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return gone
"""
)
_RENEW = (
    _NOW
    + """
for i = 3, #ARGV do
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[i])
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
"""
)


def _holders(key: str) -> str:
    return key + "~holders"


@dataclass(frozen=True, slots=True)
class Holding:
    """A set as a reader finds it: its members holding now, and, when none does,
    how long since the last one left or lapsed (0 for a set never held)."""

    held: int
    vacant_s: float


class Leases:
    """This process's leases in one Redis, renewed by a task of its own."""

    def __init__(self, redis: Any, *, ttl_s: float) -> None:
        self.redis = redis
        self.ttl_ms = max(1, round(ttl_s * 1000))
        self.origin = secrets.token_hex(8)
        """This process, as ``<key>~holders`` names the holder of a revocable member."""
        self._held: defaultdict[str, dict[str, int]] = defaultdict(dict)
        """Each member held, with the number of its latest hold (:meth:`renew` forgets a
        member it found gone only if it was not held again meanwhile)."""
        self._holds = itertools.count(1)
        self._revocable: set[str] = set()
        """The keys whose members another instance may drop."""
        self._hold = redis.register_script(_HOLD)
        self._drop = redis.register_script(_DROP)
        self._read = redis.register_script(_READ)
        self._renew = redis.register_script(_RENEW)
        self._renew_present = redis.register_script(_RENEW_PRESENT)
        self._members = redis.register_script(_MEMBERS)
        self._renewer: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._renewer = asyncio.create_task(self._renew_forever())

    async def close(self) -> None:
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer

    async def hold(
        self, key: str, member: str, *, limit: int | None = None, revocable: bool = False
    ) -> bool:
        """Hold ``member`` in ``key`` (renewed until dropped); with ``limit``, only if
        fewer than ``limit`` members hold it now; ``revocable``, renewed only while no
        instance has dropped it. Raises the Redis client's errors."""
        number = self._held[key][member] = next(self._holds)
        if revocable:
            self._revocable.add(key)
        holder = self.origin if revocable else ""
        args = [member, self.ttl_ms, -1 if limit is None else limit, KEEP_MS, holder]
        try:
            taken = bool(await self._hold(keys=[key, _holders(key)], args=args))
        except BaseException:
            self._forget(key, member, number)
            raise
        if not taken:
            self._forget(key, member, number)
        return taken

    async def drop(self, key: str, member: str) -> None:
        """Let ``member`` go, remembering the moment (raises the client's errors)."""
        self.forget(key, member)
        await self._drop(keys=[key, _holders(key)], args=[member, KEEP_MS, self.origin])

    async def read(self, key: str) -> Holding:
        held, vacant_ms = await self._read(keys=[key], args=[KEEP_MS])
        return Holding(int(held), int(vacant_ms) / 1000)

    async def members(self, key: str) -> list[str]:
        """The members holding ``key`` now, in no particular order."""
        return [member.decode() for member in await self._members(keys=[key])]

    def forget(self, key: str, member: str) -> None:
        """Renew ``member`` no more, leaving it in Redis (dropped there by someone else)."""
        self._forget(key, member, None)

    def _forget(self, key: str, member: str, number: int | None) -> None:
        """Forget ``member``; with ``number``, only if that is still its latest hold."""
        members = self._held.get(key)
        if members is None or member not in members:
            return
        if number is not None and members[member] != number:
            return
        del members[member]
        if not members:
            del self._held[key]
            self._revocable.discard(key)

    async def renew(self) -> None:
        """Hold every member again for ``ttl_s``: plain ``ZADD``, so a Redis that
        restarted empty learns them back; a revocable member only while it is there."""
        if not self._held:
            return
        held = [(key, dict(members)) for key, members in self._held.items()]
        async with self.redis.pipeline(transaction=False) as pipe:
            for key, members in held:
                if key in self._revocable:
                    args = [self.ttl_ms, KEEP_MS, self.origin, *members]
                    await self._renew_present(keys=[key, _holders(key)], args=args, client=pipe)
                else:
                    await self._renew(
                        keys=[key], args=[self.ttl_ms, KEEP_MS, *members], client=pipe
                    )
            answers = await pipe.execute()
        for (key, members), gone in zip(held, answers, strict=True):
            for member in gone or ():
                # A hold made while this round was on its way is kept.
                self._forget(key, member.decode(), members[member.decode()])

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(self.ttl_ms / 3000)
            try:
                await self.renew()
            except Exception as error:  # Redis away: the next round tries again
                log.warning("leases: renewing failed (%s)", error)
