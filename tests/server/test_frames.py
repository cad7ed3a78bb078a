"""The frames of a match, served: ``GET /api/games/{id}/frames`` (the access of
``record.json``) and the ``frames`` of each ``update`` (docs/protocol.md)."""

from __future__ import annotations

from typing import Any

from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.plays import Play, Step
from nard.match.actions import Double, MakePlay, RollDice, Take
from nard.match.frames import moment_frames, record_frames
from nard.match.game import Game
from nard.match.match import Match
from nard.match.record import MatchRecord
from nard.match.timeline import advance
from nard.server.protocol.frames import frame_view
from tests.server.conftest import Harness, Socket

SIDES = ("white", "black")


def _start(socket: Socket) -> None:
    while socket.state["game"]["phase"] == "opening":
        assert socket.act("roll")["type"] == "ack"


def _last_update(socket: Socket) -> dict[str, Any]:
    update: dict[str, Any] = next(m for m in reversed(socket.received) if m["type"] == "update")
    assert update["seq"] == socket.seq
    return update


def _frames_of_record(server: Harness, name: str, game_id: str) -> list[dict[str, Any]]:
    text = server.request(name, "GET", f"/api/games/{game_id}/record.json").text
    return [
        frame_view(f).model_dump(mode="json") for f in record_frames(MatchRecord.from_json(text))
    ]


def test_the_frames_endpoint_answers_the_match_frames_to_those_who_may_read_the_record(
    server: Harness,
) -> None:
    game = server.new_game("fran", mode="hotseat", length=3)
    with server.socket("fran", game["id"]) as ws:
        _start(ws)
        ws.play_turn()
        ws.act("roll")
        seq, playing = ws.seq, ws.state["game"]["phase"] == "playing"
    answer = server.request("fran", "GET", f"/api/games/{game['id']}/frames")
    assert answer.status_code == 200
    body = answer.json()
    assert body["seq"] == seq
    assert body["frames"] == _frames_of_record(server, "fran", game["id"])
    kinds = [frame["kind"] for frame in body["frames"]]
    assert kinds[0] == "start" and body["frames"][0]["seq"] == 0 and "play" in kinds
    if playing:
        # The turn under way has its roll, no pass or play yet.
        assert kinds[-1] == "roll" and body["frames"][-1]["seq"] == seq
    watch = game["watch_url"].split("token=")[1]
    spectator = server.request(
        None, "GET", f"/api/games/{game['id']}/frames", params={"watch": watch}
    )
    assert spectator.status_code == 200 and spectator.json() == body
    server.guest("stranger")
    assert server.request("stranger", "GET", f"/api/games/{game['id']}/frames").status_code == 404
    assert server.request(None, "GET", f"/api/games/{game['id']}/frames").status_code == 404
    wrong = {"watch": "x" * len(watch)}
    assert (
        server.request(None, "GET", f"/api/games/{game['id']}/frames", params=wrong).status_code
        == 404
    )


def test_each_update_carries_the_frames_its_action_made(server: Harness) -> None:
    game = server.new_game("gwen", mode="hotseat", length=1)
    with server.socket("gwen", game["id"]) as ws:
        while True:
            assert ws.act("roll")["type"] == "ack"
            frames = _last_update(ws)["frames"]
            if ws.state["game"]["phase"] != "opening":
                break
            assert [f["kind"] for f in frames] == ["opening_tie"] and frames[0]["side"] is None
        [roll] = frames
        assert (
            roll["kind"] == "roll"
            and roll["move"] == 1
            and roll["side"] == ws.state["game"]["turn"]
        )
        assert roll["dice"] == ws.state["game"]["dice"] and roll["play"] is None
        guide = ws.state["guide"]
        origin, targets = next(iter(guide["destinations"].items()))
        assert ws.act("step", **{"from": int(origin), "to": targets[0]})["type"] == "ack"
        assert _last_update(ws)["frames"] == []
        # The state counts the pips with the step entered (the roll's frame has them before).
        now = ws.state["game"]
        counted = [sum(p * n for p, n in enumerate(now["board"][side])) for side in SIDES]
        assert now["pips"] == counted and now["pips"] != roll["pips"]
        ws.play_turn()
        [play] = _last_update(ws)["frames"]
        assert play["kind"] == "play" and play["move"] == 1 and play["play"]
        assert play["steps"] and play["steps"][0]["from"] == int(origin)
        assert play["board"] == ws.state["game"]["board"]
        ws.act("roll")
        loser = ws.state["game"]["turn"]
        assert [f["kind"] for f in _last_update(ws)["frames"]] in (["roll"], ["pass"])
        assert ws.act("resign", kind="gammon", side=loser)["type"] == "ack"
        [resign] = _last_update(ws)["frames"]
        assert resign["kind"] == "resign" and resign["resignation"] == "gammon"
        board = ws.state["game"]["board"]
        assert ws.act("accept_resignation")["type"] == "ack"
        accepted, result = _last_update(ws)["frames"]
        assert accepted["kind"] == "resign_accepted" and result["kind"] == "result"
        assert result["side"] != loser and result["result"]["kind"] == "gammon"
        assert result["board"] == board
        seq = ws.seq
    served = server.request("gwen", "GET", f"/api/games/{game['id']}/frames").json()
    assert served["seq"] == seq and served["frames"][-2:] == [accepted, result]
    # A catch-up from the log carries each action's frames too.
    with server.socket("gwen", game["id"], "since=0") as again:
        replayed = [f for m in again.received if m["type"] == "update" for f in m["frames"]]
    assert replayed == served["frames"][1:]


def _near_the_end() -> Match:
    """A money game: White bears off its last two checkers with any roll."""
    position = Position.from_points({1: 1, 2: 1}, {19: 2, 13: 5, 8: 3, 6: 5}, turn=Side.WHITE)
    game = Game.from_position(position)
    return Match(game=game)


def test_a_play_that_ends_the_game_makes_the_play_its_result_and_the_next_start() -> None:
    match = _near_the_end()
    actions = [Double(Side.WHITE), Take(Side.BLACK), RollDice(Side.WHITE, Roll(6, 5))]
    for seq, action in enumerate(actions, start=1):
        match = advance(match, action, seq=seq).match  # type: ignore[assignment]
    assert match is not None
    assert match.game is not None
    played = advance(match, MakePlay(Side.WHITE, Play((Step(2, 0), Step(1, 0)))), seq=4)
    views = [frame_view(frame) for frame in moment_frames(played)]
    assert [view.kind for view in views] == ["play", "result", "start"]
    play, result, start = views
    assert play.play == "2/off 1/off" and result.side == "white" and result.result is not None
    finished = played.after
    assert finished.result is not None and result.result.points == finished.result.points
    # The result shows that game's last board and cube, not the next game's.
    assert result.cube.value == 2 and result.cube.owner == "black"
    assert result.board.white[0] == 15 and result.board.black[19] == 2
    assert result.pips == (0, finished.view(Side.BLACK).pip_counts()[0])
    assert start.game == 2 and start.cube.value == 1 and start.board.white[24] == 2
    assert all(view.seq == 4 for view in views)
