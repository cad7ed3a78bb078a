"""The presence port: what the projection's seats and a friend game's claim rely on."""

from __future__ import annotations

import asyncio
import secrets
import time
from types import SimpleNamespace
from typing import cast

from nard.core.board import Side
from nard.server.games.live import GameMode, GameStatus, LiveGame
from tests.server.ports.conftest import Made


def _live(mode: GameMode = GameMode.FRIEND) -> LiveGame:
    return cast(
        LiveGame,
        SimpleNamespace(
            public_id=f"g{secrets.token_hex(4)}",
            setup=SimpleNamespace(mode=mode, bot_side=None),
            status=GameStatus.ACTIVE,
            seating=SimpleNamespace(players=(1, 2)),
        ),
    )


def test_a_seat_is_connected_while_a_socket_holds_it_and_away_from_when_it_left(
    made: Made,
) -> None:
    async def main() -> None:
        async with made(claim_after_s=3600.0) as ports:
            presence = ports.presence
            live = _live()
            await presence.arrive(live, [Side.WHITE])
            await presence.arrive(live, [])  # a spectator
            assert presence.is_connected(live, Side.WHITE)
            assert not presence.is_connected(live, Side.BLACK)
            assert presence.in_use(live)
            left_at = time.monotonic()
            await presence.leave(live, [Side.WHITE])
            await presence.refresh(live)
            connected, away_since = presence.seat(live, Side.WHITE)
            assert not connected
            assert abs(away_since - left_at) < 1.0
            assert presence.in_use(live)  # the spectator is still there
            await presence.leave(live, [])
            assert not presence.in_use(live)
            presence.forget(live)
            assert not presence.in_use(live)

    asyncio.run(main())


def test_a_friend_game_may_be_claimed_once_the_opponent_was_away_long_enough(
    made: Made,
) -> None:
    async def main() -> None:
        async with made(claim_after_s=0.0) as ports:
            presence = ports.presence
            live = _live()
            await presence.arrive(live, [Side.WHITE, Side.BLACK])
            assert presence.claimable_in(live, Side.WHITE) is None  # black is here
            await presence.leave(live, [Side.WHITE, Side.BLACK])
            await presence.refresh(live)
            assert presence.claimable_in(live, Side.WHITE) == 0.0
            waiting = _live(GameMode.BOT)
            assert presence.claimable_in(waiting, Side.WHITE) is None  # not a friend game

        async with made(claim_after_s=3600.0) as ports:
            live = _live()
            await ports.presence.arrive(live, [Side.BLACK])
            await ports.presence.leave(live, [Side.BLACK])
            wait = ports.presence.claimable_in(live, Side.WHITE)
            assert wait is not None and 3590.0 < wait <= 3600.0

    asyncio.run(main())
