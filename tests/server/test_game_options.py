"""The cube options of a new game (Jacoby, beavers, Crawford) and the bot's levels."""

from __future__ import annotations

import pytest

from nard.ai.bot import LEVELS
from tests.server.conftest import Harness


@pytest.mark.parametrize("options", [{"jacoby": True}, {"beavers": True}, {"automatic_doubles": 1}])
def test_money_only_options_in_a_match_are_refused_in_both_languages(
    server: Harness, options: dict[str, object]
) -> None:
    server.guest("ana")
    response = server.request(
        "ana", "POST", "/api/games", json={"mode": "bot", "length": 5, "options": options}
    )
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["code"] == "money_only"
    assert "money play" in body["message"] and "Jacoby" in body["message"]
    assert "جاکوبی" in body["message_fa"] and "R۱۹" in body["message_fa"]
    assert server.request("ana", "GET", "/api/games").json()["count"] == 0  # nothing saved


def test_money_options_and_crawford_are_kept_in_the_settings(server: Harness) -> None:
    money = server.new_game(
        "ben", mode="hotseat", length=None, options={"jacoby": False, "beavers": True}
    )
    assert money["settings"]["options"]["beavers"] is True
    assert money["settings"]["options"]["jacoby"] is False
    jacoby = server.new_game("ben", mode="friend", length=None, options={"jacoby": True})
    assert jacoby["settings"]["options"]["jacoby"] is True
    match = server.new_game("ben", mode="bot", length=5)
    assert match["settings"]["crawford"] is True  # the standard, by default
    no_crawford = server.new_game("ben", mode="bot", length=5, crawford=False)
    assert no_crawford["settings"]["crawford"] is False
    record = server.request("ben", "GET", f"/api/games/{no_crawford['id']}/record.json").json()
    assert record["crawford_rule"] is False


def test_every_bot_level_may_be_chosen_and_no_other(server: Harness) -> None:
    for level in LEVELS:
        game = server.new_game("cal", mode="bot", length=1, bot_level=level)
        assert game["settings"]["bot_level"] == level
        assert f"Bot ({level})" in [seat["name"] for seat in game["seats"]]
    assert "world_class" in LEVELS
    unknown = server.request("cal", "POST", "/api/games", json={"mode": "bot", "bot_level": "god"})
    assert unknown.status_code == 422
