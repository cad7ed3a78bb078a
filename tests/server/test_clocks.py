"""Clocked games on the server, with time moved by hand (SQLite and PostgreSQL).

The clocks' monotonic source is a number the test sets; the server's timers
are real asyncio timers, armed from that number (``arm`` after moving time
fires them at once).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from nard.server.app import create_app
from nard.server.games import Rooms
from nard.server.games.clocks import Timekeeper
from nard.storage.models import Game as GameRow
from nard.storage.models import GameAction
from nard.storage.session import make_engine, make_sessions
from tests.server.conftest import Harness, Socket, make_settings

BLITZ_1 = 20_000
"""A blitz 1-point match's reserve (ms); the delay is 8 s."""


class FakeTime:
    def __init__(self, start: float = 1_000_000.0) -> None:
        self.ms = start

    def __call__(self) -> float:
        return self.ms


class Clocked:
    """A server whose clocks read :attr:`time`, and its rooms."""

    def __init__(self, client: TestClient, time: FakeTime) -> None:
        self.client = client
        self.harness = Harness(client)
        self.time = time

    @property
    def rooms(self) -> Rooms:
        rooms: Rooms = self.client.app.state.rooms  # type: ignore[attr-defined]
        return rooms

    def wait(self, ms: float) -> None:
        self.time.ms += ms

    def fire_timer(self, game_id: str) -> None:
        """Arm the game's timer now: a deadline passed on the fake clock fires at once."""

        async def arm() -> None:
            live = await self.rooms.registry.get(game_id)
            assert live is not None
            self.rooms.clocks.arm(live)

        self.client.portal.call(arm)  # type: ignore[union-attr]

    def beat(self) -> None:
        self.client.portal.call(self.rooms.clocks.beat)  # type: ignore[union-attr]


@pytest.fixture
def clocked(db_url: str) -> Iterator[Clocked]:
    time = FakeTime()
    app = create_app(make_settings(db_url), timekeeper=Timekeeper(time))
    with TestClient(app) as client:
        yield Clocked(client, time)


def _clocked_game(server: Harness, **body: Any) -> str:
    game = server.new_game("wes", mode="friend", side="white", length=1, clock="blitz", **body)
    server.guest("bea")
    invite = game["invite_url"].rsplit("/", 1)[1]
    assert server.request("bea", "POST", f"/api/invites/{invite}").status_code == 200
    return str(game["id"])


def _opened(white: Socket, black: Socket) -> tuple[Socket, Socket]:
    """Roll the opening; (the mover, the other), both at the same seq."""
    while white.state["game"]["phase"] == "opening":
        assert white.act("roll")["type"] == "ack"
    while black.seq < white.seq:
        black.recv()
    return (white, black) if white.state["game"]["turn"] == "white" else (black, white)


def _flag_seen(socket: Socket) -> dict[str, Any]:
    state: dict[str, Any] = socket.until("state")["game"]
    assert state["status"] == "finished"
    return state


def test_a_clock_is_for_friend_games_and_is_in_the_settings(clocked: Clocked) -> None:
    server = clocked.harness
    server.guest("wes")
    bot = server.request("wes", "POST", "/api/games", json={"mode": "bot", "clock": "blitz"})
    assert bot.status_code == 400 and "clock" in bot.json()["detail"]
    plain = server.new_game("wes", mode="friend")
    assert plain["settings"]["clock"] == "none" and plain["clock"] is None
    game = server.new_game("wes", mode="friend", length=3, clock="rapid")
    assert game["settings"]["clock"] == "rapid"
    clock = game["clock"]
    assert clock["reserve_ms"] == [180_000, 180_000] and clock["running"] is None
    assert clock["delay_ms"] == 10_000
    # A money game (one game on the server) has the reserve of a 7-point match.
    money = server.new_game("wes", mode="friend", length=None, clock="blitz")
    assert money["settings"]["length"] is None
    assert money["clock"]["reserve_ms"] == [7 * BLITZ_1, 7 * BLITZ_1]


def test_the_movers_clock_runs_then_the_delay_then_the_reserve(clocked: Clocked) -> None:
    server = clocked.harness
    server.guest("wes")
    game_id = _clocked_game(server)
    with server.socket("wes", game_id) as white, server.socket("bea", game_id) as black:
        mover, _ = _opened(white, black)
        side = mover.state["game"]["turn"]
        index = 0 if side == "white" else 1
        clock = mover.game["clock"]
        assert clock["running"] == side and clock["delay_left_ms"] == 8_000
        clocked.wait(11_000)  # 8 s of delay, then 3 s of reserve
        mover.play_turn()
        clock = mover.game["clock"]
        assert clock["reserve_ms"][index] == BLITZ_1 - 3_000
        assert clock["running"] == mover.state["game"]["to_act"] != side
        assert clock["delay_left_ms"] == 8_000
        assert clock["reserve_ms"][1 - index] == BLITZ_1


