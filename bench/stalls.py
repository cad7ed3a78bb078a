"""The stalls of issue 12, measured: how long another player waits while one attacks.

A victim plays a hot-seat game on its own socket (a legal action, then the
next once it is acknowledged) and its acknowledgement times are taken while
an attack runs; before and after it, as a baseline too. The attacks:

- ``body``: ``POST /api/players/guest`` with a JSON object of 1,000,000 keys
  (15.9 MB);
- ``logins``: 16 logins at once to one account (argon2id), the server's
  resident memory sampled meanwhile;
- ``replay``: three sockets of a long game (``--actions``) sending actions
  whose ``seq`` is far ahead, as fast as they are allowed;
- ``spectators``: ``--sockets`` spectator sockets on the attacker's own game,
  whose actions each go out to all of them.

    nard serve --port 8765 &
    python -m bench.stalls --url http://127.0.0.1:8765 --server-pid $! body logins

Only to 127.0.0.1; every attack is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

PASSWORD = "a long enough password"


def resident_mib(pid: int | None) -> float:
    if pid is None:
        return float("nan")
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Table:
    """A hot-seat game on one socket: legal actions, each timed to its ack."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.game: dict[str, Any] = {}
        self.acks: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.next_id = 0
        self.id = ""
        self.watch = ""
        self.closed = ""
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, base: str, http: httpx.AsyncClient, **body: Any) -> Table:
        created = await http.post("/api/games", json={"mode": "hotseat", "length": 25, **body})
        created.raise_for_status()
        game = created.json()
        ws = await connect(
            f"{base.replace('http', 'ws', 1)}/ws/games/{game['id']}",
            additional_headers={"Cookie": f"nard_token={http.cookies['nard_token']}"},
            max_queue=None,
            max_size=None,
        )
        table = cls(ws)
        table.watch = game["watch_url"].split("token=", 1)[1]
        table.id = game["id"]
        while not table.game:
            await asyncio.sleep(0.01)
        return table

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                message = json.loads(raw)
                game = message.get("game")
                if isinstance(game, dict) and game.get("seq", -1) >= self.game.get("seq", -1):
                    self.game = {**self.game, **game}
                if message.get("type") in ("ack", "error"):
                    await self.acks.put(message)
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else closed.sent.code if closed.sent else 1006
            self.closed = f"closed {code}"
        await self.acks.put({"type": "closed"})

    def legal(self) -> dict[str, Any]:
        state = self.game["state"]
        if state["match"]["over"]:
            raise EOFError("the match is over")
        guide = state["guide"]
        if guide is None:
            return {"type": "roll"}
        if guide["can_confirm"]:
            return {"type": "confirm"}
        origin, targets = next(iter(guide["destinations"].items()))
        return {"type": "step", "from": int(origin), "to": targets[0]}

    async def act(self) -> float:
        """One legal action; the seconds until its ack."""
        self.next_id += 1
        message = {**self.legal(), "seq": self.game["seq"], "id": self.next_id}
        started = time.perf_counter()
        await self.ws.send(json.dumps(message))
        while True:
            answer = await asyncio.wait_for(self.acks.get(), 300)
            if answer["type"] == "closed":
                raise ConnectionError(f"the victim's socket was {self.closed}")
            if answer.get("id") == self.next_id:
                break
        took = time.perf_counter() - started
        while self.game["seq"] < answer.get("seq", 0):
            await asyncio.sleep(0.0005)
        if answer["type"] == "error":
            raise RuntimeError(f"refused: {answer['code']}")
        return took

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()


async def victim(table: Table, stop: asyncio.Event) -> list[float]:
    times: list[float] = []
    while not stop.is_set():
        try:
            times.append(await table.act())
        except ConnectionError as error:
            print(f"  {error} after {len(times)} acks")
            await stop.wait()
            break
        await asyncio.sleep(0.06)  # under the server's 20 messages a second per socket
    return times


def summary(times: list[float]) -> str:
    if not times:
        return "no action acknowledged"
    ms = sorted(t * 1000 for t in times)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return (
        f"{len(ms)} acks, p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms"
    )


async def during(
    base: str, attack: Callable[[], Awaitable[str]], pid: int | None, label: str
) -> None:
    """Run ``attack`` (its preparation done) with the victim's acks timed meanwhile."""
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        table = await Table.open(base, http)
        stop = asyncio.Event()
        watching = asyncio.create_task(victim(table, stop))
        await asyncio.sleep(1.0)
        stop.set()
        baseline = await watching
        stop = asyncio.Event()
        peak = resident_mib(pid)

        async def sample() -> None:
            nonlocal peak
            while not stop.is_set():
                peak = max(peak, resident_mib(pid))
                await asyncio.sleep(0.05)

        sampler = asyncio.create_task(sample())
        watching = asyncio.create_task(victim(table, stop))
        started = time.perf_counter()
        outcome = await attack()
        took = time.perf_counter() - started
        stop.set()
        attacked = await watching
        await sampler
        await table.close()
    print(f"{label}: {outcome} in {took:.2f} s")
    print(f"  victim before: {summary(baseline)}")
    print(f"  victim during: {summary(attacked)}")
    print(f"  server memory: peak {peak:.0f} MiB, now {resident_mib(pid):.0f} MiB")


