"""uvicorn's HTTP protocol with a header deadline and a header size limit.

uvicorn bounds neither the time nor the size of a request's headers: a client
that opens a connection and never finishes its headers (slowloris) holds it
forever, and an 8 MB header was read whole. ASGI middleware cannot help, since
the application first sees a request once its headers are complete. So
``nard serve`` uses this subclass of uvicorn's httptools protocol:

- from the connection's start, and from the first byte of each next request,
  the headers must be complete within ``header_timeout_s`` (else 408 and the
  connection is closed; an idle new connection is just closed);
- the request line and headers together may take at most ``max_header_bytes``,
  in at most ``max_headers`` lines (else 431 and close). Bytes are counted as
  they arrive, so at most one read's worth beyond the limit is ever buffered.

Between requests uvicorn's own ``timeout_keep_alive`` closes idle connections;
a slow body is :class:`nard.server.edge.body.BodyLimit`'s to time out.
"""

from __future__ import annotations

import asyncio
from asyncio import TimerHandle
from typing import Any

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from nard.server.config import Settings
from nard.server.edge.problems import problem_body, status
from nard.server.edge.websocket import QuietWebSocketsProtocol
from nard.server.refusals import RefusalCode

MAX_FRAME_BYTES = 1024 * 1024
"""The largest WebSocket frame read at all (closed with 1009 beyond). Messages over
``max_message_bytes`` but within this are answered ``too_large`` and the socket
stays open, as docs/protocol.md says."""


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """How ``nard serve`` runs uvicorn: the guarded protocol and the WebSocket limits."""
    return {
        "http": GuardedHttpToolsProtocol.configured(
            header_timeout_s=settings.header_timeout_s,
            max_header_bytes=settings.max_header_bytes,
            max_headers=settings.max_headers,
        ),
        "timeout_keep_alive": 5,
        "ws": QuietWebSocketsProtocol,
        "ws_max_size": MAX_FRAME_BYTES,
        # Game messages are small JSON; compressing each costs more CPU than it saves.
        "ws_per_message_deflate": False,
    }


class _TooLarge(Exception):
    """Raised in a parser callback to stop parsing a request refused for its headers."""


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    header_timeout_s: float = 10.0
    max_header_bytes: int = 16 * 1024
    max_headers: int = 100

    @classmethod
    def configured(
        cls, *, header_timeout_s: float, max_header_bytes: int, max_headers: int
    ) -> type[GuardedHttpToolsProtocol]:
        """A subclass with these limits, to pass to uvicorn as ``http=``."""
        limits = {
            "header_timeout_s": header_timeout_s,
            "max_header_bytes": max_header_bytes,
            "max_headers": max_headers,
        }
        return type("GuardedHttpToolsProtocol", (cls,), limits)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: TimerHandle | None = None
        self._in_headers = False
        self._header_bytes = 0
        self._refused: tuple[RefusalCode, str] | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        self._start_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_deadline()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused is not None:
            return
        counting = self._in_headers
        if counting:
            self._header_bytes += len(data)
        super().data_received(data)
        if not counting and self._in_headers:  # the next request began in this data
            self._header_bytes = len(data)
        if self._in_headers and self._header_bytes > self.max_header_bytes:
            self._refuse(RefusalCode.HEADERS_TOO_LARGE, "the request's headers are too large")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if not self._in_headers:
            self._start_headers()

    def on_header(self, name: bytes, value: bytes) -> None:
        if len(self.headers) >= self.max_headers:
            self._refused = (RefusalCode.HEADERS_TOO_LARGE, "the request has too many headers")
            raise _TooLarge
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._in_headers = False
        self._stop_deadline()
        super().on_headers_complete()

    def send_400_response(self, msg: str) -> None:
        if self._refused is None:
            super().send_400_response(msg)
            return
        code, message = self._refused
        self._refused = None
        self._refuse(code, message)

    def _start_headers(self) -> None:
        self._in_headers = True
        self._header_bytes = 0
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.header_timeout_s, self._too_slow)

    def _stop_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing() or not self._in_headers:
            return
        if self._header_bytes == 0:
            self.transport.close()  # a connection that never asked for anything
            return
        late = f"the request's headers did not arrive within {self.header_timeout_s:g} s"
        self._refuse(RefusalCode.TOO_SLOW, late)

    def _refuse(self, code: RefusalCode, message: str) -> None:
        """Answer at once and close: the rest of this input is not read."""
        self._refused = (code, message)
        self._in_headers = False
        self._stop_deadline()
        if self.transport.is_closing():
            return
        body = problem_body(code, message).model_dump_json().encode()
        self.transport.write(
            b"".join(
                [
                    STATUS_LINE[status(code)],
                    b"content-type: application/json\r\n",
                    b"content-length: %d\r\n" % len(body),
                    b"connection: close\r\n\r\n",
                    body,
                ]
            )
        )
        self.transport.close()
