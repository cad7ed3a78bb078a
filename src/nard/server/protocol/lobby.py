"""The lobby socket's messages (``/ws/lobby``, docs/protocol.md "The lobby").

The lobby sends a whole ``lobby`` snapshot on connecting and after every change
(a challenge created, cancelled or taken, a player arriving or leaving, a
quick-match pairing); ``matched`` goes only to the two players of a new game.
Clients act over HTTP (``/api/lobby/...``); the socket only listens.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field

from nard.server.protocol.views import View

ClockPreset = Literal["none", "blitz", "rapid", "classical"]
"""The clock presets' names (``nard.match.clock.CLOCK_PRESETS``); "none" plays untimed."""


class LobbyPlayerView(View):
    id: int
    display_name: str
    rating: float
    is_guest: bool


class ChallengeView(View):
    """An open challenge: what its creator offers."""

    id: str
    creator: LobbyPlayerView
    length: int | None
    """Points; None for a money session."""
    rules: Literal["standard", "iranian", "custom"]
    cube: bool
    clock: ClockPreset
    rated: bool
    min_rating: float | None
    max_rating: float | None
    created_at: datetime


class LobbyGameView(View):
    """A game started in the lobby and still being played: anyone may watch."""

    id: str
    white: str | None
    black: str | None
    length: int | None
    score: tuple[int, int]
    rated: bool
    watch_url: str


class LobbyMessage(View):
    type: Literal["lobby"] = "lobby"
    challenges: list[ChallengeView]
    online_count: int
    online: list[LobbyPlayerView]
    seeking: int
    """How many players wait for a quick match."""
    games: list[LobbyGameView]


class MatchedMessage(View):
    type: Literal["matched"] = "matched"
    game: str
    """The new game's id: open ``/game/{game}``."""
    challenge: str


LobbyServerMessage = Annotated[LobbyMessage | MatchedMessage, Field(discriminator="type")]
