"""The same simulated games against one instance, then two behind HAProxy.

Starts everything itself: a redis-server of its own (so its CPU is this load's
alone), a fresh PostgreSQL database per shape on the local server, the
``nard serve`` instances (each pinned to its own core with ``taskset`` where
the machine has a core for each) and, for two, HAProxy with deploy/haproxy.cfg.
The players are bench/server_load.py's: two sockets a friend game, an action
every ``--pace`` seconds on average. Prints, per shape, actions per second,
the ack latency at p50/p99/p99.9, and CPU milliseconds per action of each
instance, HAProxy, PostgreSQL (the backends of this database and the writer
processes) and Redis: the inputs of docs/scaling.md.

    python -m bench.cluster_load --games 300 --seconds 60       # the measurement
    python -m bench.cluster_load --smoke                         # 20 games, 10 s a shape
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench.server_load import Player, Stats, play, setup_game

ROOT = Path(__file__).resolve().parents[1]
HAPROXY_CONFIG = ROOT / "deploy" / "haproxy.cfg"
PG_WRITERS = ("checkpointer", "background writer", "walwriter", "wal writer")
"""PostgreSQL's own processes that work for every database's writes (shared)."""
TICKS = os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _cpu_s(pid: int) -> float:
    """User and system CPU seconds of one process (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def _processes() -> Iterator[tuple[int, str, str]]:
    """(pid, command name, command line) of every process."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                comm = (entry / "comm").read_text().strip()
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            yield int(entry.name), comm, cmdline


def _postgres_pids(database: str) -> list[int]:
    return [
        pid
        for pid, comm, cmdline in _processes()
        if comm == "postgres" and (database in cmdline or any(w in cmdline for w in PG_WRITERS))
    ]


@dataclass
class Parts:
    """The processes whose CPU is counted, by part."""

    instances: list[int]
    urls: list[str]
    """Each instance's own address (for its count of actions)."""
    haproxy: int | None
    redis: int
    database: str

    def sample(self) -> dict[str, dict[int, float]]:
        parts = {f"instance {chr(97 + n)}": [pid] for n, pid in enumerate(self.instances)}
        if self.haproxy is not None:
            parts["haproxy"] = [self.haproxy]
        parts["postgresql"] = _postgres_pids(self.database)
        parts["redis"] = [self.redis]
        sample = {name: {pid: _cpu_s(pid) for pid in pids} for name, pids in parts.items()}
        sample["client"] = {0: time.process_time()}
        return sample

    def acked(self) -> list[float]:
        """Each instance's acknowledged actions so far (its nard_actions counter)."""
        return [_metric(url, r'nard_actions_total\{kind="action"\}') for url in self.urls]

    def live_games(self) -> list[float]:
        """The games each instance holds a copy of (and keeps up to date)."""
        return [_metric(url, "nard_live_games") for url in self.urls]


def _metric(url: str, name: str) -> float:
    text = httpx.get(f"{url}/metrics", timeout=10).text
    found = re.search(rf"^{name} (\S+)$", text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def _used(
    before: dict[str, dict[int, float]], after: dict[str, dict[int, float]]
) -> dict[str, float]:
    """CPU seconds each part used in between (a process that started meanwhile from 0)."""
    return {
        part: sum(cpu - before[part].get(pid, 0.0) for pid, cpu in pids.items())
        for part, pids in after.items()
    }


@contextmanager
def _process(command: list[str], log: Path, env: dict[str, str]) -> Iterator[int]:
    with log.open("ab") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=out)
    try:
        yield process.pid
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def _wait_for(url: str, log: Path) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise SystemExit(f"{url} did not answer:\n{log.read_text()[-3000:]}")
        time.sleep(0.2)


@contextmanager
def _redis(folder: Path) -> Iterator[tuple[str, int]]:
    port = _free_port()
    command = ["redis-server", "--port", str(port), "--bind", "127.0.0.1"]
    command += ["--save", "", "--appendonly", "no", "--dir", str(folder)]
    with _process(command, folder / "redis.log", dict(os.environ)) as pid:
        deadline = time.monotonic() + 10
        while subprocess.run(
            ["redis-cli", "-p", str(port), "ping"], capture_output=True
        ).returncode:
            if time.monotonic() > deadline:
                raise SystemExit("redis-server did not start")
            time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/0", pid


@contextmanager
def _database(admin: str) -> Iterator[tuple[str, str]]:
    """A new PostgreSQL database (dropped afterwards): its SQLAlchemy URL and name."""
    import psycopg

    name = f"nard_bench_{secrets.token_hex(4)}"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
        info = connection.info
        url = f"postgresql+psycopg://{info.user}@{info.host}:{info.port}/{name}"
        try:
            yield url, name
        finally:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def _cluster(
    instances: int,
    listeners: int,
    redis_url: str,
    database_url: str,
    folder: Path,
    haproxy_config: Path,
) -> Iterator[tuple[str, list[int], list[str], int | None]]:
    """``instances`` servers (behind HAProxy when more than one) and ``listeners`` more
    that no player reaches (they only hear the bus): the players' URL, every
    instance's pid and own URL, HAProxy's pid."""
    env = {
        **os.environ,
        "NARD_DATABASE_URL": database_url,
        "NARD_REDIS_URL": redis_url,
        "NARD_REDIS_PREFIX": f"bench{secrets.token_hex(4)}:",
        "NARD_SOCKETS_PER_ADDRESS": "100000",
        "NARD_GUESTS_PER_ADDRESS": "100000",
    }
    cores = sorted(os.sched_getaffinity(0))
    pin = shutil.which("taskset") is not None and len(cores) >= instances + listeners
    ports = [_free_port() for _ in range(instances + listeners)]
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    with ExitStack() as stack:
        pids = []
        for n, port in enumerate(ports):
            command = [sys.executable, "-m", "nard.cli", "serve", "--port", str(port)]
            command += ["--log-level", "warning"]
            if pin:
                command = ["taskset", "-c", str(cores[n]), *command]
            log = folder / f"instance{n}.log"
            pids.append(stack.enter_context(_process(command, log, env)))
            _wait_for(f"{urls[n]}/api/health", log)
        if instances == 1:
            yield urls[0], pids, urls, None
            return
        lb = _free_port()
        haproxy_env = {**env, "NARD_LB_BIND": f"127.0.0.1:{lb}"}
        haproxy_env |= {
            f"NARD_INSTANCE_{chr(65 + n)}": f"127.0.0.1:{p}" for n, p in enumerate(ports[:2])
        }
        command = [shutil.which("haproxy") or "/usr/sbin/haproxy", "-db", "-f", str(haproxy_config)]
        log = folder / "haproxy.log"
        haproxy = stack.enter_context(_process(command, log, haproxy_env))
        _wait_for(f"http://127.0.0.1:{lb}/api/health", log)
        time.sleep(2.5)  # both servers through their first health checks
        yield f"http://127.0.0.1:{lb}", pids, urls, haproxy


@dataclass
class Measured:
    stats: Stats
    used: dict[str, float]
    """CPU seconds by part."""
    acked: list[float]
    """Actions each instance acknowledged."""
    live: list[float]
    """Games each instance held at the end."""
    players_on: int
    """The instances the players reach (the first ones)."""


async def _load(url: str, args: argparse.Namespace, parts: Parts) -> Measured:
    semaphore = asyncio.Semaphore(50)
    async with httpx.AsyncHTTPTransport(limits=httpx.Limits(max_connections=50)) as transport:

        async def one() -> dict[str, Player]:
            async with semaphore:
                return await setup_game(transport, url)

        started = time.monotonic()
        games = await asyncio.gather(*(one() for _ in range(args.games)))
        print(f"  set up {len(games)} games in {time.monotonic() - started:.1f} s")
        for _ in range(200):
            if all(p.game for g in games for p in g.values()):
                break
            await asyncio.sleep(0.05)
        stats = Stats()
        gc.collect()
        gc.freeze()
        gc.disable()  # the client's collector would count against the server's latency
        acked, before = parts.acked(), parts.sample()
        stop = time.monotonic() + args.seconds
        await asyncio.gather(*(play(game, args.pace, stop, stats) for game in games))
        used = _used(before, parts.sample())
        acked = [after - earlier for earlier, after in zip(acked, parts.acked(), strict=True)]
        gc.enable()
        live = parts.live_games()
        for game in games:
            for player in game.values():
                if player.ws is not None:
                    await player.ws.close()
    return Measured(stats, used, acked, live, args.shape)


def _percentile(ordered: list[float], share: float) -> float:
    return ordered[int(share * (len(ordered) - 1))] * 1000 if ordered else float("nan")


def _report(shape: str, args: argparse.Namespace, measured: Measured) -> None:
    stats, used = measured.stats, measured.used
    latencies = sorted(stats.latencies)
    actions = max(1, len(latencies))
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    print(f"{shape}: {args.games} games, pace {args.pace} s, {args.seconds:.0f} s")
    print(
        f"  actions {len(latencies)}, {len(latencies) / args.seconds:.1f} actions/s, "
        f"{len(latencies) / args.seconds / args.games:.3f} actions per game per second"
    )
    print(
        f"  ack p50 {p50:.1f} ms, p99 {_percentile(latencies, 0.99):.1f} ms, "
        f"p99.9 {_percentile(latencies, 0.999):.1f} ms"
    )
    print(f"  errors {sum(stats.errors.values())} {stats.errors}")
    for part, seconds in used.items():
        print(f"  CPU {part}: {seconds * 1000 / actions:.3f} ms/action ({seconds:.1f} s)", end="")
        if part.startswith("instance "):
            n = ord(part[-1]) - 97
            own, live = measured.acked[n], measured.live[n]
            if n >= measured.players_on:
                print(", no players: the bus alone", end="")
            else:
                print(f", {own:.0f} actions acked", end="")
                print(f", {seconds * 1000 / max(1, own):.3f} ms/own action", end="")
            print(f", {live:.0f} games held", end="")
        print()
    web = sum(s for p, s in used.items() if p.startswith("instance"))
    print(f"  CPU all instances: {web * 1000 / actions:.3f} ms/action")
    print(f"  RESULT {json.dumps(_result(measured, args))}")


def _result(measured: Measured, args: argparse.Namespace) -> dict[str, object]:
    """The figures docs/scaling.md takes, as one JSON line."""
    latencies = sorted(measured.stats.latencies)
    actions = max(1, len(latencies))
    per_action = {p: round(s * 1000 / actions, 4) for p, s in measured.used.items()}
    return {
        "instances": args.shape,
        "listeners": args.listeners,
        "games": args.games,
        "seconds": args.seconds,
        "actions_per_s": round(len(latencies) / args.seconds, 1),
        "actions_per_game_s": round(len(latencies) / args.seconds / args.games, 4),
        "p50_ms": round(statistics.median(latencies) * 1000, 2) if latencies else None,
        "p99_ms": round(_percentile(latencies, 0.99), 2),
        "p999_ms": round(_percentile(latencies, 0.999), 2),
        "errors": sum(measured.stats.errors.values()),
        "cpu_ms_per_action": per_action,
        "games_held": measured.live,
    }


def _shape(instances: int, args: argparse.Namespace, folder: Path) -> None:
    name = "one instance" if instances == 1 else f"{instances} instances behind HAProxy"
    if args.listeners:
        name += f", {args.listeners} more hearing the bus only"
    args.shape = instances
    with _database(args.pg_admin) as (database_url, database), ExitStack() as stack:
        if args.redis_url:
            redis_url, redis_pid = args.redis_url, args.redis_pid
        else:
            redis_url, redis_pid = stack.enter_context(_redis(folder))
        url, pids, urls, haproxy = stack.enter_context(
            _cluster(
                instances, args.listeners, redis_url, database_url, folder, args.haproxy_config
            )
        )
        parts = Parts(pids, urls, haproxy, redis_pid, database)
        _report(name, args, asyncio.run(_load(url, args, parts)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument(
        "--pace", type=float, default=2.0, help="mean seconds between actions of a game"
    )
    parser.add_argument("--shapes", type=int, nargs="+", default=[1, 2], choices=[1, 2])
    parser.add_argument(
        "--listeners",
        type=int,
        default=0,
        help="instances more that no player reaches: the cost of the bus for each instance",
    )
    parser.add_argument("--smoke", action="store_true", help="20 games, 10 s a shape")
    parser.add_argument(
        "--pg-admin",
        default="host=127.0.0.1 port=5432 dbname=test user=postgres",
        help="libpq connection string of a database to create the bench's databases from",
    )
    parser.add_argument(
        "--haproxy-config", type=Path, default=HAPROXY_CONFIG, help="default deploy/haproxy.cfg"
    )
    parser.add_argument("--redis-url", help="a running Redis instead of one of the bench's own")
    parser.add_argument("--redis-pid", type=int, default=0, help="...and its process id")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.seconds = 20, 10.0
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} at the start")
    with tempfile.TemporaryDirectory(prefix="nard-cluster-") as folder:
        for instances in args.shapes:
            _shape(instances, args, Path(folder))


if __name__ == "__main__":
    main()
