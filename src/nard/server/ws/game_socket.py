"""One WebSocket per game: decode, call the service, send back (docs/protocol.md).

The handler is thin. A reader loop validates each message (size, JSON, type,
fields), rate-limits it, and hands it to :class:`GameService`; a writer task
sends everything the connection is owed (bus updates, acks, errors) in order
from one queue. Refused messages change nothing and the connection stays
open; only a client that keeps flooding or cannot keep up is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import time
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.websockets import WebSocketState

from nard.server import schemas
from nard.server.config import Settings
from nard.server.deps import COOKIE
from nard.server.services.errors import Refusal
from nard.server.services.game_service import GameService, LiveGame
from nard.server.services.player_service import PlayerInfo, PlayerService

router = APIRouter()

OUTBOX_SIZE = 512
"""Messages queued for one client before it counts as too slow and is closed."""
FLOOD_LIMIT = 200
"""Rate-limited messages in a row after which the connection is closed (1008)."""


class TokenBucket:
    """``rate`` messages per second on average, ``burst`` at once.

    >>> bucket = TokenBucket(rate=1.0, burst=2)
    >>> [bucket.allow(now=0.0) for _ in range(3)]
    [True, True, False]
    >>> bucket.allow(now=1.0)
    True
    """

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp: float | None = None

    def allow(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        if self.stamp is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def _validation_refusal(error: ValidationError) -> Refusal:
    first = error.errors()[0]
    kind = first["type"]
    if kind == "json_invalid":
        return Refusal("bad_json", f"not JSON: {first['msg']}")
    if kind == "union_tag_invalid":
        return Refusal("unknown_type", f"unknown message type: {first.get('input')!r}")
    where = ".".join(str(part) for part in first["loc"])
    return Refusal("invalid", f"{where}: {first['msg']}" if where else first["msg"])


def _same_origin(websocket: WebSocket) -> bool:
    # Browsers send Origin; other clients may not. A foreign page must not drive
    # a player's socket with the player's cookie.
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host")


class Connection:
    def __init__(
        self,
        websocket: WebSocket,
        live: LiveGame,
        player: PlayerInfo | None,
        games: GameService,
        settings: Settings,
    ) -> None:
        self.websocket = websocket
        self.live = live
        self.player = player
        self.games = games
        self.settings = settings
        self.sides = live.sides_of(player.id if player else None)
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX_SIZE)
        self.bucket = TokenBucket(settings.rate_per_s, settings.rate_burst)
        self.too_slow = False

    def deliver(self, message: str | None) -> None:
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.too_slow = True
            with contextlib.suppress(asyncio.QueueEmpty):
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)

    def send(self, message: dict[str, Any]) -> None:
        self.deliver(json.dumps(message, default=str))

    def refuse(self, refusal: Refusal, message_id: int | None) -> None:
        self.send({"type": "error", "id": message_id, **refusal.data()})

    async def writer(self) -> None:
        while True:
            message = await self.outbox.get()
            if message is None:
                code = 1013 if self.too_slow else 1008
                await self.websocket.close(code)
                return
            await self.websocket.send_text(message)

    async def catch_up(self, since: int | None) -> None:
        if since is not None:
            for update in await self.games.missed(self.live, since):
                self.send(update)
        self.send({"type": "state", "game": self.games.snapshot(self.live)})

    async def handle(self, text: str) -> None:
        if len(text.encode()) > self.settings.max_message_bytes:
            limit = self.settings.max_message_bytes
            raise Refusal("too_large", f"a message is at most {limit} bytes")
        try:
            message = schemas.parse_client_message(text)
        except ValidationError as error:
            raise _validation_refusal(error) from None
        try:
            await self.dispatch(message)
        except Refusal as refusal:
            self.refuse(refusal, message.id)

    async def dispatch(self, message: schemas.ClientMessage) -> None:
        games, live = self.games, self.live
        if isinstance(message, schemas.PingMessage):
            self.send({"type": "pong", "id": message.id})
            return
        if isinstance(message, schemas.SyncMessage):
            await self.catch_up(message.since)
            return
        if self.player is None or not self.sides:
            raise Refusal("spectator", "spectators watch; they cannot act")
        if isinstance(message, schemas.ClientSeedMessage):
            await games.add_client_seed(live, self.player.id, message.seed)
            self.send({"type": "ack", "id": message.id, "seq": live.seq})
        elif isinstance(message, schemas.ClaimMessage):
            seq = await games.claim(live, self.player.id)
            self.send({"type": "ack", "id": message.id, "seq": seq})
        else:
            seq = await games.act(live, self.player.id, message)
            self.send({"type": "ack", "id": message.id, "seq": seq})

    async def reader(self) -> None:
        strikes = 0
        while True:
            received = await self.websocket.receive()
            if received["type"] == "websocket.disconnect":
                return
            if not self.bucket.allow():
                strikes += 1
                if strikes >= FLOOD_LIMIT:
                    self.deliver(None)
                    return
                self.refuse(Refusal("rate_limited", "too many messages: slow down"), None)
                continue
            strikes = 0
            text = received.get("text")
            try:
                if text is None:
                    raise Refusal("bad_frame", "send JSON text frames, not binary")
                await self.handle(text)
            except Refusal as refusal:
                self.refuse(refusal, None)


@router.websocket("/ws/games/{public_id}")
async def game_socket(
    websocket: WebSocket, public_id: str, watch: str | None = None, since: int | None = None
) -> None:
    """The game's WebSocket; ``watch`` for spectators, ``since`` to catch up after a drop."""
    app = websocket.app
    games: GameService = app.state.games
    players: PlayerService = app.state.players
    settings: Settings = app.state.settings
    if not _same_origin(websocket):
        await websocket.close(4403)
        return
    live = await games.get(public_id)
    if live is None:
        await websocket.close(4404)
        return
    player = await players.by_token(websocket.cookies.get(COOKIE))
    sides = live.sides_of(player.id if player else None)
    watching = watch is not None and hmac.compare_digest(watch, live.watch_token)
    if not sides and not watching:
        await websocket.close(4403)
        return
    await websocket.accept()
    connection = Connection(websocket, live, player, games, settings)
    unsubscribe = games.bus.subscribe(live.public_id, connection.deliver)
    connection.send(
        {
            "type": "welcome",
            "you": [side.name.lower() for side in sides],
            "player": None if player is None else player.public().model_dump(),
            "claim_after_s": settings.claim_after_s,
        }
    )
    await games.connected(live, sides)
    writer = asyncio.create_task(connection.writer())
    try:
        await connection.catch_up(since)
        reader = asyncio.create_task(connection.reader())
        done, _ = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        for task in (reader, writer):
            if task not in done:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
                    await task
            elif task.exception() is not None and not isinstance(
                task.exception(), WebSocketDisconnect | RuntimeError
            ):
                raise task.exception()  # type: ignore[misc]
    finally:
        unsubscribe()
        await games.disconnected(live, sides)
        if websocket.application_state is WebSocketState.CONNECTED:
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                await websocket.close()
