"""The socket-count port: open sockets per address, spectators per game."""

from __future__ import annotations

import asyncio

from tests.server.ports.conftest import Made


def test_sockets_are_counted_per_address_and_spectators_per_game(made: Made) -> None:
    async def main() -> None:
        async with made(sockets_per_address=2, spectators_per_game=1) as ports:
            sockets = ports.sockets
            first = await sockets.enter("1.2.3.4", "g1", spectator=True)
            assert first is not None
            # The game's spectator seat is taken, whoever asks.
            assert await sockets.enter("5.6.7.8", "g1", spectator=True) is None
            player = await sockets.enter("5.6.7.8", "g1", spectator=False)
            assert player is not None
            second = await sockets.enter("1.2.3.4", "g2", spectator=False)
            assert second is not None
            assert await sockets.enter("1.2.3.4", "g3", spectator=False) is None  # two open
            await first()
            again = await sockets.enter("1.2.3.4", "g1", spectator=True)
            assert again is not None  # released: the address and the seat are free
            for release in (again, second, player):
                await release()

    asyncio.run(main())
