"""Limits on how often one client may ask for costly things: guests, games, hints, chat.

Each limit is made by the :class:`~nard.server.ports.Counters` port, so that
with several instances a limit is one limit however the balancer spreads the
attempts.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from nard.server.ports import Counters
from nard.server.ports.local.limits import AttemptWindow

CHAT_WINDOW_S = 10.0
"""The window of the chat limit: so many lines in any 10 seconds."""


class CreationLimits:
    """New guests per address, new games and hints over HTTP per player, each per
    minute; chat lines per player in each game.

    Each guest and each game is a database row and, while played, a game in
    memory: 15,000 anonymous games made at 300 a second grew the server by
    43 MiB. A person makes a few a minute. A chat line is a row too, and goes
    to everyone at the game: counted per player, not per socket, so that a
    second socket or a reconnection does not start the count again.
    """

    def __init__(
        self,
        guests_per_address: int,
        games_per_player: int,
        *,
        hints_per_player: int = 30,
        chat_per_player: int = 5,
        counters: Counters,
    ) -> None:
        self.guests = counters.window("guests", AttemptWindow(guests_per_address, 60.0))
        self.games = counters.window("games", AttemptWindow(games_per_player, 60.0))
        self.hints = counters.window("hints", AttemptWindow(hints_per_player, 60.0))
        self.chat = counters.window("chat", AttemptWindow(chat_per_player, CHAT_WINDOW_S))

    async def new_guest(self, address: str) -> None:
        await self.guests.check(address, "new guests from this address")

    async def new_game(self, player_id: int) -> None:
        await self.games.check(str(player_id), "new games")

    @contextlib.asynccontextmanager
    async def making_game(self, player_id: int) -> AsyncIterator[None]:
        """A game (or an offer or a seek of one) counted before it is made, so that a
        flood meets the limit, and given back if making it fails."""
        await self.new_game(player_id)
        try:
            yield
        except BaseException:
            await self.games.take_back(str(player_id))
            raise

    async def hint(self, player_id: int) -> None:
        await self.hints.check(str(player_id), "hints")

    async def chat_line(self, player_id: int, game: str) -> None:
        await self.chat.check(f"{player_id}:{game}", "chat lines")
