"""A real ``nard serve`` process killed with SIGKILL mid-play and started again.

No acknowledged action may be lost, every game resumes exactly where it was,
and a game against the bot goes on by itself.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from nard.match.record import MatchRecord

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def _server(url: str, port: int, log: Path, **extra: str) -> Iterator[subprocess.Popen[bytes]]:
    env = {**os.environ, "NARD_DATABASE_URL": url, "NARD_BOT_WORKERS": "1", **extra}
    with log.open("ab") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "nard.cli",
                "serve",
                "--port",
                str(port),
                "--log-level",
                "warning",
            ],
            env=env,
            stdout=out,
            stderr=out,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the server did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.1)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


class Client:
    def __init__(self, port: int) -> None:
        self.port = port
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{port}")

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_: object) -> None:
        self.http.close()

    def new_game(self, **body: Any) -> dict[str, Any]:
        response = self.http.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def socket(self, game_id: str, since: int | None = None) -> ClientConnection:
        token = self.http.cookies["nard_token"]
        query = "" if since is None else f"?since={since}"
        return connect(
            f"ws://127.0.0.1:{self.port}/ws/games/{game_id}{query}",
            additional_headers={"Cookie": f"nard_token={token}"},
        )


def _recv(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=30))
    return message


def _state(ws: ClientConnection) -> dict[str, Any]:
    while True:
        message = _recv(ws)
        if message["type"] == "state":
            game: dict[str, Any] = message["game"]
            return game


def _next_action(game: dict[str, Any]) -> dict[str, Any]:
    state = game["state"]
    phase = state["game"]["phase"]
    if phase in ("opening", "rolling"):
        return {"type": "roll"}
    guide = state["guide"]
    if guide["can_confirm"]:
        return {"type": "confirm"}
    origin, targets = next(iter(guide["destinations"].items()))
    return {"type": "step", "from": int(origin), "to": targets[0]}


def test_sigkill_loses_no_acknowledged_action_and_games_resume(db_url: str, tmp_path: Path) -> None:
    port = _free_port()
    log = tmp_path / "server.log"
    acked: dict[int, dict[str, Any]] = {}
    with _server(db_url, port, log) as process, Client(port) as client:
        game = client.new_game(mode="hotseat", length=3)
        bot_game = client.new_game(mode="bot", length=3, bot_level="beginner", side="white")
        with client.socket(bot_game["id"]) as ws:
            current = _state(ws)
            while current["state"]["game"]["phase"] == "opening":
                ws.send(json.dumps({"type": "roll", "seq": current["seq"]}))
                while (message := _recv(ws))["type"] != "ack":
                    current = message.get("game", current)
                current = _state_after(ws, current, message["seq"])
        with client.socket(game["id"]) as ws:
            current = _state(ws)
            for _ in range(25):
                ws.send(json.dumps({**_next_action(current), "seq": current["seq"], "id": 1}))
                ack: dict[str, Any] | None = None
                # The ack goes out before the update reaches the game's sockets.
                while ack is None or current["seq"] < ack["seq"]:
                    message = _recv(ws)
                    if message["type"] == "update":
                        current = message["game"]
                    elif message["type"] == "error":
                        raise AssertionError(message)
                    elif message["type"] == "ack":
                        ack = message
                assert current["seq"] == ack["seq"]
                acked[ack["seq"]] = current["state"]
            # Fire more actions and kill the server while they are in flight.
            ws.send(json.dumps({**_next_action(current), "seq": current["seq"], "id": 2}))
            process.send_signal(signal.SIGKILL)
            process.wait(10)
            try:
                while True:
                    message = _recv(ws)
                    if message["type"] == "update":
                        acked[message["seq"]] = message["game"]["state"]
            except (ConnectionClosed, TimeoutError):  # the connection dies with the server
                pass

    with _server(db_url, port, log), Client(port) as client2:
        client2.http.cookies.update(client.http.cookies)
        last = max(acked)
        with client2.socket(game["id"], since=0) as ws:
            resumed = _state(ws)
            assert resumed["seq"] >= last
            record = MatchRecord.from_json(
                client2.http.get(f"/api/games/{game['id']}/record.json").text
            )
            assert len(record.actions) == resumed["seq"]
            # Exactly where it was: every acknowledged state is the replayed one.
            for seq, state in acked.items():
                replayed = record.replay(seq).game
                assert (
                    replayed is not None and replayed.position.id() == state["game"]["position_id"]
                )
            if resumed["seq"] == last:
                assert resumed["state"] == acked[last]
            ws.send(json.dumps({**_next_action(resumed), "seq": resumed["seq"], "id": 3}))
            while (message := _recv(ws))["type"] not in ("ack", "error"):
                pass
            assert message["type"] == "ack" and message["seq"] == resumed["seq"] + 1
        # The bot game goes on: the bot plays its turns by itself after the restart.
        with client2.socket(bot_game["id"]) as ws:
            current = _state(ws)
            deadline = time.monotonic() + 60
            bot_played = False
            sent_at = -1
            while time.monotonic() < deadline and not bot_played:
                if current["state"]["game"]["to_act"] == "white" and sent_at != current["seq"]:
                    sent_at = current["seq"]
                    ws.send(json.dumps({**_next_action(current), "seq": current["seq"]}))
                message = _recv(ws)
                if message["type"] in ("update", "state"):
                    current = message["game"]
                    events = message.get("events", [])
                    bot_played = any(event.get("side") == "black" for event in events)
                assert message["type"] != "error", message
            assert bot_played


def _state_after(ws: ClientConnection, current: dict[str, Any], seq: int) -> dict[str, Any]:
    while current["seq"] < seq:
        message = _recv(ws)
        if "game" in message:
            current = message["game"]
    return current
