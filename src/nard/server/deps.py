"""Dependencies as named ``Annotated`` aliases (the FastAPI template's style)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Cookie, Depends, Request, Response

from nard.server.config import Settings
from nard.server.refusals import Refusal, RefusalCode
from nard.server.rooms import Rooms
from nard.server.services.player_service import PlayerInfo, PlayerService

COOKIE = "nard_token"
"""The player's token: HttpOnly, SameSite=Lax, a year long."""
COOKIE_MAX_AGE = 365 * 24 * 3600


def get_settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def get_rooms(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


def get_players(request: Request) -> PlayerService:
    players: PlayerService = request.app.state.players
    return players


SettingsDep = Annotated[Settings, Depends(get_settings)]
RoomsDep = Annotated[Rooms, Depends(get_rooms)]
PlayersDep = Annotated[PlayerService, Depends(get_players)]
TokenCookie = Annotated[str | None, Cookie(alias=COOKIE, include_in_schema=False)]


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


async def optional_player(players: PlayersDep, token: TokenCookie = None) -> PlayerInfo | None:
    return await players.by_token(token)


async def current_player(players: PlayersDep, token: TokenCookie = None) -> PlayerInfo:
    player = await players.by_token(token)
    if player is None:
        raise Refusal(RefusalCode.NO_PLAYER)
    return player


async def player_or_guest(
    players: PlayersDep, response: Response, settings: SettingsDep, token: TokenCookie = None
) -> PlayerInfo:
    """The current player, or a new guest (its cookie set on the response)."""
    player = await players.by_token(token)
    if player is None:
        player, token = await players.create_guest()
        set_player_cookie(response, token, settings)
    return player


OptionalPlayer = Annotated[PlayerInfo | None, Depends(optional_player)]
CurrentPlayer = Annotated[PlayerInfo, Depends(current_player)]
PlayerOrGuest = Annotated[PlayerInfo, Depends(player_or_guest)]
