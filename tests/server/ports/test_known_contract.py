"""The known-logins port: the devices and addresses each account logged in from."""

from __future__ import annotations

import asyncio

from nard.server.ports import Seen
from nard.server.ports.local.known_logins import KnownLogins
from tests.server.ports.conftest import Made


def test_a_login_is_known_by_its_device_and_its_address_for_that_account_only(
    made: Made,
) -> None:
    async def main() -> None:
        async with made() as ports:
            known = ports.counters.known(KnownLogins())
            assert await known.known("ann", "d1", "1.2.3.4") == Seen(False, False)
            await known.add("ann", "d1", "1.2.3.4")
            assert await known.known("ann", "d1", "5.6.7.8") == Seen(True, False)
            assert await known.known("ann", None, "1.2.3.4") == Seen(False, True)
            assert await known.known("bob", "d1", "1.2.3.4") == Seen(False, False)

    asyncio.run(main())
