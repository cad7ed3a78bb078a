"""The counters port: the attempt windows and the account lockouts the limits are made of."""

from __future__ import annotations

import asyncio

import pytest

from nard.server.ports import Throttled
from nard.server.ports.local.limits import AttemptWindow, Lockout
from tests.server.ports.conftest import Made


def test_a_window_refuses_past_its_limit_per_key_and_takes_an_attempt_back(made: Made) -> None:
    async def main() -> None:
        async with made() as ports:
            window = ports.counters.window("contract", AttemptWindow(2, 60.0))
            await window.check("1.2.3.4", "tries")
            await window.check("1.2.3.4", "tries")
            with pytest.raises(Throttled) as refused:
                await window.check("1.2.3.4", "tries")
            assert refused.value.code == "rate_limited"
            assert 0 < refused.value.retry_after <= 60
            await window.check("5.6.7.8", "tries")  # another key counts apart
            await window.take_back("1.2.3.4")
            await window.check("1.2.3.4", "tries")  # the attempt given back is free again
            with pytest.raises(Throttled):
                await window.check("1.2.3.4", "tries")

    asyncio.run(main())


def test_a_lockout_locks_after_wrong_passwords_and_a_right_one_unlocks(made: Made) -> None:
    async def main() -> None:
        async with made() as ports:
            guard = ports.counters.lockout("contract", Lockout(2, 30.0))
            await guard.wrong("ann")
            await guard.check("ann")  # one wrong password: not locked yet
            await guard.wrong("ann")
            with pytest.raises(Throttled) as refused:
                await guard.check("ann")
            assert refused.value.code == "locked"
            assert 0 < refused.value.retry_after <= 30
            await guard.check("bob")  # another account is not locked
            await guard.right("ann")
            await guard.check("ann")

    asyncio.run(main())
