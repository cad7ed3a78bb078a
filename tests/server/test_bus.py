"""The event bus: in process, and through the local Redis (127.0.0.1:6379)."""

from __future__ import annotations

import asyncio
import secrets
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from nard.server.ports.local.bus import InProcessBus
from nard.server.ports.redis.bus import RedisBus
from tests.server.own_redis import own_redis

REDIS = "redis://127.0.0.1:6379/0"


def _redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


def test_in_process_bus_delivers_in_order_to_the_game_subscribers_only() -> None:
    async def run() -> tuple[list[str], list[str]]:
        bus = InProcessBus()
        one: list[str] = []
        other: list[str] = []
        bus.subscribe("a", one.append)
        bus.subscribe("b", other.append)
        for n in range(5):
            await bus.publish("a", str(n))
        await bus.close()
        return one, other

    assert asyncio.run(run()) == (["0", "1", "2", "3", "4"], [])


def test_in_process_bus_listens_at_once() -> None:
    async def run() -> bool:
        bus = InProcessBus()
        bus.subscribe("a", print)
        return await bus.listening("a")

    assert asyncio.run(run()) is False


@pytest.mark.skipif(not _redis_up(), reason="Redis at 127.0.0.1:6379 is unreachable")
def test_redis_bus_carries_messages_between_two_buses() -> None:
    """Two buses stand for two server processes: what one publishes, both deliver."""

    async def run() -> tuple[list[str], list[str]]:
        first, second = RedisBus("redis://127.0.0.1:6379/0"), RedisBus("redis://127.0.0.1:6379/0")
        await first.start()
        await second.start()
        seen_first: list[str] = []
        seen_second: list[str] = []
        game = f"test-{id(first)}"
        first.subscribe(game, seen_first.append)
        stop = second.subscribe(game, seen_second.append)
        await asyncio.gather(first.listening(game), second.listening(game))
        for n in range(20):
            await first.publish(game, f"m{n}")
        for _ in range(100):
            if len(seen_second) == 20 and len(seen_first) == 20:
                break
            await asyncio.sleep(0.02)
        stop()
        await first.publish(game, "after")
        await asyncio.sleep(0.1)
        await first.close()
        await second.close()
        return seen_first, seen_second

    seen_first, seen_second = asyncio.run(run())
    expected = [f"m{n}" for n in range(20)]
    assert seen_second == expected
    assert seen_first == [*expected, "after"]


@pytest.mark.skipif(not _redis_up(), reason="Redis at 127.0.0.1:6379 is unreachable")
def test_two_servers_share_a_game_through_redis(db_url: str) -> None:
    """Two server processes (two apps) on one database and one Redis: a player on
    each, and each sees the other's actions."""
    from fastapi.testclient import TestClient

    from nard.server.app import create_app
    from tests.server.conftest import Harness, make_settings

    settings = make_settings(db_url, redis_url="redis://127.0.0.1:6379/0")
    with TestClient(create_app(settings)) as one, TestClient(create_app(settings)) as two:
        first, second = Harness(one), Harness(two)
        game = first.new_game("ada", mode="friend", side="white")
        invite = game["invite_url"].rsplit("/", 1)[1]
        second.request("bob", "POST", f"/api/invites/{invite}")
        with first.socket("ada", game["id"]) as white, second.socket("bob", game["id"]) as black:
            while white.state["game"]["phase"] == "opening":
                answer = white.act("roll")
                assert answer["type"] == "ack", answer
            black.until("update")
            while black.seq < white.seq:
                black.recv()
            assert black.game["state"] == white.game["state"]
            mover = white if white.state["game"]["turn"] == "white" else black
            mover.seq = max(white.seq, black.seq)
            mover.play_turn()
            other = black if mover is white else white
            while other.seq < mover.seq:
                other.recv()
            assert other.game["state"] == mover.game["state"]
            # The other player, on the other server, acts next on the same game.
            assert other.act("roll")["type"] == "ack"