async def body_attack(base: str) -> str:
    huge = ("{" + ",".join(f'"k{n}": 0' for n in range(1_000_000)) + "}").encode()
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        try:
            response = await http.post(
                "/api/players/guest", content=huge, headers={"content-type": "application/json"}
            )
        except httpx.HTTPError as error:
            return f"{len(huge) / 1e6:.1f} MB body: {type(error).__name__}"
    back = len(response.content)
    return f"{len(huge) / 1e6:.1f} MB body: {response.status_code}, {back:,} bytes back"


async def login_attack(base: str) -> str:
    username = f"bench{time.time_ns() % 10**8}"
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        made = await http.post("/api/accounts", json={"username": username, "password": PASSWORD})
        made.raise_for_status()

    async def login() -> int:
        async with httpx.AsyncClient(base_url=base, timeout=120) as client:
            response = await client.post(
                "/api/accounts/login", json={"username": username, "password": PASSWORD}
            )
            return response.status_code

    codes = await asyncio.gather(*(login() for _ in range(16)))
    return f"16 parallel logins: {sorted(codes)}"


async def long_game(base: str, http: httpx.AsyncClient, actions: int) -> Table:
    table = await Table.open(base, http)
    while table.game["seq"] < actions:
        try:
            await table.act()
        except EOFError:
            break
        await asyncio.sleep(0.05)
    return table


async def replay_attack(base: str, actions: int, seconds: float) -> Callable[[], Awaitable[str]]:
    """Build the long game now; the returned attack floods it with future ``seq``."""
    http = httpx.AsyncClient(base_url=base, timeout=120)
    started = time.perf_counter()
    table = await long_game(base, http, actions)
    built = time.perf_counter() - started
    seq = table.game["seq"]
    sockets = [
        await connect(
            f"{base.replace('http', 'ws', 1)}/ws/games/{table.id}",
            additional_headers={"Cookie": f"nard_token={http.cookies['nard_token']}"},
            max_queue=None,
        )
        for _ in range(3)
    ]

    async def flood() -> str:
        sent = 0
        stop = time.monotonic() + seconds

        async def one(ws: ClientConnection) -> None:
            nonlocal sent
            while time.monotonic() < stop:
                await ws.send(json.dumps({"type": "roll", "seq": seq + 10_000}))
                sent += 1
                await asyncio.sleep(0.05)  # the default rate limit: 20 a second

        await asyncio.gather(*(one(ws) for ws in sockets), return_exceptions=True)
        for ws in sockets:
            await ws.close()
        await table.close()
        await http.aclose()
        return f"a {seq}-action game (built in {built:.0f} s), {sent} future-seq messages"

    return flood


async def spectator_attack(base: str, sockets: int, actions: int) -> str:
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        table = await Table.open(base, http)
        url = f"{base.replace('http', 'ws', 1)}/ws/games/{table.id}?watch={table.watch}"
        watchers: list[ClientConnection] = []
        refused = 0
        for _ in range(sockets):
            try:
                watchers.append(await connect(url, max_queue=None, open_timeout=30))
            except Exception:
                refused += 1
        readers = [asyncio.create_task(_drain(ws)) for ws in watchers]
        times = []
        for _ in range(actions):
            times.append(await table.act())
            await asyncio.sleep(0.06)  # under the server's 20 messages a second per socket
        for ws in watchers:
            await ws.close()
        for reader in readers:
            reader.cancel()
        await table.close()
    return (
        f"{len(watchers)} spectators ({refused} refused), the attacker's own acks: {summary(times)}"
    )


async def _drain(ws: ClientConnection) -> None:
    with contextlib.suppress(Exception):
        async for _ in ws:
            pass


async def main(args: argparse.Namespace) -> None:
    assert urlsplit(args.url).hostname in ("127.0.0.1", "localhost"), "local servers only"
    base = args.url
    attacks: dict[str, Callable[[], Awaitable[str]]] = {
        "body": lambda: body_attack(base),
        "logins": lambda: login_attack(base),
        "spectators": lambda: spectator_attack(base, args.sockets, args.spectator_actions),
    }
    for name in args.attacks:
        if name == "replay":
            flood = await replay_attack(base, args.actions, args.seconds)
            await during(base, flood, args.server_pid, name)
        else:
            await during(base, attacks[name], args.server_pid, name)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("attacks", nargs="+", choices=["body", "logins", "replay", "spectators"])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--server-pid", type=int)
    parser.add_argument("--actions", type=int, default=2000, help="length of the replayed game")
    parser.add_argument(
        "--seconds", type=float, default=10.0, help="how long the replay flood runs"
    )
    parser.add_argument("--sockets", type=int, default=2000, help="spectator sockets")
    parser.add_argument("--spectator-actions", type=int, default=100)
    asyncio.run(main(parser.parse_args()))