@pytest.mark.parametrize("stage", ["move", "roll", "double"])
def test_running_out_loses_the_match_at_each_kind_of_action(clocked: Clocked, stage: str) -> None:
    server = clocked.harness
    server.guest("wes")
    # A 1-point match has no cube; the double needs a longer match.
    game = server.new_game("wes", mode="friend", side="white", length=3, clock="blitz")
    server.guest("bea")
    invite = game["invite_url"].rsplit("/", 1)[1]
    assert server.request("bea", "POST", f"/api/invites/{invite}").status_code == 200
    game_id = str(game["id"])
    with server.socket("wes", game_id) as white, server.socket("bea", game_id) as black:
        mover, other = _opened(white, black)
        slow = mover
        if stage in ("roll", "double"):
            mover.play_turn()
            while other.seq < mover.seq:
                other.recv()
            slow = other  # on roll now
        if stage == "double":
            assert other.act("double")["type"] == "ack"
            while mover.seq < other.seq:
                mover.recv()
            slow = mover  # the taker's clock runs
            assert mover.game["clock"]["running"] == mover.game["state"]["game"]["to_act"]
        slow_side = slow.game["state"]["game"]["to_act"]
        clocked.wait(60_000 + 8_000 - 1)
        clocked.fire_timer(game_id)  # a millisecond early: nothing happens
        clocked.wait(2)
        clocked.fire_timer(game_id)
        for socket in (white, black):
            state = _flag_seen(socket)
            assert state["result"]["reason"] == "time"
            assert state["result"]["winner"] != slow_side
            assert state["clock"]["flagged"] == slow_side
            assert state["clock"]["reserve_ms"][0 if slow_side == "white" else 1] == 0
    mat = server.request("wes", "GET", f"/api/games/{game_id}/record.mat")
    assert mat.status_code == 200
    assert "; The match was lost on time by" in mat.text


def test_an_action_after_the_time_is_up_is_refused_and_flags(clocked: Clocked) -> None:
    server = clocked.harness
    server.guest("wes")
    game_id = _clocked_game(server)
    with server.socket("wes", game_id) as white, server.socket("bea", game_id) as black:
        mover, _ = _opened(white, black)
        clocked.wait(BLITZ_1 + 8_000 + 1)
        guide = mover.state["guide"]
        origin, targets = next(iter(guide["destinations"].items()))
        refused = mover.act("step", **{"from": int(origin), "to": targets[0]})
        assert refused["type"] == "error" and refused["code"] == "finished"
        # The refusal goes out before the fan-out of the time-out: read on until it comes.
        result = mover.game.get("result") or _flag_seen(mover)["result"]
        assert result["reason"] == "time"


def test_a_restart_mid_turn_keeps_the_time_spent_and_charges_no_downtime(db_url: str) -> None:
    first = FakeTime()
    with TestClient(create_app(make_settings(db_url), timekeeper=Timekeeper(first))) as client:
        before = Clocked(client, first)
        server = before.harness
        server.guest("wes")
        game_id = _clocked_game(server)
        with server.socket("wes", game_id) as white, server.socket("bea", game_id) as black:
            mover, _ = _opened(white, black)
            side = mover.state["game"]["turn"]
        before.wait(12_000)  # the whole delay and 4 s of reserve
        before.beat()
        before.wait(500)  # spent after the last heartbeat: not charged after the restart
        tokens = dict(server.tokens)
    index = 0 if side == "white" else 1
    # A new process: its monotonic clock starts anywhere; hours passed meanwhile.
    second = FakeTime(start=5.0)
    with TestClient(create_app(make_settings(db_url), timekeeper=Timekeeper(second))) as client:
        after = Clocked(client, second)
        after.harness.tokens = tokens
        with after.harness.socket("wes", game_id) as white:
            clock = white.game["clock"]
            assert clock["running"] == side
            assert clock["reserve_ms"][index] == BLITZ_1 - 4_000
            assert clock["delay_left_ms"] == 0
            after.wait(BLITZ_1 - 4_000 - 1)
            after.fire_timer(game_id)
            after.wait(2)
            after.fire_timer(game_id)
            state = _flag_seen(white)
            assert state["result"] == {
                "winner": "black" if side == "white" else "white",
                "reason": "time",
                "score": [0, 0],
                "ending": "time",
                "kind": None,
            }


def test_the_timer_flags_on_real_time(db_url: str) -> None:
    """No hand on the clock: the shortest preset scaled down runs out by itself, the
    opponent sees it within a second of the deadline, and the record says so."""
    settings = make_settings(db_url, clock_scale=0.01)  # 80 ms delay, 200 ms reserve
    with TestClient(create_app(settings)) as client:
        server = Harness(client)
        server.guest("wes")
        game_id = _clocked_game(server)
        with server.socket("wes", game_id) as white, server.socket("bea", game_id) as black:
            mover, opponent = _opened(white, black)
            clock = mover.game["clock"]
            running = 0 if clock["running"] == "white" else 1
            # The server's wall time when it sent the clock, plus what the mover had left.
            deadline = clock["server_time"] + clock["delay_left_ms"] + clock["reserve_ms"][running]
            assert _flag_seen(opponent)["result"]["reason"] == "time"
            late_ms = time.time() * 1000 - deadline
            assert _flag_seen(mover)["result"]["reason"] == "time"
        assert -50 < late_ms < 1000, f"the opponent saw the time-out {late_ms:.0f} ms after it"
        record = server.request("wes", "GET", f"/api/games/{game_id}/record.json").json()
        loser = clock["running"]
        assert ["Termination", f"{loser} lost on time"] in record["metadata"]
    # Each committed action was stored with both clocks (the clock column of the log).
    engine = make_engine(db_url)
    try:
        with make_sessions(engine)() as session:
            stored = session.scalars(
                select(GameAction.clock)
                .join(GameRow, GameRow.id == GameAction.game_id)
                .where(GameRow.public_id == game_id)
                .order_by(GameAction.seq)
            ).all()
    finally:
        engine.dispose()
    assert stored and all(item is not None for item in stored)
    assert stored[-1]["running"] == running and stored[-1]["delay_left_ms"] == 80
