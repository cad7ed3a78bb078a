"""A bot turn whose job dies with its worker is asked for again (issue 27, item 1).

A real ``nard worker`` is stopped (SIGSTOP) while it waits on the queue, so the
bot's next job goes to it and stays there; it is then killed with SIGKILL and a
new worker started. The server asks for the turn again after ``job_retry_s``:
the bot moves, and its turn is played once.
"""

from __future__ import annotations

import secrets
import signal
import time
from pathlib import Path

import pytest
from redis import Redis
from rq import Queue, Worker

from nard.match.actions import ConfirmPlay, MakePlay, RollDice, SideAction
from nard.match.record import MatchRecord
from tests.server.conftest import Harness, make_settings
from tests.server.own_redis import eventually, reachable
from tests.server.test_worker import REDIS, _worker, pg_url

__all__ = ["pg_url"]
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not reachable(6379), reason="Redis at 127.0.0.1:6379 is down"),
]
RETRY_S = 2.0


def _workers(queue: Queue) -> set[str]:
    """The workers registered on ``queue`` (a killed one stays until its key expires)."""
    return {worker.name for worker in Worker.all(queue=queue)}


def _ready(queue: Queue, besides: frozenset[str] | set[str] = frozenset()) -> None:
    """Wait for a new worker (the engine loaded) listening on ``queue``."""
    eventually(lambda: bool(_workers(queue) - besides), "no worker started", within_s=90)


def _bot_turns(record: MatchRecord, after: int) -> list[type[SideAction]]:
    """The kinds of the bot's (black's) rolls and plays after action ``after``."""
    return [
        type(action)
        for action in record.actions[after:]
        if isinstance(action, (RollDice, MakePlay, ConfirmPlay)) and int(action.side) == 1
    ]


def test_a_bot_turn_lost_with_its_worker_is_asked_for_again_and_played_once(
    pg_url: str, tmp_path: Path
) -> None:
    from fastapi.testclient import TestClient

    from nard.server.app import create_app

    name = f"nard-test-{secrets.token_hex(4)}"
    queue = Queue(name, connection=Redis.from_url(REDIS))
    with _worker(name, pg_url, tmp_path / "first.log") as first:
        _ready(queue)
        settings = make_settings(
            pg_url,
            redis_url=REDIS,
            redis_prefix=f"test{secrets.token_hex(4)}:",
            jobs_queue=name,
            bot_workers=0,
            job_retry_s=RETRY_S,
        )
        with TestClient(create_app(settings)) as client:
            server = Harness(client)
            game = server.new_game("uma", mode="bot", length=1, side="white", bot_level="beginner")
            url = f"/api/games/{game['id']}"
            with server.socket("uma", game["id"]) as ws:
                while not (ws.state["game"]["to_act"] == "white" and ws.state["guide"]):
                    state = ws.state["game"]
                    if state["phase"] == "opening" or (
                        state["to_act"] == "white" and state["phase"] == "rolling"
                    ):
                        assert ws.act("roll")["type"] == "ack"
                    else:
                        ws.until("update", "state")
                time.sleep(0.5)  # the worker is back waiting on the queue
                first.send_signal(signal.SIGSTOP)
                ws.play_turn()  # the bot's turn: Redis hands its job to the stopped worker
                played = ws.seq
            time.sleep(1.0)
            assert queue.count == 0, "the stopped worker did not take the bot's job"
            assert server.request("uma", "GET", url).json()["seq"] == played
            first.send_signal(signal.SIGKILL)
            first.wait(10)
            before = _workers(queue)
            with _worker(name, pg_url, tmp_path / "second.log"):
                _ready(queue, before)
                started = time.monotonic()
                eventually(
                    lambda: server.request("uma", "GET", url).json()["seq"] > played,
                    "the bot never moved after its worker died",
                    within_s=RETRY_S + 10,
                )
                moved_s = time.monotonic() - started
                # Its whole turn: white to act again (or the match over).
                eventually(
                    lambda: (
                        (body := server.request("uma", "GET", url).json())["status"] == "finished"
                        or body["state"]["game"]["to_act"] == "white"
                    ),
                    "the bot's turn did not end",
                    within_s=30,
                )
            record = MatchRecord.from_json(server.request("uma", "GET", f"{url}/record.json").text)
    assert moved_s <= RETRY_S + 3, moved_s
    turns = _bot_turns(record, played)
    assert turns.count(RollDice) == 1, turns


def test_an_analysis_whose_worker_died_is_started_again_unasked(
    pg_url: str, tmp_path: Path
) -> None:
    from fastapi.testclient import TestClient

    from nard.server.app import create_app

    name = f"nard-test-{secrets.token_hex(4)}"
    queue = Queue(name, connection=Redis.from_url(REDIS))
    settings = make_settings(
        pg_url,
        redis_url=REDIS,
        redis_prefix=f"test{secrets.token_hex(4)}:",
        jobs_queue=name,
        bot_workers=0,
        job_retry_s=RETRY_S,
        analysis_plies=2,  # slow enough per decision that the kill finds it half done
        # The turns are played as fast as the engine lists plays: no message limit here.
        rate_per_s=1000.0,
        rate_burst=1000,
    )
    with TestClient(create_app(settings)) as client:
        server = Harness(client)
        game = server.new_game("uma", mode="hotseat", length=1)
        url = f"/api/games/{game['id']}/analysis"
        with server.socket("uma", game["id"]) as ws:
            for _ in range(12):  # a few turns each, so the analysis takes a while
                if ws.state["game"]["phase"] in ("opening", "rolling"):
                    assert ws.act("roll")["type"] == "ack"
                ws.play_turn()
        with _worker(name, pg_url, tmp_path / "first.log") as first:
            _ready(queue)
            assert server.request("uma", "POST", url).json()["status"] == "running"
            eventually(
                lambda: server.request("uma", "GET", url).json()["done"] > 0,
                "the analysis never started",
                within_s=60,
            )
            first.send_signal(signal.SIGKILL)
            first.wait(10)
            left = server.request("uma", "GET", url).json()
            assert left["status"] == "running" and left["done"] < left["total"], left
            before = _workers(queue)
            with _worker(name, pg_url, tmp_path / "second.log"):
                _ready(queue, before)
                eventually(
                    lambda: server.request("uma", "GET", url).json()["status"] != "running",
                    "the analysis stayed running after its worker died",
                    within_s=60,
                )
        done = server.request("uma", "GET", url).json()
    assert done["status"] == "done" and done["result"]["games"], done
