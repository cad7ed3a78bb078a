"""Play over the game's WebSocket: turns, guidance, refusals, seats, reconnects, claims."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import pytest
from starlette.websockets import WebSocketDisconnect

from nard.match.fair import verify_rolls
from nard.match.record import MatchRecord
from tests.server.conftest import Harness, Socket


def _start(socket: Socket) -> None:
    """Roll the opening until someone starts (ties roll again, R4)."""
    while socket.state["game"]["phase"] == "opening":
        assert socket.act("roll")["type"] == "ack"


def _friend_game(server: Harness, host: str, guest: str) -> str:
    game = server.new_game(host, mode="friend", side="white", length=3)
    server.guest(guest)
    invite = game["invite_url"].rsplit("/", 1)[1]
    assert server.request(guest, "POST", f"/api/invites/{invite}").status_code == 200
    return str(game["id"])


def test_hotseat_turns_with_guidance_undo_and_confirm(server: Harness) -> None:
    game = server.new_game("amy", mode="hotseat", length=3)
    with server.socket("amy", game["id"]) as ws:
        assert ws.received[0]["you"] == ["white", "black"]
        _start(ws)
        game_state = ws.state["game"]
        assert game_state["phase"] == "playing" and ws.state["guide"]["can_confirm"] is False
        origin, targets = next(iter(ws.state["guide"]["destinations"].items()))
        assert ws.act("step", **{"from": int(origin), "to": targets[0]})["type"] == "ack"
        assert len(ws.state["game"]["steps"]) == 1 and ws.state["guide"]["can_undo"]
        assert ws.act("undo")["type"] == "ack"
        assert ws.state["game"]["steps"] == []
        mover = ws.state["game"]["turn"]
        ws.play_turn()
        assert ws.state["game"]["turn"] != mover and ws.state["game"]["phase"] == "rolling"
        for _ in range(6):
            if ws.state["game"]["phase"] == "rolling":
                assert ws.act("roll")["type"] == "ack"
            ws.play_turn()
        assert ws.seq >= 8


def test_an_illegal_step_is_explained_in_english_and_persian_and_changes_nothing(
    server: Harness,
) -> None:
    game = server.new_game("ben", mode="hotseat")
    with server.socket("ben", game["id"]) as ws:
        _start(ws)
        seq = ws.seq
        wrong_way = ws.act("step", **{"from": 13, "to": 20})
        assert wrong_way["type"] == "error" and wrong_way["code"] == "illegal_play"
        assert wrong_way["explanation"]["code"] == "wrong-direction"
        assert wrong_way["message_fa"] and wrong_way["message"] and wrong_way["rule"] == "R1"
        # 6/1, five pips onto the opponent's 24-point (two checkers): a closed point with
        # a 5, a step over two dice with 4-1 or 3-2, else a die not rolled.
        blocked = ws.act("step", **{"from": 6, "to": 1})
        dice = ws.state["game"]["dice"]
        expected = (
            "closed-point" if 5 in dice else "combined-step" if sum(dice) == 5 else "die-not-rolled"
        )
        assert blocked["type"] == "error" and blocked["explanation"]["code"] == expected
        assert blocked["explanation"]["message_fa"]
        bad_play = ws.act("play", steps=[[24, 23], [24, 23]])
        assert bad_play["type"] == "error" and bad_play["explanation"]["rule"]
        assert ws.act("confirm")["code"] == "illegal_play"
        assert ws.seq == seq
        assert ws.act("double")["code"] in ("phase", "cube")
        assert ws.seq == seq


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("not json", "bad_json"),
        ('{"type": "teleport", "seq": 0}', "unknown_type"),
        ('{"seq": 0}', "invalid"),
        ('{"type": "roll"}', "invalid"),
        ('{"type": "roll", "seq": "0"}', "invalid"),
        ('{"type": "step", "from": 30, "to": 2, "seq": 0}', "invalid"),
        ('{"type": "roll", "seq": 0, "sneaky": true}', "invalid"),
        ("[1, 2]", "invalid"),
        (json.dumps({"type": "ping", "pad": "x" * 5000}), "too_large"),
    ],
)
def test_malformed_messages_get_clear_errors_and_the_socket_survives(
    server: Harness, raw: str, code: str
) -> None:
    game = server.new_game("cat", mode="hotseat")
    with server.socket("cat", game["id"]) as ws:
        ws.send(raw)
        error = ws.until("error")
        assert error["code"] == code and error["message"] and error["message_fa"]
        ws.session.send_bytes(b"\x00\x01")
        assert ws.until("error")["code"] == "bad_frame"
        ws.send({"type": "ping"})
        assert ws.until("pong")["type"] == "pong"
        assert ws.seq == 0 and ws.act("roll")["type"] == "ack"


def test_nobody_acts_for_another_seat_or_out_of_turn(server: Harness) -> None:
    game_id = _friend_game(server, "dan", "eli")
    with server.socket("dan", game_id) as white, server.socket("eli", game_id) as black:
        assert white.received[0]["you"] == ["white"] and black.received[0]["you"] == ["black"]
        _start(white)
        while black.seq < white.seq:  # black sees the opening too, to act on it
            black.recv()
        mover, idle = (white, black) if white.state["game"]["turn"] == "white" else (black, white)
        seq = mover.seq
        refused = idle.act("step", **{"from": 24, "to": 23})
        assert refused["type"] == "error" and refused["code"] in ("out_of_turn", "illegal_play")
        as_other = idle.act("confirm", side="white" if idle is black else "black")
        assert as_other["code"] == "not_your_seat"
        assert idle.act("roll")["code"] in ("out_of_turn", "phase")
        assert server.request("dan", "GET", f"/api/games/{game_id}").json()["seq"] == seq
        mover.play_turn()
        assert mover.seq > seq


def test_two_racing_identical_actions_apply_exactly_once(server: Harness) -> None:
    game = server.new_game("fay", mode="hotseat")
    with server.socket("fay", game["id"]) as one, server.socket("fay", game["id"]) as two:
        _start(one)
        seq = one.seq
        origin, targets = next(iter(one.state["guide"]["destinations"].items()))
        step = {"type": "step", "from": int(origin), "to": targets[0], "seq": seq}
        first = one.send(step)
        second = two.send(step)
        answers = [
            next(
                m
                for m in iter(one.recv, None)
                if m.get("id") == first and m["type"] in ("ack", "error")
            ),
            next(
                m
                for m in iter(two.recv, None)
                if m.get("id") == second and m["type"] in ("ack", "error")
            ),
        ]
        assert sorted(answer["type"] for answer in answers) == ["ack", "error"]
        assert next(a for a in answers if a["type"] == "error")["code"] == "stale"
        record = MatchRecord.from_json(
            server.request("fay", "GET", f"/api/games/{game['id']}/record.json").text
        )
        assert len(record.actions) == seq + 1


def test_spectators_watch_but_cannot_act(server: Harness) -> None:
    game = server.new_game("gus", mode="hotseat")
    watch = game["watch_url"].split("token=")[1]
    with (
        server.socket(None, game["id"], f"watch={watch}") as spectator,
        server.socket("gus", game["id"]) as player,
    ):
        assert spectator.received[0]["you"] == []
        assert spectator.act("roll")["code"] == "spectator"
        player.act("roll")
        update = spectator.until("update")
        assert update["seq"] == 1
    with pytest.raises(WebSocketDisconnect), server.socket(None, game["id"], "watch=guess"):
        pass  # no valid token: the handshake is refused


def test_reconnect_with_the_last_seen_seq_gets_what_was_missed(server: Harness) -> None:
    game = server.new_game("hank", mode="hotseat")
    with server.socket("hank", game["id"]) as ws:
        _start(ws)
        seen = ws.seq
        ws.play_turn()
        ws.act("roll")
        last = ws.seq
    with server.socket("hank", game["id"], f"since={seen}") as again:
        updates = [m for m in again.received if m["type"] == "update"]
        assert [m["seq"] for m in updates] == list(range(seen + 1, last + 1))
        assert again.seq == last
    with server.socket("hank", game["id"]) as third:
        third.send({"type": "sync", "since": 0})
        seqs: list[int] = []
        while len(seqs) < last:
            message = third.recv()
            if message["type"] == "update":
                seqs.append(message["seq"])
        assert seqs == list(range(1, last + 1))


def test_messages_are_rate_limited_per_connection(server_factory: Callable[..., Harness]) -> None:
    server = server_factory(rate_per_s=1.0, rate_burst=5)
    game = server.new_game("ivy", mode="hotseat")
    with server.socket("ivy", game["id"]) as ws:
        for _ in range(12):
            ws.send({"type": "ping"})
        answers = [ws.until("pong", "error") for _ in range(12)]
        assert sum(a["type"] == "pong" for a in answers) <= 6
        assert any(a.get("code") == "rate_limited" for a in answers)


def test_claim_only_after_the_opponent_has_been_away_long_enough(
    server_factory: Callable[..., Harness],
) -> None:
    # Long enough that a loaded machine's pauses (CI) don't use up the wait before the
    # early claim is tried; the checks below read the time from the seats, not a guess.
    wait = 1.5
    server = server_factory(claim_after_s=wait)
    game_id = _friend_game(server, "jim", "kim")
    with server.socket("kim", game_id) as black:
        with server.socket("jim", game_id) as white:
            white.act("roll")
            time.sleep(wait + 0.05)  # long enough, but kim is here
            assert white.act("claim")["code"] == "cannot_claim"
        # The seats say when the claim will be allowed: the page counts down to it.
        while True:
            seats = black.until("presence")["seats"]
            away = next(seat for seat in seats if seat["side"] == "white")
            if not away["connected"]:
                break
            assert away["claim_in"] is None
        assert 0 < away["claim_in"] <= wait
        assert next(seat for seat in seats if seat["side"] == "black")["claim_in"] is None
        assert black.act("claim")["code"] == "cannot_claim"  # jim only just left
        # Claimed once the wait is over (asked again until then: "wait 0 s more" may still
        # come while the last fraction of a second runs out).
        time.sleep(away["claim_in"])
        deadline = time.monotonic() + wait + 2
        while (answer := black.act("claim"))["type"] != "ack":
            assert answer["code"] == "cannot_claim" and time.monotonic() < deadline, answer
            time.sleep(0.1)
        # The ack goes out first; the new state follows to every socket of the game.
        black.until("state")
        assert black.game["status"] == "finished"
        assert black.game["result"] == {
            "winner": "black",
            "reason": "claimed",
            "score": [0, 0],
            "ending": "forfeit",
            "kind": None,
        }
        assert black.game["fair_dice"]["server_seed"]


def test_no_claim_against_the_bot_or_in_hotseat(server: Harness) -> None:
    game = server.new_game("lou", mode="hotseat")
    with server.socket("lou", game["id"]) as ws:
        assert ws.act("claim")["code"] == "cannot_claim"


def test_a_finished_match_reveals_the_seed_and_its_dice_verify(server: Harness) -> None:
    game = server.new_game("max", mode="hotseat", length=1, client_seed="max")
    with server.socket("max", game["id"]) as ws:
        ws.send({"type": "client_seed", "seed": "second"})
        assert ws.until("ack", "error")["type"] == "ack"
        _start(ws)
        ws.play_turn()
        ws.act("roll")
        loser = ws.state["game"]["turn"]
        assert ws.act("resign", kind="gammon", side=loser)["type"] == "ack"
        assert ws.act("accept_resignation")["type"] == "ack"
        assert ws.game["status"] == "finished" and ws.state["match"]["over"]
        fair = ws.game["fair_dice"]
        assert fair["server_seed"] and fair["client_seeds"] == ["max", "second"]
        ws.send({"type": "client_seed", "seed": "too late"})
        assert ws.until("ack", "error")["code"] == "seeds_fixed"
        assert ws.act("roll")["code"] == "finished"
    record = MatchRecord.from_json(
        server.request("max", "GET", f"/api/games/{game['id']}/record.json").text
    )
    assert record.fair_dice is not None and record.fair_dice.server_seed == fair["server_seed"]
    assert record.fair_dice.verify(record).ok
    rolls = record.replay().dice_rolls()
    assert verify_rolls(fair["server_seed"], fair["commitment"], ["max", "second"], rolls).ok
    finished = server.request("max", "GET", "/api/games", params={"finished": True}).json()
    assert game["id"] in [item["id"] for item in finished["data"]]


def test_the_bot_answers_in_its_turn(server: Harness) -> None:
    game = server.new_game("ned", mode="bot", length=1, bot_level="beginner", side="white")
    with server.socket("ned", game["id"]) as ws:
        _start(ws)
        for _ in range(4):
            if ws.state["game"]["to_act"] == "white":
                if ws.state["game"]["phase"] == "rolling":
                    assert ws.act("roll")["type"] == "ack"
                ws.play_turn()
            if ws.state["match"]["over"]:
                break
            deadline = time.monotonic() + 30
            while ws.state["game"]["to_act"] != "white" and time.monotonic() < deadline:
                ws.recv()
            assert ws.state["game"]["to_act"] == "white"
        bot_moves = [
            event
            for message in ws.received
            if message["type"] == "update"
            for event in message["events"]
            if event["type"] == "play_made" and event["side"] == "black"
        ]
        assert bot_moves
        assert ws.act("step", side="black", **{"from": 24, "to": 23})["code"] in ("not_your_seat",)


def test_unknown_games_and_strangers_are_refused(server: Harness) -> None:
    game = server.new_game("oli", mode="hotseat")
    server.guest("pat")
    for who, game_id in (("oli", "no-such-game"), ("pat", game["id"])):
        with pytest.raises(WebSocketDisconnect), server.socket(who, game_id):
            pass  # the handshake is refused


def test_analysis_on_request_reports_progress_then_the_result(server: Harness) -> None:
    game = server.new_game("quin", mode="hotseat", length=1)
    with server.socket("quin", game["id"]) as ws:
        _start(ws)
        for _ in range(3):
            ws.play_turn()
            ws.act("roll")
        ws.play_turn()
        started = server.request("quin", "POST", f"/api/games/{game['id']}/analysis")
        assert started.status_code == 202 and started.json()["status"] in ("running", "done")
        reports = [ws.until("analysis")]
        while reports[-1]["status"] == "running":
            reports.append(ws.until("analysis"))
    final = reports[-1]
    assert final["status"] == "done", final
    assert final["result"]["stats"] and final["done"] == final["total"] > 0
    assert any(report["status"] == "running" for report in reports)
    read = server.request("quin", "GET", f"/api/games/{game['id']}/analysis").json()
    assert read["status"] == "done" and read["result"] == final["result"]


def test_the_analysis_searches_as_deep_as_the_server_is_told(
    server_factory: Callable[..., Harness],
) -> None:
    server = server_factory(analysis_plies=1)
    game = server.new_game("rue", mode="hotseat", length=1)
    with server.socket("rue", game["id"]) as ws:
        _start(ws)
        ws.play_turn()
        server.request("rue", "POST", f"/api/games/{game['id']}/analysis")
        report = ws.until("analysis")
        while report["status"] == "running":
            report = ws.until("analysis")
    assert report["status"] == "done", report
    assert report["result"]["plies"] == 1 and report["result"]["evaluator"] == "bgsage 1-ply"


def test_an_update_carries_what_changed_and_merges_into_the_whole_game(server: Harness) -> None:
    game = server.new_game("uma", mode="hotseat", length=3)
    with server.socket("uma", game["id"]) as ws:
        _start(ws)
        ws.play_turn()
        updates = [message for message in ws.received if message["type"] == "update"]
        assert updates and all("settings" not in m["game"] for m in updates)
        assert all("seats" not in m["game"] and "state" in m["game"] for m in updates)
        merged = ws.game
        fresh = server.request("uma", "GET", f"/api/games/{game['id']}").json()
    for key in ("id", "mode", "status", "seq", "settings", "seats", "fair_dice", "result", "state"):
        assert merged[key] == fresh[key], key
