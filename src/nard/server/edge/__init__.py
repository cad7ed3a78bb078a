"""The server's edge: what every request passes before the application sees it.

Each guard is a small pure-ASGI middleware (one job each) or, for what ASGI
cannot see (slow or huge headers), uvicorn's HTTP protocol with deadlines
(:mod:`nard.server.edge.protocol`, used by ``nard serve``). Refusals at the
edge answer a JSON body like the application's own (``code``, ``message``,
``message_fa``) and never repeat the request's input.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from nard.server.config import Settings
from nard.server.edge.body import BodyLimit
from nard.server.edge.headers import SecurityHeaders
from nard.server.edge.origin import SameOriginWrites
from nard.server.edge.problems import problem_body, status
from nard.server.edge.validation import validation_problem
from nard.server.ports import Throttled
from nard.server.refusals import RefusalCode


async def throttled(_request: Request, error: Exception) -> JSONResponse:
    """429 (503 when the server is ``busy``) with Retry-After, in whole seconds."""
    assert isinstance(error, Throttled)
    code = RefusalCode(error.code)
    body = problem_body(code, error.message)
    if error.message_fa is not None:
        body.message_fa = error.message_fa
    return JSONResponse(
        body.model_dump(mode="json"),
        status_code=status(code),
        headers={"retry-after": str(max(1, round(error.retry_after)))},
    )


def install(app: FastAPI, settings: Settings) -> None:
    """Put the edge guards around ``app``: headers outermost, then origin, then body."""
    app.add_exception_handler(RequestValidationError, validation_problem)
    app.add_exception_handler(Throttled, throttled)
    app.add_middleware(
        BodyLimit, max_bytes=settings.max_body_bytes, timeout_s=settings.body_timeout_s
    )
    app.add_middleware(SameOriginWrites, public_origin=settings.public_origin)
    app.add_middleware(SecurityHeaders)
