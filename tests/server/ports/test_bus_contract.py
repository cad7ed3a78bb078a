"""The event bus port: what the table, the sockets and the copies' sync rely on."""

from __future__ import annotations

import asyncio

from tests.server.ports.conftest import Made, until


def test_a_subscriber_hears_its_game_in_order_and_nothing_once_it_unsubscribed(
    made: Made,
) -> None:
    async def main() -> tuple[list[str], list[str]]:
        async with made() as ports:
            bus = ports.bus
            seen: list[str] = []
            other: list[str] = []
            stop = bus.subscribe("g1", seen.append)
            bus.subscribe("g2", other.append)
            await bus.listening("g1", "g2")
            for n in range(5):
                await bus.publish("g1", f"m{n}")
            await until(lambda: len(seen) == 5, "the game's messages did not all arrive")
            stop()
            await bus.publish("g1", "after")
            await bus.publish("g2", "theirs")
            await until(lambda: other == ["theirs"], "the other game's message did not arrive")
            return seen, other

    seen, other = asyncio.run(main())
    assert seen == [f"m{n}" for n in range(5)]
    assert other == ["theirs"]


def test_deliver_reaches_this_process_s_subscribers_at_once(made: Made) -> None:
    async def main() -> list[str]:
        async with made() as ports:
            seen: list[str] = []
            ports.bus.subscribe("g1", seen.append)
            ports.bus.deliver("g1", "here only")
            await ports.bus.ping()  # ready: the readiness check passes
            return seen

    assert asyncio.run(main()) == ["here only"]


def test_announcing_a_change_never_tells_this_process_s_own_watcher(made: Made) -> None:
    class Watcher:
        def __init__(self) -> None:
            self.changes: list[tuple[str, int]] = []

        def changed_elsewhere(self, game: str, seq: int) -> None:
            self.changes.append((game, seq))

        def reconnected(self) -> None:
            return None

    async def main() -> list[tuple[str, int]]:
        async with made() as ports:
            watcher = Watcher()
            ports.bus.watch(watcher)
            ports.bus.follow("g1")
            await ports.bus.listening()
            await ports.bus.announce("g1", 7)
            await asyncio.sleep(0.2)
            return watcher.changes

    assert asyncio.run(main()) == []
