"""The ASGI application: :func:`create_app` and its lifespan.

Why FastAPI rather than bare Starlette: the API's request and response models
are pydantic models already (the WebSocket messages too), and FastAPI turns
them into validation, typed dependencies (``Annotated`` aliases in
:mod:`nard.server.deps`) and the OpenAPI documentation at ``/docs`` without
hand-written schemas. It is Starlette underneath, so the WebSocket handler is
Starlette's.

The lifespan tunes the garbage collector (:mod:`nard.server.runtime`), opens
the database and applies the Alembic migrations, starts the event bus and the
bot's worker pool, wires the game rooms (:mod:`nard.server.rooms`) and resumes
the games against the bot and the clocks of clocked games.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, nullcontext

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from nard.server.bus import EventBus, InProcessBus
from nard.server.bus_redis import RedisBus
from nard.server.config import Settings
from nard.server.database import Database
from nard.server.drain import Drain
from nard.server.edge import install as install_edge
from nard.server.jobs import JobQueue
from nard.server.leases import Leases
from nard.server.limits import CreationLimits, SocketLimits, Unshared
from nard.server.limits_shared import RedisSharing, SharedSockets
from nard.server.lobby.hall import Hall
from nard.server.lobby.shared_online import SharedOnline
from nard.server.lobby.shared_seekers import SharedSeekers
from nard.server.metrics import Metrics
from nard.server.protocol.server import ErrorMessage
from nard.server.records import RecordFiles
from nard.server.redis_client import connect
from nard.server.refusals import Refusal
from nard.server.rooms import Rooms
from nard.server.rooms.clocks import Timekeeper
from nard.server.rooms.shared_deadlines import SharedDeadlines
from nard.server.rooms.shared_presence import SharedPresence
from nard.server.routes import (
    games,
    lobby,
    mistakes,
    ops,
    pages,
    players,
    ratings,
    stats,
    trainer,
)
from nard.server.rules_pages import router as rules_pages_router
from nard.server.runtime import tuned_gc
from nard.server.services.action_log import ActionLog
from nard.server.services.analysis_rescue import AnalysisRescue
from nard.server.services.analysis_service import AnalysisService
from nard.server.services.bot_service import BotService
from nard.server.services.mistakes_service import MistakesService
from nard.server.services.player_service import PlayerService
from nard.server.services.profile_service import ProfileService
from nard.server.services.trainer_service import TrainerService
from nard.server.settling import Settling
from nard.server.ws import game_socket, lobby_socket
from nard.storage.session import (
    log_writers,
    loop_writer,
    make_engine,
    make_sessions,
    migrate,
    writer_threads,
)


async def _refusal(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, Refusal)
    body = ErrorMessage.of(error, None).model_dump(mode="json", exclude={"type", "id"})
    return JSONResponse(body | {"detail": error.message}, status_code=error.status)


@asynccontextmanager
async def _running(
    app: FastAPI, settings: Settings, timekeeper: Timekeeper | None
) -> AsyncIterator[None]:
    engine = make_engine(settings.database_url)
    await asyncio.to_thread(migrate, engine)
    sessions = make_sessions(engine)
    database = ThreadPoolExecutor(
        writer_threads(settings.database_url), thread_name_prefix="nard-db"
    )
    bus: EventBus = (
        RedisBus(settings.redis_url, prefix=settings.redis_prefix)
        if settings.redis_url
        else InProcessBus()
    )
    await bus.start()
    shared = None if settings.redis_url is None else connect(settings.redis_url)
    leases = None if shared is None else Leases(shared, ttl_s=settings.presence_ttl_s)
    presence = None
    origin = secrets.token_hex(8)  # this instance, in the members of the lease sets
    if leases is not None:
        leases.start()
        presence = SharedPresence(
            settings.claim_after_s,
            leases,
            prefix=settings.redis_prefix,
            origin=origin,
            watch_s=settings.presence_ttl_s / 3,
        )
    sharing = Unshared() if shared is None else RedisSharing(shared, settings.redis_prefix)
    metrics = Metrics()
    queue = None
    if settings.jobs_queue is not None:
        if settings.redis_url is None:
            raise ValueError("NARD_JOBS_QUEUE needs NARD_REDIS_URL")
        queue = JobQueue(settings.redis_url, settings.jobs_queue, retry_s=settings.job_retry_s)
    bots = BotService(
        settings.bot_workers,
        delay_s=settings.bot_delay_s,
        metrics=metrics,
        queue=queue,
        retry_s=settings.job_retry_s,
    )
    db = Database(sessions, database, observe=metrics.database("query"))
    log = ActionLog(
        sessions,
        database,
        writers=log_writers(settings.database_url),
        inline=loop_writer(engine),
        observe=metrics.database("commit"),
    )
    rooms = Rooms.open(
        db,
        log,
        bus,
        bots=bots,
        claim_after_s=settings.claim_after_s,
        clock_scale=settings.clock_scale,
        timekeeper=timekeeper,
        presence=presence,
        deadlines=None
        if shared is None
        else lambda name: SharedDeadlines(shared, settings.redis_prefix + name),
    )
    metrics.count_live_games(lambda: len(rooms.registry.live_games()))
    app.state.settings = settings
    app.state.rooms = rooms
    app.state.database = db
    app.state.metrics = metrics
    app.state.players = PlayerService(
        sessions,
        database,
        password_workers=settings.password_workers,
        login_per_address=settings.login_per_address,
        login_per_account=settings.login_per_account,
        login_window_s=settings.login_window_s,
        sharing=sharing,
    )
    app.state.limits = CreationLimits(
        settings.guests_per_address,
        settings.games_per_player,
        hints_per_player=settings.hints_per_player,
        chat_per_player=settings.chat_per_player,
        sharing=sharing,
    )
    sockets = SocketLimits(settings.sockets_per_address, settings.spectators_per_game)
    app.state.sockets = (
        sockets if leases is None else SharedSockets(leases, settings.redis_prefix, sockets)
    )
    app.state.profiles = ProfileService(db)
    app.state.records = RecordFiles()
    online = None if leases is None else SharedOnline(leases, settings.redis_prefix, origin)
    seekers = None if leases is None else SharedSeekers(shared, leases, settings.redis_prefix)
    app.state.lobby = Hall(
        db, bus, rooms.table, limits=app.state.limits, shared=online, seekers=seekers
    )
    app.state.analyses = AnalysisService(
        db,
        bus,
        plies=settings.analysis_plies,
        metrics=metrics,
        queue=queue,
        prefix=settings.redis_prefix,
        abandoned_after_s=2 * settings.job_retry_s,
    )
    rescue = AnalysisRescue(
        db, rooms.registry, rooms.projection, app.state.analyses, every_s=settings.job_retry_s / 2
    )
    app.state.trainer = TrainerService(db)
    app.state.mistakes = MistakesService(db)
    await rooms.resume()
    rescue.start()
    app.state.settling = Settling()
    try:
        yield
    finally:
        await app.state.settling.wait()  # closing sockets let their seats go first
        await app.state.lobby.close()
        await rooms.close()
        await rescue.close()
        await app.state.analyses.close()
        app.state.players.close()
        bots.close()
        if leases is not None:
            await leases.close()
        if shared is not None:
            await shared.aclose()
        await bus.close()
        database.shutdown(wait=True)
        engine.dispose()


def create_app(
    settings: Settings | None = None, *, timekeeper: Timekeeper | None = None
) -> FastAPI:
    """The server application for ``settings`` (default: from the environment).

    ``timekeeper`` replaces the clocks' monotonic time source (tests move time by hand).
    """
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        with tuned_gc() if settings.tune_gc else nullcontext():
            async with _running(app, settings, timekeeper):
                yield

    app = FastAPI(
        title="Nard",
        summary="Takhte Nard (backgammon) game server",
        description="HTTP API; each game also has a WebSocket at /ws/games/{id} "
        "(see docs/protocol.md).",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.drain = Drain()  # before the lifespan: the signal handler reaches it
    app.add_exception_handler(Refusal, _refusal)
    install_edge(app, settings)
    app.include_router(players.router)
    app.include_router(games.router)
    app.include_router(trainer.router)
    app.include_router(mistakes.router)
    app.include_router(rules_pages_router)
    app.include_router(ratings.router)
    app.include_router(lobby.router)
    app.include_router(stats.router)
    app.include_router(game_socket.router)
    app.include_router(lobby_socket.router)
    app.include_router(ops.router)
    pages.install(app)

    @app.get("/api/health", tags=["server"])
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    return app
