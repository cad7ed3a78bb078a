"""Games: create, list, read, join by invitation, claim, records, fair dice,
hints and analyses."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response, status

from nard.match.mat_conversion import match_to_mat
from nard.server.analysis.service import AnalysisService
from nard.server.deps import (
    CurrentPlayer,
    LimitsDep,
    OptionalPlayer,
    PlayerOrGuest,
    RecordsDep,
    RoomsDep,
)
from nard.server.games import Rooms
from nard.server.games.chat import PAGE_LINES
from nard.server.games.live import LiveGame
from nard.server.games.projection import summary
from nard.server.games.records import state_key
from nard.server.games.waiting_games import WaitingGames
from nard.server.players.security import same_token, token_shaped
from nard.server.protocol import http as schemas
from nard.server.protocol.frames import FramesPublic
from nard.server.protocol.views import FairDiceView
from nard.server.refusals import Refusal, RefusalCode

router = APIRouter(prefix="/api", tags=["games"])


async def visible_game(
    rooms: Rooms, public_id: str, player_id: int | None, watch: str | None
) -> LiveGame:
    """The game, if the caller is seated in it or holds its spectator link."""
    live = await rooms.sync.current(public_id) if token_shaped(public_id) else None
    if live is not None:
        if live.sides_of(player_id):
            return live
        if same_token(watch, live.setup.watch_token):
            return live
    raise Refusal(RefusalCode.NO_SUCH_GAME)


@router.post("/games", status_code=status.HTTP_201_CREATED)
async def create_game(
    body: schemas.GameCreate,
    player: PlayerOrGuest,
    rooms: RoomsDep,
    limits: LimitsDep,
    request: Request,
) -> schemas.GamePublic:
    """A game against the bot, a friend (share ``invite_url``) or hot-seat.

    A player may make only so many games a minute (429 ``rate_limited``), and have only so
    many friend games waiting for an opponent (409 ``too_many_waiting``).
    """
    await limits.new_game(player.id)
    if body.mode == "friend":
        waiting: WaitingGames = request.app.state.waiting
        await waiting.admit(player.id)
    live = await rooms.table.create(player.id, body, account=not player.is_guest)
    return rooms.projection.public(live, player.id)


@router.get("/games")
async def list_games(
    player: OptionalPlayer, rooms: RoomsDep, finished: bool | None = None
) -> schemas.GamesPublic:
    """My games, newest first; ``finished=true`` for finished ones only, ``false`` for the rest.

    A browser that has never played has no games (rather than a 401 on its first visit).
    """
    if player is None:
        return schemas.GamesPublic(data=[], count=0)
    rows, names = await rooms.registry.of_player(player.id, finished=finished)
    listed = [summary(row, names, player.id) for row in rows]
    return schemas.GamesPublic(data=listed, count=len(listed))


@router.get("/games/{public_id}")
async def read_game(
    public_id: str, rooms: RoomsDep, player: OptionalPlayer, watch: str | None = None
) -> schemas.GamePublic:
    """The game and its live state; spectators pass ``watch`` (the spectator link's token)."""
    viewer = player.id if player else None
    live = await visible_game(rooms, public_id, viewer, watch)
    return rooms.projection.public(live, viewer)


@router.get("/games/{public_id}/chat")
async def read_chat(
    public_id: str,
    rooms: RoomsDep,
    player: OptionalPlayer,
    watch: str | None = None,
    before: Annotated[int | None, Query(ge=1)] = None,
    limit: Annotated[int, Query(ge=1, le=PAGE_LINES)] = PAGE_LINES,
) -> schemas.ChatPublic:
    """The game's chat, the newest ``limit`` lines before ``before``, oldest first: the
    spectators' too, except to its players before the end."""
    viewer = player.id if player else None
    live = await visible_game(rooms, public_id, viewer, watch)
    seated = bool(live.sides_of(viewer))
    page = await rooms.chat.history(live, seated=seated, before=before, limit=limit)
    return schemas.ChatPublic(data=page.lines, count=len(page.lines), before=page.older)


@router.post("/invites/{invite}")
async def accept_invite(invite: str, player: PlayerOrGuest, rooms: RoomsDep) -> schemas.GamePublic:
    """Take the free seat of a friend's game; the first to open the link gets it."""
    if not token_shaped(invite):
        raise Refusal(RefusalCode.NOT_FOUND)
    live = await rooms.table.join(invite, player.id, account=not player.is_guest)
    return rooms.projection.public(live, player.id)


@router.post("/games/{public_id}/claim")
async def claim_game(public_id: str, player: CurrentPlayer, rooms: RoomsDep) -> schemas.GamePublic:
    """Win a game the opponent has left for longer than the server's claim time."""
    live = await visible_game(rooms, public_id, player.id, None)
    await rooms.table.claim(live, player.id)
    return rooms.projection.public(live, player.id)


@router.get("/games/{public_id}/record.json")
async def record_json(
    public_id: str,
    rooms: RoomsDep,
    records: RecordsDep,
    player: OptionalPlayer,
    watch: str | None = None,
) -> Response:
    """The lossless JSON match record (nard.match.record), built once per state."""
    live = await visible_game(rooms, public_id, player.id if player else None, watch)
    body = records.get(state_key("json", live), lambda: rooms.projection.record(live).to_json())
    return Response(
        body,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="nard-{public_id}.json"'},
    )


@router.get("/games/{public_id}/record.mat")
async def record_mat(
    public_id: str,
    rooms: RoomsDep,
    records: RecordsDep,
    player: OptionalPlayer,
    watch: str | None = None,
) -> Response:
    """The match in Jellyfish/gnubg ``.mat`` text, built once per state."""
    live = await visible_game(rooms, public_id, player.id if player else None, watch)
    body = records.get(state_key("mat", live), lambda: match_to_mat(rooms.projection.record(live)))
    return Response(
        body,
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="nard-{public_id}.mat"'},
    )


@router.get("/games/{public_id}/frames", response_model=FramesPublic)
async def frames(
    public_id: str,
    rooms: RoomsDep,
    records: RecordsDep,
    player: OptionalPlayer,
    watch: str | None = None,
) -> Response:
    """Every frame of the match so far (``FramesPublic``), built once per state;
    the access of ``record.json``."""
    live = await visible_game(rooms, public_id, player.id if player else None, watch)
    body = records.get(
        state_key("frames", live), lambda: rooms.projection.frames(live).model_dump_json()
    )
    return Response(body, media_type="application/json")


@router.get("/games/{public_id}/fair-dice")
async def fair_dice(
    public_id: str, rooms: RoomsDep, player: OptionalPlayer, watch: str | None = None
) -> FairDiceView:
    """The dice commitment (before the first roll) and the secret seed (after the match)."""
    live = await visible_game(rooms, public_id, player.id if player else None, watch)
    view = rooms.projection.fair_dice(live)
    if view is None:
        raise Refusal(RefusalCode.NO_FAIR_DICE)
    return view


@router.post("/games/{public_id}/hint")
async def hint(
    public_id: str,
    body: schemas.HintRequest,
    rooms: RoomsDep,
    player: CurrentPlayer,
    limits: LimitsDep,
    watch: str | None = None,
) -> schemas.HintPublic:
    """The best plays of your roll (at most 5, best first) with their equities.

    Only in a game against the bot, on your turn, before the first step; ``seq``
    is the last action you saw. The engine thinks in the bot's worker pool. A
    player may ask only so many a minute (429 ``rate_limited``).
    """
    await limits.hint(player.id)
    live = await visible_game(rooms, public_id, player.id, watch)
    plays = await rooms.hints.hint(live, player.id, body.seq)
    return schemas.HintPublic(seq=body.seq, plays=plays)


@router.post("/games/{public_id}/analysis", status_code=status.HTTP_202_ACCEPTED)
async def request_analysis(
    public_id: str, rooms: RoomsDep, player: CurrentPlayer, request: Request
) -> schemas.AnalysisPublic:
    """Analyse the match as played so far (errors, equity loss, luck, error rate).

    Answers at once; progress comes as ``analysis`` messages on the game's
    WebSocket, and GET on this path reads the progress and, once done, the result.
    """
    live = await visible_game(rooms, public_id, player.id, None)
    async with live.lock:
        # Another server process may have moved the game on: analyse what is saved.
        await rooms.registry.reload(live)
        record, seq = rooms.projection.record(live), live.seq
    analyses: AnalysisService = request.app.state.analyses
    return await analyses.start(live, record, seq)


@router.get("/games/{public_id}/analysis")
async def read_analysis(
    public_id: str,
    rooms: RoomsDep,
    player: OptionalPlayer,
    request: Request,
    watch: str | None = None,
) -> schemas.AnalysisPublic:
    """The analysis of this game: ``status`` none (not asked for), running (``done`` of
    ``total``), done or failed."""
    live = await visible_game(rooms, public_id, player.id if player else None, watch)
    analyses: AnalysisService = request.app.state.analyses
    found = await analyses.get(live)
    if found is None:
        return schemas.AnalysisPublic(
            status="none",
            seq=0,
            done=0,
            total=0,
            progress=0.0,
            error=None,
            result=None,
            analysis=None,
        )
    return found
