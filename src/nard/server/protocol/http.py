"""HTTP request and response models (pydantic), in Create/Public families
(``GameCreate`` in, ``GamePublic`` out).

The WebSocket messages are in the package's other modules; a game's public view
is the same object on both (:class:`~nard.server.protocol.views.GameSnapshot`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from nard.server.players.names import Name
from nard.server.protocol.analysis import MatchAnalysisView
from nard.server.protocol.lobby import ClockPreset
from nard.server.protocol.views import (
    ChatLineView,
    EndingName,
    GameSnapshot,
    OutcomeView,
    ResultKindName,
    SeatView,
    SideName,
    StepView,
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


class SessionView(BaseModel):
    """Who this browser is: ``player`` None before it has played (a first visit), which is
    no error (GET /api/players/me answers 401 then, an error in the browser's console)."""

    player: PlayerPublic | None


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
    bot_level: Literal[
        "beginner", "casual", "intermediate", "advanced", "expert", "world_class"
    ] = "intermediate"
    rated: bool | None = None
    """Rated or not; by default a match between two accounts is rated (docs/ratings.md)."""
    clock: Literal["none", "blitz", "rapid", "classical"] = "none"
    """The time control (docs/clocks.md); friend games only."""


class GamePublic(GameSnapshot):
    """A game as one of its players (or a spectator) sees it over HTTP."""

    you: list[SideName]
    rated: bool
    invite_url: str | None = None
    watch_url: str | None = None
    created_at: datetime
    updated_at: datetime


class ChatPublic(BaseModel):
    data: list[ChatLineView]
    count: int
    before: int | None = None
    """Pass as ``?before=`` for the page of older lines; null when there are none."""


class HintRequest(Strict):
    seq: Annotated[int, Field(ge=0)]
    """The last ``seq`` the player has seen: the hint is for that state only."""


class HintPlay(BaseModel):
    play: str
    """In gnubg notation from the player's side, e.g. ``24/18 13/11``."""
    steps: list[StepView]
    """The play's steps in the player's numbering (the page draws them as arrows)."""
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
    rules: Literal["standard", "iranian", "custom"]
    bot_level: str | None
    rated: bool
    result: OutcomeView | None
    created_at: datetime
    updated_at: datetime


class GamesPublic(BaseModel):
    data: list[GameSummary]
    count: int


class AnalysisPublic(View):
    """An analysis: ``done`` of ``total`` decisions while running, then the result;
    ``none`` before one was asked for (200, not 404: every replay asks)."""

    status: Literal["none", "running", "done", "failed"]
    seq: int
    done: int
    total: int
    progress: float
    error: str | None
    result: MatchAnalysisView | None
    """The analysis, once done (:mod:`nard.server.protocol.analysis`)."""
    analysis: MatchAnalysisView | None
    """The same as ``result`` (the web app reads this one)."""


# -- ratings and profiles -----------------------------------------------------------------


class RatingPoint(BaseModel):
    """A player's rating after one rated match."""

    at: datetime
    rating: float
    game: str | None
    replay_url: str


class RecentMatch(BaseModel):
    """One of a player's finished matches, as the profile lists it."""

    id: str
    opponent: str | None
    opponent_id: int | None
    bot_level: str | None
    date: datetime
    length: int | None
    rules: str
    score: tuple[int, int]
    """The profile's player first."""
    won: bool | None
    ending: EndingName | None = None
    """How the match ended (:class:`~nard.server.protocol.views.OutcomeView`)."""
    ending_kind: ResultKindName | None = None
    """The last game's result when it ended in play: single, gammon or backgammon."""
    rated: bool
    rating_change: float | None
    replay_url: str


class ErrorRatePoint(BaseModel):
    """The player's error rate (PR) in one analysed match."""

    at: datetime
    game: str
    replay_url: str
    pr: float


class ProfilePublic(BaseModel):
    id: int
    display_name: str
    username: str | None
    is_guest: bool
    rating: float
    experience: int
    wins: int
    losses: int
    history: list[RatingPoint]
    recent: list[RecentMatch]
    error_rates: list[ErrorRatePoint]


class LeaderboardEntry(BaseModel):
    rank: int
    id: int
    display_name: str
    rating: float
    experience: int


class LeaderboardPublic(BaseModel):
    data: list[LeaderboardEntry]
    count: int
    active_days: int


# -- the lobby -----------------------------------------------------------------------------


class ChallengeCreate(Strict):
    """An open challenge in the lobby; anyone (in the rating range) may accept it."""

    length: Annotated[int, Field(ge=1, le=25)] | None = 5
    """Match length in points; None for a money session (never rated)."""
    rules: RuleSwitches = Field(default_factory=RuleSwitches)
    cube: bool | None = None
    """Cube on or off; None keeps the rules preset's."""
    clock: ClockPreset = "none"
    rated: bool | None = None
    """Default: rated for an account's match (money and guests play unrated)."""
    min_rating: Annotated[float, Field(ge=0, le=5000)] | None = None
    max_rating: Annotated[float, Field(ge=0, le=5000)] | None = None


class QuickMatch(Strict):
    """Play someone now: paired by rating in a window that widens while you wait."""

    length: Annotated[int, Field(ge=1, le=25)] = 5
    preset: Literal["standard", "iranian"] = "standard"


class ChallengeTaken(BaseModel):
    challenge: str
    game: str
    """The new game's id: open ``/game/{game}``."""


class Seeking(BaseModel):
    seeking: bool
    game: str | None = None
    """Set when the pairing happened at once."""


class ChiSquarePublic(BaseModel):
    statistic: float
    degrees_of_freedom: int
    p_value: float


class DiceTallyPublic(BaseModel):
    """Dice counts and their fit: ``faces`` 1 to 6, two dice per roll."""

    rolls: int
    faces: tuple[int, int, int, int, int, int]
    doubles: int
    expected_face_count: float
    expected_doubles: float
    faces_fit: ChiSquarePublic | None
    doubles_fit: ChiSquarePublic | None


class DiceStatsPublic(BaseModel):
    """Every finished game's dice on this server, and the caller's own games' (or null)."""

    all: DiceTallyPublic
    mine: DiceTallyPublic | None
