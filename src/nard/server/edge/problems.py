"""The edge's refusals as ASGI responses: a JSON body like the application's errors.

The code, its HTTP status and its Persian text come from :mod:`nard.server.refusals`,
like every other refusal; the English message is the edge's own (it names the limit).

>>> body = problem_body(RefusalCode.TOO_LARGE, "a request body is at most 65536 bytes")
>>> sorted(body), body["code"]
(['code', 'detail', 'message', 'message_fa', 'rule'], 'too_large')
>>> body["message_fa"]
'درخواست بیش از اندازه بزرگ است.'
>>> status(RefusalCode.TOO_SLOW), status(RefusalCode.BUSY)
(408, 503)
"""

from __future__ import annotations

import json
from typing import Any

from starlette.types import Send

from nard.server.refusals import STATUS, Refusal, RefusalCode

_REQUEST_TEXT = frozenset(
    {RefusalCode.TOO_LARGE, RefusalCode.BAD_JSON, RefusalCode.INVALID, RefusalCode.RATE_LIMITED}
)
"""Codes a WebSocket message shares, with a separate text for a whole request."""


def status(code: RefusalCode) -> int:
    """The HTTP status of an edge refusal."""
    return STATUS.get(code, 400)


def problem_body(code: RefusalCode, message: str, **extra: Any) -> dict[str, Any]:
    """The body of an edge refusal; ``detail`` repeats ``message`` for FastAPI clients."""
    variant = "request" if code in _REQUEST_TEXT else None
    refusal = Refusal(code, variant=variant, why=message)
    return {
        "code": code.value,
        "message": message,
        "message_fa": refusal.message_fa,
        "rule": None,
        "detail": message,
        **extra,
    }


async def send_problem(
    send: Send,
    code: RefusalCode,
    message: str,
    *,
    close: bool = False,
    headers: list[tuple[bytes, bytes]] | None = None,
) -> None:
    """Answer a refusal; ``close`` ends the connection (its unread input is not trusted)."""
    body = json.dumps(problem_body(code, message), ensure_ascii=False).encode()
    sent = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *(headers or []),
    ]
    if close:
        sent.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status(code), "headers": sent})
    await send({"type": "http.response.body", "body": body})
