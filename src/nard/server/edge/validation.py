"""Request validation errors (422) that never repeat the request's input.

FastAPI's default answer copies each wrong value back (``input``): a 100 MB
name came back whole, and a million unknown keys made a 103 MB answer. This
one names at most :data:`MAX_ERRORS` fields, each with its path, message and
error type, and counts the rest. It also makes NaN and Infinity a 422: FastAPI's
JSON parser accepts them, every request field refuses them (strict models),
and writing the refused value back as JSON was what failed with a 500.
"""

from __future__ import annotations

from collections.abc import Mapping

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from nard.server.edge.field_texts import persian_problem
from nard.server.edge.problems import problem_body, status
from nard.server.protocol.problems import FieldProblem
from nard.server.refusals import RefusalCode

MAX_ERRORS = 10
"""Fields named in one answer; ``errors`` says how many there were."""
MAX_PATH = 8
"""Parts of a field's path kept (a path into nested input is input too)."""


def _part(part: object) -> str | int:
    if isinstance(part, int):
        return part
    text = str(part)
    return text if len(text) <= 40 else text[:40] + "…"


def _describe(error: Mapping[str, object]) -> FieldProblem:
    loc = error.get("loc", ())
    return FieldProblem(
        loc=[_part(part) for part in loc][:MAX_PATH] if isinstance(loc, tuple | list) else [],
        msg=str(error.get("msg", ""))[:200],
        type=str(error.get("type", ""))[:60],
    )


async def validation_problem(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    errors = list(error.errors())
    shown = [_describe(item) for item in errors[:MAX_ERRORS]]
    json_invalid = any(item.type == "json_invalid" for item in shown)
    code = RefusalCode.BAD_JSON if json_invalid else RefusalCode.INVALID
    first = shown[0] if shown else FieldProblem(loc=[], msg="invalid request", type="")
    where = ".".join(str(part) for part in first.loc)
    message = f"{where}: {first.msg}" if where else first.msg
    persian = persian_problem(errors[0]) if errors and not json_invalid else None
    body = problem_body(code, message, fields=shown, errors=len(errors), message_fa=persian)
    return JSONResponse(body.model_dump(mode="json"), status_code=status(code))
