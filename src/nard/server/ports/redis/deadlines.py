"""Deadlines every instance can see: a Redis sorted set of games, each due at a moment.

A member is a game's public id, its score the moment it falls due in Redis's
own milliseconds (``TIME`` inside each script, so the instances' clocks never
meet), and ``<key>~seq`` the action the deadline is for: a deadline written
for an older action than the one stored is ignored, so a late write never
moves a newer one. Any instance :meth:`claims <SharedDeadlines.claim>` the
members due: the claim moves each one ``hold_ms`` on, so one instance at a
time takes care of it, and another takes over if that one dies before it is
done. The ``Deadlines`` port's Redis adapter (:mod:`nard.server.ports`).
"""

from __future__ import annotations

from typing import Any

from nard.server.ports.redis.leases import KEEP_MS

_NOW = "local t = redis.call('TIME') local now = t[1] * 1000 + math.floor(t[2] / 1000) "
_SET = (
    _NOW
    + """
local seq = tonumber(ARGV[2])
local known = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '-1')
if seq < known then return 0 end
if ARGV[4] == '1' and seq == known and redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], seq)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return 1
"""
)
_CLEAR = """
local known = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '-1')
if tonumber(ARGV[2]) < known then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1
"""
_CLAIM = (
    _NOW
    + """
local due = redis.call('ZRANGE', KEYS[1], '-inf', now, 'BYSCORE', 'LIMIT', 0, tonumber(ARGV[2]))
local claimed = {}
for _, member in ipairs(due) do
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), member)
  table.insert(claimed, member)
  table.insert(claimed, redis.call('HGET', KEYS[2], member) or '-1')
end
return claimed
"""
)


class SharedDeadlines:
    """One sorted set of deadlines in Redis (calls raise the client's errors)."""

    def __init__(self, redis: Any, key: str) -> None:
        self.key = key
        self._keys = [key, key + "~seq"]
        self._set = redis.register_script(_SET)
        self._clear = redis.register_script(_CLEAR)
        self._claim = redis.register_script(_CLAIM)

    async def due(self, member: str, seq: int, in_ms: float, *, only_new: bool = False) -> bool:
        """``member`` falls due ``in_ms`` from now, for its action ``seq``; ``only_new``:
        unless a deadline for that action is there already (a Redis that restarted
        empty learns it back). Whether it was written."""
        args = [member, seq, max(0, round(in_ms)), "1" if only_new else "0", KEEP_MS]
        return bool(await self._set(keys=self._keys, args=args))

    async def clear(self, member: str, seq: int) -> None:
        """No deadline for ``member`` any more (unless one for a later action is there)."""
        await self._clear(keys=self._keys, args=[member, seq])

    async def claim(self, hold_ms: float, limit: int = 100) -> list[tuple[str, int]]:
        """The members due now, with their actions, each moved ``hold_ms`` on (nobody
        else claims it meanwhile)."""
        found = await self._claim(keys=self._keys, args=[max(1, round(hold_ms)), limit])
        return [(found[i].decode(), int(found[i + 1])) for i in range(0, len(found), 2)]
