"""Dependencies as named ``Annotated`` aliases (the FastAPI template's style)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Cookie, Depends, Request, Response

from nard.server.config import Settings
from nard.server.games import Rooms
from nard.server.games.records import RecordFiles
from nard.server.limits import CreationLimits
from nard.server.players.security import new_token
from nard.server.players.service import TOKEN_LIFETIME, PlayerInfo, PlayerService
from nard.server.refusals import Refusal, RefusalCode

COOKIE = "nard_token"
"""The player's token: HttpOnly, SameSite=Lax, 30 days from its last renewal."""
COOKIE_MAX_AGE = int(TOKEN_LIFETIME.total_seconds())
DEVICE_COOKIE = "nard_device"
"""The browser's own random id, set at a successful login and kept across logouts: the
owner logging in again from it is let in while strangers' guesses hold the account
back (nard.server.ports.local.known_logins). HttpOnly, SameSite=Lax, a year."""
DEVICE_MAX_AGE = 365 * 24 * 3600


def get_settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def get_rooms(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


def get_players(request: Request) -> PlayerService:
    players: PlayerService = request.app.state.players
    return players


def get_limits(request: Request) -> CreationLimits:
    limits: CreationLimits = request.app.state.limits
    return limits


def get_records(request: Request) -> RecordFiles:
    records: RecordFiles = request.app.state.records
    return records


def client_address(request: Request) -> str:
    """The client's address (uvicorn puts a trusted proxy's X-Forwarded-For here)."""
    return request.client.host if request.client else "unknown"


SettingsDep = Annotated[Settings, Depends(get_settings)]
RoomsDep = Annotated[Rooms, Depends(get_rooms)]
PlayersDep = Annotated[PlayerService, Depends(get_players)]
LimitsDep = Annotated[CreationLimits, Depends(get_limits)]
RecordsDep = Annotated[RecordFiles, Depends(get_records)]
Address = Annotated[str, Depends(client_address)]
TokenCookie = Annotated[str | None, Cookie(alias=COOKIE, include_in_schema=False)]
DeviceCookie = Annotated[str | None, Cookie(alias=DEVICE_COOKIE, include_in_schema=False)]


def set_player_cookie(response: Response, token: str, settings: Settings) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="lax",
        secure=settings.cookie_secure,
        path="/",
    )


def device_of(device: str | None) -> str:
    """The request's device cookie if it is one the server could have set, else a new one."""
    if device is not None and 20 <= len(device) <= 100:
        return device
    return new_token()


def set_device_cookie(response: Response, device: str, settings: Settings) -> None:
    response.set_cookie(
        DEVICE_COOKIE,
        device,
        max_age=DEVICE_MAX_AGE,
        httponly=True,
        samesite="lax",
        secure=settings.cookie_secure,
        path="/",
    )


async def optional_player(
    players: PlayersDep, response: Response, settings: SettingsDep, token: TokenCookie = None
) -> PlayerInfo | None:
    """The cookie's player, if any; a cookie due for renewal is sent again."""
    login = await players.login_of(token)
    if login is None:
        return None
    if login.renewed and token is not None:
        set_player_cookie(response, token, settings)
    return login.player


async def current_player(
    player: Annotated[PlayerInfo | None, Depends(optional_player)],
) -> PlayerInfo:
    if player is None:
        raise Refusal(RefusalCode.NO_PLAYER)
    return player


async def player_or_guest(
    player: Annotated[PlayerInfo | None, Depends(optional_player)],
    players: PlayersDep,
    limits: LimitsDep,
    address: Address,
    response: Response,
    settings: SettingsDep,
) -> PlayerInfo:
    """The current player, or a new guest (its cookie set on the response)."""
    if player is None:
        await limits.new_guest(address)
        player, token = await players.create_guest()
        set_player_cookie(response, token, settings)
    return player


OptionalPlayer = Annotated[PlayerInfo | None, Depends(optional_player)]
CurrentPlayer = Annotated[PlayerInfo, Depends(current_player)]
PlayerOrGuest = Annotated[PlayerInfo, Depends(player_or_guest)]
