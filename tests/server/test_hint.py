"""Hints over HTTP: the best plays of the roll, in a game against the bot."""

from __future__ import annotations

import time
from typing import Any

import pytest

from nard.ai.cube import CubeState
from nard.ai.hint import hint_plays
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.notation import format_play, parse_play
from nard.core.plays import is_legal
from nard.core.rules import STANDARD
from tests.server.conftest import Harness, Socket

# A money game without the cube: the bot never doubles, so the turns stay plain.
NO_CUBE = {"mode": "bot", "length": None, "rules": {"cube": False}, "bot_level": "beginner"}


def _hint(server: Harness, name: str | None, game_id: str, seq: int, **params: Any) -> Any:
    return server.request(
        name, "POST", f"/api/games/{game_id}/hint", json={"seq": seq}, params=params
    )


def _my_roll(ws: Socket, side: str) -> None:
    """Play on (opening, the bot's turns, my roll) until ``side`` has dice to play."""
    while ws.state["game"]["phase"] == "opening":
        assert ws.act("roll")["type"] == "ack"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        game = ws.state["game"]
        if game["to_act"] != side:
            ws.recv()
        elif game["phase"] == "rolling":
            assert ws.act("roll")["type"] == "ack"
        elif game["phase"] == "playing":
            return
        else:
            pytest.fail(f"unexpected phase {game['phase']}")
    pytest.fail("the bot did not answer")


def test_hint_gives_the_engines_best_legal_plays(server: Harness) -> None:
    game = server.new_game("ava", side="white", **NO_CUBE)
    with server.socket("ava", game["id"]) as ws:
        _my_roll(ws, "white")
        state = ws.state["game"]
        seq = ws.seq
        response = _hint(server, "ava", game["id"], seq)
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["seq"] == seq
    plays = answer["plays"]
    position = Position.from_id(state["position_id"], turn=Side.WHITE)
    roll = Roll(*state["dice"])
    assert 1 <= len(plays) <= 5
    for item in plays:
        play = parse_play(item["play"], position, roll)
        assert is_legal(position, roll, play, STANDARD), item
        # The steps the page draws are the play's (the notation's), from the engine.
        steps = sorted((step["from"], step["to"]) for step in item["steps"])
        assert steps == sorted((step.from_point, step.to_point) for step in play.steps), item
    assert len({item["play"] for item in plays}) == len(plays)
    # Best first: the losses are measured from the first play.
    assert plays[0]["loss"] == 0.0
    for item in plays:
        assert item["loss"] == pytest.approx(plays[0]["equity"] - item["equity"], abs=1e-9)
    expected = hint_plays(position, roll, STANDARD, cube=CubeState(), limit=5)
    assert [item["play"] for item in plays] == [format_play(item.play) for item in expected]
    assert [item["equity"] for item in plays] == pytest.approx(
        [item.equity for item in expected], abs=1e-6
    )
    # A hint changes nothing.
    after = server.request("ava", "GET", f"/api/games/{game['id']}").json()
    assert after["seq"] == seq and after["state"]["game"]["steps"] == []


def test_hint_is_refused_out_of_place(server_factory: Any) -> None:
    # The bot waits before it acts, so its turn can be asked about.
    server: Harness = server_factory(bot_delay_s=1.0)
    game = server.new_game("bob", side="white", **NO_CUBE)
    watch = game["watch_url"].split("token=")[1]
    server.guest("cat")
    with server.socket("bob", game["id"]) as ws:
        _my_roll(ws, "white")
        seq = ws.seq
        spectator = _hint(server, "cat", game["id"], seq, watch=watch)
        assert spectator.status_code == 403 and spectator.json()["code"] == "spectator"
        assert _hint(server, "cat", game["id"], seq).status_code == 404  # no link, no game
        for wrong in (seq - 1, seq + 3):
            stale = _hint(server, "bob", game["id"], wrong)
            assert stale.status_code == 409 and stale.json()["code"] == "stale"
        guide = ws.state["guide"]
        origin, targets = next(iter(guide["destinations"].items()))
        assert ws.act("step", **{"from": int(origin), "to": targets[0]})["type"] == "ack"
        stepped = _hint(server, "bob", game["id"], ws.seq)
        assert stepped.status_code == 409 and stepped.json()["code"] == "hint_after_step"
        assert stepped.json()["message_fa"]
        ws.play_turn()
        assert ws.state["game"]["to_act"] == "black"
        bots_turn = _hint(server, "bob", game["id"], ws.seq)
        assert bots_turn.status_code == 409 and bots_turn.json()["code"] == "out_of_turn"
        _my_roll(ws, "white")
        # Nothing above changed the game: the dice are still there to play.
        assert _hint(server, "bob", game["id"], ws.seq).status_code == 200


def test_hint_before_rolling_is_refused(server: Harness) -> None:
    game = server.new_game("dan", side="white", **NO_CUBE)
    with server.socket("dan", game["id"]) as ws:
        _my_roll(ws, "white")
        ws.play_turn()
        deadline = time.monotonic() + 60
        while ws.state["game"]["to_act"] != "white" and time.monotonic() < deadline:
            ws.recv()
        assert ws.state["game"]["phase"] == "rolling"
        early = _hint(server, "dan", game["id"], ws.seq)
        assert early.status_code == 409 and early.json()["code"] == "phase"


def test_no_hints_against_a_friend_or_in_hotseat(server: Harness) -> None:
    game = server.new_game("eve", mode="friend", side="white", length=3)
    server.guest("fay")
    invite = game["invite_url"].rsplit("/", 1)[1]
    assert server.request("fay", "POST", f"/api/invites/{invite}").status_code == 200
    hotseat = server.new_game("eve", mode="hotseat")
    for game_id in (game["id"], hotseat["id"]):
        with server.socket("eve", game_id) as ws:
            while ws.state["game"]["phase"] == "opening":
                assert ws.act("roll")["type"] == "ack"
            refused = _hint(server, "eve", game_id, ws.seq)
            assert refused.status_code == 403 and refused.json()["code"] == "no_hint"


def test_openapi_lists_the_hint(server: Harness) -> None:
    # The web app shows its Hint button only when the server lists the path.
    paths = server.client.get("/openapi.json").json()["paths"]
    assert "post" in paths["/api/games/{public_id}/hint"]


def test_hints_over_http_are_limited_per_player(server_factory: Any) -> None:
    server: Harness = server_factory(hints_per_player=2)
    game = server.new_game("dan", side="white", **NO_CUBE)
    with server.socket("dan", game["id"]) as ws:
        _my_roll(ws, "white")
        asked = [_hint(server, "dan", game["id"], ws.seq) for _ in range(3)]
    assert [answer.status_code for answer in asked] == [200, 200, 429]
    refused = asked[-1]
    assert refused.json()["code"] == "rate_limited" and refused.json()["message_fa"]
    assert int(refused.headers["retry-after"]) >= 1
