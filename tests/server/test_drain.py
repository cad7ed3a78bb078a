"""SIGTERM drains a real ``nard serve``: its sockets are told to reconnect (1012),
the action in flight is committed and acknowledged, and the process exits cleanly;
with a notice, ``/readyz`` says 503 first while the instance still serves."""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from nard.storage.games import GameRepository
from nard.storage.session import make_engine, make_sessions
from tests.server.own_redis import eventually
from tests.server.test_restart import Client, _free_port, _next_action, _recv, _server, _state

pytestmark = pytest.mark.slow


def test_sigterm_tells_sockets_to_reconnect_and_keeps_every_ack(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'drain.sqlite3'}"
    port = _free_port()
    acked: list[int] = []
    with _server(url, port, tmp_path / "server.log") as process, Client(port) as client:
        game = client.new_game(mode="hotseat", length=3)
        with client.socket(game["id"]) as ws:
            current: dict[str, Any] = _state(ws)
            for number in range(6):
                ws.send(json.dumps({**_next_action(current), "seq": current["seq"], "id": number}))
                ack = None
                # The ack may come before its update (the fan-out): read both.
                while ack is None or current["seq"] < ack:
                    message = _recv(ws)
                    if message["type"] == "update":
                        current = message["game"]
                    elif message["type"] == "ack":
                        ack = message["seq"]
                acked.append(ack)
            ws.send(json.dumps({**_next_action(current), "seq": current["seq"], "id": 99}))
            process.send_signal(signal.SIGTERM)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    message = _recv(ws)
                    if message["type"] == "ack":
                        acked.append(message["seq"])
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        # uvicorn ends a graceful shutdown by raising the signal it caught again.
        assert process.wait(30) in (0, -signal.SIGTERM)
    assert "Traceback" not in (tmp_path / "server.log").read_text()
    engine = make_engine(url)
    with make_sessions(engine)() as session:
        row = GameRepository(session).by_public_id(game["id"])
        assert row is not None and row.seq >= max(acked) >= 6
    engine.dispose()


def test_readyz_answers_503_from_sigterm_on_while_the_notice_still_serves(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'notice.sqlite3'}"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    # A notice far longer than the test: the second SIGTERM ends it.
    with (
        _server(url, port, tmp_path / "server.log", NARD_DRAIN_NOTICE_S="600") as process,
        Client(port) as client,
    ):
        game = client.new_game(mode="hotseat", length=3)
        with client.socket(game["id"]) as ws:
            current: dict[str, Any] = _state(ws)
            assert httpx.get(f"{base}/readyz").status_code == 200
            process.send_signal(signal.SIGTERM)
            eventually(lambda: httpx.get(f"{base}/readyz").status_code == 503, "still ready")
            answer = httpx.get(f"{base}/readyz").json()
            assert answer["failed"] == {"drain": "shutting down"}
            # Out of the balancer's pool, yet every player here goes on playing.
            assert httpx.get(f"{base}/healthz").status_code == 200
            ws.send(json.dumps({**_next_action(current), "seq": current["seq"], "id": 1}))
            while (message := _recv(ws))["type"] != "ack":
                assert message["type"] != "error", message
            assert message["seq"] == current["seq"] + 1
            process.send_signal(signal.SIGTERM)  # the drain itself, now
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    _recv(ws)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        assert process.wait(30) in (0, -signal.SIGTERM)
    assert "Traceback" not in (tmp_path / "server.log").read_text()
