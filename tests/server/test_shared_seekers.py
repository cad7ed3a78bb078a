"""The quick-match queue in Redis (lobby/shared_seekers.py) and its leases
(leases.py), against a real Redis: each test under a prefix of its own."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path
from typing import Any

import pytest

from nard.server.leases import Leases
from nard.server.lobby.shared_seekers import SharedSeekers
from nard.server.redis_client import connect
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
