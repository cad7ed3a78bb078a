"""``nard worker``: a real worker process takes the bot's turns and the analyses
from the queues (the shared Redis, queues of this test's own), so the server
does not think."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from redis import Redis
from rq import Queue
from rq.registry import FinishedJobRegistry

from nard.server.ports.redis.jobs import analysis_queue
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


@contextmanager
def _worker(name: str, pg_url: str, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    env = {
        **os.environ,
        "NARD_REDIS_URL": REDIS,
        "NARD_JOBS_QUEUE": name,
        "NARD_DATABASE_URL": pg_url,
    }
    with log.open("wb") as out:
        worker = subprocess.Popen(
            [sys.executable, "-m", "nard.cli", "worker"], env=env, stdout=out, stderr=out
        )
    try:
        yield worker
    finally:
        worker.terminate()
        worker.wait(20)
        for queue in (name, analysis_queue(name)):
            Queue(queue, connection=Redis.from_url(REDIS)).delete(delete_jobs=True)


def test_the_bot_plays_through_a_worker_process(pg_url: str, tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from nard.server.app import create_app

    name = f"nard-test-{secrets.token_hex(4)}"
    log = tmp_path / "worker.log"
    finished = FinishedJobRegistry(name, connection=Redis.from_url(REDIS))
    with _worker(name, pg_url, log) as worker:
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


def test_the_cube_hint_is_a_worker_job(pg_url: str, tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from nard.server.app import create_app
    from tests.server.test_cube_hint import _ask, _to_cube_decision

    name = f"nard-test-{secrets.token_hex(4)}"
    log = tmp_path / "worker.log"
    with _worker(name, pg_url, log):
        settings = make_settings(pg_url, redis_url=REDIS, jobs_queue=name, bot_workers=0)
        with TestClient(create_app(settings)) as client:
            server = Harness(client)
            game = server.new_game("ida", mode="bot", length=3, side="white", bot_level="beginner")
            with server.socket("ida", game["id"]) as ws:
                _to_cube_decision(ws, "white")
                answer = _ask(ws)
                assert answer["type"] == "cube_hint", (answer, log.read_text()[-2000:])
        assert "cube_hint" in log.read_text()


def test_an_analysis_runs_on_the_worker_and_its_progress_reaches_the_socket(
    pg_url: str, tmp_path: Path
) -> None:
    from fastapi.testclient import TestClient

    from nard.server.app import create_app

    name = f"nard-test-{secrets.token_hex(4)}"
    log = tmp_path / "worker.log"
    finished = FinishedJobRegistry(analysis_queue(name), connection=Redis.from_url(REDIS))
    with _worker(name, pg_url, log):
        settings = make_settings(
            pg_url,
            redis_url=REDIS,
            redis_prefix=f"test{secrets.token_hex(4)}:",
            jobs_queue=name,
            bot_workers=0,
        )
        with TestClient(create_app(settings)) as client:
            server = Harness(client)
            game = server.new_game("uma", mode="hotseat", length=1)
            url = f"/api/games/{game['id']}/analysis"
            with server.socket("uma", game["id"]) as ws:
                while ws.state["game"]["phase"] == "opening":
                    assert ws.act("roll")["type"] == "ack"
                ws.play_turn()
                started = server.request("uma", "POST", url).json()
                assert (started["status"], started["seq"]) == ("running", ws.seq)
                deadline = time.monotonic() + 90
                done = started
                while done["status"] == "running":
                    assert time.monotonic() < deadline, log.read_text()[-2000:]
                    time.sleep(0.2)
                    done = server.request("uma", "GET", url).json()
                # The worker published on the game's channel: the socket hears it finish.
                while (last := ws.until("analysis"))["status"] == "running":
                    pass
        assert done["status"] == "done" and done["result"]["games"], done
        assert last == {"type": "analysis", **done}
        # The worker process ran it: the server has no analysis pool of its own at work.
        assert finished.count == 1
        assert "analyse" in log.read_text()
