"""Request, response and WebSocket message models (pydantic).

HTTP bodies come in Create/Public families (``GameCreate`` in, ``GamePublic``
out). WebSocket messages from the client are one discriminated union on
``type`` (:data:`ClientMessage`), validated strictly: unknown fields, unknown
types and wrong types are refused. docs/protocol.md describes every message.

>>> message = parse_client_message('{"type": "step", "from": 24, "to": 18, "seq": 3}')
>>> type(message).__name__, message.from_point, message.seq
('StepMessage', 24, 3)
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
Username = Annotated[
    str, StringConstraints(strip_whitespace=True, pattern=r"^[A-Za-z0-9_.-]{3,40}$")
]
Password = Annotated[str, StringConstraints(min_length=8, max_length=200)]
SideName = Literal["white", "black"]
Point = Annotated[int, Field(ge=0, le=25)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


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


class SeatPublic(BaseModel):
    side: SideName
    name: str | None
    is_bot: bool
    connected: bool


class FairDicePublic(BaseModel):
    commitment: str
    client_seeds: list[str]
    server_seed: str | None
    """Revealed once the match is over."""


class SettingsPublic(BaseModel):
    """The game's settings: rules (RuleSet fields), match length, options, bot level."""

    rules: dict[str, Any]
    length: int | None
    crawford: bool
    options: dict[str, Any]
    bot_level: str | None


class GamePublic(BaseModel):
    """A game as its players (or spectators) see it; ``state`` is the live state."""

    id: str
    mode: str
    status: str
    seq: int
    settings: SettingsPublic
    seats: list[SeatPublic]
    you: list[SideName]
    invite_url: str | None = None
    watch_url: str | None = None
    fair_dice: FairDicePublic | None
    result: dict[str, Any] | None
    state: dict[str, Any]
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


class GameSummary(BaseModel):
    id: str
    mode: str
    status: str
    seq: int
    seats: list[SeatPublic]
    you: list[SideName]
    score: list[int]
    length: int | None
    result: dict[str, Any] | None
    updated_at: datetime


class GamesPublic(BaseModel):
    data: list[GameSummary]
    count: int


class Problem(BaseModel):
    detail: str


# -- WebSocket: client -> server -----------------------------------------------------------


class Message(Strict):
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None
    """Echoed in the ``ack`` or ``error`` that answers this message."""


class ActionMessage(Message):
    seq: Annotated[int, Field(ge=0)]
    """The last ``seq`` this client has seen: the action applies to that state only."""
    side: SideName | None = None
    """Which seat acts, for a client holding both seats (hot-seat); else implied."""


class RollMessage(ActionMessage):
    type: Literal["roll"]


class StepMessage(ActionMessage):
    model_config = ConfigDict(populate_by_name=True)
    type: Literal["step"]
    from_point: Point = Field(alias="from")
    to_point: Point = Field(alias="to")


class UndoMessage(ActionMessage):
    type: Literal["undo"]


class ConfirmMessage(ActionMessage):
    type: Literal["confirm"]


class PlayMessage(ActionMessage):
    type: Literal["play"]
    steps: Annotated[list[tuple[Point, Point]], Field(max_length=4)]


class DoubleMessage(ActionMessage):
    type: Literal["double"]


class TakeMessage(ActionMessage):
    type: Literal["take"]


class DropMessage(ActionMessage):
    type: Literal["drop"]


class BeaverMessage(ActionMessage):
    type: Literal["beaver"]


class ResignMessage(ActionMessage):
    type: Literal["resign"]
    kind: Literal["single", "gammon", "backgammon"] = "single"


class AcceptResignationMessage(ActionMessage):
    type: Literal["accept_resignation"]


class RefuseResignationMessage(ActionMessage):
    type: Literal["refuse_resignation"]


class ClaimMessage(ActionMessage):
    type: Literal["claim"]


class ClientSeedMessage(Message):
    type: Literal["client_seed"]
    seed: Annotated[str, StringConstraints(min_length=1, max_length=64)]


class SyncMessage(Message):
    type: Literal["sync"]
    since: Annotated[int, Field(ge=0)]


class PingMessage(Message):
    type: Literal["ping"]


ClientMessage = Annotated[
    RollMessage
    | StepMessage
    | UndoMessage
    | ConfirmMessage
    | PlayMessage
    | DoubleMessage
    | TakeMessage
    | DropMessage
    | BeaverMessage
    | ResignMessage
    | AcceptResignationMessage
    | RefuseResignationMessage
    | ClaimMessage
    | ClientSeedMessage
    | SyncMessage
    | PingMessage,
    Field(discriminator="type"),
]

CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


def parse_client_message(text: str | bytes) -> ClientMessage:
    """Validate one client message (JSON text); raises :class:`pydantic.ValidationError`.

    Strict mode is relaxed for JSON input only where JSON has no such type, so
    ``"seq": "3"`` is refused while tuples arrive as arrays.
    """
    return CLIENT_MESSAGE.validate_json(text)
