"""Where each account has logged in from: its devices and its addresses.

A person who forgets a password, or a stranger who guesses, makes the same
wrong attempts; what tells the owner apart is where the right one comes from.
A successful login remembers its device (a random id the browser keeps in a
cookie of its own, stored here only as its SHA-256) and its address, for
:data:`KEEP_S`; the account's guess limit (:mod:`nard.server.players.service`)
lets those in while it holds strangers back. Redis keeps them for several
instances (``ports.redis.known_logins``); without it, or while it does not answer,
the process's own memory.

>>> from nard.server.ports import Seen
>>> known = KnownLogins()
>>> known.remember("ann", "d1", "1.2.3.4")
>>> known.knows("ann", None, "1.2.3.4"), known.knows("ann", "d1", "5.6.7.8")
(Seen(device=False, address=True), Seen(device=True, address=False))
>>> any(known.knows("ann", "d2", "5.6.7.8")), any(known.knows("bob", "d1", "1.2.3.4"))
(False, False)
"""

from __future__ import annotations

import time
from collections import OrderedDict

from nard.server.ports import Seen

KEEP_S = 90 * 24 * 3600.0
"""A device or address is remembered for 90 days after its last login."""
PER_ACCOUNT = 32
"""Devices and addresses remembered per account; the oldest are forgotten beyond."""
MAX_ACCOUNTS = 100_000
"""Accounts one process remembers (least recently seen forgotten first)."""


def members(device: str | None, address: str) -> list[str]:
    """The set members of a device and an address (the Redis adapter keys them alike)."""
    return [f"a:{address}"] + ([] if device is None else [f"d:{device}"])


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
        for member in members(device, address):
            places[member] = now
            places.move_to_end(member)
        while len(places) > PER_ACCOUNT:
            places.popitem(last=False)

    async def known(self, account: str, device: str | None, address: str) -> Seen:
        return self.knows(account, device, address)

    async def add(self, account: str, device: str | None, address: str) -> None:
        self.remember(account, device, address)
