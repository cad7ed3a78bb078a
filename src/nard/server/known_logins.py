"""Where each account has logged in from: its devices and its addresses.

A person who forgets a password, or a stranger who guesses, makes the same
wrong attempts; what tells the owner apart is where the right one comes from.
A successful login remembers its device (a random id the browser keeps in a
cookie of its own, stored here only as its SHA-256) and its address, for
:data:`KEEP_S`; the account's guess limit (:mod:`nard.server.services.player_service`)
lets those in while it holds strangers back. Redis keeps them for several
instances (:class:`SharedKnownLogins`); without it, or while it does not
answer, the process's own memory.

>>> known = KnownLogins()
>>> known.remember("ann", "d1", "1.2.3.4")
>>> known.knows("ann", None, "1.2.3.4"), known.knows("ann", "d1", "5.6.7.8")
(Seen(device=False, address=True), Seen(device=True, address=False))
>>> any(known.knows("ann", "d2", "5.6.7.8")), any(known.knows("bob", "d1", "1.2.3.4"))
(False, False)
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from typing import Any, NamedTuple, Protocol

from nard.server.redis_client import redis_errors

log = logging.getLogger(__name__)

KEEP_S = 90 * 24 * 3600.0
"""A device or address is remembered for 90 days after its last login."""
PER_ACCOUNT = 32
"""Devices and addresses remembered per account; the oldest are forgotten beyond."""
MAX_ACCOUNTS = 100_000
"""Accounts one process remembers (least recently seen forgotten first)."""


class Seen(NamedTuple):
    """Whether an account logged in before from this device, and from this address."""

    device: bool
    address: bool


def _members(device: str | None, address: str) -> list[str]:
    return [f"a:{address}"] + ([] if device is None else [f"d:{device}"])


class Known(Protocol):
    """The places an account logged in from (:class:`KnownLogins`' interface)."""

    async def known(self, account: str, device: str | None, address: str) -> Seen: ...

    async def add(self, account: str, device: str | None, address: str) -> None: ...


class KnownLogins:
    """One process's memory of the places each account logged in from."""

    def __init__(self, *, max_accounts: int = MAX_ACCOUNTS) -> None:
        self.max_accounts = max_accounts
        self._accounts: OrderedDict[str, OrderedDict[str, float]] = OrderedDict()

    def knows(
        self, account: str, device: str | None, address: str, now: float | None = None
    ) -> Seen:
        now = time.monotonic() if now is None else now
        places: dict[str, float] = self._accounts.get(account) or {}

        def seen(member: str) -> bool:
            last = places.get(member)
            return last is not None and now - last < KEEP_S

        return Seen(device is not None and seen(f"d:{device}"), seen(f"a:{address}"))

    def remember(
        self, account: str, device: str | None, address: str, now: float | None = None
    ) -> None:
        now = time.monotonic() if now is None else now
        places = self._accounts.get(account)
        if places is None:
            places = self._accounts[account] = OrderedDict()
            if len(self._accounts) > self.max_accounts:
                self._accounts.popitem(last=False)
        self._accounts.move_to_end(account)
        for member in _members(device, address):
            places[member] = now
            places.move_to_end(member)
        while len(places) > PER_ACCOUNT:
            places.popitem(last=False)

    async def known(self, account: str, device: str | None, address: str) -> Seen:
        return self.knows(account, device, address)

    async def add(self, account: str, device: str | None, address: str) -> None:
        self.remember(account, device, address)


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
            scores = await self.redis.zmscore(self.key + account, _members(device, address))
        except redis_errors() as error:
            log.warning("known logins: Redis unreachable (%s); asking this process", error)
            return await self.local.known(account, device, address)
        return Seen(len(scores) > 1 and scores[1] is not None, scores[0] is not None)

    async def add(self, account: str, device: str | None, address: str) -> None:
        await self.local.add(account, device, address)
        args = [round(KEEP_S), PER_ACCOUNT, *_members(device, address)]
        try:
            await self._add(keys=[self.key + account], args=args)
        except redis_errors() as error:
            log.warning("known logins: Redis unreachable (%s); kept in this process", error)
