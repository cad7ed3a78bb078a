"""The ASGI application: :func:`create_app` and its lifespan.

Why FastAPI rather than bare Starlette: the API's request and response models
are pydantic models already (the WebSocket messages too), and FastAPI turns
them into validation, typed dependencies (``Annotated`` aliases in
:mod:`nard.server.deps`) and the OpenAPI documentation at ``/docs`` without
hand-written schemas. It is Starlette underneath, so the WebSocket handler is
Starlette's.

The lifespan tunes the garbage collector (:mod:`nard.server.process.runtime`), opens
the database and applies the Alembic migrations, starts the ports (the event
bus, the job runner and the rest of :mod:`nard.server.ports`, chosen from the
settings in :func:`~nard.server.ports.build.build_ports`), wires the game
rooms (:mod:`nard.server.games`) and resumes the games against the bot and the
clocks of clocked games.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, nullcontext

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from nard import __version__
from nard.server.analysis.rescue import AnalysisRescue
from nard.server.analysis.service import AnalysisService
from nard.server.config import Settings
from nard.server.database import Database
from nard.server.edge import install as install_edge
from nard.server.games import Rooms, game_socket
from nard.server.games import routes as games
from nard.server.games import stats_routes as stats
from nard.server.games.action_log import ActionLog
from nard.server.games.bot_service import BotService
from nard.server.games.clocks import Timekeeper
from nard.server.games.records import RecordFiles
from nard.server.games.waiting_games import WaitingGames
from nard.server.limits import CreationLimits
from nard.server.lobby import lobby_socket
from nard.server.lobby import routes as lobby
from nard.server.lobby.hall import Hall
from nard.server.players import rating_routes as ratings
from nard.server.players import routes as players
from nard.server.players.profiles import ProfileService
from nard.server.players.service import PlayerService
from nard.server.ports.build import build_ports
from nard.server.process import ops
from nard.server.process.drain import Drain
from nard.server.process.metrics import Metrics
from nard.server.process.readiness import Readiness
from nard.server.process.runtime import tuned_gc
from nard.server.protocol.server import ErrorMessage
from nard.server.refusals import Refusal
from nard.server.settling import Settling
from nard.server.trainer import mistakes_routes as mistakes
from nard.server.trainer import routes as trainer
from nard.server.trainer.mistakes import MistakesService
from nard.server.trainer.service import TrainerService
from nard.server.web import pages
from nard.server.web.rules_pages import router as rules_pages_router
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
    ports = build_ports(settings)
    await ports.start()
    metrics = Metrics()
    bots = BotService(
        ports.jobs, delay_s=settings.bot_delay_s, metrics=metrics, retry_s=settings.job_retry_s
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
        ports.bus,
        bots=bots,
        presence=ports.presence,
        clock_scale=settings.clock_scale,
        timekeeper=timekeeper,
        chat_lines=settings.chat_lines_per_game,
        deadlines=ports.deadlines,
    )
    metrics.count_live_games(lambda: len(rooms.registry.live_games()))
    app.state.settings = settings
    app.state.rooms = rooms
    app.state.database = db
    app.state.metrics = metrics
    app.state.readiness = Readiness(settings.ready_grace_s)
    app.state.players = PlayerService(
        sessions,
        database,
        password_workers=settings.password_workers,
        login_per_address=settings.login_per_address,
        login_per_account=settings.login_per_account,
        login_window_s=settings.login_window_s,
        counters=ports.counters,
    )
    app.state.limits = CreationLimits(
        settings.guests_per_address,
        settings.games_per_player,
        hints_per_player=settings.hints_per_player,
        chat_per_player=settings.chat_per_player,
        counters=ports.counters,
    )
    app.state.sockets = ports.sockets
    app.state.profiles = ProfileService(db)
    app.state.records = RecordFiles()
    app.state.lobby = Hall(
        db,
        ports.bus,
        rooms.table,
        limits=app.state.limits,
        online=ports.online,
        seekers=ports.seekers,
    )
    app.state.analyses = AnalysisService(
        db,
        ports.bus,
        ports.jobs,
        plies=settings.analysis_plies,
        metrics=metrics,
        prefix=settings.redis_prefix,
        abandoned_after_s=2 * settings.job_retry_s,
    )
    rescue = AnalysisRescue(
        db, rooms.registry, rooms.projection, app.state.analyses, every_s=settings.job_retry_s / 2
    )
    app.state.trainer = TrainerService(db)
    app.state.mistakes = MistakesService(db)
    app.state.waiting = WaitingGames(
        db,
        expire_s=settings.waiting_expire_s,
        per_player=settings.waiting_per_player,
        expired=lambda public_id: rooms.registry.drop(public_id, unused_s=0),
    )
    await rooms.resume()
    app.state.waiting.start()
    rescue.start()
    app.state.settling = Settling()
    try:
        yield
    finally:
        await app.state.settling.wait()  # closing sockets let their seats go first
        await app.state.waiting.close()
        await app.state.lobby.close()
        await rooms.close()
        await rescue.close()
        await app.state.analyses.close()
        app.state.players.close()
        await ports.close()
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
        version=__version__,
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
