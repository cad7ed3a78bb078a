"""What the web app reads: the settings in the game state, the analysis' progress and result."""

from __future__ import annotations

import time

from nard.core.rules import IRANIAN
from tests.server.conftest import Harness


def test_settings_in_the_state(server: Harness) -> None:
    game = server.new_game(
        "gus", mode="bot", length=3, rules={"preset": "iranian"}, bot_level="beginner"
    )
    settings = game["settings"]
    assert settings["rules"]["escape_after_hit"] is IRANIAN.escape_after_hit
    assert settings["rules"]["no_backgammon"] is IRANIAN.no_backgammon
    assert settings["length"] == 3 and settings["crawford"] is True
    assert settings["bot_level"] == "beginner" and settings["options"]["opening"] == "standard"
    record = server.request("gus", "GET", f"/api/games/{game['id']}/record.json").json()
    assert settings["rules"] == {**record["rules"], "preset": "iranian"}
    assert settings["options"] == record["options"]
    with server.socket("gus", game["id"]) as ws:
        assert ws.game["settings"] == settings
    hotseat = server.new_game("gus", mode="hotseat", length=None, rules={"cube": False})
    assert hotseat["settings"]["rules"]["cube"] is False
    # The cube is named on its own: with it off, the switches are still Standard's.
    assert hotseat["settings"]["rules"]["preset"] == "standard"
    assert hotseat["settings"]["bot_level"] is None


def test_analysis_answer_has_progress_and_analysis(server: Harness) -> None:
    game = server.new_game("hil", mode="hotseat", length=1)
    with server.socket("hil", game["id"]) as ws:
        while ws.state["game"]["phase"] == "opening":
            assert ws.act("roll")["type"] == "ack"
        for _ in range(2):
            ws.play_turn()
            ws.act("roll")
        ws.play_turn()
    url = f"/api/games/{game['id']}/analysis"
    started = server.request("hil", "POST", url).json()
    assert 0.0 <= started["progress"] <= 1.0
    deadline = time.monotonic() + 120
    read = server.request("hil", "GET", url).json()
    while read["status"] == "running" and time.monotonic() < deadline:
        assert 0.0 <= read["progress"] <= 1.0 and read["analysis"] is None
        time.sleep(0.2)
        read = server.request("hil", "GET", url).json()
    assert read["status"] == "done" and read["progress"] == 1.0
    assert read["analysis"] == read["result"] and read["analysis"]["games"]
    assert read["analysis"]["stats"]
