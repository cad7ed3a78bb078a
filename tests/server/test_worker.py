"""``nard worker``: a real worker process takes the bot's turns from the queue
(the shared Redis, a queue of this test's own), so the server does not think."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from redis import Redis
from rq import Queue
from rq.registry import FinishedJobRegistry

from tests.dbs import postgres_url
from tests.server.conftest import Harness, make_settings
from tests.server.own_redis import reachable

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not reachable(6379), reason="Redis at 127.0.0.1:6379 is down"),
]
REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture
def pg_url() -> Iterator[str]:
    with postgres_url() as url:
        yield url


def test_the_bot_plays_through_a_worker_process(pg_url: str, tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from nard.server.app import create_app

    name = f"nard-test-{secrets.token_hex(4)}"
    log = tmp_path / "worker.log"
    env = {**os.environ, "NARD_REDIS_URL": REDIS, "NARD_JOBS_QUEUE": name}
    with log.open("wb") as out:
        worker = subprocess.Popen(
            [sys.executable, "-m", "nard.cli", "worker"], env=env, stdout=out, stderr=out
        )
    finished = FinishedJobRegistry(name, connection=Redis.from_url(REDIS))
    try:
        settings = make_settings(pg_url, redis_url=REDIS, jobs_queue=name, bot_workers=0)
        with TestClient(create_app(settings)) as client:
            server = Harness(client)
            game = server.new_game("uma", mode="bot", length=1, side="white", bot_level="beginner")
            with server.socket("uma", game["id"]) as ws:
                deadline = time.monotonic() + 90
                while not any(
                    event.get("side") == "black"
                    for message in ws.received
                    for event in message.get("events", [])
                ):
                    assert time.monotonic() < deadline, log.read_text()[-2000:]
                    state = ws.state["game"]
                    if state["phase"] == "opening" or (
                        state["to_act"] == "white" and state["phase"] == "rolling"
                    ):
                        assert ws.act("roll")["type"] == "ack"
                    elif state["to_act"] == "white" and ws.state["guide"] is not None:
                        ws.play_turn()
                    else:
                        ws.until("update", "state")
        assert worker.poll() is None, log.read_text()[-2000:]
        # The decisions were jobs the worker process finished, not the server's own.
        assert finished.count >= 1
        assert "decide" in log.read_text()
    finally:
        worker.terminate()
        worker.wait(20)
        Queue(name, connection=Redis.from_url(REDIS)).delete(delete_jobs=True)


def test_the_cube_hint_is_a_worker_job(pg_url: str, tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from nard.server.app import create_app
    from tests.server.test_cube_hint import _ask, _to_cube_decision

    name = f"nard-test-{secrets.token_hex(4)}"
    log = tmp_path / "worker.log"
    env = {**os.environ, "NARD_REDIS_URL": REDIS, "NARD_JOBS_QUEUE": name}
    with log.open("wb") as out:
        worker = subprocess.Popen(
            [sys.executable, "-m", "nard.cli", "worker"], env=env, stdout=out, stderr=out
        )
    try:
        settings = make_settings(pg_url, redis_url=REDIS, jobs_queue=name, bot_workers=0)
        with TestClient(create_app(settings)) as client:
            server = Harness(client)
            game = server.new_game("ida", mode="bot", length=3, side="white", bot_level="beginner")
            with server.socket("ida", game["id"]) as ws:
                _to_cube_decision(ws, "white")
                answer = _ask(ws)
                assert answer["type"] == "cube_hint", (answer, log.read_text()[-2000:])
        assert "cube_hint" in log.read_text()
    finally:
        worker.terminate()
        worker.wait(20)
        Queue(name, connection=Redis.from_url(REDIS)).delete(delete_jobs=True)
