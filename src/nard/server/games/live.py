"""What a live game is: its setup, seating and standing, replaced whole on each change.

A game lives in memory while it is played (:class:`LiveGame`); the registry
(:mod:`~nard.server.games.registry`) keeps the copies and
:mod:`~nard.server.games.loading` makes them from the database.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict

from nard.core.board import Side
from nard.match.clock import MatchClock
from nard.match.match import Match
from nard.server.protocol.views import OptionsView, OutcomeView, RulesView

SIDES = {"white": Side.WHITE, "black": Side.BLACK}


class GameStatus(StrEnum):
    WAITING = "waiting"
    """A friend game whose invitation nobody has opened yet."""
    ACTIVE = "active"
    FINISHED = "finished"
    """The match is over (a money game is one game) or was claimed."""


class GameMode(StrEnum):
    BOT = "bot"
    FRIEND = "friend"
    HOTSEAT = "hotseat"


class MatchHeader(BaseModel):
    """A game's stored settings (``game.settings``: the match record's header, see
    :mod:`nard.match.record`, and the clock's preset), read once at loading."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    length: int | None
    crawford_rule: bool = True
    rules: RulesView
    options: OptionsView
    clock: Literal["none", "blitz", "rapid", "classical"] = "none"


@dataclass(frozen=True, slots=True)
class Setup:
    """What a game is from its creation on (only ``rated`` may be turned off, once)."""

    id: int
    public_id: str
    mode: GameMode
    header: MatchHeader
    bot_side: Side | None
    bot_level: str | None
    server_seed: str | None
    commitment: str | None
    watch_token: str
    created_at: datetime
    rated: bool = False
    """Chosen at creation (a guest taking the seat turns it off); the ratings move
    when a rated match ends (games/ratings.py)."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Who holds each seat (by :class:`Side`), their names, and the open invitation."""

    players: tuple[int | None, int | None]
    names: tuple[str | None, str | None]
    invite_token: str | None

    def sides_of(self, player_id: int | None) -> list[Side]:
        """The seats ``player_id`` holds (two in a hot-seat game)."""
        if player_id is None:
            return []
        return [side for side in Side if self.players[side] == player_id]


def match_over(match: Match) -> bool:
    """Whether the match is over; a money game is one game, over when that game is."""
    return match.is_over or (match.is_money and bool(match.games))


@dataclass(frozen=True, slots=True)
class Standing:
    """The game after action ``seq``; each commit replaces it whole."""

    match: Match
    seq: int
    status: GameStatus
    result: OutcomeView | None
    updated_at: datetime

    @property
    def is_match_over(self) -> bool:
        return match_over(self.match)


@dataclass(eq=False, slots=True)
class LiveGame:
    """A game in memory. Only its standing, seating, client seeds and clock change,
    each replaced whole, under :attr:`lock`."""

    setup: Setup
    standing: Standing
    seating: Seating
    client_seeds: tuple[str, ...]
    clock: MatchClock | None = None
    """Both clocks (a clocked game), exact as of :attr:`clock_at`."""
    clock_at: float = 0.0
    """When :attr:`clock` was exact, in the timekeeper's monotonic milliseconds."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def public_id(self) -> str:
        return self.setup.public_id

    @property
    def match(self) -> Match:
        return self.standing.match

    @property
    def seq(self) -> int:
        return self.standing.seq

    @property
    def status(self) -> GameStatus:
        return self.standing.status

    @property
    def is_over(self) -> bool:
        """Finished, or its match is over (no action is accepted any more)."""
        return self.standing.status is GameStatus.FINISHED or self.standing.is_match_over

    def sides_of(self, player_id: int | None) -> list[Side]:
        return self.seating.sides_of(player_id)
