"""What an operator sees: liveness, readiness, Prometheus metrics, JSON logs."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from nard.server.app import create_app
from nard.server.process.logs import JsonFormatter
from tests.dbs import postgres_url
from tests.server.conftest import Harness, make_settings
from tests.server.own_redis import own_redis


def _samples(server: Harness) -> dict[str, float]:
    """Every sample of /metrics: ``name{label="value"}`` to its value."""
    response = server.request(None, "GET", "/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    found: dict[str, float] = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            labels = ",".join(f'{k}="{v}"' for k, v in sorted(sample.labels.items()))
            found[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return found


def test_health_and_readiness(server: Harness) -> None:
    assert server.request(None, "GET", "/healthz").json() == {"status": "ok"}
    ready = server.request(None, "GET", "/readyz")
    assert ready.status_code == 200 and ready.json() == {"status": "ok"}


def test_metrics_count_acks_sockets_games_database_time_and_jobs(
    server_factory: Callable[..., Harness],
) -> None:
    server = server_factory(bot_workers=0)
    before = _samples(server)
    assert before["nard_sockets_open"] == 0
    game = server.new_game("kai", mode="bot", length=1, side="white")
    acks = 0
    with server.socket("kai", game["id"]) as ws:
        assert _samples(server)["nard_sockets_open"] == 1
        # Play until the bot has taken a turn (a job) and the player has acted.
        deadline = time.monotonic() + 60
        while _samples(server).get('nard_job_seconds_count{kind="bot"}', 0) == 0 or acks == 0:
            assert time.monotonic() < deadline, "the bot never took a turn"
            game_state = ws.state["game"]
            if game_state["phase"] == "opening" or (
                game_state["turn"] == "white" and game_state["dice"] is None
            ):
                assert ws.act("roll")["type"] == "ack"
                acks += 1
            elif game_state["turn"] == "white" and ws.state["guide"] is not None:
                before_turn = len(ws.received)
                ws.play_turn()
                acks += sum(1 for m in ws.received[before_turn:] if m["type"] == "ack")
            else:
                ws.until("update", "state")
    after = _samples(server)
    assert after['nard_actions_total{kind="action"}'] == acks
    assert after["nard_ack_seconds_count"] == acks
    assert after["nard_sockets_open"] == 0
    assert after["nard_live_games"] >= 1
    assert after['nard_database_seconds_count{kind="commit"}'] >= 1
    assert after['nard_database_seconds_count{kind="query"}'] > before.get(
        'nard_database_seconds_count{kind="query"}', 0
    )
    assert after['nard_jobs_in_flight{kind="bot"}'] == 0


@pytest.fixture
def postgres_only() -> Iterator[str]:
    with postgres_url() as url:
        yield url


def test_not_ready_while_redis_is_down_and_logs_carry_the_game(
    postgres_only: str, tmp_path: Path
) -> None:
    lines: list[str] = []

    class Capture(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(self.format(record))

    handler = Capture()
    handler.setFormatter(JsonFormatter())
    logging.getLogger("nard.server.ports.redis.bus").addHandler(handler)
    try:
        with own_redis(tmp_path) as (port, stop, _start):
            # No grace: unready at the first failed check (the grace has its own test).
            settings = make_settings(
                postgres_only, redis_url=f"redis://127.0.0.1:{port}/0", ready_grace_s=0
            )
            with TestClient(create_app(settings)) as client:
                server = Harness(client)
                game = server.new_game("ivy", mode="hotseat", length=1)
                with server.socket("ivy", game["id"]) as ws:
                    assert server.request(None, "GET", "/readyz").status_code == 200
                    stop()
                    ready = server.request(None, "GET", "/readyz")
                    assert ready.status_code == 503 and "bus" in ready.json()["failed"]
                    assert "database" not in ready.json()["failed"]
                    assert server.request(None, "GET", "/healthz").status_code == 200
                    assert ws.act("roll")["type"] == "ack"
    finally:
        logging.getLogger("nard.server.ports.redis.bus").removeHandler(handler)
    failures = [json.loads(line) for line in lines if "publish" in line]
    assert failures and all(entry["game"] == game["id"] for entry in failures)
    assert failures[0]["level"] == "error"


def test_json_log_config_formats_every_logger(capsys: pytest.CaptureFixture[str]) -> None:
    import logging.config

    from nard.server.process.logs import current_game, log_config

    logging.config.dictConfig(log_config("info"))
    try:
        token = current_game.set("abc")
        logging.getLogger("uvicorn.error").info("started %d", 1)
        current_game.reset(token)
        logging.getLogger("nard.x").warning("no game")
    finally:
        logging.config.dictConfig({"version": 1, "disable_existing_loggers": False})
        logging.getLogger().handlers.clear()
    first, second = (json.loads(line) for line in capsys.readouterr().err.splitlines()[-2:])
    assert first["message"] == "started 1" and first["game"] == "abc"
    assert second["level"] == "warning" and "game" not in second


def test_a_short_redis_outage_keeps_the_instance_ready_and_says_so(
    postgres_only: str, tmp_path: Path
) -> None:
    """Every instance sees a shared Redis go down at once: readiness waits out the grace
    (issue 27, item 5) rather than take the whole cluster out of the balancer."""
    grace_s = 2.0
    with own_redis(tmp_path) as (port, stop, start):
        settings = make_settings(
            postgres_only, redis_url=f"redis://127.0.0.1:{port}/0", ready_grace_s=grace_s
        )
        with TestClient(create_app(settings)) as client:
            server = Harness(client)
            assert server.request(None, "GET", "/readyz").json() == {"status": "ok"}
            stop()
            stopped = time.monotonic()
            ready = server.request(None, "GET", "/readyz")
            assert ready.status_code == 200, ready.json()
            assert "bus" in ready.json()["degraded"] and "database" not in ready.json()["degraded"]
            assert _samples(server)['nard_dependency_up{dependency="bus"}'] == 0
            assert _samples(server)['nard_dependency_up{dependency="database"}'] == 1
            time.sleep(max(0.0, stopped + grace_s - time.monotonic()) + 0.1)
            late = server.request(None, "GET", "/readyz")
            assert late.status_code == 503 and list(late.json()["failed"]) == ["bus"]
            start()
            deadline = time.monotonic() + 20
            while server.request(None, "GET", "/readyz").json() != {"status": "ok"}:
                assert time.monotonic() < deadline, "not ready again once Redis is back"
                time.sleep(0.2)
            assert _samples(server)['nard_dependency_up{dependency="bus"}'] == 1
