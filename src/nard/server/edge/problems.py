"""The edge's refusals as ASGI responses: a JSON body like the application's errors.

The code, its HTTP status and its Persian text come from :mod:`nard.server.refusals`,
like every other refusal; the English message is the edge's own (it names the limit).

>>> body = problem_body(RefusalCode.TOO_LARGE, "a request body is at most 65536 bytes")
>>> sorted(body.model_dump(mode="json")), body.code.value
(['code', 'detail', 'message', 'message_fa', 'rule'], 'too_large')
>>> body.message_fa
'درخواست بیش از اندازه بزرگ است.'
>>> status(RefusalCode.TOO_SLOW), status(RefusalCode.BUSY)
(408, 503)
"""

from __future__ import annotations

from starlette.types import Send

from nard.server.protocol.problems import FieldProblem, Problem
from nard.server.refusals import Refusal, RefusalCode, status_of

_REQUEST_TEXT = frozenset(
    {RefusalCode.TOO_LARGE, RefusalCode.BAD_JSON, RefusalCode.INVALID, RefusalCode.RATE_LIMITED}
)
"""Codes a WebSocket message shares, with a separate text for a whole request."""


def _variant(code: RefusalCode) -> str | None:
    return "request" if code in _REQUEST_TEXT else None


def status(code: RefusalCode) -> int:
    """The HTTP status of an edge refusal."""
    return status_of(code, _variant(code))


def problem_body(
    code: RefusalCode,
    message: str,
    *,
    fields: list[FieldProblem] | None = None,
    errors: int | None = None,
    message_fa: str | None = None,
) -> Problem:
    """The body of an edge refusal (``fields``: the request's wrong fields; ``message_fa``:
    a Persian more precise than the code's)."""
    refusal = Refusal(code, variant=_variant(code), why=message)
    return Problem(
        code=code,
        message=message,
        message_fa=message_fa or refusal.message_fa,
        detail=message if fields is None else fields,
        errors=errors,
    )


async def send_problem(
    send: Send,
    code: RefusalCode,
    message: str,
    *,
    close: bool = False,
    headers: list[tuple[bytes, bytes]] | None = None,
) -> None:
    """Answer a refusal; ``close`` ends the connection (its unread input is not trusted)."""
    body = problem_body(code, message).model_dump_json().encode()
    sent = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *(headers or []),
    ]
    if close:
        sent.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status(code), "headers": sent})
    await send({"type": "http.response.body", "body": body})
