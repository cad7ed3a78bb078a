"""Players and accounts: guests, register, login, logout, change password."""

from __future__ import annotations

from fastapi import APIRouter, Response, status

from nard.server.deps import (
    COOKIE,
    Address,
    CurrentPlayer,
    DeviceCookie,
    LimitsDep,
    OptionalPlayer,
    PlayersDep,
    SettingsDep,
    TokenCookie,
    device_of,
    set_device_cookie,
    set_player_cookie,
)
from nard.server.protocol import http as schemas

router = APIRouter(prefix="/api", tags=["players"])


@router.post("/players/guest", status_code=status.HTTP_201_CREATED)
async def create_guest(
    body: schemas.GuestCreate,
    response: Response,
    players: PlayersDep,
    settings: SettingsDep,
    current: OptionalPlayer,
    limits: LimitsDep,
    address: Address,
) -> schemas.PlayerPublic:
    """Become a guest (a display name and a cookie); an existing player just gets renamed."""
    if current is not None:
        if body.display_name:
            current = await players.rename(current, body.display_name)
        return current.public()
    await limits.new_guest(address)
    player, token = await players.create_guest(body.display_name)
    set_player_cookie(response, token, settings)
    return player.public()


@router.get("/session")
async def read_session(player: OptionalPlayer) -> schemas.SessionView:
    return schemas.SessionView(player=None if player is None else player.public())


@router.get("/players/me")
async def read_me(player: CurrentPlayer) -> schemas.PlayerPublic:
    return player.public()


@router.patch("/players/me")
async def update_me(
    body: schemas.PlayerUpdate, player: CurrentPlayer, players: PlayersDep
) -> schemas.PlayerPublic:
    return (await players.rename(player, body.display_name)).public()


@router.post("/accounts", status_code=status.HTTP_201_CREATED)
async def register(
    body: schemas.AccountCreate,
    response: Response,
    players: PlayersDep,
    settings: SettingsDep,
    current: OptionalPlayer,
    address: Address,
    device: DeviceCookie = None,
) -> schemas.PlayerPublic:
    """Create an account; a guest who registers keeps its games.

    Limited per address (429 ``rate_limited``, with Retry-After).
    """
    device = device_of(device)
    player, token = await players.register(current, body, address, device)
    set_player_cookie(response, token, settings)
    set_device_cookie(response, device, settings)
    return player.public()


@router.post("/accounts/login")
async def login(
    body: schemas.Login,
    response: Response,
    players: PlayersDep,
    settings: SettingsDep,
    address: Address,
    device: DeviceCookie = None,
) -> schemas.PlayerPublic:
    """Log in (the username in any case). Limited per address (429 ``rate_limited``); after
    wrong passwords in a row the account waits a while (429 ``locked``) at the address or
    device they came from, and, after many from anywhere, at places it never logged in
    from: its owner's devices and addresses are let in (nard.server.players.service)."""
    device = device_of(device)
    player, token = await players.login(body, address, device)
    set_player_cookie(response, token, settings)
    set_device_cookie(response, device, settings)
    return player.public()


@router.post("/accounts/logout", status_code=status.HTTP_204_NO_CONTENT)
async def logout(response: Response, players: PlayersDep, token: TokenCookie = None) -> None:
    if token:
        await players.logout(token)
    response.delete_cookie(COOKIE, path="/")


@router.post("/accounts/password", status_code=status.HTTP_204_NO_CONTENT)
async def change_password(
    body: schemas.PasswordChange,
    player: CurrentPlayer,
    players: PlayersDep,
    token: TokenCookie = None,
) -> None:
    """Change the password; every other login of this account is logged out."""
    assert token is not None
    await players.change_password(player, token, body)
