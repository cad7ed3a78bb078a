"""One WebSocket per game: decode, hand to the table, send back (docs/protocol.md).

The handler is thin. A reader loop validates each message (size, JSON, type,
fields), rate-limits it, and hands it to the table
(:class:`~nard.server.games.table.Table`); a writer task
sends everything the connection is owed (bus updates, acks, errors) in order
from one queue. Refused messages change nothing and the connection stays
open; only a client that keeps flooding or cannot keep up is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.websockets import WebSocketState

from nard.core.board import Side
from nard.server.config import Settings
from nard.server.deps import COOKIE
from nard.server.edge.origin import same_origin, site_origin
from nard.server.games import Rooms
from nard.server.games.chat import spectators_channel
from nard.server.games.live import LiveGame
from nard.server.limits import CreationLimits
from nard.server.players.security import same_token, token_shaped
from nard.server.players.service import PlayerInfo, PlayerService
from nard.server.ports import Sockets, Throttled
from nard.server.process.logs import current_game
from nard.server.process.metrics import Metrics
from nard.server.protocol import client
from nard.server.protocol.events import side_name
from nard.server.protocol.server import (
    AckMessage,
    CubeHintAnswerMessage,
    ErrorMessage,
    PongMessage,
    ServerMessage,
    WelcomeMessage,
)
from nard.server.refusals import Refusal, RefusalCode
from nard.server.settling import Settling

router = APIRouter()

log = logging.getLogger(__name__)

CATCH_UP_LIMIT = 200
"""Missed actions replayed one update each on a catch-up; beyond, the state alone is sent
(as many updates would fill the connection's outbox and close it)."""
OUTBOX_SIZE = 512
"""Messages queued for one client before it counts as too slow and is closed."""
FLOOD_LIMIT = 200
"""Rate-limited messages in a row after which the connection is closed (1008)."""
HINTS_PER_S = 0.5
HINTS_BURST = 5
"""Cube hints per connection (each is an engine search): 5 at once, then one every 2 seconds."""


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
        return Refusal(RefusalCode.BAD_JSON, why=first["msg"])
    if kind == "chat_text":
        return Refusal(RefusalCode.INVALID, variant="chat_text", why=first["msg"])
    if kind == "union_tag_invalid":
        return Refusal(RefusalCode.UNKNOWN_TYPE)
    loc, why = first["loc"], first["msg"]
    if kind == "extra_forbidden":
        # An unknown field's name is the client's own text: never echoed.
        loc, why = loc[:-1], "unknown fields are not permitted"
    where = ".".join(str(part) for part in loc)
    return Refusal(RefusalCode.INVALID, why=f"{where}: {why}" if where else why)


def id_of(text: str) -> int | None:
    """The ``id`` of a message that is refused before it is validated, if it has a valid one.

    >>> id_of('{"type": "roll", "id": 7, "seq": "x"}'), id_of("[" * 5000)
    (7, None)
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    found = data.get("id") if isinstance(data, dict) else None
    if isinstance(found, int) and not isinstance(found, bool) and 0 <= found <= 2**53:
        return found
    return None


def _same_origin(websocket: WebSocket) -> bool:
    # Browsers send Origin; other clients may not. A foreign page must not drive
    # a player's socket with the player's cookie.
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    public = websocket.app.state.settings.public_origin
    site = site_origin(websocket.url.scheme, websocket.headers.get("host"), public)
    return same_origin(origin, site)


class Connection:
    def __init__(
        self,
        websocket: WebSocket,
        live: LiveGame,
        player: PlayerInfo | None,
        rooms: Rooms,
        settings: Settings,
    ) -> None:
        self.websocket = websocket
        self.live = live
        self.player = player
        self.rooms = rooms
        self.settings = settings
        self.sides = live.sides_of(player.id if player else None)
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX_SIZE)
        self.bucket = TokenBucket(settings.rate_per_s, settings.rate_burst)
        self.metrics: Metrics = websocket.app.state.metrics
        self.limits: CreationLimits = websocket.app.state.limits
        self.hint_bucket = TokenBucket(HINTS_PER_S, HINTS_BURST)
        self.too_slow = False

    def deliver(self, message: str | None) -> None:
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.too_slow = True
            with contextlib.suppress(asyncio.QueueEmpty):
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)

    def send(self, message: ServerMessage) -> None:
        self.deliver(message.model_dump_json())

    def refuse(self, refusal: Refusal, message_id: int | None) -> None:
        self.send(ErrorMessage.of(refusal, message_id))

    async def writer(self) -> None:
        while True:
            message = await self.outbox.get()
            if message is None:
                code = 1013 if self.too_slow else 1008
                await self.websocket.close(code)
                return
            await self.websocket.send_text(message)

    async def catch_up(self, since: int | None) -> None:
        """The updates after ``since`` from the log, then the state; only the state
        when ``since`` is more than :data:`CATCH_UP_LIMIT` actions behind (or ahead)."""
        rooms = self.rooms
        if since is not None and 0 < self.live.seq - since <= CATCH_UP_LIMIT:
            logged = await rooms.registry.logged_events(self.live, since)
            for update in rooms.projection.catch_up(self.live, logged):
                self.deliver(update)
        self.deliver(rooms.projection.state_message(self.live))

    async def handle(self, text: str) -> None:
        if len(text.encode()) > self.settings.max_message_bytes:
            limit = self.settings.max_message_bytes
            raise Refusal(RefusalCode.TOO_LARGE, limit=limit)
        try:
            message = client.parse_client_message(text)
        except ValidationError as error:
            self.refuse(_validation_refusal(error), id_of(text))
            return
        try:
            await self.dispatch(message)
        except Refusal as refusal:
            self.refuse(refusal, message.id)
        except Exception:
            # A bug, not the client's fault: logged whole, answered, and the socket stays.
            log.exception("game %s: a %s message failed", self.live.public_id, message.type)
            why = "the server could not handle this message"
            self.refuse(Refusal(RefusalCode.INVALID, why=why), message.id)

    async def dispatch(self, message: client.ClientMessage) -> None:
        table, live = self.rooms.table, self.live
        if isinstance(message, client.PingMessage):
            self.send(PongMessage(id=message.id))
            return
        if isinstance(message, client.SyncMessage):
            await self.catch_up(message.since)
            return
        if isinstance(message, client.ChatMessage):
            await self.chat(message)
            return
        if self.player is None or not self.sides:
            raise Refusal(RefusalCode.SPECTATOR)
        if isinstance(message, client.CubeHintMessage):
            await self.cube_hint(self.player, message)
            return
        start = time.perf_counter()
        if isinstance(message, client.ClientSeedMessage):
            await table.add_client_seed(live, self.player.id, message.seed)
            seq, kind = live.seq, "client_seed"
        elif isinstance(message, client.ClaimMessage):
            seq, kind = await table.claim(live, self.player.id), "claim"
        else:
            seq, kind = await table.act(live, self.player.id, message), "action"
        self.send(AckMessage(id=message.id, seq=seq))
        self.metrics.actions.labels(kind).inc()
        self.metrics.ack_seconds.observe(time.perf_counter() - start)

    async def chat(self, message: client.ChatMessage) -> None:
        if self.player is None:
            raise Refusal(RefusalCode.NO_PLAYER, variant="chat")
        player = self.player
        try:
            await self.limits.chat_line(player.id, self.live.public_id)
        except Throttled as throttled:
            raise Refusal(RefusalCode.RATE_LIMITED) from throttled
        await self.rooms.chat.say(self.live, player.id, player.display_name, self.sides, message)

    async def cube_hint(self, player: PlayerInfo, message: client.CubeHintMessage) -> None:
        if not self.hint_bucket.allow():
            raise Refusal(RefusalCode.RATE_LIMITED)
        # The bucket is this socket's; the player's hints are counted over all of
        # its sockets (and instances), with the hints it asks over HTTP.
        try:
            await self.limits.hint(player.id)
        except Throttled as throttled:
            raise Refusal(RefusalCode.RATE_LIMITED) from throttled
        hint = await self.rooms.hints.cube_hint(self.live, player.id, message.seq)
        self.send(CubeHintAnswerMessage(id=message.id, seq=message.seq, hint=hint))

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
                text = received.get("text")
                small = isinstance(text, str) and len(text) <= self.settings.max_message_bytes
                self.refuse(
                    Refusal(RefusalCode.RATE_LIMITED),
                    id_of(text) if small and text is not None else None,
                )
                continue
            strikes = 0
            text = received.get("text")
            try:
                if text is None:
                    raise Refusal(RefusalCode.BAD_FRAME)
                await self.handle(text)
            except Refusal as refusal:
                self.refuse(refusal, None)


@router.websocket("/ws/games/{public_id}")
async def game_socket(
    websocket: WebSocket, public_id: str, watch: str | None = None, since: int | None = None
) -> None:
    """The game's WebSocket; ``watch`` for spectators, ``since`` to catch up after a drop."""
    app = websocket.app
    rooms: Rooms = app.state.rooms
    players: PlayerService = app.state.players
    settings: Settings = app.state.settings
    if not _same_origin(websocket):
        await websocket.close(4403)
        return
    current_game.set(public_id)  # this task's logs carry the game
    # A reconnecting player may come from a process that died: start from the database.
    live = await rooms.sync.current(public_id) if token_shaped(public_id) else None
    if live is None:
        await websocket.close(4404)
        return
    player = await players.by_token(websocket.cookies.get(COOKIE))
    sides = live.sides_of(player.id if player else None)
    watching = same_token(watch, live.setup.watch_token)
    if not sides and not watching:
        await websocket.close(4403)
        return
    sockets: Sockets = app.state.sockets
    settling: Settling = app.state.settling
    address = websocket.client.host if websocket.client else "unknown"
    release = await sockets.enter(address, live.public_id, spectator=not sides)
    if release is None:
        await websocket.close(4429)
        return
    try:
        await _serve(websocket, live, player, sides, rooms, settings, since)
    finally:
        await settling.finish(release())


async def _serve(
    websocket: WebSocket,
    live: LiveGame,
    player: PlayerInfo | None,
    sides: list[Side],
    rooms: Rooms,
    settings: Settings,
    since: int | None,
) -> None:
    await websocket.accept()
    settling: Settling = websocket.app.state.settling
    connection = Connection(websocket, live, player, rooms, settings)
    connection.metrics.sockets.inc()
    # Spectators hear their own chat; players read it only after the match.
    channels = [live.public_id] if sides else [live.public_id, spectators_channel(live.public_id)]
    stops = [rooms.bus.subscribe(channel, connection.deliver) for channel in channels]

    def unsubscribe() -> None:
        for stop in stops:
            stop()

    connection.send(
        WelcomeMessage(
            you=[side_name(side) for side in sides],
            player=None if player is None else player.public(),
            claim_after_s=settings.claim_after_s,
        )
    )
    writer: asyncio.Task[None] | None = None
    try:
        # Inside: the seat is counted before arrive's first wait, so a handler
        # cancelled during it still leaves.
        await rooms.table.arrive(live, sides)
        writer = asyncio.create_task(connection.writer())
        if await rooms.bus.listening(*channels):
            # The game was read before this process heard its channel: what was
            # published in between is in the database.
            async with live.lock:
                await rooms.registry.refresh(live)
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
        if writer is not None and not writer.done():
            writer.cancel()
        connection.metrics.sockets.dec()
        unsubscribe()
        # Even if this handler is cancelled: the seat goes (in Redis too) and the
        # opponent hears it.
        await settling.finish(rooms.table.leave(live, sides))
        if websocket.application_state is WebSocketState.CONNECTED:
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                await websocket.close()
