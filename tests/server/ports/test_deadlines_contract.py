"""The deadlines port: games due at a moment for an action, claimed once at a time."""

from __future__ import annotations

import asyncio

from tests.server.ports.conftest import Made


def test_a_deadline_is_claimed_once_when_due_and_again_after_its_hold(made: Made) -> None:
    async def main() -> None:
        async with made() as ports:
            clocks = ports.deadlines("clocks")
            assert await clocks.due("g1", 4, 0)
            assert await clocks.due("g2", 1, 60_000)  # not due for a minute
            assert await clocks.claim(200) == [("g1", 4)]
            assert await clocks.claim(200) == []  # held by its claimer
            await asyncio.sleep(0.4)
            assert await clocks.claim(200) == [("g1", 4)]  # the claimer died: taken over

    asyncio.run(main())


def test_an_older_action_never_moves_or_clears_a_newer_deadline(made: Made) -> None:
    async def main() -> None:
        async with made() as ports:
            turns = ports.deadlines("bot-turns")
            assert await turns.due("g1", 5, 60_000)
            assert not await turns.due("g1", 4, 0)  # a late write for an older action
            await turns.clear("g1", 4)
            assert await turns.claim(100) == []
            assert not await turns.due("g1", 5, 0, only_new=True)  # known already
            assert await turns.due("g1", 6, 0)
            assert await turns.claim(100) == [("g1", 6)]
            await turns.clear("g1", 6)
            assert await turns.due("g1", 6, 0, only_new=True)  # learnt back after a clear

    asyncio.run(main())


def test_a_name_is_one_set_and_other_names_are_apart(made: Made) -> None:
    async def main() -> None:
        async with made() as ports:
            assert await ports.deadlines("clocks").due("g1", 1, 0)
            assert await ports.deadlines("bot-turns").claim(100) == []
            assert await ports.deadlines("clocks").claim(100) == [("g1", 1)]  # one set a name

    asyncio.run(main())
