"""Friend games waiting for an opponent are bounded per player and expire (issue 27,
item 7), on SQLite and PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Callable

from tests.server.conftest import Harness


def _invite(game: dict[str, object]) -> str:
    return str(game["invite_url"]).rsplit("/", 1)[1]


def test_a_player_may_have_only_so_many_games_waiting(
    server_factory: Callable[..., Harness],
) -> None:
    server = server_factory(waiting_per_player=3)
    made = [server.new_game("ana", mode="friend", length=1) for _ in range(3)]
    refused = server.request("ana", "POST", "/api/games", json={"mode": "friend", "length": 1})
    assert refused.status_code == 409 and refused.json()["code"] == "too_many_waiting"
    assert "3" in refused.json()["message"] and "۳" in refused.json()["message_fa"]
    # Games that wait for nobody are not counted, nor another player's.
    server.new_game("ana", mode="bot", length=1)
    server.new_game("ana", mode="hotseat", length=1)
    server.new_game("bob", mode="friend", length=1)
    # Once a friend has joined one, another may wait.
    server.guest("cy")
    assert server.request("cy", "POST", f"/api/invites/{_invite(made[0])}").status_code == 200
    server.new_game("ana", mode="friend", length=1)


def test_a_game_nobody_joined_expires_with_its_invitation(
    server_factory: Callable[..., Harness],
) -> None:
    server = server_factory(waiting_expire_s=2.0)  # swept every half second
    waiting = server.new_game("ana", mode="friend", length=1)
    joined = server.new_game("ana", mode="friend", length=1)
    server.guest("bob")
    assert server.request("bob", "POST", f"/api/invites/{_invite(joined)}").status_code == 200
    deadline = time.monotonic() + 15
    while server.request("ana", "GET", f"/api/games/{waiting['id']}").status_code != 404:
        assert time.monotonic() < deadline, "the waiting game never expired"
        time.sleep(0.25)
    late = server.request("bob", "POST", f"/api/invites/{_invite(waiting)}")
    assert late.status_code == 404 and late.json()["code"] == "not_found"
    assert "expired" in late.json()["message"]
    listed = [game["id"] for game in server.request("ana", "GET", "/api/games").json()["data"]]
    assert waiting["id"] not in listed and joined["id"] in listed
    assert server.request("ana", "GET", f"/api/games/{joined['id']}").status_code == 200
    fresh = server.new_game("ana", mode="friend", length=1)  # made now: not yet expired
    assert server.request("ana", "GET", f"/api/games/{fresh['id']}").status_code == 200
