"""Faults injected into the production shape, and what the players meet (issue 27).

Starts everything itself, on free ports: a PostgreSQL cluster of its own
(``initdb``/``pg_ctl``; the machine's shared server is never stopped), a
redis-server of its own, two ``nard serve`` instances, one ``nard worker`` and
HAProxy with deploy/haproxy.cfg. Each phase starts friend, clocked and bot
games through HAProxy, plays them, and injects one fault:

* ``instance``: kill -9 of the instance that holds the first clocked game, kept down
  for the rest of the phase (then started again);
* ``worker``: kill -9 of the worker while it holds a bot turn (stopped first,
  so Redis hands it the next job), and again while it runs an analysis;
* ``redis``: Redis restarted empty;
* ``postgresql``: PostgreSQL stopped for a few seconds.

The clocked games stop moving as the fault comes, so their time runs out
during it. After a recovery window each phase prints: acknowledged actions
lost (every ack's position against the game's record), games stuck (a bot turn
or an analysis with no progress for longer than the retry time allows, a
clock not flagged 3 s after its deadline), the clocks that flagged late and
by how much, and the longest time a game that kept trying went without an
acknowledged action.

    python -m bench.faults            # the full run
    python -m bench.faults --short    # under a minute (tests/server/test_faults.py)
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from bench.cluster_load import _free_port, _wait_for

ROOT = Path(__file__).resolve().parents[1]
HAPROXY_CONFIG = ROOT / "deploy" / "haproxy.cfg"
RETRY_S = 2.0
"""NARD_JOB_RETRY_S of the instances: a lost bot turn or analysis is asked for again."""
FLAG_SLACK_S = 3.0
"""A clock not flagged this long after its deadline is stuck."""
CLOCK_SCALE = "0.1"
"""Blitz at a tenth: 0.8 s of delay and 2 s of reserve in a 1-point match."""
WATCH_S = 60.0
"""How long after the fault a clocked game is watched for its flag at most."""
FAULTS = ("instance", "worker", "redis", "postgresql")


def _pg_bin(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: p.parent.name)
    if not versions:
        raise SystemExit("PostgreSQL's initdb/pg_ctl are not installed")
    return str(versions[-1] / name)


def _as_postgres(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its tools as ``postgres`` then."""
    return ["runuser", "-u", "postgres", "--", *command] if os.getuid() == 0 else command


