"""One quick-match queue for every instance, in Redis.

``<prefix>lobby:seeking`` is a lease set (:mod:`nard.server.ports.redis.leases`) with a
member ``<player>`` while the player waits, held by the instance that took the
request, so the seekers of an instance that dies lapse with its leases; it is
held ``revocable``, so a cancel or a pairing at any other instance ends it.
``<prefix>lobby:seekers`` holds each seeker's rating, match and the moment it
started waiting, in Redis's own clock (``TIME``), which every instance's
pairing reads, so the windows widen alike everywhere.

Any instance may pair: it reads the queue, pairs it
(:func:`~nard.server.lobby.pairing.pair`) and takes each pair with one script
that removes both seekers only if both still wait as they were read. Of two
instances pairing the same seeker at once, one takes it; the other's pair is
dropped and its other seeker waits for the next round.

When Redis does not answer, each call raises
:class:`~nard.server.ports.QueueUnreachable` (the hall answers that the
queue is busy) rather than start a queue of the instance's own that the other
instances could not see.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from nard.server.lobby.pairing import Seeker, Terms, pair
from nard.server.ports import QueueUnreachable
from nard.server.ports.redis.client import redis_errors
from nard.server.ports.redis.leases import KEEP_MS, Leases

log = logging.getLogger(__name__)

_NOW = "local t = redis.call('TIME') local now = t[1] * 1000 + math.floor(t[2] / 1000) "
_DESCRIBE = (
    _NOW
    + """
local seeker = cjson.decode(ARGV[2])
seeker['since'] = now
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(seeker))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
"""
)
_WAITING = (
    _NOW
    + """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local held = redis.call('ZRANGE', KEYS[1], string.format('(%d', now), '+inf', 'BYSCORE')
local live, out = {}, {tostring(now)}
for _, member in ipairs(held) do
  local found = redis.call('HGET', KEYS[2], member)
  if found then
    live[member] = true
    table.insert(out, member)
    table.insert(out, found)
  end
end
for _, field in ipairs(redis.call('HKEYS', KEYS[2])) do
  if not live[field] then redis.call('HDEL', KEYS[2], field) end
end
return out
"""
)
_TAKE = (
    _NOW
    + """
for i = 1, 2 do
  local score = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if not score or tonumber(score) <= now then return 0 end
  if redis.call('HGET', KEYS[2], ARGV[i]) ~= ARGV[i + 2] then return 0 end
end
redis.call('ZREM', KEYS[1], ARGV[1], ARGV[2])
redis.call('HDEL', KEYS[2], ARGV[1], ARGV[2])
return 1
"""
)
_REMOVE = """
local was = redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return was
"""


@contextmanager
def _reached() -> Iterator[None]:
    try:
        yield
    except redis_errors() as error:
        raise QueueUnreachable(str(error)) from error


class SharedSeekers:
    """:class:`~nard.server.ports.SeekQueue` in Redis."""

    def __init__(self, redis: Any, leases: Leases, prefix: str) -> None:
        self.leases = leases
        self.keys = [prefix + "lobby:seeking", prefix + "lobby:seekers"]
        self._describe = redis.register_script(_DESCRIBE)
        self._waiting = redis.register_script(_WAITING)
        self._take = redis.register_script(_TAKE)
        self._remove = redis.register_script(_REMOVE)

    async def add(self, player_id: int, rating: float, terms: Terms) -> None:
        member = str(player_id)
        wish = json.dumps({"rating": rating, "length": terms[0], "preset": terms[1]})
        with _reached():
            # Held first: a reader drops the details of a seeker nobody holds.
            await self.leases.hold(self.keys[0], member, revocable=True)
            try:
                await self._describe(keys=[self.keys[1]], args=[member, wish, KEEP_MS])
            except BaseException:
                # Told it is busy, the player is not waiting: no lease renewed for nothing.
                self.leases.forget(self.keys[0], member)
                with contextlib.suppress(*redis_errors()):  # else it lapses
                    await self._remove(keys=self.keys, args=[member])
                raise

    async def remove(self, player_id: int) -> bool:
        member = str(player_id)
        with _reached():
            was = bool(await self._remove(keys=self.keys, args=[member]))
        # Held here or not, this process renews it no more: were the player to seek again
        # at another instance, that one holds the new seek.
        self.leases.forget(self.keys[0], member)
        return was

    async def count(self) -> int:
        return len((await self._read())[1])

    async def take_pairs(self) -> list[tuple[Seeker, Seeker]]:
        now, seen = await self._read()
        if len(seen) < 2:
            return []
        by_player = {seeker.player_id: (seeker, described) for seeker, described in seen}
        taken: list[tuple[Seeker, Seeker]] = []
        for first, second in pair([seeker for seeker, _ in seen], now):
            args = [
                first.player_id,
                second.player_id,
                by_player[first.player_id][1],
                by_player[second.player_id][1],
            ]
            try:
                with _reached():
                    if await self._take(keys=self.keys, args=args):
                        taken.append((first, second))
            except QueueUnreachable:
                if not taken:
                    raise
                # Those taken are out of Redis already: only their games can still start.
                log.warning("lobby: taking pairs stopped after %d", len(taken), exc_info=True)
                break
        return taken

    async def _read(self) -> tuple[float, list[tuple[Seeker, bytes]]]:
        """Redis's time now, and the seekers waiting, each with its details as stored;
        the details of those no longer waiting are dropped."""
        with _reached():
            now, *found = await self._waiting(keys=self.keys)
        seekers = []
        for member, described in zip(found[::2], found[1::2], strict=True):
            wish = json.loads(described)
            terms = (int(wish["length"]), str(wish["preset"]))
            since = int(wish["since"]) / 1000
            seekers.append((Seeker(int(member), float(wish["rating"]), terms, since), described))
        return int(now) / 1000, seekers
