"""For the operator and the load balancer: liveness, readiness, metrics.

``/healthz`` answers while the process runs; ``/readyz`` while the instance
accepts and is not shutting down (nard.server.process.drain), and while the database
and Redis (when configured) answer, or have stopped answering for less than
``NARD_READY_GRACE_S`` (nard.server.process.readiness): a balancer sends no player to
an instance that is about to stop or has lost a dependency for good, yet a
shared dependency's blip does not take every instance out at once.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST
from sqlalchemy import text
from sqlalchemy.orm import Session

from nard.server.database import Database
from nard.server.games import Rooms
from nard.server.process.drain import Drain
from nard.server.process.metrics import Metrics
from nard.server.process.readiness import Readiness

router = APIRouter(tags=["server"])

READY_TIMEOUT_S = 2.0
"""How long each dependency has to answer a readiness check."""


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """The process is alive."""
    return {"status": "ok"}


@router.get("/readyz", response_model=None)
async def readyz(request: Request) -> JSONResponse:
    """200 while ready (``degraded`` naming a dependency down within its grace), else
    503 naming what failed."""
    drain: Drain = request.app.state.drain
    if drain.draining:
        return JSONResponse(
            {"status": "unavailable", "failed": {"drain": "shutting down"}}, status_code=503
        )
    database: Database = request.app.state.database
    rooms: Rooms = request.app.state.rooms
    readiness: Readiness = request.app.state.readiness
    meter: Metrics = request.app.state.metrics

    def select_one(session: Session) -> None:
        session.execute(text("SELECT 1"))

    checks = {"database": database.run(select_one), "bus": rooms.bus.ping()}
    for name, check in checks.items():
        try:
            await asyncio.wait_for(check, READY_TIMEOUT_S)
        except Exception as error:  # any failure means down; say which
            readiness.observe(name, str(error) or type(error).__name__)
        else:
            readiness.observe(name, None)
        meter.dependency_up.labels(name).set(1 if readiness.is_up(name) else 0)
    failed = readiness.failed()
    if failed:
        return JSONResponse({"status": "unavailable", "failed": failed}, status_code=503)
    degraded = readiness.degraded()
    return JSONResponse({"status": "ok", "degraded": degraded} if degraded else {"status": "ok"})


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """Prometheus's text format."""
    meter: Metrics = request.app.state.metrics
    return Response(meter.exposition(), media_type=CONTENT_TYPE_LATEST)
