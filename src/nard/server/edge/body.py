"""Request bodies: at most ``max_bytes``, counted as they stream in, within a deadline.

The whole body is read here before the application runs (the API's bodies are
small JSON), so a declared ``Content-Length`` is only a shortcut to refuse
early: a chunked or lying body is counted byte by byte and cut off at the
limit, and a client that trickles its body is answered 408 when the deadline
passes. Nothing is parsed, so a huge body costs no more than its first
``max_bytes``.
"""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from nard.server.edge.problems import send_problem
from nard.server.refusals import RefusalCode


class BodyLimit:
    def __init__(self, app: ASGIApp, *, max_bytes: int, timeout_s: float) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout_s = timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = f"a request body is at most {self.max_bytes} bytes"
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await send_problem(send, RefusalCode.TOO_LARGE, too_large, close=True)
            return
        chunks: list[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout_s
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                late = f"the request body did not arrive within {self.timeout_s:g} s"
                await send_problem(send, RefusalCode.TOO_SLOW, late, close=True)
                return
            if message["type"] == "http.disconnect":
                return
            chunk: bytes = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await send_problem(send, RefusalCode.TOO_LARGE, too_large, close=True)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, _Replay(b"".join(chunks), receive), send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None  # counted as it arrives instead
    return None


class _Replay:
    """The body read already, then the connection's own messages (a disconnect)."""

    def __init__(self, body: bytes, receive: Receive) -> None:
        self.body: bytes | None = body
        self.receive = receive

    async def __call__(self) -> Message:
        if self.body is None:
            return await self.receive()
        body, self.body = self.body, None
        return {"type": "http.request", "body": body, "more_body": False}
