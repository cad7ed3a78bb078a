"""The production shape on this machine: HAProxy (deploy/haproxy.cfg, the file
docs/deploy.md documents) in front of two ``nard serve`` instances and a ``nard
worker`` on one PostgreSQL database and one Redis. Games are played through the
balancer, one instance is killed with SIGKILL mid-game, its players reconnect
through the balancer to the other, and every acknowledged action is there and
every game finishes. Then, the killed instance started again, a finished game is
analysed on the worker at one instance's request and read from the other."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from redis import Redis
from rq import Queue
from rq.registry import FinishedJobRegistry
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection

from nard.match.record import MatchRecord
from nard.server.ports.redis.jobs import analysis_queue
from tests.dbs import postgres_url
from tests.server.own_redis import eventually, reachable
from tests.server.test_restart import Client, _free_port, _next_action, _recv, _server, _state

HAPROXY = shutil.which("haproxy", path=os.environ.get("PATH", "") + ":/usr/sbin")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(HAPROXY is None, reason="haproxy is not installed"),
    pytest.mark.skipif(not reachable(6379), reason="Redis at 127.0.0.1:6379 is down"),
]
CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "haproxy.cfg"
REDIS = "redis://127.0.0.1:6379/0"
GAMES = 4
KILL_AFTER = 24
"""Acknowledged actions (all games together) before one instance is killed."""


@contextmanager
def _haproxy(port: int, instances: list[int], log: Path) -> Iterator[None]:
    env = {
        **os.environ,
        "NARD_LB_BIND": f"127.0.0.1:{port}",
        "NARD_INSTANCE_A": f"127.0.0.1:{instances[0]}",
        "NARD_INSTANCE_B": f"127.0.0.1:{instances[1]}",
    }
    with log.open("ab") as out:
        process = subprocess.Popen(
            [str(HAPROXY), "-db", "-f", str(CONFIG)], env=env, stdout=out, stderr=out
        )
    try:
        eventually(lambda: reachable(port), "HAProxy did not start")
        yield
    finally:
        process.terminate()
        process.wait(10)


@contextmanager
def _worker(queue: str, database_url: str, log: Path) -> Iterator[None]:
    env = {**os.environ, "NARD_JOBS_QUEUE": queue, "NARD_DATABASE_URL": database_url}
    with log.open("ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "nard.cli", "worker"], env=env, stdout=out, stderr=out
        )
    try:
        yield
    finally:
        process.terminate()
        process.wait(20)
        for name in (queue, analysis_queue(queue)):
            Queue(name, connection=Redis.from_url(REDIS)).delete(delete_jobs=True)


def _analyse_on_one_read_on_other(
    ports: list[int], game_id: str, cookies: httpx.Cookies, log: Path
) -> dict[str, Any]:
    """Ask the first instance for the game's analysis; read it from the second once done."""
    path = f"/api/games/{game_id}/analysis"
    asked = httpx.post(f"http://127.0.0.1:{ports[0]}{path}", cookies=cookies, timeout=30)
    assert asked.status_code == 202, asked.text
    deadline = time.monotonic() + 120
    while True:
        read = httpx.get(f"http://127.0.0.1:{ports[1]}{path}", cookies=cookies, timeout=30)
        assert read.status_code == 200, read.text
        found: dict[str, Any] = read.json()
        if found["status"] != "running":
            return found
        assert time.monotonic() < deadline, log.read_text()[-2000:]
        time.sleep(0.2)


def _one_instance_a_game(lb: int) -> None:
    """Every request and socket of a game reaches one instance (hashed on the game's
    id), so its players share one copy; the games spread over both instances."""
    games = [secrets.token_urlsafe(9) for _ in range(40)]
    served: dict[str, set[str]] = {}
    for game in games:
        for path in (f"/api/games/{game}", f"/api/games/{game}/record.json", f"/ws/games/{game}"):
            answer = httpx.get(f"http://127.0.0.1:{lb}{path}", timeout=10)
            served.setdefault(game, set()).add(answer.headers["x-nard-instance"])
    assert all(len(instances) == 1 for instances in served.values()), served
    assert set().union(*served.values()) == {"a", "b"}, served


def _instance_of(lb: int, game_id: str) -> int:
    """The index (in the balancer's server list) of the instance serving ``game_id``."""
    answer = httpx.get(f"http://127.0.0.1:{lb}/api/games/{game_id}", timeout=10)
    return 0 if answer.headers["x-nard-instance"] == "a" else 1