async def _until(check: Callable[[], Awaitable[bool]], what: str) -> None:
    for _ in range(1000):  # the reconnection's backoff reaches 5 s
        if await check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(what)


async def _channels(redis: Any, prefix: str) -> set[str]:
    """The channels of this prefix that some connection subscribes to, without it."""
    return {name.decode()[len(prefix) :] for name in await redis.pubsub_channels(prefix + "*")}


@pytest.mark.skipif(not _redis_up(), reason="Redis at 127.0.0.1:6379 is unreachable")
def test_a_bus_subscribes_to_a_game_only_while_it_has_a_subscriber() -> None:
    from redis import asyncio as aioredis

    async def run() -> None:
        prefix = f"test{secrets.token_hex(4)}:"
        bus = RedisBus(REDIS, prefix=prefix)
        redis = aioredis.from_url(REDIS)
        await bus.start()
        try:
            assert await _channels(redis, prefix) == {"changed"}
            first = bus.subscribe("g1", print)
            second = bus.subscribe("g1", print)
            bus.subscribe("lobby", print)
            assert await bus.listening("g1", "lobby")
            assert await _channels(redis, prefix) == {"changed", "game:g1", "game:lobby"}
            channel = f"{prefix}game:g1"
            assert await redis.pubsub_numsub(channel) == [(channel.encode(), 1)]
            first()
            assert not await bus.listening("g1")  # still subscribed: nothing to wait for
            second()

            async def gone() -> bool:
                return await _channels(redis, prefix) == {"changed", "game:lobby"}

            await _until(gone, "the last subscriber left and the bus stayed subscribed")
        finally:
            await bus.close()
            await redis.aclose()

    asyncio.run(run())


@pytest.mark.skipif(not _redis_up(), reason="Redis at 127.0.0.1:6379 is unreachable")
def test_a_message_published_once_the_subscription_is_active_is_delivered() -> None:
    """The no-gap promise a socket relies on, for many new games in a row."""

    async def run() -> list[list[str]]:
        prefix = f"test{secrets.token_hex(4)}:"
        publisher, listener = RedisBus(REDIS, prefix=prefix), RedisBus(REDIS, prefix=prefix)
        await publisher.start()
        await listener.start()
        heard: list[list[str]] = []
        try:
            for n in range(40):
                seen: list[str] = []
                heard.append(seen)
                listener.subscribe(f"g{n}", seen.append)
                await listener.listening(f"g{n}")
                await publisher.publish(f"g{n}", f"first of g{n}")
            await publisher.publish("g39", "last")
            for _ in range(500):
                if heard[-1][-1:] == ["last"]:
                    break
                await asyncio.sleep(0.02)
        finally:
            await publisher.close()
            await listener.close()
        return heard

    heard = asyncio.run(run())
    assert heard == [[f"first of g{n}"] for n in range(39)] + [["first of g39", "last"]]


@pytest.mark.skipif(not _redis_up(), reason="Redis at 127.0.0.1:6379 is unreachable")
def test_subscribers_coming_and_going_at_once_leave_the_right_subscriptions() -> None:
    from redis import asyncio as aioredis

    async def run() -> tuple[set[str], list[str]]:
        prefix = f"test{secrets.token_hex(4)}:"
        bus = RedisBus(REDIS, prefix=prefix)
        redis = aioredis.from_url(REDIS)
        await bus.start()
        kept: list[str] = []

        async def socket(n: int) -> None:
            game = f"g{n % 7}"
            for turn in range(20):
                stop = bus.subscribe(game, kept.append)
                if turn % 3:
                    await bus.listening(game)
                else:
                    await asyncio.sleep(0)
                stop()
            if n % 7 < 3:
                bus.subscribe(game, kept.append)  # these stay

        try:
            await asyncio.gather(*(socket(n) for n in range(35)))
            await bus.listening("g0", "g1", "g2")

            wanted = {"changed", "game:g0", "game:g1", "game:g2"}

            async def settled() -> bool:
                return await _channels(redis, prefix) == wanted

            await _until(settled, "the subscriptions did not settle on g0, g1 and g2")
            for game in ("g0", "g1", "g2", "g3"):
                await bus.publish(game, game)

            async def heard() -> bool:
                return len(kept) == 3 * 5

            await _until(heard, f"the subscribers of g0 to g2 heard {kept}")
            return await _channels(redis, prefix), kept
        finally:
            await bus.close()
            await redis.aclose()

    channels, kept = asyncio.run(run())
    assert channels == {"changed", "game:g0", "game:g1", "game:g2"}
    assert sorted(kept) == sorted(["g0", "g1", "g2"] * 5)


