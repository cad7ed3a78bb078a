"""Fuzz a running game server: random and mutated WebSocket messages and HTTP requests.

Bounded in count and time, to 127.0.0.1 only. Each WebSocket worker holds one
seat (or a spectator link) of a game and sends, one at a time, a message made
from a legal action, a mutation of one (wrong types, unknown fields, stale and
future ``seq``, malformed step lists, huge numbers, NaN, deep nesting, cut or
flipped bytes, padding past the size limit) or raw junk (binary frames, text
that is not UTF-8, frames over a megabyte), chat lines and cube hints among
them; a share are legal, so the games go on and every phase is reached. Every
message must be answered (``ack``, ``error``, ``pong``, ``cube_hint``, the
``chat`` line, or ``state`` for ``sync``) within ``--answer-timeout``, and a
socket may close only where docs/protocol.md says it does (1007 for text that
is not UTF-8, 1009 past the frame limit): the worker then reconnects. Lobby
workers send the same kinds of frames to ``/ws/lobby``, which only listens:
it must stay open and still deliver the lobby when a challenge comes and goes.
HTTP workers send mutated requests to every endpoint (games, players, the
lobby, the trainer, mistakes, dice statistics: bodies, ids, tokens, query
strings, origins, raw malformed requests); any 5xx counts.

It reports crashes (the server process gone or refusing connections), 5xx
answers, unexpected closes, unanswered messages, tracebacks and errors in the
server's log (``--server-log``), and the server's resident memory before and
after (``--server-pid``), and exits with status 1 if there is any of them, or
if the memory grew by more than ``--max-growth-mib`` (50). Run the server
with limits high enough that the fuzz is not just rate-limited:

    NARD_RATE_PER_S=100000 NARD_RATE_BURST=100000 NARD_GUESTS_PER_ADDRESS=100000 \\
    NARD_GAMES_PER_PLAYER=100000 NARD_LOGIN_PER_ADDRESS=100000 \\
    NARD_CHAT_PER_PLAYER=100000 NARD_HINTS_PER_PLAYER=100000 \\
        nard serve --port 8765 >server.log 2>&1 &
    python -m bench.fuzz --url http://127.0.0.1:8765 --messages 100000 --http 5000 \\
        --server-pid $! --server-log server.log
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import socket
import string
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

EXPECTED_CLOSES = {1007, 1009}
ANSWERS = ("ack", "error", "pong", "state", "cube_hint", "chat")
"""What the server sends that answers a message (``state`` and ``chat`` also come
unasked: a broadcast state, another socket's chat line)."""
"""Closes docs/protocol.md names for input (not UTF-8; a frame over the limit)."""
ACTIONS = (
    "roll",
    "step",
    "undo",
    "confirm",
    "play",
    "double",
    "take",
    "drop",
    "beaver",
    "resign",
    "accept_resignation",
    "refuse_resignation",
    "claim",
)
OVERSIZED = 1024 * 1024
"""A body this large may be cut off by the server's body limit before it is sent."""
ODD_TEXT = ["é", "\x00", "\u202e", "🂡", "ذ" * 50, "\ud7ff", "a\nb", "%00", "../../etc", ""]
PHRASES = ("hello", "good_luck", "good_game", "gg", "thanks", "well_played", "rude", "")


@dataclass
class Report:
    sent: int = 0
    answered: Counter[str] = field(default_factory=Counter)
    unanswered: int = 0
    closes: Counter[str] = field(default_factory=Counter)
    unexpected_closes: int = 0
    http: Counter[int] = field(default_factory=Counter)
    http_sent: int = 0
    lobby_sent: int = 0
    server_errors: list[str] = field(default_factory=list)
    crashes: list[str] = field(default_factory=list)
    samples: list[str] = field(default_factory=list)
    growth_mib: float | None = None

    def note(self, text: str) -> None:
        if len(self.samples) < 20:
            self.samples.append(text[:300])


# -- messages --------------------------------------------------------------------------------


def odd_value(rng: random.Random) -> Any:
    choices: list[Any] = [
        None,
        True,
        -1,
        0,
        2**63,
        -(2**70),
        10**400,
        1.5,
        float("nan"),
        float("inf"),
        rng.choice(ODD_TEXT),
        "x" * rng.choice((1, 100, 5000)),
        [],
        [[24, 23], [9, 17]],
        [[rng.randint(-3, 30), rng.randint(-3, 30)] for _ in range(rng.randint(0, 6))],
        {"nested": {"deeper": [1, 2, 3]}},
        rng.choice(ACTIONS),
    ]
    return rng.choice(choices)


def legal(game: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action of the state the worker last saw (or a roll when it saw none)."""
    state = game.get("state") or {}
    phase = (state.get("game") or {}).get("phase")
    if phase == "cube_offered":
        return {"type": rng.choice(("take", "drop"))}
    if phase == "resignation_offered":
        return {"type": rng.choice(("accept_resignation", "refuse_resignation"))}
    guide = state.get("guide")
    if guide:
        if guide["can_confirm"] and rng.random() < 0.8:
            return {"type": "confirm"}
        if guide["destinations"]:
            origin, targets = rng.choice(list(guide["destinations"].items()))
            return {"type": "step", "from": int(origin), "to": rng.choice(targets)}
        return {"type": "undo"}
    return {"type": rng.choice(("roll", "roll", "roll", "double"))}


def chat_line(rng: random.Random) -> dict[str, Any]:
    """A chat line: most of them fine, the rest too long, empty, hidden characters."""
    if rng.random() < 0.5:
        return {"type": "chat", "phrase": rng.choice(PHRASES)}
    text = rng.choice(["salaam", "<b>gg</b>", "می\u200cخواهم", *ODD_TEXT, "x" * 301])
    return {"type": "chat", "text": text}


def template(rng: random.Random) -> dict[str, Any]:
    kind = rng.choice((*ACTIONS, "client_seed", "sync", "ping", "chat", "cube_hint"))
    if kind == "chat":
        return chat_line(rng)
    message: dict[str, Any] = {"type": kind}
    if kind == "step":
        message |= {"from": rng.randint(0, 25), "to": rng.randint(0, 25)}
    elif kind == "play":
        message["steps"] = [[rng.randint(0, 25), rng.randint(0, 25)] for _ in range(4)]
    elif kind == "resign":
        message["kind"] = rng.choice(("single", "gammon", "backgammon"))
    elif kind == "client_seed":
        message["seed"] = rng.choice(ODD_TEXT) or "seed"
    elif kind == "sync":
        message["since"] = rng.randint(0, 50)
    return message


def mutate(message: dict[str, Any], seq: int, rng: random.Random) -> dict[str, Any]:
    message = dict(message)
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        keys = list(message)
        if roll < 0.2 and keys:
            message.pop(rng.choice(keys))
        elif roll < 0.35:
            message[rng.choice(("sneaky", "from", "to", "kind", "steps", "side"))] = odd_value(rng)
        elif roll < 0.55:
            message["seq"] = rng.choice((seq + 1, seq + 10**6, seq - 1, -5, 2**62, seq))
        elif roll < 0.7:
            message["steps"] = odd_value(rng)
            message["type"] = "play"
        elif roll < 0.8:
            message["type"] = odd_value(rng)
        elif roll < 0.9:
            message["side"] = rng.choice(("white", "black", "red", None, 1))
        elif keys:
            message[rng.choice(keys)] = odd_value(rng)
    return message


def serialise(message: dict[str, Any], rng: random.Random) -> str | bytes:
    text = json.dumps(message)  # NaN and Infinity are written as JS literals
    roll = rng.random()
    if roll < 0.04:
        return text[: rng.randint(0, len(text))]
    if roll < 0.07:
        position = rng.randrange(len(text))
        return text[:position] + rng.choice(string.printable + "é\x00") + text[position + 1 :]
    if roll < 0.08:
        return "[" * 5000 + "]" * 5000
    if roll < 0.09:
        return json.dumps({**message, "pad": "x" * rng.choice((5_000, 70_000, 300_000))})
    if roll < 0.095:
        return rng.randbytes(rng.randint(1, 64))  # a binary frame
    return text


def next_message(game: dict[str, Any], seq: int, rng: random.Random) -> tuple[str | bytes, str]:
    """The frame to send and what kind of answer it must get ('answer', 'state', 'close')."""
    roll = rng.random()
    if roll < 0.02:
        message = {**chat_line(rng), "seq": seq} if rng.random() < 0.1 else chat_line(rng)
    elif roll < 0.03:
        message = {"type": "cube_hint", "seq": seq}
    elif roll < 0.35:
        message = {**legal(game, rng), "seq": seq}
    elif roll < 0.85:
        message = mutate({**legal(game, rng), "seq": seq}, seq, rng)
    else:
        message = mutate({**template(rng), "seq": seq}, seq, rng)
    message["id"] = rng.randint(1, 2**40)
    if rng.random() < 0.0005:
        return b"\xff\xfe" + rng.randbytes(8), "close"  # sent as text: not UTF-8
    if rng.random() < 0.0005:
        return json.dumps({**message, "pad": "x" * 1_200_000}), "close"
    frame = serialise(message, rng)
    expect = "answer"
    if isinstance(frame, str):
        expect = {"sync": "state", "chat": "chat"}.get(str(message.get("type")), "answer")
    return frame, expect


# -- WebSocket workers -----------------------------------------------------------------------


class Seat:
    """One connection: the game it has seen, and the answers it is owed in order."""

    def __init__(self, url: str, token: str | None) -> None:
        self.url = url
        self.token = token
        self.ws: ClientConnection | None = None
        self.game: dict[str, Any] = {}
        self.seq = 0
        self.answers: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.reader: asyncio.Task[None] | None = None
        self.closed_with: int | None = None

    async def open(self) -> None:
        headers = {"Cookie": f"nard_token={self.token}"} if self.token else {}
        self.ws = await connect(
            self.url, additional_headers=headers, max_size=None, max_queue=None, open_timeout=10
        )
        self.closed_with = None
        self.answers = asyncio.Queue()
        self.reader = asyncio.create_task(self.read(self.ws))

    async def read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                message = json.loads(raw)
                game = message.get("game")
                if isinstance(game, dict) and game.get("seq", -1) >= self.seq:
                    self.game = {**self.game, **game}
                    self.seq = game["seq"]
                if message.get("type") in ANSWERS:
                    await self.answers.put(message)
        except ConnectionClosed as closed:
            self.closed_with = closed.rcvd.code if closed.rcvd else 1006
        await self.answers.put(None)

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()


async def seat_worker(
    seat: Seat, quota: int, stop: float, answer_timeout: float, rng: random.Random, report: Report
) -> None:
    await seat.open()
    with contextlib.suppress(asyncio.TimeoutError):  # the welcome's state
        while (await asyncio.wait_for(seat.answers.get(), answer_timeout)) is not None:
            if seat.game:
                break
    for _ in range(quota):
        if time.monotonic() > stop:
            return
        frame, expect = next_message(seat.game, seq=seat.seq, rng=rng)
        assert seat.ws is not None
        # Anything queued now (a broadcast state) is not the answer to this frame.
        while not seat.answers.empty():
            seat.answers.get_nowait()
        report.sent += 1
        try:
            if isinstance(frame, bytes) and expect == "close":
                await seat.ws.send(frame, text=True)
            else:
                await seat.ws.send(frame)
            answer = await _answer(seat, expect, answer_timeout)
        except ConnectionClosed:
            answer = None
        except TimeoutError:
            report.unanswered += 1
            report.note(f"no answer to {frame[:200]!r}")
            continue
        if answer is not None:
            report.answered[answer.get("code") or answer["type"]] += 1
            continue
        code = seat.closed_with or 1006
        report.closes[str(code)] += 1
        if expect != "close" or code not in EXPECTED_CLOSES:
            report.unexpected_closes += 1
            report.note(f"closed {code} after {frame[:200]!r}")
        await seat.close()
        await seat.open()


async def _answer(seat: Seat, expect: str, timeout: float) -> dict[str, Any] | None:
    deadline = time.monotonic() + timeout
    while True:
        message = await asyncio.wait_for(seat.answers.get(), max(0.0, deadline - time.monotonic()))
        if message is None:
            return message
        if expect == "close":
            # A broadcast that was on its way is no answer: the close must still come
            # (taking it for one put the close on the next frame's account).
            continue
        if message["type"] == "error":
            return message
        if message["type"] == expect:
            return message
        if expect == "answer" and message["type"] not in ("state", "chat"):
            return message


async def make_seats(http: httpx.AsyncClient, ws_base: str, games: int) -> list[Seat]:
    seats: list[Seat] = []
    for n in range(games):
        host = httpx.AsyncClient(base_url=http.base_url, timeout=30)
        mode = ("hotseat", "friend", "bot")[n % 3]
        body: dict[str, Any] = {"mode": mode, "length": 25}  # long: the games go on
        if mode == "bot":
            body["bot_level"] = "beginner"
        created = await host.post("/api/games", json=body)
        created.raise_for_status()
        game = created.json()
        url = f"{ws_base}/ws/games/{game['id']}"
        seats.append(Seat(url, host.cookies["nard_token"]))
        if mode == "friend":
            friend = httpx.AsyncClient(base_url=http.base_url, timeout=30)
            invite = game["invite_url"].rsplit("/", 1)[1]
            (await friend.post(f"/api/invites/{invite}")).raise_for_status()
            seats.append(Seat(url, friend.cookies["nard_token"]))
            await friend.aclose()
        watch = game["watch_url"].split("token=", 1)[1]
        seats.append(Seat(f"{url}?watch={watch}", None))
        await host.aclose()
    return seats


# -- the lobby's socket ----------------------------------------------------------------------


def lobby_frame(rng: random.Random) -> tuple[str | bytes, str]:
    """A frame for ``/ws/lobby`` (which answers none) and how it may end ('open', 'close')."""
    if rng.random() < 0.002:
        return b"\xff\xfe" + rng.randbytes(8), "close"
    if rng.random() < 0.002:
        return "x" * 1_200_000, "close"
    message = mutate(rng.choice((template(rng), chat_line(rng), {"type": "lobby"})), 0, rng)
    return serialise(message, rng), "open"


async def lobby_worker(
    base: str,
    ws_base: str,
    quota: int,
    stop: float,
    answer_timeout: float,
    rng: random.Random,
    report: Report,
) -> None:
    """Send frames to a lobby socket; every 50, a challenge made and withdrawn over
    HTTP must reach it (the socket still listens)."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        (
            await http.post("/api/players/guest", json={"display_name": "lobby fuzz"})
        ).raise_for_status()
        headers = {"Cookie": f"nard_token={http.cookies['nard_token']}"}

        async def open_lobby() -> ClientConnection:
            ws = await connect(
                f"{ws_base}/ws/lobby", additional_headers=headers, max_size=None, max_queue=None
            )
            await asyncio.wait_for(ws.recv(), answer_timeout)  # the first snapshot
            return ws

        ws = await open_lobby()
        try:
            for n in range(quota):
                if time.monotonic() > stop:
                    return
                frame, expect = lobby_frame(rng)
                report.sent += 1
                report.lobby_sent += 1
                try:
                    if isinstance(frame, bytes) and expect == "close":
                        await ws.send(frame, text=True)
                    else:
                        await ws.send(frame)
                    if expect == "close" or n % 50 == 49 or n == quota - 1:
                        await _lobby_listens(http, ws, answer_timeout)
                        report.answered["lobby"] += 1
                except ConnectionClosed as closed:
                    code = closed.rcvd.code if closed.rcvd else 1006
                    report.closes[f"lobby {code}"] += 1
                    if expect != "close" or code not in EXPECTED_CLOSES:
                        report.unexpected_closes += 1
                        report.note(f"lobby closed {code} after {frame[:200]!r}")
                    ws = await open_lobby()
                except TimeoutError:
                    report.unanswered += 1
                    report.note(f"the lobby fell silent after {frame[:200]!r}")
        finally:
            with contextlib.suppress(Exception):
                await ws.close()


async def _lobby_listens(http: httpx.AsyncClient, ws: ClientConnection, timeout: float) -> None:
    """A challenge made over HTTP shows in the lobby socket's next snapshots; withdrawn."""
    made = await http.post("/api/lobby/challenges", json={"length": 1, "rated": False})
    made.raise_for_status()
    challenge = made.json()["id"]
    deadline = time.monotonic() + timeout
    try:
        while True:
            raw = await asyncio.wait_for(ws.recv(), max(0.0, deadline - time.monotonic()))
            message = json.loads(raw)
            if message.get("type") == "lobby" and any(
                each.get("id") == challenge for each in message.get("challenges", ())
            ):
                break
    finally:
        # Withdrawn even when the socket was closed as expected: a player may have
        # only three open challenges.
        await http.delete(f"/api/lobby/challenges/{challenge}")


# -- HTTP ------------------------------------------------------------------------------------


def http_request(rng: random.Random, game: str, watch: str) -> dict[str, Any]:
    odd_id = rng.choice([game, "é", "%00", "x" * 300, "..%2f", "\u202e", "ﷺ", game + "é"])
    query = rng.choice(
        [
            {},
            {"watch": watch},
            {"watch": rng.choice(ODD_TEXT)},
            {"since": "x"},
            {"seed": odd_value(rng), "kind": rng.choice(["bearoff", "hit", *ODD_TEXT])},
            {"game": rng.choice([game, *ODD_TEXT])},
            {"finished": rng.choice(["true", "x", "é"])},
        ]
    )
    number = rng.choice(["1", "0", "-1", "99999999999999999999", "é", "1.5", "NaN"])
    path, method = rng.choice(
        [
            ("/api/players/guest", "POST"),
            ("/api/players/me", "GET"),
            ("/api/players/me", "PATCH"),
            ("/api/accounts", "POST"),
            ("/api/accounts/login", "POST"),
            ("/api/accounts/logout", "POST"),
            ("/api/accounts/password", "POST"),
            ("/api/games", "POST"),
            ("/api/games", "GET"),
            (f"/api/games/{odd_id}", "GET"),
            (f"/api/games/{odd_id}/record.json", "GET"),
            (f"/api/games/{odd_id}/record.mat", "GET"),
            (f"/api/games/{odd_id}/fair-dice", "GET"),
            (f"/api/games/{odd_id}/hint", "POST"),
            (f"/api/games/{odd_id}/claim", "POST"),
            (f"/api/games/{odd_id}/analysis", "GET"),
            (f"/api/invites/{odd_id}", "POST"),
            (f"/game/{odd_id}", "GET"),
            (f"/api/games/{odd_id}/chat", "GET"),
            (f"/api/games/{odd_id}/mistakes", "POST"),
            ("/api/lobby", "GET"),
            ("/api/lobby/challenges", "POST"),
            (f"/api/lobby/challenges/{odd_id}", "DELETE"),
            (f"/api/lobby/challenges/{odd_id}/accept", "POST"),
            ("/api/lobby/quick", "POST"),
            ("/api/lobby/quick", "DELETE"),
            ("/api/trainer/drill", "GET"),
            ("/api/trainer/answer", "POST"),
            ("/api/trainer/progress", "GET"),
            ("/api/trainer/report", "GET"),
            ("/api/mistakes/next", "GET"),
            ("/api/mistakes/counts", "GET"),
            (f"/api/mistakes/{number}", "GET"),
            (f"/api/mistakes/{number}/answer", "POST"),
            ("/api/dice-stats", "GET"),
            ("/api/leaderboard", "GET"),
            (f"/api/players/{number}/profile", "GET"),
            ("/static/../../etc/passwd", "GET"),
        ]
    )
    fields = {
        "display_name": odd_value(rng),
        "username": rng.choice(["probeX", "PROBEX", "a b", odd_value(rng)]),
        "password": rng.choice(["long enough pw", odd_value(rng)]),
        "mode": rng.choice(["bot", "friend", "hotseat", odd_value(rng)]),
        "length": odd_value(rng),
        "seq": odd_value(rng),
        "rules": rng.choice([{"preset": "iranian"}, odd_value(rng)]),
        "old_password": odd_value(rng),
        "new_password": odd_value(rng),
        "min_rating": rng.choice([1500, odd_value(rng)]),
        "max_rating": rng.choice([1400, odd_value(rng)]),
        "clock": rng.choice(["none", "blitz", odd_value(rng)]),
        "rated": odd_value(rng),
        "cube": odd_value(rng),
        "preset": rng.choice(["standard", "iranian", odd_value(rng)]),
        "seed": rng.choice([7, odd_value(rng)]),
        "kind": rng.choice(["bearoff", odd_value(rng)]),
        "level": odd_value(rng),
        "plays": rng.choice([["24/18 13/11"], odd_value(rng)]),
        "play": rng.choice(["8/5 6/5", odd_value(rng)]),
        "yes": odd_value(rng),
    }
    body = {key: value for key, value in fields.items() if rng.random() < 0.3}
    content: bytes = json.dumps(body).encode()
    roll = rng.random()
    if roll < 0.05:
        content = content[: rng.randint(0, len(content))]
    elif roll < 0.08:
        content = rng.randbytes(rng.randint(0, 300))
    elif roll < 0.10:
        content = b'{"display_name": "' + b"x" * rng.choice((70_000, 2_000_000)) + b'"}'
    elif roll < 0.11:
        content = b"[" * 100_000
    headers = {"content-type": rng.choice(["application/json", "text/plain", "x/y"])}
    if rng.random() < 0.1:
        headers["origin"] = rng.choice(["https://evil.example", "null", "http://127.0.0.1"])
    return {"method": method, "url": path, "params": query, "content": content, "headers": headers}


RAW_REQUESTS = [
    b"GET / HTTP/1.1\r\n\r\n",
    b"GARBAGE\r\n\r\n",
    b"GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n",
    b"POST /api/players/guest HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    b"POST /api/players/guest HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"GET /api/games/\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /api/health HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 40_000 + b"\r\n\r\n",
    b"GET /api/health HTTP/1.1\r\n" + b"X: y\r\n" * 300 + b"\r\n",
    b"GET /ws/games/x HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
]


def raw_request(host: str, port: int, data: bytes) -> int | None:
    """Send raw bytes; the answer's status (None: closed without one)."""
    with socket.create_connection((host, port), timeout=10) as sock:
        with contextlib.suppress(OSError):
            sock.sendall(data)
        with contextlib.suppress(OSError):
            head = sock.recv(64)
            if head.startswith(b"HTTP/1.1 "):
                return int(head[9:12])
    return None


async def http_worker(
    http: httpx.AsyncClient,
    quota: int,
    stop: float,
    game: str,
    watch: str,
    seed: int,
    report: Report,
) -> None:
    rng = random.Random(seed)
    for _ in range(quota):
        if time.monotonic() > stop:
            return
        request = http_request(rng, game, watch)
        report.http_sent += 1
        try:
            response = await http.request(**request)
        except httpx.HTTPError as error:
            if len(request["content"]) > OVERSIZED:
                # Refused (413) and closed before the body was read: the client may see
                # only the closed connection.
                report.http[413] += 1
                continue
            report.http[0] += 1
            report.note(f"HTTP {request['method']} {request['url']}: {type(error).__name__}")
            continue
        report.http[response.status_code] += 1
        if response.status_code >= 500:
            report.note(f"{response.status_code} {request['method']} {request['url']}")


# -- the run ---------------------------------------------------------------------------------


def resident_mib(pid: int | None) -> float | None:
    if pid is None:
        return None
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return None


def log_problems(path: Path | None, start: int) -> list[str]:
    if path is None:
        return []
    with path.open("rb") as log:
        log.seek(start)
        text = log.read().decode("utf-8", "replace")
    marks = ("Traceback", "ERROR", "Exception in ASGI", "CRITICAL")
    return [line for line in text.splitlines() if any(mark in line for mark in marks)]


async def main(args: argparse.Namespace) -> Report:
    report = Report()
    split = urlsplit(args.url)
    assert split.hostname in ("127.0.0.1", "localhost", "::1"), "fuzz only a local server"
    ws_base = args.url.replace("http", "ws", 1)
    log_start = args.server_log.stat().st_size if args.server_log else 0
    before = resident_mib(args.server_pid)
    stop = time.monotonic() + args.seconds
    rng = random.Random(args.seed)
    async with httpx.AsyncClient(base_url=args.url, timeout=30) as http:
        seats = await make_seats(http, ws_base, args.games)
        target = await http.post("/api/games", json={"mode": "hotseat"})
        target_game = target.json()
        watch = target_game["watch_url"].split("token=", 1)[1]
        lobby_frames = args.messages // 20 if args.lobby is None else min(args.lobby, args.messages)
        per_seat = -(-(args.messages - lobby_frames) // len(seats))
        workers = [
            seat_worker(
                seat, per_seat, stop, args.answer_timeout, random.Random(rng.random()), report
            )
            for seat in seats
        ]
        per_lobby = -(-lobby_frames // args.lobby_workers) if lobby_frames else 0
        workers += [
            lobby_worker(
                args.url,
                ws_base,
                per_lobby,
                stop,
                args.answer_timeout,
                random.Random(rng.random()),
                report,
            )
            for _ in range(args.lobby_workers if per_lobby else 0)
        ]
        per_http = -(-args.http // args.http_workers)
        clients = [
            httpx.AsyncClient(base_url=args.url, timeout=30) for _ in range(args.http_workers)
        ]
        workers += [
            http_worker(client, per_http, stop, target_game["id"], watch, args.seed + n, report)
            for n, client in enumerate(clients)
        ]
        started = time.monotonic()
        results = await asyncio.gather(*workers, return_exceptions=True)
        elapsed = time.monotonic() - started
        for result in results:
            if isinstance(result, BaseException):
                kind = "refused" if isinstance(result, InvalidStatus | OSError) else "failed"
                report.crashes.append(f"worker {kind}: {type(result).__name__}: {result}")
        for seat in seats:
            await seat.close()
        for client in clients:
            await client.aclose()
        host, port = split.hostname or "127.0.0.1", split.port or 80
        raw = Counter(
            await asyncio.gather(
                *(asyncio.to_thread(raw_request, host, port, data) for data in RAW_REQUESTS)
            )
        )
        for status in raw:
            report.http[status or 0] += 1
        try:
            health = await http.get("/api/health")
            if health.status_code != 200:
                report.crashes.append(f"health answered {health.status_code}")
        except httpx.HTTPError as error:
            report.crashes.append(f"the server is gone: {error}")
    await asyncio.sleep(1)
    after = resident_mib(args.server_pid)
    report.server_errors = log_problems(args.server_log, log_start)
    fives = sum(count for status, count in report.http.items() if status >= 500)
    print(
        f"WebSocket messages: {report.sent} in {elapsed:.1f} s over {len(seats)} game sockets"
        f" ({report.lobby_sent} of them to {args.lobby_workers} lobby sockets)"
    )
    print(f"  answers: {dict(report.answered.most_common())}")
    print(f"  unanswered: {report.unanswered}, closes: {dict(report.closes)}")
    print(f"  unexpected closes: {report.unexpected_closes}")
    print(f"HTTP requests: {report.http_sent} + {len(RAW_REQUESTS)} raw")
    print(f"  statuses: {dict(sorted(report.http.items()))}")
    errors = len(report.server_errors)
    print(f"crashes: {len(report.crashes)}, 5xx: {fives}, server log errors: {errors}")
    if before is not None and after is not None:
        report.growth_mib = after - before
        print(
            f"server memory: {before:.1f} MiB before, {after:.1f} MiB after ({after - before:+.1f})"
        )
    for line in report.crashes + report.server_errors[:10] + report.samples:
        print("  ", line[:300])
    return report


def failures(report: Report, max_growth_mib: float) -> list[str]:
    """What makes the run a failure (exit status 1); none for a clean run."""
    fives = sum(count for status, count in report.http.items() if status >= 500)
    found = {
        "crashes": len(report.crashes),
        "5xx answers": fives,
        "errors in the server's log": len(report.server_errors),
        "unexpected closes": report.unexpected_closes,
        "unanswered messages": report.unanswered,
    }
    problems = [f"{count} {what}" for what, count in found.items() if count]
    if report.growth_mib is not None and report.growth_mib > max_growth_mib:
        problems.append(f"memory grew {report.growth_mib:.1f} MiB (over {max_growth_mib:g})")
    return problems


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--messages", type=int, default=10_000, help="WebSocket messages in all")
    parser.add_argument("--http", type=int, default=1_000, help="HTTP requests in all")
    parser.add_argument("--games", type=int, default=6, help="games (about 2.7 sockets each)")
    parser.add_argument("--http-workers", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=600.0, help="stop after this long")
    parser.add_argument("--answer-timeout", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--server-pid", type=int, help="the server's pid, for its memory")
    parser.add_argument("--server-log", type=Path, help="the server's log, for tracebacks")
    parser.add_argument(
        "--lobby", type=int, help="frames to /ws/lobby, part of --messages (default: 1 in 20)"
    )
    parser.add_argument("--lobby-workers", type=int, default=2)
    parser.add_argument("--max-growth-mib", type=float, default=50.0)
    arguments = parser.parse_args()
    problems = failures(asyncio.run(main(arguments)), arguments.max_growth_mib)
    print("FAILED: " + ", ".join(problems) if problems else "clean")
    sys.exit(1 if problems else 0)
