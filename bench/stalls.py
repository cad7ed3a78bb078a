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
  whose actions each go out to all of them;
- ``slow``: 500 connections holding a partial request header and 100 holding
  a partial body, for up to ``--hold`` seconds: how many the server closed,
  and when;
- ``passwords``: 300 wrong passwords for one account, one after another: how
  many were checked before the lockout, and how long they took;
- ``games``: anonymous game creation (each a new guest) as fast as the server
  allows for ``--seconds``: created and refused, and the server's memory
  before and after;
- ``catchup``: sockets joining a long game (``--actions``) with ``?since=0``,
  one after another for ``--seconds``;
- ``lobby``: ``--lobby-sockets`` lobby sockets open while guests make and
  withdraw challenges as fast as allowed for ``--seconds`` (each change goes
  to every lobby socket).

The victim's games (and the long games of ``replay`` and ``catchup``) are made
by one guest for the whole run, so that the attacks on an address's limits
(``games``, ``passwords``) do not refuse them; ``games`` uses up the address's
new guests for a minute, and ``logins`` and ``passwords`` share its logins.

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
from collections import Counter
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


def summary(times: list[float], what: str = "acks") -> str:
    if not times:
        return f"no {what}"
    ms = sorted(t * 1000 for t in times)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    p50 = statistics.median(ms)
    return f"{len(ms)} {what}, p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms"


async def during(
    base: str,
    attack: Callable[[], Awaitable[str]],
    pid: int | None,
    label: str,
    http: httpx.AsyncClient,
) -> None:
    """Run ``attack`` (its preparation done) with the victim's acks timed meanwhile;
    ``http`` is the victim's own client (its cookie makes its games)."""
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


async def replay_attack(
    base: str, http: httpx.AsyncClient, actions: int, seconds: float
) -> Callable[[], Awaitable[str]]:
    """Build the long game now (``http``'s player plays it); the returned attack floods
    it with future ``seq``."""
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
        return f"a {seq}-action game (built in {built:.0f} s), {sent} future-seq messages"

    return flood


async def _open_sockets(url: str, count: int) -> tuple[list[ClientConnection], int]:
    """``count`` sockets to ``url`` opened one after another: those the server took, and
    how many it refused."""
    opened: list[ClientConnection] = []
    refused = 0
    for _ in range(count):
        try:
            opened.append(await connect(url, max_queue=None, open_timeout=30))
        except Exception:
            refused += 1
    return opened, refused


async def spectator_attack(base: str, sockets: int, actions: int) -> str:
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        table = await Table.open(base, http)
        url = f"{base.replace('http', 'ws', 1)}/ws/games/{table.id}?watch={table.watch}"
        watchers, refused = await _open_sockets(url, sockets)
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


async def slow_attack(base: str, headers: int, bodies: int, hold: float) -> str:
    """Connections that send part of a request and then nothing; when the server cuts them."""
    split = urlsplit(base)
    host, port = split.hostname or "127.0.0.1", split.port or 80
    partial_header = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: "
    partial_body = (
        b"POST /api/players/guest HTTP/1.1\r\nHost: x\r\n"
        b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
    )
    started = time.monotonic()

    async def hold_one(data: bytes) -> float | None:
        """Seconds until the server closed the connection (None: held to the end)."""
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            return -1.0
        try:
            writer.write(data)
            await writer.drain()
            with contextlib.suppress(TimeoutError, OSError):
                async with asyncio.timeout(max(0.0, started + hold - time.monotonic())):
                    while await reader.read(4096):
                        pass
                    return time.monotonic() - started
            return None
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    results = await asyncio.gather(
        *(hold_one(partial_header) for _ in range(headers)),
        *(hold_one(partial_body) for _ in range(bodies)),
    )
    failed = sum(1 for r in results if r is not None and r < 0)
    closed = sorted(r for r in results if r is not None and r >= 0)
    when = f", median after {statistics.median(closed):.1f} s" if closed else ""
    return (
        f"{headers} partial headers and {bodies} partial bodies: {len(closed)} closed by the"
        f" server{when}, {len(results) - len(closed) - failed} held {hold:.0f} s,"
        f" {failed} not connected"
    )


async def password_attack(base: str, tries: int) -> str:
    """Wrong passwords for one account, one after another."""
    username = f"bench{time.time_ns() % 10**8}"
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        made = await http.post("/api/accounts", json={"username": username, "password": PASSWORD})
        made.raise_for_status()
        codes: Counter[str] = Counter()
        checked_before_lock: int | None = None
        started = time.perf_counter()
        for n in range(tries):
            response = await http.post(
                "/api/accounts/login", json={"username": username, "password": f"wrong {n}"}
            )
            code = response.json().get("code", str(response.status_code))
            codes[code] += 1
            if code == "locked" and checked_before_lock is None:
                checked_before_lock = n
        took = time.perf_counter() - started
    return (
        f"{tries} wrong passwords in {took:.1f} s: {dict(codes)};"
        f" {checked_before_lock if checked_before_lock is not None else tries} answered"
        " before the lockout"
    )


