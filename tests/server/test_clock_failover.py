"""A clocked game flags on time when the instance that holds it dies and stays down
(issue 27, item 2): two ``nard serve`` processes on one PostgreSQL and one Redis,
the holder killed with SIGKILL mid-turn, the survivor flags it, once."""

from __future__ import annotations

import secrets
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.dbs import postgres_url
from tests.server.own_redis import reachable
from tests.server.test_clock_restart import SCALE, _roll_opening
from tests.server.test_restart import Client, _free_port, _server, _state

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not reachable(6379), reason="Redis at 127.0.0.1:6379 is down"),
]
REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture
def pg_url() -> Iterator[str]:
    with postgres_url() as url:
        yield url


def test_the_survivor_flags_a_dead_instance_s_clock_on_time_and_once(
    pg_url: str, tmp_path: Path
) -> None:
    shared = {"NARD_REDIS_URL": REDIS, "NARD_REDIS_PREFIX": f"test{secrets.token_hex(4)}:"}
    extra = {**shared, "NARD_CLOCK_SCALE": SCALE}
    holder_port, survivor_port = _free_port(), _free_port()
    log = tmp_path / "servers.log"
    with (
        _server(pg_url, survivor_port, log, **extra),
        _server(pg_url, holder_port, log, **extra) as holder,
        Client(holder_port) as host,
        Client(holder_port) as guest,
    ):
        host.http.post("/api/players/guest", json={"display_name": "host"})
        guest.http.post("/api/players/guest", json={"display_name": "guest"})
        game = host.new_game(mode="friend", length=1, clock="blitz", side="white")
        invite = game["invite_url"].rsplit("/", 1)[1]
        assert guest.http.post(f"/api/invites/{invite}").status_code == 200
        with host.socket(game["id"]) as ws:
            current = _roll_opening(ws, _state(ws))
            seen = time.monotonic()
        side = current["state"]["game"]["to_act"]
        clock = current["clock"]
        left_ms = clock["reserve_ms"][0 if side == "white" else 1] + clock["delay_left_ms"]
        deadline = seen + left_ms / 1000
        time.sleep(0.5)
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)
        url = f"http://127.0.0.1:{survivor_port}/api/games/{game['id']}"
        while True:
            body = httpx.get(url, cookies=host.http.cookies, timeout=10).json()
            if body["status"] == "finished":
                flagged_at = time.monotonic()
                break
            assert time.monotonic() < deadline + 10, "the survivor never flagged the game"
            time.sleep(0.05)
        time.sleep(2.0)  # the sweep goes on: nothing more happens to the game
        again = httpx.get(url, cookies=host.http.cookies, timeout=10).json()
    assert body["result"]["reason"] == "time" and body["result"]["winner"] != side, body
    late_s = flagged_at - deadline
    assert -0.1 <= late_s <= 2.0, f"flagged {late_s:.2f} s after the deadline"
    assert (again["seq"], again["result"]) == (body["seq"], body["result"])
