"""The event bus: in process, and through the local Redis (127.0.0.1:6379)."""

from __future__ import annotations

import asyncio
import socket

import pytest

from nard.server.bus import InProcessBus, RedisBus


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
        await asyncio.sleep(0.2)  # the pattern subscriptions are in place
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