async def games_attack(base: str, seconds: float, pid: int | None) -> str:
    """Anonymous game creation (each a new guest), back to back for ``seconds``."""
    before = resident_mib(pid)
    codes: Counter[int] = Counter()
    stop = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        while time.monotonic() < stop:
            http.cookies.clear()
            response = await http.post("/api/games", json={"mode": "hotseat"})
            codes[response.status_code] += 1
    created, refused = codes.pop(201, 0), codes.pop(429, 0)
    return (
        f"{created} games created, {refused} refused (429), other {dict(codes)};"
        f" server memory {before:.0f} -> {resident_mib(pid):.0f} MiB"
    )


async def catchup_prepare(
    base: str, http: httpx.AsyncClient, actions: int, seconds: float
) -> Callable[[], Awaitable[str]]:
    """Build the long game now (``http``'s player plays it); the returned attack joins
    it with ``?since=0`` again and again."""
    table = await long_game(base, http, actions)
    seq = table.game["seq"]
    url = f"{base.replace('http', 'ws', 1)}/ws/games/{table.id}?since=0"
    headers = {"Cookie": f"nard_token={http.cookies['nard_token']}"}

    async def catch_up() -> str:
        times: list[float] = []
        outcomes: Counter[str] = Counter()
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            started = time.perf_counter()
            try:
                async with connect(url, additional_headers=headers, max_queue=None) as ws:
                    async for raw in ws:
                        if json.loads(raw).get("type") == "state":
                            break
                times.append(time.perf_counter() - started)
                outcomes["state"] += 1
            except Exception as error:
                outcomes[type(error).__name__] += 1
        await table.close()
        served = summary(times, "catch-ups")
        return f"a {seq}-action game joined with since=0: {dict(outcomes)}; {served}"

    return catch_up


async def lobby_attack(base: str, sockets: int, seconds: float, hosts: int = 4) -> str:
    """Lobby sockets held open while guests make and withdraw challenges back to back."""
    url = f"{base.replace('http', 'ws', 1)}/ws/lobby"
    watchers, refused = await _open_sockets(url, sockets)
    received = 0

    async def count(ws: ClientConnection) -> None:
        nonlocal received
        with contextlib.suppress(Exception):
            async for _ in ws:
                received += 1

    readers = [asyncio.create_task(count(ws)) for ws in watchers]
    codes: Counter[str] = Counter()
    stop = time.monotonic() + seconds

    async def host() -> None:
        async with httpx.AsyncClient(base_url=base, timeout=120) as http:
            guest = await http.post("/api/players/guest", json={})
            if guest.status_code != 201:
                codes[f"guest {guest.status_code}"] += 1
                return
            while time.monotonic() < stop:
                made = await http.post("/api/lobby/challenges", json={"rated": False})
                codes[f"made {made.status_code}"] += 1
                if made.status_code == 201:
                    gone = await http.delete(f"/api/lobby/challenges/{made.json()['id']}")
                    codes[f"withdrawn {gone.status_code}"] += 1

    await asyncio.gather(*(host() for _ in range(hosts)), return_exceptions=True)
    for ws in watchers:
        await ws.close()
    for reader in readers:
        reader.cancel()
    return (
        f"{len(watchers)} lobby sockets ({refused} refused), {hosts} hosts:"
        f" answers {dict(codes)}, {received:,} lobby messages delivered"
    )


async def main(args: argparse.Namespace) -> None:
    assert urlsplit(args.url).hostname in ("127.0.0.1", "localhost"), "local servers only"
    base = args.url
    attacks: dict[str, Callable[[], Awaitable[str]]] = {
        "body": lambda: body_attack(base),
        "logins": lambda: login_attack(base),
        "spectators": lambda: spectator_attack(base, args.sockets, args.spectator_actions),
        "slow": lambda: slow_attack(base, 500, 100, args.hold),
        "passwords": lambda: password_attack(base, 300),
        "games": lambda: games_attack(base, args.seconds, args.server_pid),
        "lobby": lambda: lobby_attack(base, args.lobby_sockets, args.seconds),
    }
    async with httpx.AsyncClient(base_url=base, timeout=120) as victim_http:
        (await victim_http.post("/api/players/guest", json={})).raise_for_status()
        for name in args.attacks:
            if name == "replay":
                attack = await replay_attack(base, victim_http, args.actions, args.seconds)
            elif name == "catchup":
                attack = await catchup_prepare(base, victim_http, args.actions, args.seconds)
            else:
                attack = attacks[name]
            await during(base, attack, args.server_pid, name, victim_http)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "attacks",
        nargs="+",
        choices=[
            "body",
            "logins",
            "replay",
            "spectators",
            "slow",
            "passwords",
            "games",
            "catchup",
            "lobby",
        ],
    )
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--server-pid", type=int)
    parser.add_argument("--actions", type=int, default=2000, help="length of the replayed game")
    parser.add_argument(
        "--seconds",
        type=float,
        default=10.0,
        help="how long the replay, games, catchup and lobby attacks run",
    )
    parser.add_argument(
        "--hold", type=float, default=60.0, help="how long slow connections are held at most"
    )
    parser.add_argument("--lobby-sockets", type=int, default=60)
    parser.add_argument("--sockets", type=int, default=2000, help="spectator sockets")
    parser.add_argument("--spectator-actions", type=int, default=100)
    asyncio.run(main(parser.parse_args()))
