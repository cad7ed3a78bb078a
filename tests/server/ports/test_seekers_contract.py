"""The seek-queue port: who waits for a quick match, and taking the pairs."""

from __future__ import annotations

import asyncio

from tests.server.ports.conftest import Made


def test_seekers_wait_until_taken_as_a_pair_once(made: Made) -> None:
    async def main() -> None:
        async with made() as ports:
            seekers = ports.seekers
            await seekers.add(1, 1500.0, (3, "standard"))
            await seekers.add(1, 1500.0, (3, "standard"))  # again: still one seek
            await seekers.add(2, 1500.0, (3, "standard"))
            await seekers.add(3, 1500.0, (5, "standard"))  # another match length
            assert await seekers.count() == 3
            pairs = await seekers.take_pairs()
            assert [(a.player_id, b.player_id) for a, b in pairs] == [(1, 2)]
            assert pairs[0][0].terms == (3, "standard")
            assert await seekers.take_pairs() == []  # taken out of the queue
            assert await seekers.count() == 1
            assert await seekers.remove(3)
            assert not await seekers.remove(3)
            assert await seekers.count() == 0

    asyncio.run(main())
