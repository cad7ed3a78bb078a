"""Analyses live in the database: one server process reads another's progress
and result, and a finished analysis stays with its game when it goes on."""

from __future__ import annotations

import time
from typing import Any

from tests.server.conftest import Harness


def _wait_done(server: Harness, name: str, url: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    read: dict[str, Any] = server.request(name, "GET", url).json()
    while read["status"] == "running" and time.monotonic() < deadline:
        time.sleep(0.2)
        read = server.request(name, "GET", url).json()
    return read


def test_another_process_reads_the_analysis_and_old_ones_are_kept(server_factory: Any) -> None:
    first, second = server_factory(), server_factory()
    game = first.new_game("rae", mode="hotseat", length=1)
    second.tokens["rae"] = first.tokens["rae"]
    url = f"/api/games/{game['id']}/analysis"
    with first.socket("rae", game["id"]) as ws:
        while ws.state["game"]["phase"] == "opening":
            assert ws.act("roll")["type"] == "ack"
        ws.play_turn()
        assert second.request("rae", "GET", url).json()["status"] == "none"
        started = first.request("rae", "POST", url).json()
        assert started["seq"] == ws.seq
        seen = second.request("rae", "GET", url).json()
        assert seen["seq"] == ws.seq and seen["status"] in ("running", "done")
        done = _wait_done(second, "rae", url)
        assert done["status"] == "done" and done["result"]["games"]
        # Asked again of the other process: the same analysis, not a second one.
        assert second.request("rae", "POST", url).json() == done
        assert ws.act("roll")["type"] == "ack"
        later = second.request("rae", "POST", url).json()
        assert later["seq"] == done["seq"] + 1
        assert _wait_done(first, "rae", url)["seq"] == later["seq"]