class _Watcher:
    def __init__(self) -> None:
        self.reconnections = 0

    def changed_elsewhere(self, game: str, seq: int) -> None:
        return None

    def reconnected(self) -> None:
        self.reconnections += 1


@pytest.mark.skipif(not _redis_up(), reason="redis-server is needed")
def test_a_redis_restart_subscribes_every_game_with_a_subscriber_again(tmp_path: Path) -> None:
    from redis import asyncio as aioredis

    with own_redis(tmp_path) as (port, stop, start):
        url = f"redis://127.0.0.1:{port}/0"

        async def run() -> tuple[list[str], list[str], int]:
            bus, watcher = RedisBus(url), _Watcher()
            publisher = RedisBus(url)  # started once Redis is back: its first publish must go
            bus.watch(watcher)
            await bus.start()
            before: list[str] = []
            during: list[str] = []
            try:
                bus.subscribe("before", before.append)
                bus.subscribe("gone", print)()
                assert await bus.listening("before")
                await asyncio.to_thread(stop)
                while bus.connected.is_set():
                    await asyncio.sleep(0.02)
                # A socket that connects while Redis is down goes on at once.
                bus.subscribe("during", during.append)
                assert not await bus.listening("during")
                await asyncio.to_thread(start)
                redis = aioredis.from_url(url)

                async def again() -> bool:
                    return watcher.reconnections == 1 and await _channels(redis, "nard:") == {
                        "changed",
                        "game:before",
                        "game:during",
                    }

                await _until(again, "the bus did not subscribe again")
                await publisher.start()
                await publisher.publish("before", "b")
                await publisher.publish("during", "d")
                for _ in range(500):
                    if before and during:
                        break
                    await asyncio.sleep(0.02)
                await redis.aclose()
            finally:
                await bus.close()
                await publisher.close()
            return before, during, watcher.reconnections

        assert asyncio.run(run()) == (["b"], ["d"], 1)


@pytest.mark.skipif(not _redis_up(), reason="Redis at 127.0.0.1:6379 is unreachable")
def test_a_subscribe_that_fails_makes_the_bus_start_afresh() -> None:
    from redis import asyncio as aioredis
    from redis.exceptions import ConnectionError as RedisConnectionError

    async def run() -> list[str]:
        prefix = f"test{secrets.token_hex(4)}:"
        bus, watcher = RedisBus(REDIS, prefix=prefix), _Watcher()
        bus.watch(watcher)
        redis = aioredis.from_url(REDIS)
        await bus.start()
        seen: list[str] = []
        try:
            pubsub = bus._pubsub

            async def refused(*channels: str) -> None:
                raise RedisConnectionError("refused for the test")

            pubsub.subscribe = refused
            bus.subscribe("g1", seen.append)
            await bus.listening("g1")  # the failure does not leave it waiting

            async def again() -> bool:
                return watcher.reconnections == 1 and "game:g1" in await _channels(redis, prefix)

            await _until(again, "the bus did not subscribe again after the failure")
            assert bus._pubsub is not pubsub
            await bus.publish("g1", "heard")
            for _ in range(500):
                if seen:
                    break
                await asyncio.sleep(0.02)
        finally:
            await bus.close()
            await redis.aclose()
        return seen

    assert asyncio.run(run()) == ["heard"]
