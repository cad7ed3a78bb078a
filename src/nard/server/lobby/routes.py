"""The lobby over HTTP: challenges (create, cancel, accept), quick match, the snapshot.

Every change also reaches every open lobby over ``/ws/lobby``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, status

from nard.server.deps import OptionalPlayer, PlayerOrGuest
from nard.server.lobby.hall import Hall
from nard.server.protocol import http as schemas
from nard.server.protocol.lobby import LobbyMessage

router = APIRouter(prefix="/api/lobby", tags=["lobby"])


def get_hall(request: Request) -> Hall:
    hall: Hall = request.app.state.lobby
    return hall


HallDep = Annotated[Hall, Depends(get_hall)]


@router.get("")
async def lobby(hall: HallDep, _player: OptionalPlayer) -> LobbyMessage:
    """What the lobby socket sends: open challenges, who is online, games to watch."""
    return await hall.snapshot()


@router.post("/challenges", status_code=status.HTTP_201_CREATED)
async def create_challenge(
    body: schemas.ChallengeCreate, player: PlayerOrGuest, hall: HallDep
) -> dict[str, str]:
    return {"id": await hall.create(player, body)}


@router.delete("/challenges/{public_id}", status_code=status.HTTP_204_NO_CONTENT)
async def cancel_challenge(public_id: str, player: PlayerOrGuest, hall: HallDep) -> None:
    await hall.cancel(player, public_id)


@router.post("/challenges/{public_id}/accept")
async def accept_challenge(
    public_id: str, player: PlayerOrGuest, hall: HallDep
) -> schemas.ChallengeTaken:
    """Take the challenge: its game starts at once; of two at once, one gets it."""
    return await hall.accept(player, public_id)


@router.post("/quick")
async def quick_match(
    body: schemas.QuickMatch, player: PlayerOrGuest, hall: HallDep
) -> schemas.Seeking:
    """Play someone now; the game comes as a ``matched`` message on the lobby socket."""
    return await hall.seek(player, body)


@router.delete("/quick", status_code=status.HTTP_204_NO_CONTENT)
async def stop_seeking(player: PlayerOrGuest, hall: HallDep) -> None:
    await hall.stop_seeking(player)