class Player:
    """One hot-seat game played through the balancer, reconnecting when cut off."""

    def __init__(self, client: Client, game_id: str) -> None:
        self.client = client
        self.game_id = game_id
        self.ws: ClientConnection | None = None
        self.current: dict[str, Any] = {}
        self.acked: dict[int, str] = {}
        """Acknowledged seq: the position after it."""
        self.reconnects = 0
        self.sockets = ExitStack()

    def connect(self) -> None:
        deadline = time.monotonic() + 30
        while True:
            try:
                self.ws = self.sockets.enter_context(
                    self.client.socket(self.game_id, since=self.current.get("seq", 0))
                )
                self.current = _state(self.ws)
                return
            except (OSError, ConnectionClosed, InvalidStatus, TimeoutError):
                assert time.monotonic() < deadline, "no instance took the reconnection"
                time.sleep(0.2)

    def act(self, message: dict[str, Any]) -> None:
        """Send one action; on a cut connection reconnect (the state then says what is next)."""
        if self.ws is None:
            self.connect()
        assert self.ws is not None
        try:
            self.ws.send(json.dumps({**message, "seq": self.current["seq"], "id": 1}))
            while True:
                answer = _recv(self.ws)
                if answer["type"] == "update":
                    self.current = answer["game"]
                elif answer["type"] == "error" and answer["code"] == "rate_limited":
                    # Finishing a match sends as fast as the server answers: slow down.
                    time.sleep(0.5)
                    return
                elif answer["type"] == "error":
                    # A stale or conflicting action after a reconnection: take the state again.
                    assert answer["code"] in ("stale", "conflict"), answer
                    self.current = _state(self.ws)
                    return
                elif answer["type"] == "ack":
                    # The ack may come before its update (the fan-out): read on to it.
                    while self.current["seq"] < answer["seq"]:
                        update = _recv(self.ws)
                        if update["type"] == "update":
                            self.current = update["game"]
                    assert self.current["seq"] == answer["seq"]
                    self.acked[answer["seq"]] = self.current["state"]["game"]["position_id"]
                    return
        except (ConnectionClosed, TimeoutError, OSError):
            self.ws = None
            self.reconnects += 1

    def step(self) -> None:
        if self.ws is None:
            self.connect()
        self.act(_next_action(self.current))

    def finish(self) -> None:
        while self.current.get("status") != "finished":
            if self.ws is None:
                self.connect()
            loser = self.current["state"]["game"]["turn"] or "white"
            if self.current["state"]["game"]["phase"] == "resignation_offered":
                self.act({"type": "accept_resignation"})
            elif self.current["state"]["game"]["phase"] in ("opening",):
                self.act({"type": "roll"})
            else:
                self.act({"type": "resign", "kind": "single", "side": loser})


def test_two_instances_behind_haproxy_survive_a_sigkill(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NARD_REDIS_URL", REDIS)
    monkeypatch.setenv("NARD_REDIS_PREFIX", f"test{secrets.token_hex(4)}:")
    queue = f"nard-test-{secrets.token_hex(4)}"
    ports = [_free_port(), _free_port()]
    lb = _free_port()
    with ExitStack() as stack:
        url = stack.enter_context(postgres_url())
        stack.enter_context(_worker(queue, url, tmp_path / "worker.log"))
        servers = [
            stack.enter_context(
                _server(url, port, tmp_path / f"server{n}.log", NARD_JOBS_QUEUE=queue)
            )
            for n, port in enumerate(ports)
        ]
        stack.enter_context(_haproxy(lb, ports, tmp_path / "haproxy.log"))
        client = stack.enter_context(Client(lb))
        _one_instance_a_game(lb)
        players = [
            Player(client, client.new_game(mode="hotseat", length=1)["id"]) for _ in range(GAMES)
        ]
        # Kill the instance that holds the first game, so at least one player is cut
        # off whichever way the hash spread the games.
        victim = _instance_of(lb, players[0].game_id)
        killed = False
        for _ in range(60):
            for player in players:
                player.step()
            if not killed and sum(len(p.acked) for p in players) >= KILL_AFTER:
                servers[victim].send_signal(signal.SIGKILL)
                servers[victim].wait(10)
                killed = True
        assert killed
        for player in players:
            player.finish()
        assert sum(player.reconnects for player in players) >= 1
        print(
            f"acknowledged {sum(len(p.acked) for p in players)} actions in {GAMES} games, "
            f"{sum(p.reconnects for p in players)} reconnections after the SIGKILL"
        )
        for player in players:
            record = MatchRecord.from_json(
                httpx.get(
                    f"http://127.0.0.1:{lb}/api/games/{player.game_id}/record.json",
                    cookies=client.http.cookies,
                ).text
            )
            assert len(record.actions) >= max(player.acked)
            for seq, position_id in player.acked.items():
                game = record.replay(seq).game
                if game is None:  # the action that ended the match
                    assert seq == len(record.actions)
                    continue
                assert game.position.id() == position_id
            assert player.current["status"] == "finished"

        # The killed instance comes back; a finished game is analysed on the worker
        # at its request and read from the other instance.
        stack.enter_context(
            _server(url, ports[victim], tmp_path / "server-back.log", NARD_JOBS_QUEUE=queue)
        )
        finished = FinishedJobRegistry(analysis_queue(queue), connection=Redis.from_url(REDIS))
        analysis = _analyse_on_one_read_on_other(
            ports, players[0].game_id, client.http.cookies, tmp_path / "worker.log"
        )
        assert analysis["status"] == "done", analysis
        assert analysis["seq"] == players[0].current["seq"] and analysis["result"]["games"]
        # The worker ran the engine, not the instance asked: its job finished on the
        # queue, and neither instance timed an analysis of its own.
        assert finished.count == 1
        for port in ports:
            metrics = httpx.get(f"http://127.0.0.1:{port}/metrics").text
            assert 'nard_job_seconds_count{kind="analysis"}' not in metrics
