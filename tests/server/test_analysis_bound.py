"""Analyses are bounded (issue 12): past the bound one more is refused 503 ``busy``
with Retry-After before anything is written, in-process and on the job queue."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable

import pytest

from nard.server.analysis import service as analysis_service
from tests.server.conftest import Harness, Socket
from tests.server.own_redis import eventually, reachable

REDIS = "redis://127.0.0.1:6379/0"


def _played(server: Harness, who: str) -> str:
    """A game with a few actions to analyse."""
    game = server.new_game(who, mode="hotseat", length=1)
    with server.socket(who, game["id"]) as ws:
        _roll_until_started(ws)
    return str(game["id"])


def _roll_until_started(ws: Socket) -> None:
    while ws.state["game"]["phase"] == "opening":
        assert ws.act("roll")["type"] == "ack"


def _refused_busy(server: Harness, who: str, game: str) -> None:
    busy = server.request(who, "POST", f"/api/games/{game}/analysis")
    assert busy.status_code == 503, busy.text
    assert busy.json()["code"] == "busy" and busy.json()["message_fa"]
    assert int(busy.headers["retry-after"]) >= 1
    # Refused before anything was written: there is no analysis to read.
    read = server.request(who, "GET", f"/api/games/{game}/analysis")
    assert read.status_code == 200 and read.json()["status"] == "none"


def test_analyses_past_the_bound_are_refused_busy_in_process(
    server: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analysis_service, "MAX_RUNNING", 1)
    first, second = _played(server, "ann"), _played(server, "ann")
    analyses = server.client.app.state.analyses  # type: ignore[attr-defined]
    turn = threading.Event()
    analyses._executor.submit(turn.wait)  # the analysis thread is held: the first waits
    try:
        held = server.request("ann", "POST", f"/api/games/{first}/analysis")
        assert held.status_code == 202 and held.json()["status"] == "running"
        _refused_busy(server, "ann", second)
        # The game already analysed may be asked again: it takes no second place.
        again = server.request("ann", "POST", f"/api/games/{first}/analysis")
        assert again.status_code == 202
    finally:
        turn.set()
    eventually(lambda: not analyses._jobs, "the held analysis did not finish", 60)
    assert server.request("ann", "POST", f"/api/games/{second}/analysis").status_code == 202
    eventually(lambda: not analyses._jobs, "the second analysis did not finish", 60)


@pytest.mark.skipif(not reachable(6379), reason="Redis at 127.0.0.1:6379 is down")
def test_analyses_past_the_bound_are_refused_busy_on_the_job_queue(
    server_factory: Callable[..., Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analysis_service, "MAX_WAITING", 1)
    queue = f"test-bound-{secrets.token_hex(4)}"
    server = server_factory(redis_url=REDIS, redis_prefix=f"{queue}:", jobs_queue=queue)
    first, second = _played(server, "bea"), _played(server, "bea")
    try:
        # No worker runs: the first waits on the queue, and fills it.
        assert server.request("bea", "POST", f"/api/games/{first}/analysis").status_code == 202
        _refused_busy(server, "bea", second)
    finally:
        from redis import Redis

        from nard.server.ports.redis.jobs import analysis_queue

        with Redis.from_url(REDIS) as redis:
            for name in (queue, analysis_queue(queue)):
                redis.delete(f"rq:queue:{name}")
