"""HTTP request and response models (pydantic), in Create/Public families
(``GameCreate`` in, ``GamePublic`` out).

The WebSocket messages are in :mod:`nard.server.protocol`; a game's public view
is the same object on both (:class:`~nard.server.protocol.views.GameSnapshot`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field, JsonValue, StringConstraints

from nard.server.names import Name
from nard.server.protocol.views import (
    GameSnapshot,
    OutcomeView,
    SeatView,
    SideName,
    Strict,
    View,
)

Username = Annotated[
    str, StringConstraints(strip_whitespace=True, pattern=r"^[A-Za-z0-9_.-]{3,40}$")
]
Password = Annotated[str, StringConstraints(min_length=8, max_length=200)]
# -- players ------------------------------------------------------------------------------


class GuestCreate(Strict):
    display_name: Name | None = None


class PlayerUpdate(Strict):
    display_name: Name


class AccountCreate(Strict):
    username: Username
    password: Password
    display_name: Name | None = None


class Login(Strict):
    username: Username
    password: Annotated[str, StringConstraints(max_length=200)]


class PasswordChange(Strict):
    old_password: Annotated[str, StringConstraints(max_length=200)]
    new_password: Password


class PlayerPublic(BaseModel):
    id: int
    display_name: str
    username: str | None
    is_guest: bool


# -- games ---------------------------------------------------------------------------------


class RuleSwitches(Strict):
    """The rule preset and switches (docs/rules.md V1-V4, cube); None keeps the preset's."""

    preset: Literal["standard", "iranian"] = "standard"
    escape_after_hit: bool | None = None
    escape_scope: Literal["home", "board"] | None = None
    no_home_cover_after_hit: bool | None = None
    gammon_wins_match: bool | None = None
    no_backgammon: bool | None = None
    cube: bool | None = None


class OptionSwitches(Strict):
    opening: Literal["standard", "reroll"] = "standard"
    lower_starts: bool = False
    jacoby: bool = False
    beavers: bool = False
    automatic_doubles: Annotated[int, Field(ge=0, le=6)] = 0


class GameCreate(Strict):
    """A new game: against the bot, a friend (invitation link) or hot-seat."""

    mode: Literal["bot", "friend", "hotseat"]
    length: Annotated[int, Field(ge=1, le=25)] | None = 5
    """Match length in points; None for a money game."""
    rules: RuleSwitches = Field(default_factory=RuleSwitches)
    options: OptionSwitches = Field(default_factory=OptionSwitches)
    crawford: bool = True
    fair_dice: bool = True
    client_seed: Annotated[str, StringConstraints(max_length=64)] | None = None
    side: SideName | Literal["random"] = "white"
    """Your seat (bot and friend games)."""
    bot_level: Literal["beginner", "casual", "intermediate", "advanced", "expert"] = "intermediate"


class GamePublic(GameSnapshot):
    """A game as one of its players (or a spectator) sees it over HTTP."""

    you: list[SideName]
    invite_url: str | None = None
    watch_url: str | None = None
    created_at: datetime
    updated_at: datetime


class HintRequest(Strict):
    seq: Annotated[int, Field(ge=0)]
    """The last ``seq`` the player has seen: the hint is for that state only."""


class HintPlay(BaseModel):
    play: str
    """In gnubg notation from the player's side, e.g. ``24/18 13/11``."""
    equity: float
    loss: float


class HintPublic(BaseModel):
    """The best plays of the roll (at most 5), best first."""

    seq: int
    plays: list[HintPlay]


class GameSummary(View):
    """A game in a player's list, from its stored snapshot (no replay)."""

    id: str
    mode: Literal["bot", "friend", "hotseat"]
    status: Literal["waiting", "active", "finished"]
    seq: int
    seats: list[SeatView]
    you: list[SideName]
    score: tuple[int, int]
    length: int | None
    result: OutcomeView | None
    updated_at: datetime


class GamesPublic(BaseModel):
    data: list[GameSummary]
    count: int


class AnalysisPublic(View):
    """An analysis: ``done`` of ``total`` decisions while running, then the result."""

    status: Literal["running", "done", "failed"]
    seq: int
    done: int
    total: int
    progress: float
    error: str | None
    result: JsonValue
    analysis: JsonValue
    """The same as ``result`` (the web app reads this one)."""
