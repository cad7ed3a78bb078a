"""Load test of a running game server: N concurrent friend games over WebSockets.

Each game has two players (two guests, two WebSocket connections); the player
to act sends a legal action (roll, step, confirm) on average every ``--pace``
seconds (exponentially distributed pauses). Prints actions per second, the
round-trip latency (send -> ack, which the server sends only after the action
is committed) at p50/p99/p99.9 and its maximum (also per ``--window`` seconds),
and every error.

    nard serve --port 8000 &           # SQLite, or NARD_DATABASE_URL=postgresql://...
    python bench/server_load.py --url http://127.0.0.1:8000 --games 1000 --pace 2 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import json
import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed


class Player:
    def __init__(self, base: str, token: str, game_id: str) -> None:
        self.base = base
        self.token = token
        self.game_id = game_id
        self.ws: ClientConnection | None = None
        self.game: dict[str, Any] = {}
        self.pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.closed: str | None = None

    async def open(self) -> None:
        url = self.base.replace("http", "ws", 1) + f"/ws/games/{self.game_id}"
        # Like a browser, the client sends no pings of its own (the server pings).
        self.ws = await connect(
            url,
            additional_headers={"Cookie": f"nard_token={self.token}"},
            max_queue=None,
            ping_interval=None,
        )
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        assert self.ws is not None
        try:
            await self._read(self.ws)
        except ConnectionClosed as closed:
            self.closed = f"closed {closed.rcvd.code if closed.rcvd else 'abnormally'}"

    async def _read(self, ws: ClientConnection) -> None:
        async for raw in ws:
            message = json.loads(raw)
            if "game" in message and message["game"]["seq"] >= self.game.get("seq", -1):
                # An update carries only what an action changes (docs/protocol.md).
                self.game = {**self.game, **message["game"]}
            future = self.pending.pop(message.get("id") or -1, None)
            if future is not None and not future.done():
                future.set_result(message)


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.sent_at: list[float] = []
        """When each measured action was sent (monotonic), for the latency over time."""
        self.errors: dict[str, int] = {}
        self.ids = itertools.count(1)


def next_action(game: dict[str, Any]) -> dict[str, Any] | None:
    state = game["state"]
    if state["match"]["over"] or game["status"] != "active":
        return None
    phase = state["game"]["phase"]
    if phase in ("opening", "rolling"):
        return {"type": "roll"}
    if phase == "cube_offered":
        return {"type": "take"}
    guide = state["guide"]
    if guide is None:
        return None
    if guide["can_confirm"]:
        return {"type": "confirm"}
    origin, targets = random.choice(list(guide["destinations"].items()))
    return {"type": "step", "from": int(origin), "to": random.choice(targets)}


async def play(players: dict[str, Player], pace: float, stop: float, stats: Stats) -> None:
    await asyncio.sleep(random.uniform(0, pace))
    while time.monotonic() < stop:
        await asyncio.sleep(random.expovariate(1 / pace))
        if time.monotonic() >= stop:
            return
        white = players["white"]
        side = white.game["state"]["game"]["to_act"] or "white"
        player = players[side]
        if player.closed:
            stats.errors[player.closed] = stats.errors.get(player.closed, 0) + 1
            return
        action = next_action(player.game)
        if action is None:
            return
        message_id = next(stats.ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        player.pending[message_id] = future
        started = time.perf_counter()
        assert player.ws is not None
        await player.ws.send(json.dumps({**action, "seq": player.game["seq"], "id": message_id}))
        try:
            answer = await asyncio.wait_for(future, 10)
        except TimeoutError:
            stats.errors["timeout"] = stats.errors.get("timeout", 0) + 1
            continue
        stats.latencies.append(time.perf_counter() - started)
        stats.sent_at.append(time.monotonic())
        if answer["type"] == "error":
            stats.errors[answer["code"]] = stats.errors.get(answer["code"], 0) + 1
        # Both players see the update before the next action.
        seq = answer.get("seq", 0)
        for _ in range(200):
            if all(p.game.get("seq", -1) >= seq for p in players.values()):
                break
            await asyncio.sleep(0.005)


async def setup_game(transport: httpx.AsyncBaseTransport, base: str) -> dict[str, Player]:
    # One client (one cookie jar) per player over a shared connection pool; not
    # closed, since closing a client closes its transport.
    http = httpx.AsyncClient(transport=transport, timeout=60)
    host = await http.post(
        f"{base}/api/games", json={"mode": "friend", "length": 25, "side": "white"}
    )
    host.raise_for_status()
    game = host.json()
    host_token = host.cookies["nard_token"]
    invite = game["invite_url"].rsplit("/", 1)[1]
    http = httpx.AsyncClient(transport=transport, timeout=60)
    guest = await http.post(f"{base}/api/invites/{invite}")
    guest.raise_for_status()
    players = {
        "white": Player(base, host_token, game["id"]),
        "black": Player(base, guest.cookies["nard_token"], game["id"]),
    }
    for player in players.values():
        await player.open()
    return players


async def main(args: argparse.Namespace) -> None:
    semaphore = asyncio.Semaphore(50)
    async with httpx.AsyncHTTPTransport(limits=httpx.Limits(max_connections=50)) as transport:

        async def one() -> dict[str, Player]:
            async with semaphore:
                for attempt in range(5):
                    try:
                        return await setup_game(transport, args.url)
                    except httpx.TransportError:
                        # A pooled keep-alive connection the server closed meanwhile.
                        if attempt == 4:
                            raise
                raise AssertionError("unreachable")

        started = time.monotonic()
        games = await asyncio.gather(*(one() for _ in range(args.games)))
        took = time.monotonic() - started
        print(f"set up {len(games)} games ({2 * len(games)} sockets) in {took:.1f} s")
        for _ in range(200):
            if all(p.game for g in games for p in g.values()):
                break
            await asyncio.sleep(0.05)
        stats = Stats()
        # The client's own garbage collector would pause every socket of this
        # process for tens of milliseconds and count against the server: it
        # runs before the measurement, not during it (the client makes no
        # reference cycles worth collecting in a minute).
        gc.collect()
        gc.freeze()
        gc.disable()
        cpu = _cpu_seconds(args.server_pid)
        begin = time.monotonic()
        stop = begin + args.seconds
        await asyncio.gather(*(play(game, args.pace, stop, stats) for game in games))
        elapsed = args.seconds
        now = _cpu_seconds(args.server_pid)
        used = [after - before for before, after in zip(cpu, now, strict=True)]
        gc.enable()
    latencies = sorted(stats.latencies)
    print(f"games {args.games}, pace {args.pace} s, {elapsed:.1f} s")
    print(f"actions {len(latencies)}, {len(latencies) / elapsed:.1f} actions/s")
    print(f"round trip {_percentiles(latencies)}")
    if args.window:
        # The latency over time: a collector's pass or a checkpoint shows as one window.
        for start in range(0, int(elapsed), int(args.window)):
            window = sorted(
                latency
                for latency, at in zip(stats.latencies, stats.sent_at, strict=True)
                if begin + start <= at < begin + start + args.window
            )
            print(f"  {start:5d}-{start + int(args.window)} s: {_percentiles(window)}")
    print(f"errors {sum(stats.errors.values())} {stats.errors}")
    actions = max(1, len(latencies))
    print(f"client CPU {used[0] * 1000 / actions:.2f} ms/action", end="")
    if args.server_pid:
        print(f", server CPU {used[1] * 1000 / actions:.2f} ms/action", end="")
        print(f", server memory {_resident_mib(args.server_pid):.0f} MiB at the end", end="")
    print()


def _percentiles(latencies: list[float]) -> str:
    """p50, p99, p99.9 and the maximum of sorted latencies (seconds), in ms."""
    if not latencies:
        return "no actions"

    def at(share: float) -> float:
        return latencies[int(share * (len(latencies) - 1))] * 1000

    return (
        f"p50 {statistics.median(latencies) * 1000:.1f} ms, p99 {at(0.99):.1f} ms, "
        f"p99.9 {at(0.999):.1f} ms, max {latencies[-1] * 1000:.1f} ms"
    )


def _resident_mib(server_pid: int) -> float:
    """The server's resident memory (Linux), to see what the games and sockets hold."""
    for line in Path(f"/proc/{server_pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _cpu_seconds(server_pid: int | None) -> list[float]:
    """CPU seconds used so far by this process and, on Linux, by the server process."""
    times = [time.process_time()]
    if server_pid:
        fields = Path(f"/proc/{server_pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        times.append((int(fields[11]) + int(fields[12])) / ticks)
    return times


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument(
        "--pace", type=float, default=2.0, help="mean seconds between actions of a game"
    )
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument(
        "--window", type=float, default=0.0, help="also print the latency per window of S seconds"
    )
    parser.add_argument(
        "--server-pid", type=int, help="the server's process id, for its CPU per action and memory"
    )
    asyncio.run(main(parser.parse_args()))
