"""uvicorn's WebSocket protocol, refusing a text message that is not UTF-8 in one log line.

A text frame must be UTF-8 (RFC 6455 says to fail the connection with 1007
otherwise). uvicorn does close it, but logs a full traceback for each such
frame, and a second one when its close races the library's own: one fuzz run
wrote 6.5 MB of them. The connection still closes with 1007; the log says so
in one line.
"""

from __future__ import annotations

import contextlib

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState


class QuietWebSocketsProtocol(WebSocketsSansIOProtocol):
    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            data = b"".join(self.frames)
            try:
                data.decode()
            except UnicodeDecodeError:
                self.frames = []
                client = f"{self.client[0]}:{self.client[1]}" if self.client else "a client"
                self.logger.warning(
                    "%s - WebSocket closed (1007): a text message that is not UTF-8", client
                )
                with contextlib.suppress(InvalidState):
                    self.conn.send_close(1007)
                if self.conn.close_sent is not None:
                    self.handle_parser_exception()
                else:
                    self.transport.close()
                return
        super().send_receive_event_to_app()
