"""The online-set port: who has a lobby open."""

from __future__ import annotations

import asyncio

from tests.server.ports.conftest import Made


def test_a_player_is_online_from_arriving_until_leaving(made: Made) -> None:
    async def main() -> None:
        async with made() as ports:
            online = ports.online
            assert await online.everyone() == []
            await online.arrive(7)
            await online.arrive(3)
            assert await online.everyone() == [3, 7]
            await online.leave(7)
            assert await online.everyone() == [3]

    asyncio.run(main())
