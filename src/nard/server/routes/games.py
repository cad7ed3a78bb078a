"""Games: create, list, read, join by invitation, claim, records and fair dice."""

from __future__ import annotations

import hmac
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response, status

from nard.match.matrecord import match_to_mat
from nard.server import schemas
from nard.server.deps import CurrentPlayer, GamesDep, OptionalPlayer, PlayerOrGuest
from nard.server.services.analysis_service import AnalysisService
from nard.server.services.game_service import GameService, LiveGame

router = APIRouter(prefix="/api", tags=["games"])


async def _visible(
    games: GameService, public_id: str, player_id: int | None, watch: str | None
) -> LiveGame:
    """The game, if the caller is seated in it or holds its spectator link."""
    live = await games.get(public_id)
    if live is not None:
        if live.sides_of(player_id):
            return live
        if watch is not None and hmac.compare_digest(watch, live.watch_token):
            return live
    raise HTTPException(status.HTTP_404_NOT_FOUND, "no such game (or not yours to see)")


@router.post("/games", status_code=status.HTTP_201_CREATED)
async def create_game(
    body: schemas.GameCreate, player: PlayerOrGuest, games: GamesDep
) -> schemas.GamePublic:
    """A game against the bot, a friend (share ``invite_url``) or hot-seat."""
    live = await games.create(player.id, body)
    return schemas.GamePublic.model_validate(games.public(live, player.id))


@router.get("/games")
async def list_games(
    player: CurrentPlayer, games: GamesDep, finished: bool | None = None
) -> schemas.GamesPublic:
    """My games, newest first; ``finished=true`` for finished ones only, ``false`` for the rest."""
    rows = await games.list_for(player.id, finished=finished)
    return schemas.GamesPublic(data=[schemas.GameSummary(**row) for row in rows], count=len(rows))


@router.get("/games/{public_id}")
async def read_game(
    public_id: str, games: GamesDep, player: OptionalPlayer, watch: str | None = None
) -> schemas.GamePublic:
    """The game and its live state; spectators pass ``watch`` (the spectator link's token)."""
    live = await _visible(games, public_id, player.id if player else None, watch)
    return schemas.GamePublic.model_validate(games.public(live, player.id if player else None))


@router.post("/invites/{invite}")
async def accept_invite(invite: str, player: PlayerOrGuest, games: GamesDep) -> schemas.GamePublic:
    """Take the free seat of a friend's game; the first to open the link gets it."""
    live = await games.join(invite, player.id)
    return schemas.GamePublic.model_validate(games.public(live, player.id))


@router.post("/games/{public_id}/claim")
async def claim_game(public_id: str, player: CurrentPlayer, games: GamesDep) -> schemas.GamePublic:
    """Win a game the opponent has left for longer than the server's claim time."""
    live = await _visible(games, public_id, player.id, None)
    await games.claim(live, player.id)
    return schemas.GamePublic.model_validate(games.public(live, player.id))


@router.get("/games/{public_id}/record.json")
async def record_json(
    public_id: str, games: GamesDep, player: OptionalPlayer, watch: str | None = None
) -> Response:
    """The lossless JSON match record (nard.match.record)."""
    live = await _visible(games, public_id, player.id if player else None, watch)
    return Response(
        games.record(live).to_json(),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="nard-{public_id}.json"'},
    )


@router.get("/games/{public_id}/record.mat")
async def record_mat(
    public_id: str, games: GamesDep, player: OptionalPlayer, watch: str | None = None
) -> Response:
    """The match in Jellyfish/gnubg ``.mat`` text."""
    live = await _visible(games, public_id, player.id if player else None, watch)
    return Response(
        match_to_mat(games.record(live)),
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="nard-{public_id}.mat"'},
    )


@router.get("/games/{public_id}/fair-dice")
async def fair_dice(
    public_id: str, games: GamesDep, player: OptionalPlayer, watch: str | None = None
) -> schemas.FairDicePublic:
    """The dice commitment (before the first roll) and the secret seed (after the match)."""
    live = await _visible(games, public_id, player.id if player else None, watch)
    data = games.fair_dice(live)
    if data is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, "this game does not use fair dice")
    return schemas.FairDicePublic(**data)


@router.post("/games/{public_id}/hint")
async def hint(
    public_id: str,
    body: schemas.HintRequest,
    games: GamesDep,
    player: CurrentPlayer,
    watch: str | None = None,
) -> schemas.HintPublic:
    """The best plays of your roll (at most 5, best first) with their equities.

    Only in a game against the bot, on your turn, before the first step; ``seq``
    is the last action you saw. The engine thinks in the bot's worker pool.
    """
    live = await _visible(games, public_id, player.id, watch)
    plays = await games.hint(live, player.id, body.seq)
    return schemas.HintPublic(seq=body.seq, plays=[schemas.HintPlay(**item) for item in plays])


@router.post("/games/{public_id}/analysis", status_code=status.HTTP_202_ACCEPTED)
async def request_analysis(
    public_id: str, games: GamesDep, player: CurrentPlayer, request: Request
) -> dict[str, Any]:
    """Analyse the match as played so far (errors, equity loss, luck, error rate).

    Answers at once; progress comes as ``analysis`` messages on the game's
    WebSocket, and GET on this path reads the progress and, once done, the result.
    """
    live = await _visible(games, public_id, player.id, None)
    analyses: AnalysisService = request.app.state.analyses
    return analyses.start(live.public_id, games.record(live), live.seq).public()


@router.get("/games/{public_id}/analysis")
async def read_analysis(
    public_id: str,
    games: GamesDep,
    player: OptionalPlayer,
    request: Request,
    watch: str | None = None,
) -> dict[str, Any]:
    """The analysis of this game: ``status`` running (``done`` of ``total``), done or failed."""
    live = await _visible(games, public_id, player.id if player else None, watch)
    analyses: AnalysisService = request.app.state.analyses
    job = analyses.get(live.public_id)
    if job is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, "no analysis requested yet: POST first")
    return job.public()
