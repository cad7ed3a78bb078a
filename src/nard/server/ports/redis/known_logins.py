""":class:`~nard.server.ports.local.known_logins.KnownLogins` in Redis (the ``Known`` port)."""

from __future__ import annotations

import logging
from typing import Any

from nard.server.ports import Seen
from nard.server.ports.local.known_logins import KEEP_S, PER_ACCOUNT, KnownLogins, members
from nard.server.ports.redis.client import redis_errors

log = logging.getLogger(__name__)

_ADD = """
local t = redis.call('TIME')
local now = tonumber(t[1])
for i = 3, #ARGV do redis.call('ZADD', KEYS[1], now, ARGV[i]) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -tonumber(ARGV[2]) - 1)
redis.call('EXPIRE', KEYS[1], ARGV[1])
"""


class SharedKnownLogins:
    """:class:`KnownLogins` in Redis: a sorted set per account, ``<prefix>known:<account>``,
    of its devices and addresses scored by their last login's time."""

    def __init__(self, redis: Any, prefix: str, local: KnownLogins) -> None:
        self.redis = redis
        self.key = prefix + "known:"
        self.local = local
        self._add = redis.register_script(_ADD)

    async def known(self, account: str, device: str | None, address: str) -> Seen:
        try:
            scores = await self.redis.zmscore(self.key + account, members(device, address))
        except redis_errors() as error:
            log.warning("known logins: Redis unreachable (%s); asking this process", error)
            return await self.local.known(account, device, address)
        return Seen(len(scores) > 1 and scores[1] is not None, scores[0] is not None)

    async def add(self, account: str, device: str | None, address: str) -> None:
        await self.local.add(account, device, address)
        args = [round(KEEP_S), PER_ACCOUNT, *members(device, address)]
        try:
            await self._add(keys=[self.key + account], args=args)
        except redis_errors() as error:
            log.warning("known logins: Redis unreachable (%s); kept in this process", error)
