"""A clocked game's server killed with SIGKILL mid-turn: the time-out still comes, on time.

Run with ``-s`` to see the timeline (docs/clocks.md, "Heartbeats, and a restart").
"""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from tests.server.test_restart import Client, _free_port, _recv, _server, _state

pytestmark = pytest.mark.slow

SCALE = "0.1"
"""Blitz at a tenth: a 1-point match has 0.8 s of delay and 2 s of reserve."""


def _say(started: float, text: str) -> None:
    print(f"[{time.monotonic() - started:6.2f} s] {text}")


def _roll_opening(ws: ClientConnection, game: dict[str, Any]) -> dict[str, Any]:
    while game["state"]["game"]["phase"] == "opening":
        ws.send(json.dumps({"type": "roll", "seq": game["seq"], "id": 1}))
        while (message := _recv(ws))["type"] != "ack":
            game = {**game, **message.get("game", {})}
        while game["seq"] < message["seq"]:
            game = {**game, **_recv(ws).get("game", {})}
    return game


def test_a_time_out_survives_a_sigkill_and_comes_on_time(db_url: str, tmp_path: Path) -> None:
    port = _free_port()
    log = tmp_path / "server.log"
    started = time.monotonic()
    server = _server(db_url, port, log, NARD_CLOCK_SCALE=SCALE)
    with server as process, Client(port) as host, Client(port) as guest:
        host.http.post("/api/players/guest", json={"display_name": "host"})
        guest.http.post("/api/players/guest", json={"display_name": "guest"})
        game = host.new_game(mode="friend", length=1, clock="blitz", side="white")
        invite = game["invite_url"].rsplit("/", 1)[1]
        assert guest.http.post(f"/api/invites/{invite}").status_code == 200
        with host.socket(game["id"]) as ws:
            current = _roll_opening(ws, _state(ws))
            side = current["state"]["game"]["to_act"]
            clock = current["clock"]
            _say(started, f"{side} to move, clock {clock['reserve_ms']}, delay 800 ms")
        time.sleep(2.5)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        killed = time.monotonic()
        _say(started, f"SIGKILL after {side} thought 2.5 s (0.8 s delay + 1.7 s reserve)")
        time.sleep(3.0)
        _say(started, "3 s down: longer than anyone's whole reserve")
    with _server(db_url, port, log, NARD_CLOCK_SCALE=SCALE):
        restarted = time.monotonic()
        _say(started, f"restarted ({restarted - killed:.2f} s after the kill)")
        with Client(port) as again:
            again.http.cookies.update(host.http.cookies)
            with again.socket(game["id"]) as ws:
                resumed = _state(ws)
                clock = resumed["clock"]
                reserve = clock["reserve_ms"][0 if side == "white" else 1]
                left = reserve + clock["delay_left_ms"]
                _say(started, f"status {resumed['status']}, {side} has {left} ms left")
                assert resumed["status"] == "active", "the downtime was charged"
                # 0.3 s were left at the kill; the last heartbeat is at most 1 s older.
                assert 250 <= left <= 1_350, "a reserve was reset or the turn not charged"
                seen = time.monotonic()
                finished = _state(ws)
                late = time.monotonic() - seen
                _say(started, f"result {finished['result']} {late:.2f} s later")
    assert finished["result"]["reason"] == "time"
    assert finished["result"]["winner"] != side
    assert abs(late * 1000 - left) < 600, "the flag did not come on time"
