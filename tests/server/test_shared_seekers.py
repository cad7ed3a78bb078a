"""The quick-match queue in Redis (ports/redis/seekers.py) and its leases
(ports/redis/leases.py), against a real Redis: each test under a prefix of its own."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path
from typing import Any

import pytest

from nard.server.ports import QueueUnreachable
from nard.server.ports.redis.client import connect
from nard.server.ports.redis.leases import Leases
from nard.server.ports.redis.seekers import SharedSeekers
from tests.server.own_redis import own_redis, reachable

REDIS = "redis://127.0.0.1:6379/0"

pytestmark = pytest.mark.skipif(not reachable(6379), reason="Redis at 127.0.0.1:6379 is down")


def _prefix() -> str:
    return f"test{secrets.token_hex(4)}:"


def test_pairs_taken_before_redis_went_away_are_still_handed_back(tmp_path: Path) -> None:
    async def scenario(port: int, stop: Any) -> list[tuple[int, int]]:
        redis = connect(f"redis://127.0.0.1:{port}/0")
        seekers = SharedSeekers(redis, Leases(redis, ttl_s=30.0), _prefix())
        for player in (1, 2, 3, 4):  # two pairs of equal ratings
            await seekers.add(player, 1500.0, (3, "standard"))
        take = seekers._take

        async def take_then_lose_redis(**kwargs: Any) -> Any:
            taken = await take(**kwargs)
            stop()  # Redis goes away after the first pair left it
            return taken

        seekers._take = take_then_lose_redis
        pairs = await seekers.take_pairs()
        await redis.aclose()
        return [(first.player_id, second.player_id) for first, second in pairs]

    with own_redis(tmp_path) as (port, stop, _start):
        assert asyncio.run(scenario(port, stop)) == [(1, 2)]


@pytest.mark.parametrize("cancelled_at", ["a", "b"])
def test_a_seek_made_again_at_another_instance_is_renewed_by_that_one_alone(
    cancelled_at: str,
) -> None:
    """Cancelled (at either) and made again at B, which then dies: A renews it no
    more, and it lapses rather than wait with nobody to tell of its game."""

    async def scenario() -> list[int]:
        redis = connect(REDIS)
        prefix = _prefix()
        leases = {name: Leases(redis, ttl_s=0.3) for name in "ab"}
        queue = {name: SharedSeekers(redis, leases[name], prefix) for name in "ab"}
        await queue["a"].add(7, 1500.0, (3, "standard"))
        assert await queue[cancelled_at].remove(7)
        await queue["b"].add(7, 1500.0, (3, "standard"))  # B never renews it: it died
        waiting = [await queue["a"].count()]
        for _ in range(5):
            await asyncio.sleep(0.1)
            await leases["a"].renew()
        waiting.append(await queue["a"].count())
        await redis.aclose()
        return waiting

    assert asyncio.run(scenario()) == [1, 0]


def test_a_member_held_again_while_a_renewal_is_on_its_way_stays_held() -> None:
    """Dropped by another instance, then held again here while the renewal that
    finds it gone is on its way: that answer must not forget the new hold."""

    async def scenario() -> list[str]:
        redis = connect(REDIS)
        key = _prefix() + "set"
        leases = Leases(redis, ttl_s=0.4)
        members = [f"m{n}" for n in range(20)]
        for member in members:
            await leases.hold(key, member, revocable=True)
            await redis.zrem(key, member)  # dropped at another instance
            await asyncio.gather(leases.renew(), leases.hold(key, member, revocable=True))
        for _ in range(6):  # past the lease: only the members still renewed hold
            await asyncio.sleep(0.1)
            await leases.renew()
        held = sorted(await leases.members(key))
        await redis.aclose()
        return held

    assert asyncio.run(scenario()) == sorted(f"m{n}" for n in range(20))


def test_a_seek_whose_details_could_not_be_stored_is_not_held() -> None:
    async def scenario() -> list[float | None]:
        redis = connect(REDIS)
        prefix = _prefix()
        leases = Leases(redis, ttl_s=30.0)
        seekers = SharedSeekers(redis, leases, prefix)
        await redis.set(prefix + "lobby:seekers", "not a hash")  # every HSET fails
        with pytest.raises(QueueUnreachable):
            await seekers.add(7, 1500.0, (3, "standard"))
        scores = [await redis.zscore(prefix + "lobby:seeking", "7")]
        await redis.zadd(prefix + "lobby:seeking", {"7": 1})  # as if left in the set
        await leases.renew()  # and not renewed: it lapses
        scores.append(await redis.zscore(prefix + "lobby:seeking", "7"))
        await redis.aclose()
        return scores

    assert asyncio.run(scenario()) == [None, 1.0]
