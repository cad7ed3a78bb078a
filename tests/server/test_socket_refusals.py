"""WebSocket refusals under attack (issue 12): answered with the request's id, the
socket left open where docs/protocol.md says so, one log line for a broken frame."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from nard.server.edge.protocol import MAX_FRAME_BYTES
from tests.server.conftest import Harness
from tests.server.live import live_server


def test_rate_limited_errors_carry_the_id_of_the_refused_message(
    server_factory: Callable[..., Harness],
) -> None:
    server = server_factory(rate_per_s=0.5, rate_burst=3)
    game = server.new_game("fast", mode="hotseat")
    with server.socket("fast", game["id"]) as ws:
        ids = [ws.send({"type": "ping"}) for _ in range(6)]
        answers = [ws.until("pong", "error") for _ in ids]
        assert [a["id"] for a in answers] == ids
        assert [a["type"] for a in answers] == ["pong"] * 3 + ["error"] * 3
        assert {a["code"] for a in answers[3:]} == {"rate_limited"}


def test_an_invalid_message_is_answered_with_its_own_id(server: Harness) -> None:
    game = server.new_game("ida", mode="hotseat")
    with server.socket("ida", game["id"]) as ws:
        ws.send('{"type": "step", "from": 99, "to": 1, "seq": 0, "id": 41}')
        error = ws.until("error")
        assert error["id"] == 41 and error["code"] == "invalid"
        ws.send('{"type": "teleport", "id": 42}')
        assert ws.until("error")["id"] == 42
        assert ws.act("roll")["type"] == "ack"


def _game(base: str) -> tuple[str, str]:
    response = httpx.post(f"{base}/api/games", json={"mode": "hotseat"})
    return response.json()["id"], response.cookies["nard_token"]


def _open(base: str, game: str, token: str) -> ClientConnection:
    socket = connect(
        f"ws{base[4:]}/ws/games/{game}",
        additional_headers={"cookie": f"nard_token={token}"},
        max_size=None,
    )
    return socket


def _until(socket: ClientConnection, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=10))
        if wanted(message):
            return message


@pytest.mark.parametrize("size", [5_000, 100_000, 900_000])
def test_a_large_frame_is_answered_too_large_and_the_socket_stays_open(
    db_url: str, size: int
) -> None:
    with live_server(db_url) as (host, port):
        base = f"http://{host}:{port}"
        game, token = _game(base)
        with _open(base, game, token) as socket:
            socket.send(json.dumps({"type": "ping", "id": 1, "pad": "x" * size}))
            error = _until(socket, lambda m: m["type"] == "error")
            assert error["code"] == "too_large" and error["message_fa"]
            socket.send(json.dumps({"type": "ping", "id": 2}))
            assert _until(socket, lambda m: m["type"] == "pong")["id"] == 2


@pytest.mark.parametrize("text", [True, False])
def test_a_frame_over_a_mebibyte_closes_with_1009_and_the_server_goes_on(
    db_url: str, text: bool
) -> None:
    with live_server(db_url) as (host, port):
        base = f"http://{host}:{port}"
        game, token = _game(base)
        with _open(base, game, token) as socket:
            frame = b"x" * (MAX_FRAME_BYTES + 1)
            socket.send(frame.decode() if text else frame)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    socket.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        with _open(base, game, token) as other:
            other.send(json.dumps({"type": "ping", "id": 8}))
            assert _until(other, lambda m: m["type"] == "pong")["id"] == 8


def test_a_text_frame_that_is_not_utf8_closes_with_one_log_line(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with live_server(db_url) as (host, port):
        base = f"http://{host}:{port}"
        game, token = _game(base)
        with caplog.at_level(logging.INFO), _open(base, game, token) as socket:
            # One frame: the server closes at once, so a second send could meet a reset.
            socket.send(b"\xff\xfe\xfd", text=True)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    socket.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
        with _open(base, game, token) as other:  # the server goes on
            other.send(json.dumps({"type": "ping", "id": 9}))
            assert _until(other, lambda m: m["type"] == "pong")["id"] == 9
    utf8 = [record for record in caplog.records if "not UTF-8" in record.getMessage()]
    assert len(utf8) == 1 and utf8[0].exc_info is None
    assert not any(record.exc_info for record in caplog.records)


@pytest.mark.parametrize(
    "raw",
    [
        '{"type": "<b>teleport</b>", "id": 43, "seq": 0, "note": "PRIVATE-INPUT"}',
        '{"type": "PRIVATE-INPUT", "id": 43}',
        '{"type": "roll", "id": 43, "seq": 0, "<b>PRIVATE-INPUT</b>": true}',
    ],
)
def test_refusals_never_echo_the_message(server: Harness, raw: str) -> None:
    game = server.new_game("echo", mode="hotseat")
    with server.socket("echo", game["id"]) as ws:
        ws.send(raw)
        error = ws.until("error")
        assert error["id"] == 43 and error["code"] in ("unknown_type", "invalid")
        for text in (error["message"], error["message_fa"]):
            assert "PRIVATE" not in text and "<b>" not in text, text
        assert ws.act("roll")["type"] == "ack"