class Postgres:
    """A PostgreSQL cluster of the bench's own, stopped and started at will."""

    def __init__(self, folder: Path) -> None:
        self.data = folder / "pgdata"
        self.port = _free_port()
        folder.mkdir(parents=True, exist_ok=True)
        if os.getuid() == 0:
            shutil.chown(folder, "postgres")
        self.log = folder / "postgres.log"
        subprocess.run(
            _as_postgres([_pg_bin("initdb"), "-D", str(self.data), "-A", "trust", "-U", "nard"]),
            check=True,
            capture_output=True,
        )
        self.url = f"postgresql+psycopg://nard@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        options = f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1"
        command = [_pg_bin("pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w"]
        subprocess.run(
            _as_postgres([*command, "-o", options, "start"]), check=True, capture_output=True
        )

    def stop(self) -> None:
        command = [_pg_bin("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"]
        subprocess.run(_as_postgres(command), check=False, capture_output=True)


class Process:
    """A child process started again at will (its output appended to ``log``)."""

    def __init__(self, command: list[str], env: dict[str, str], log: Path) -> None:
        self.command, self.env, self.log = command, env, log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(self.command, env=self.env, stdout=out, stderr=out)

    def signal(self, number: int) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(number)
            if number == signal.SIGKILL:
                self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


@dataclass
class Cluster:
    lb: str
    instances: list[Process]
    urls: list[str]
    worker: Process
    redis: Process
    redis_url: str
    queue: str
    postgres: Postgres

    def worker_count(self) -> int:
        from redis import Redis
        from rq import Queue, Worker

        connection = Redis.from_url(self.redis_url)
        return len(Worker.all(queue=Queue(self.queue, connection=connection)))

    def workers(self) -> set[str]:
        from redis import Redis
        from rq import Queue, Worker

        queue = Queue(self.queue, connection=Redis.from_url(self.redis_url))
        return {each.name for each in Worker.all(queue=queue)}

    def new_worker(self, within_s: float = 90) -> None:
        """Start a worker and wait until it listens (the engine loaded)."""
        before = self.workers()
        self.worker.start()
        deadline = time.monotonic() + within_s
        while not self.workers() - before:
            if time.monotonic() > deadline:
                raise SystemExit(
                    "the worker did not start:\n" + self.worker.log.read_text()[-2000:]
                )
            time.sleep(0.2)


def _redis_ready(port: int) -> None:
    deadline = time.monotonic() + 10
    while subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True).returncode:
        if time.monotonic() > deadline:
            raise SystemExit("redis-server did not start")
        time.sleep(0.05)


@contextmanager
def cluster(folder: Path) -> Iterator[Cluster]:
    haproxy = shutil.which("haproxy", path=os.environ.get("PATH", "") + ":/usr/sbin")
    if haproxy is None:
        raise SystemExit("haproxy is not installed")
    postgres = Postgres(folder / "pg")
    postgres.start()
    with ExitStack() as stack:
        stack.callback(postgres.stop)
        redis_port = _free_port()
        redis_url = f"redis://127.0.0.1:{redis_port}/0"
        redis_command = ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1"]
        redis_command += ["--save", "", "--appendonly", "no", "--dir", str(folder)]
        redis = Process(redis_command, dict(os.environ), folder / "redis.log")
        redis.start()
        stack.callback(redis.stop)
        _redis_ready(redis_port)
        queue = f"nard-faults-{secrets.token_hex(4)}"
        env = {
            **os.environ,
            "NARD_DATABASE_URL": postgres.url,
            "NARD_REDIS_URL": redis_url,
            "NARD_REDIS_PREFIX": f"faults{secrets.token_hex(4)}:",
            "NARD_JOBS_QUEUE": queue,
            "NARD_JOB_RETRY_S": str(RETRY_S),
            "NARD_CLOCK_SCALE": CLOCK_SCALE,
            "NARD_ANALYSIS_PLIES": "0",
            "NARD_PRESENCE_TTL_S": "3",
            "NARD_GUESTS_PER_ADDRESS": "100000",
            "NARD_GAMES_PER_PLAYER": "1000",
            "NARD_SOCKETS_PER_ADDRESS": "100000",
            "NARD_BOT_WORKERS": "0",
        }
        ports = [_free_port(), _free_port()]
        urls = [f"http://127.0.0.1:{port}" for port in ports]
        instances = []
        for n, port in enumerate(ports):
            command = [sys.executable, "-m", "nard.cli", "serve", "--port", str(port)]
            instance = Process(
                [*command, "--log-level", "warning"], env, folder / f"instance{n}.log"
            )
            instance.start()
            stack.callback(instance.stop)
            _wait_for(f"{urls[n]}/api/health", instance.log)  # one at a time: migrations
            instances.append(instance)
        worker = Process([sys.executable, "-m", "nard.cli", "worker"], env, folder / "worker.log")
        stack.callback(worker.stop)
        lb_port = _free_port()
        lb_env = {
            **env,
            "NARD_LB_BIND": f"127.0.0.1:{lb_port}",
            "NARD_INSTANCE_A": f"127.0.0.1:{ports[0]}",
            "NARD_INSTANCE_B": f"127.0.0.1:{ports[1]}",
        }
        balancer = Process(
            [haproxy, "-db", "-f", str(HAPROXY_CONFIG)], lb_env, folder / "haproxy.log"
        )
        balancer.start()
        stack.callback(balancer.stop)
        lb = f"http://127.0.0.1:{lb_port}"
        _wait_for(f"{lb}/api/health", balancer.log)
        parts = Cluster(lb, instances, urls, worker, redis, redis_url, queue, postgres)
        parts.new_worker()
        time.sleep(2.5)  # both instances through HAProxy's first health checks
        yield parts


def _next_action(game: dict[str, Any]) -> dict[str, Any]:
    state = game["state"]
    if state["game"]["phase"] in ("opening", "rolling"):
        return {"type": "roll"}
    guide = state["guide"]
    if guide is None:
        return {}
    if guide["can_confirm"]:
        return {"type": "confirm"}
    origin, targets = next(iter(guide["destinations"].items()))
    return {"type": "step", "from": int(origin), "to": targets[0]}


class Seat:
    """One player's socket, through the balancer, reconnected when it is cut."""

    def __init__(self, lb: str, token: str, game_id: str) -> None:
        self.url = lb.replace("http", "ws", 1) + f"/ws/games/{game_id}"
        self.token = token
        self.ws: ClientConnection | None = None
        self.game: dict[str, Any] = {}

    def connect(self) -> bool:
        try:
            self.ws = connect(
                self.url,
                additional_headers={"Cookie": f"nard_token={self.token}"},
                max_queue=None,
                open_timeout=3,
                legacy=True,
            )
            while (message := self._recv(5))["type"] != "state":
                pass
            self.game = message["game"]
            return True
        except (OSError, ConnectionClosed, InvalidStatus, TimeoutError):
            self.close()
            return False

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.ws = None

    def _recv(self, timeout: float) -> dict[str, Any]:
        assert self.ws is not None
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        if message["type"] in ("state", "update") and "game" in message:
            self.game = {**self.game, **message["game"]}
        return message

    def drain(self, timeout: float = 0.0) -> None:
        """Read what has come (waiting up to ``timeout`` for the first message)."""
        if self.ws is None and not self.connect():
            return
        try:
            self._recv(timeout)
            while True:
                self._recv(0)
        except TimeoutError:
            pass
        except (ConnectionClosed, OSError):
            self.close()

    def act(self, action: dict[str, Any]) -> int | None:
        """Send ``action`` at the current seq: the acknowledged seq, or None."""
        if self.ws is None and not self.connect():
            return None
        try:
            assert self.ws is not None
            self.ws.send(json.dumps({**action, "seq": self.game["seq"], "id": 1}))
            while True:
                message = self._recv(10)
                if message["type"] == "error":
                    if message.get("code") == "rate_limited":
                        time.sleep(0.5)
                    else:  # stale, conflict, unavailable...: take the state again
                        self.close()
                    return None
                if message["type"] == "ack":
                    while self.game["seq"] < message["seq"]:
                        self._recv(10)
                    return int(message["seq"])
        except (ConnectionClosed, OSError, TimeoutError):
            self.close()
            return None


@dataclass
class Played:
    """One game as the bench played it."""

    kind: str
    id: str
    seats: dict[str, Seat]
    http: httpx.Client
    acked: dict[int, str] = field(default_factory=dict)
    last_ack: float = field(default_factory=time.monotonic)
    longest_gap_s: float = 0.0
    deadline: float | None = None
    """A clocked game that stopped moving: when its running side's time is up (Unix s)."""
    flagged_at: float | None = None
    waiting_since: float | None = None
    """A bot game: since when the bot has been to act (None: not now)."""
    error: str | None = None

    def acknowledged(self, seq: int, seat: Seat) -> None:
        now = time.monotonic()
        self.longest_gap_s = max(self.longest_gap_s, now - self.last_ack)
        self.last_ack = now
        self.acked[seq] = seat.game["state"]["game"]["position_id"]


def _guest(lb: str, name: str) -> httpx.Client:
    http = httpx.Client(base_url=lb, timeout=15)
    response = http.post("/api/players/guest", json={"display_name": name})
    response.raise_for_status()
    return http


def new_game(lb: str, kind: str) -> Played:
    host = _guest(lb, f"{kind}-host")
    body: dict[str, Any] = {"mode": "friend", "length": 1, "side": "white"}
    if kind == "clock":
        body["clock"] = "blitz"
    if kind == "bot":
        body = {"mode": "bot", "length": 1, "side": "white", "bot_level": "beginner"}
    game = host.post("/api/games", json=body).json()
    seats = {"white": Seat(lb, host.cookies["nard_token"], game["id"])}
    if kind != "bot":
        guest = _guest(lb, f"{kind}-guest")
        invite = game["invite_url"].rsplit("/", 1)[1]
        guest.post(f"/api/invites/{invite}").raise_for_status()
        seats["black"] = Seat(lb, guest.cookies["nard_token"], game["id"])
        guest.close()
    return Played(kind, game["id"], seats, host)


def play(game: Played, stall_at: float, until: float, pace_s: float) -> None:
    """Play ``game`` until ``until``; a clocked one stops moving at ``stall_at``."""
    game.last_ack = time.monotonic()
    try:
        while time.monotonic() < until:
            for seat in game.seats.values():
                seat.drain()
            seat = next(iter(game.seats.values()))
            current = max((s.game for s in game.seats.values() if s.game), key=lambda g: g["seq"])
            if current.get("status") == "finished":
                return
            state = current["state"]["game"]
            to_act = state["to_act"] or "white"
            clock = current.get("clock") or {}
            if game.kind == "clock" and time.monotonic() >= stall_at and clock.get("running"):
                side = 0 if clock["running"] == "white" else 1
                left_ms = clock["reserve_ms"][side] + clock["delay_left_ms"]
                game.deadline = (clock["server_time"] + left_ms) / 1000  # wall clock
                return
            if to_act not in game.seats:  # the bot's turn
                game.waiting_since = game.waiting_since or time.monotonic()
                seat.drain(0.5)
                continue
            game.waiting_since = None
            seat = game.seats[to_act]
            action = _next_action(current)
            if not action:
                seat.drain(0.2)
                continue
            seq = seat.act(action)
            if seq is not None:
                game.acknowledged(seq, seat)
            else:
                time.sleep(0.2)
            time.sleep(pace_s)
    except Exception as error:  # the bench reports it rather than stop
        game.error = repr(error)
    finally:
        for seat in game.seats.values():
            seat.close()


def watch_flag(game: Played, until: float) -> None:
    """Poll a stalled clocked game until it is finished (by time) or ``until``."""
    while time.monotonic() < until:
        try:
            body = game.http.get(f"/api/games/{game.id}").json()
        except (httpx.HTTPError, ValueError):
            body = {}
        if body.get("status") == "finished":
            game.flagged_at = time.time()
            return
        time.sleep(0.1)


def lost_actions(game: Played) -> int:
    """Acknowledged actions missing from, or other than in, the game's record."""
    from nard.match.record import MatchRecord

    for _ in range(20):
        try:
            text = game.http.get(f"/api/games/{game.id}/record.json").text
            record = MatchRecord.from_json(text)
            break
        except (httpx.HTTPError, ValueError, KeyError):
            time.sleep(0.5)
    else:
        return len(game.acked)
    lost = 0
    for seq, position in game.acked.items():
        if seq > len(record.actions):
            lost += 1
            continue
        replayed = record.replay(seq).game
        lost += replayed is None or replayed.position.id() != position
    return lost


def bot_stuck(game: Played) -> bool:
    """The bot is to act and has been for longer than a retry allows."""
    try:
        body = game.http.get(f"/api/games/{game.id}").json()
    except (httpx.HTTPError, ValueError):
        return True
    to_act = body["state"]["game"]["to_act"]
    if body["status"] == "finished" or to_act == "white":
        return False
    since = game.waiting_since or time.monotonic()
    return time.monotonic() - since > RETRY_S + 5


def analysis_moves(http: httpx.Client, game_id: str) -> bool:
    """The analysis is over, or makes progress within the time a rescue allows."""
    url = f"/api/games/{game_id}/analysis"
    first = http.get(url).json()
    deadline = time.monotonic() + 2 * RETRY_S + 4
    while time.monotonic() < deadline:
        found = http.get(url).json()
        if found["status"] != "running" or found["done"] != first["done"]:
            return True
        time.sleep(0.2)
    return False


@dataclass
class Outcome:
    fault: str
    acked: int
    lost: int
    stuck: list[str]
    late: list[float]
    """Seconds after its deadline each clock flagged (negative: early)."""
    without_service_s: float


def _finished_game(lb: str) -> tuple[httpx.Client, str]:
    """A hot-seat game of a few turns, resigned: something for an analysis."""
    http = _guest(lb, "analyst")
    game = http.post("/api/games", json={"mode": "hotseat", "length": 1}).json()
    seat = Seat(lb, http.cookies["nard_token"], game["id"])
    for _ in range(120):
        action = _next_action(seat.game) if seat.game else {"type": "roll"}
        if seat.act(action or {"type": "roll"}) is None:
            seat.drain(0.2)
    side = seat.game["state"]["game"]["to_act"] or "white"
    seat.act({"type": "resign", "kind": "single", "side": side})
    seat.drain(0.5)
    if seat.game["state"]["game"]["phase"] == "resignation_offered":
        seat.act({"type": "accept_resignation"})
    seat.close()
    return http, game["id"]


def _held_instance(parts: Cluster, games: list[Played]) -> int:
    """The instance (0 or 1) that serves the first clocked game, by HAProxy's header."""
    game = next((game for game in games if game.kind == "clock"), games[0])
    answer = game.http.get(f"/api/games/{game.id}")
    return 0 if answer.headers.get("x-nard-instance") == "a" else 1


def inject(fault: str, parts: Cluster, games: list[Played], outage_s: float) -> Any:
    """Inject ``fault``; returns what is to be checked after (an analysis to watch)."""
    if fault == "instance":
        parts.instances[_held_instance(parts, games)].signal(signal.SIGKILL)
    elif fault == "worker":
        parts.worker.signal(signal.SIGSTOP)
        time.sleep(1.0)  # Redis hands the next bot job to the stopped worker
        parts.worker.signal(signal.SIGKILL)
        parts.new_worker()
        http, game_id = _finished_game(parts.lb)
        http.post(f"/api/games/{game_id}/analysis").raise_for_status()
        deadline = time.monotonic() + 30
        while http.get(f"/api/games/{game_id}/analysis").json()["done"] == 0:
            if time.monotonic() > deadline:
                break
            time.sleep(0.1)
        parts.worker.signal(signal.SIGKILL)  # mid-analysis
        parts.new_worker()
        return http, game_id
    elif fault == "redis":
        parts.redis.signal(signal.SIGKILL)
        parts.redis.start()
        _redis_ready(int(parts.redis_url.rsplit(":", 1)[1].split("/")[0]))
    elif fault == "postgresql":
        parts.postgres.stop()
        time.sleep(outage_s)
        parts.postgres.start()
    return None


def restore(fault: str, parts: Cluster) -> None:
    """Put the killed instance back for the next phase."""
    for n, instance in enumerate(parts.instances):
        if instance.process is not None and instance.process.poll() is not None:
            instance.start()
            _wait_for(f"{parts.urls[n]}/api/health", instance.log)
    time.sleep(2.5)  # HAProxy's checks see it up


def phase(fault: str, parts: Cluster, args: argparse.Namespace) -> Outcome:
    kinds = ["friend"] * args.friend + ["clock"] * args.clocked + ["bot"] * args.bot
    games = [new_game(parts.lb, kind) for kind in kinds]
    start = time.monotonic()
    fault_at = start + args.before_s
    until = fault_at + args.after_s
    threads = [
        threading.Thread(target=play, args=(game, fault_at - 0.3, until, args.pace_s))
        for game in games
    ]
    for thread in threads:
        thread.start()
    clocked = [game for game in games if game.kind == "clock"]
    watchers = [
        threading.Thread(target=watch_flag, args=(game, fault_at + WATCH_S)) for game in clocked
    ]
    time.sleep(max(0.0, fault_at - time.monotonic()))
    for thread in watchers:
        thread.start()
    analysis = inject(fault, parts, games, args.outage_s)
    until = max(until, time.monotonic() + 2 * RETRY_S + 6)
    for thread in threads:
        thread.join(max(1.0, until - time.monotonic() + 15))
    for thread in watchers:
        thread.join()
    stuck = []
    for game in games:
        if game.kind == "bot" and bot_stuck(game):
            stuck.append(f"bot {game.id}")
        if game.kind == "clock" and game.deadline is not None and game.flagged_at is None:
            stuck.append(f"clock {game.id}")
        if game.error is not None:
            stuck.append(f"{game.kind} {game.id}: {game.error}")
    if analysis is not None and not analysis_moves(*analysis):
        stuck.append(f"analysis {analysis[1]}")
    late = [
        game.flagged_at - game.deadline
        for game in clocked
        if game.flagged_at is not None and game.deadline is not None
    ]
    served = [game for game in games if game.kind == "friend"]
    outcome = Outcome(
        fault,
        sum(len(game.acked) for game in games),
        sum(lost_actions(game) for game in games),
        stuck,
        late,
        max((game.longest_gap_s for game in served), default=0.0),
    )
    for game in games:
        game.http.close()
    restore(fault, parts)
    return outcome


def table(outcomes: list[Outcome]) -> str:
    lines = [
        f"{'fault':<11} {'acked':>6} {'lost':>5} {'stuck':>6} {'late clocks (s)':<24} "
        f"{'without service (s)':>19}"
    ]
    for each in outcomes:
        late = [f"{s:+.2f}" for s in sorted(each.late)]
        flagged_late = [s for s in each.late if s > 1.0]
        note = f"{len(flagged_late)} late: " if flagged_late else ""
        lines.append(
            f"{each.fault:<11} {each.acked:>6} {each.lost:>5} {len(each.stuck):>6} "
            f"{(note + ' '.join(late)) or '-':<24} {each.without_service_s:>19.2f}"
        )
    for each in outcomes:
        for what in each.stuck:
            lines.append(f"  stuck after {each.fault}: {what}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> list[Outcome]:
    with tempfile.TemporaryDirectory(prefix="nard-faults-") as folder:
        path = Path(folder)
        if os.getuid() == 0:
            shutil.chown(path, "postgres")
            path.chmod(0o777)
        with cluster(path) as parts:
            outcomes = [phase(fault, parts, args) for fault in args.faults]
            if args.logs:
                for log in sorted(path.glob("*.log")):
                    print(f"--- {log.name}\n{log.read_text()[-3000:]}")
            return outcomes


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--short", action="store_true", help="under a minute, for make test")
    parser.add_argument("--faults", nargs="+", choices=FAULTS, default=list(FAULTS))
    parser.add_argument("--logs", action="store_true", help="print the ends of the logs")
    args = parser.parse_args(argv)
    games = (2, 1, 2) if args.short else (6, 3, 4)
    args.friend, args.clocked, args.bot = games
    args.before_s = 1.5 if args.short else 5.0
    args.after_s = RETRY_S + 4 if args.short else 20.0
    args.outage_s = 3.0
    args.pace_s = 0.15
    return args


def main(argv: list[str] | None = None) -> int:
    outcomes = run(parse(argv))
    print(table(outcomes))
    return 0 if all(o.lost == 0 and not o.stuck for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
