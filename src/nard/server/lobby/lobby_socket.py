"""The lobby's WebSocket: the lobby snapshot on each change, and this player's ``matched``.

It only listens: players act over HTTP (``lobby/routes.py``). Messages reach
it through the event bus (``lobby`` and ``player:<id>`` channels), so every
server process's lobbies see the same changes. It counts in its address's open
sockets with the game sockets (``NARD_SOCKETS_PER_ADDRESS``): each costs a
subscription and a snapshot on every lobby change.
"""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from nard.server.deps import COOKIE
from nard.server.games.game_socket import OUTBOX_SIZE, _same_origin
from nard.server.lobby.hall import CHANNEL, Hall, player_channel
from nard.server.players.service import PlayerService
from nard.server.ports import Sockets
from nard.server.settling import Settling

router = APIRouter()


@router.websocket("/ws/lobby")
async def lobby_socket(websocket: WebSocket) -> None:
    hall: Hall = websocket.app.state.lobby
    players: PlayerService = websocket.app.state.players
    if not _same_origin(websocket):
        await websocket.close(4403)
        return
    sockets: Sockets = websocket.app.state.sockets
    settling: Settling = websocket.app.state.settling
    address = websocket.client.host if websocket.client else "unknown"
    release = await sockets.enter(address, CHANNEL, spectator=False)
    if release is None:
        await websocket.close(4429)
        return
    try:
        await _serve(websocket, hall, players)
    finally:
        await settling.finish(release())


async def _serve(websocket: WebSocket, hall: Hall, players: PlayerService) -> None:
    player = await players.by_token(websocket.cookies.get(COOKIE))
    await websocket.accept()
    outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX_SIZE)

    def deliver(message: str | None) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            outbox.put_nowait(message)

    channels = [CHANNEL] if player is None else [CHANNEL, player_channel(player.id)]
    stops = [hall.bus.subscribe(channel, deliver) for channel in channels]

    async def write() -> None:
        while (message := await outbox.get()) is not None:
            await websocket.send_text(message)

    async def read() -> None:
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass  # the lobby socket only listens; players act over HTTP

    try:
        await hall.bus.listening(*channels)  # a change after the snapshot is heard
        deliver((await hall.snapshot()).model_dump_json())
    except BaseException:
        for stop in stops:
            stop()
        raise
    await hall.arrive(player)
    tasks = [asyncio.create_task(write()), asyncio.create_task(read())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
                await task
        for stop in stops:
            stop()
        settling: Settling = websocket.app.state.settling
        await settling.finish(hall.leave(player))  # even if this handler is cancelled
