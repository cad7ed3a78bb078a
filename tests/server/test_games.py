"""Games over HTTP: create, invitations, lists, spectators, records, fair dice, analysis."""

from __future__ import annotations

from nard.match.fair import commitment
from nard.match.record import MatchRecord
from tests.server.conftest import Harness


def test_openapi_docs(server: Harness) -> None:
    schema = server.client.get("/openapi.json").json()
    assert "/api/games" in schema["paths"] and "/api/invites/{invite}" in schema["paths"]
    assert server.client.get("/docs").status_code == 200


def test_create_each_kind_of_game(server: Harness) -> None:
    bot = server.new_game("ann", mode="bot", length=3, bot_level="beginner", side="black")
    assert bot["you"] == ["black"] and bot["seats"][0]["is_bot"] and bot["status"] == "active"
    friend = server.new_game("ann", mode="friend", length=None, rules={"preset": "iranian"})
    assert friend["status"] == "waiting" and friend["invite_url"].startswith("/invite/")
    hotseat = server.new_game("ann", mode="hotseat", length=1, rules={"cube": False})
    assert hotseat["you"] == ["white", "black"]
    assert hotseat["state"]["game"]["phase"] == "opening"


def test_creating_a_game_makes_a_guest_if_need_be(server: Harness) -> None:
    response = server.request("newcomer", "POST", "/api/games", json={"mode": "hotseat"})
    assert response.status_code == 201 and "nard_token" in response.cookies


def test_bad_game_settings_are_refused(server: Harness) -> None:
    server.guest("bea")
    for body in (
        {"mode": "chess"},
        {"mode": "bot", "length": 0},
        {"mode": "bot", "length": "5"},
        {"mode": "bot", "bot_level": "god"},
        {"mode": "bot", "options": {"jacoby": True}},  # money-only option in a match (R19)
    ):
        response = server.request("bea", "POST", "/api/games", json=body)
        assert response.status_code in (400, 422), body


def test_the_first_to_open_an_invitation_takes_the_seat(server: Harness) -> None:
    game = server.new_game("host", mode="friend", side="white")
    invite = game["invite_url"].rsplit("/", 1)[1]
    # The creator opening their own link is taken to their game, still waiting.
    own = server.request("host", "POST", f"/api/invites/{invite}")
    assert own.status_code == 200 and own.json()["id"] == game["id"]
    assert own.json()["you"] == ["white"] and own.json()["status"] == "waiting"
    joined = server.request("friend", "POST", f"/api/invites/{invite}")  # a new guest
    assert joined.status_code == 200 and joined.json()["you"] == ["black"]
    assert joined.json()["status"] == "active"
    late = server.request("late", "POST", f"/api/invites/{invite}")
    assert late.status_code == 404  # used up: tokens are single-use
    assert server.request("late", "POST", "/api/invites/not-a-token").status_code == 404


def test_games_are_private_but_spectators_hold_a_link(server: Harness) -> None:
    game = server.new_game("gil", mode="hotseat")
    other = server.new_game("hal", mode="hotseat")
    assert server.request("hal", "GET", f"/api/games/{game['id']}").status_code == 404
    watch = game["watch_url"].split("token=")[1]
    seen = server.request(None, "GET", f"/api/games/{game['id']}", params={"watch": watch})
    assert seen.status_code == 200 and seen.json()["you"] == []
    # A spectator link opens its own game only.
    wrong = server.request(None, "GET", f"/api/games/{other['id']}", params={"watch": watch})
    assert wrong.status_code == 404


def test_my_games_lists_and_records(server: Harness) -> None:
    game = server.new_game("ivy", mode="hotseat", length=1)
    listed = server.request("ivy", "GET", "/api/games").json()
    assert game["id"] in [item["id"] for item in listed["data"]]
    finished = server.request("ivy", "GET", "/api/games", params={"finished": True}).json()
    assert game["id"] not in [item["id"] for item in finished["data"]]
    record = server.request("ivy", "GET", f"/api/games/{game['id']}/record.json")
    assert record.status_code == 200
    parsed = MatchRecord.from_json(record.text)
    me = server.request("ivy", "GET", "/api/players/me").json()["display_name"]
    assert parsed.length == 1 and parsed.players == (me, me)
    mat = server.request("ivy", "GET", f"/api/games/{game['id']}/record.mat")
    assert mat.status_code == 200 and "1 point match" in mat.text


def test_fair_dice_commitment_before_secret_after(server: Harness) -> None:
    game = server.new_game("jo", mode="hotseat", length=1, client_seed="jo's seed")
    fair = server.request("jo", "GET", f"/api/games/{game['id']}/fair-dice").json()
    assert len(fair["commitment"]) == 64 and fair["server_seed"] is None
    assert fair["client_seeds"] == ["jo's seed"]
    unfair = server.new_game("jo", mode="hotseat", fair_dice=False)
    assert server.request("jo", "GET", f"/api/games/{unfair['id']}/fair-dice").status_code == 404
    assert commitment(bytes(32)) != fair["commitment"]


def test_analysis_needs_a_request_first_and_a_seat(server: Harness) -> None:
    game = server.new_game("kai", mode="hotseat")
    # Not asked for yet: "none", a 200 (every replay asks, and a 404 is a console error).
    before = server.request("kai", "GET", f"/api/games/{game['id']}/analysis")
    assert before.status_code == 200 and before.json()["status"] == "none"
    assert before.json()["result"] is None
    server.guest("lea")
    assert server.request("lea", "POST", f"/api/games/{game['id']}/analysis").status_code == 404
