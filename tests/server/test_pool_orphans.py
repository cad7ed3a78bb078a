"""``kill -9`` of ``nard serve``: its bot pool's worker processes die with it (issue 27,
item 8) instead of running on as orphans that hold the engine's memory."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import pytest

from tests.server.test_clock_restart import _roll_opening
from tests.server.test_restart import Client, _free_port, _server, _state

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"),
]


def _children(pid: int) -> set[int]:
    """The living processes whose parent is ``pid`` (zombies are dead)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_bot_pool_dies_with_a_killed_server(tmp_path: Path) -> None:
    port = _free_port()
    url = f"sqlite:///{tmp_path / 'nard.sqlite3'}"
    with _server(url, port, tmp_path / "server.log") as process, Client(port) as client:
        game = client.new_game(mode="bot", length=1, bot_level="beginner", side="white")
        with client.socket(game["id"]) as ws:
            current = _roll_opening(ws, _state(ws))
        if current["state"]["game"]["to_act"] == "white":  # else the bot thinks in the pool
            hint = client.http.post(
                f"/api/games/{game['id']}/hint", json={"seq": current["seq"]}, timeout=60
            )
            assert hint.status_code == 200, hint.text
        deadline = time.monotonic() + 30
        while not (pool := _children(process.pid)):
            assert time.monotonic() < deadline, "the bot's pool never started"
            time.sleep(0.1)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        deadline = time.monotonic() + 5
        while alive := {pid for pid in pool if _alive(pid)}:
            assert time.monotonic() < deadline, f"orphans left running: {sorted(alive)}"
            time.sleep(0.1)
