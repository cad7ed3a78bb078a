"""What a viewer of a game receives per action: WebSocket messages and bytes, and HTTP.

Plays bot games against a running server (the human's seat makes random legal
steps; the bot answers) with a spectator watching through the game's watch
link, and counts what the spectator's page receives: every WebSocket frame,
and the HTTP fetches the game page makes as it follows the game. The page's
fetches are read from the served code, not assumed: where the server has
``GET /api/games/{id}/frames`` the page fetches the frames once when it opens
(then appends ``update.frames``); without it (before issue 22) the page
fetched ``record.json`` again after every update that made a move
(``game.js``'s ``MOVES``), so that is what is counted there::

    nard serve --port 8765 &
    python -m bench.viewer_traffic --url http://127.0.0.1:8765 --games 3 --seed 1

Prints, per game and in all: actions (the player's and the bot's, i.e. the
log's seq), the spectator's WebSocket messages and bytes per action, the HTTP
requests and bytes per action, and the total bytes per action.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

# The events after which the page before issue 22 re-read record.json (game.js's MOVES).
MOVES = {
    "play_made",
    "turn_passed",
    "cube_offered",
    "cube_taken",
    "cube_dropped",
    "beavered",
    "resign_accepted",
    "game_over",
}


@dataclass
class Traffic:
    actions: int = 0
    ws_messages: int = 0
    ws_bytes: int = 0
    http_requests: int = 0
    http_bytes: int = 0
    kinds: dict[str, int] = field(default_factory=dict)

    def add(self, other: Traffic) -> None:
        self.actions += other.actions
        self.ws_messages += other.ws_messages
        self.ws_bytes += other.ws_bytes
        self.http_requests += other.http_requests
        self.http_bytes += other.http_bytes
        for kind, count in other.kinds.items():
            self.kinds[kind] = self.kinds.get(kind, 0) + count

    def line(self, label: str) -> str:
        per = max(self.actions, 1)
        return (
            f"{label}: {self.actions} actions; spectator WebSocket {self.ws_messages / per:.2f} "
            f"messages, {self.ws_bytes / per:,.0f} B per action; HTTP "
            f"{self.http_requests / per:.2f} requests, {self.http_bytes / per:,.0f} B per action; "
            f"total {(self.ws_bytes + self.http_bytes) / per:,.0f} B per action"
        )


def next_action(game: dict[str, Any], side: str, rng: random.Random) -> dict[str, Any] | None:
    """A random legal action of ``side`` now, or None when it has none."""
    state = game["state"]
    if game["status"] != "active" or state["match"]["over"]:
        return None
    allowed = state["game"]["actions"][side]
    if "roll" in allowed:
        return {"type": "roll"}
    if "take" in allowed:
        return {"type": "take"}
    if "accept_resignation" in allowed:
        return {"type": "accept_resignation"}
    guide = state["guide"]
    if guide is None or state["game"]["to_act"] != side:
        return None
    if guide["can_confirm"]:
        return {"type": "confirm"}
    if not guide["destinations"]:
        return None
    origin, targets = rng.choice(sorted(guide["destinations"].items()))
    return {"type": "step", "from": int(origin), "to": rng.choice(targets)}


async def watch(
    base: str, game_id: str, token: str, traffic: Traffic, frames_served: bool, done: asyncio.Event
) -> None:
    url = base.replace("http", "ws", 1) + f"/ws/games/{game_id}?watch={token}"
    async with (
        httpx.AsyncClient(timeout=30) as http,
        connect(url, max_queue=None, ping_interval=None) as ws,
    ):
        query = f"?watch={token}"
        # The page's first load: the game, then its move list.
        for path in (
            f"/api/games/{game_id}{query}",
            f"/api/games/{game_id}/{'frames' if frames_served else 'record.json'}{query}",
        ):
            answer = await http.get(base + path)
            traffic.http_requests += 1
            traffic.http_bytes += len(answer.content)
        async for raw in ws:
            text = raw if isinstance(raw, str) else raw.decode()
            message = json.loads(text)
            traffic.ws_messages += 1
            traffic.ws_bytes += len(text.encode())
            traffic.kinds[message["type"]] = traffic.kinds.get(message["type"], 0) + 1
            if message["type"] == "update":
                events = {event["type"] for event in message.get("events", [])}
                if not frames_served and events & MOVES:
                    answer = await http.get(f"{base}/api/games/{game_id}/record.json{query}")
                    traffic.http_requests += 1
                    traffic.http_bytes += len(answer.content)
                game = message.get("game") or {}
                if game.get("status") == "finished":
                    done.set()
                    return


async def play_game(base: str, rng: random.Random, level: str, length: int) -> Traffic:
    traffic = Traffic()
    async with httpx.AsyncClient(timeout=30) as http:
        created = await http.post(
            f"{base}/api/games",
            json={"mode": "bot", "length": length, "side": "white", "bot_level": level},
        )
        created.raise_for_status()
        game = created.json()
        token = http.cookies["nard_token"]
        watch_token = game["watch_url"].split("token=", 1)[1]
        frames_served = (
            await http.get(f"{base}/api/games/{game['id']}/frames?watch={watch_token}")
        ).status_code == 200
    done = asyncio.Event()
    spectator = asyncio.create_task(
        watch(base, game["id"], watch_token, traffic, frames_served, done)
    )
    await asyncio.sleep(0.5)  # the spectator is subscribed before the first action
    url = base.replace("http", "ws", 1) + f"/ws/games/{game['id']}"
    async with connect(
        url, additional_headers={"Cookie": f"nard_token={token}"}, max_queue=None
    ) as ws:
        await play_seat(ws, rng, done)
    await asyncio.wait_for(spectator, 30)
    async with httpx.AsyncClient(timeout=30, cookies={"nard_token": token}) as http:
        final = (await http.get(f"{base}/api/games/{game['id']}")).json()
    traffic.actions = final["seq"]
    return traffic


async def play_seat(ws: ClientConnection, rng: random.Random, done: asyncio.Event) -> None:
    """White's seat: one random legal action at a time, each after the last one's answer."""
    game: dict[str, Any] = {}
    ids = iter(range(1, 1_000_000))
    waiting_for: int | None = None
    while not done.is_set():
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), 1))
        except TimeoutError:
            continue
        if message["type"] in ("state", "update") and message.get("game"):
            if message["game"]["seq"] >= game.get("seq", -1):
                game = {**game, **message["game"]}
        elif message["type"] in ("ack", "error") and message.get("id") == waiting_for:
            waiting_for = None
        if waiting_for is not None or not game:
            continue
        action = next_action(game, "white", rng)
        if action is not None:
            waiting_for = next(ids)
            await ws.send(json.dumps({**action, "seq": game["seq"], "id": waiting_for}))


async def main(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    total = Traffic()
    for number in range(1, args.games + 1):
        traffic = await play_game(args.url.rstrip("/"), rng, args.level, args.length)
        print(traffic.line(f"game {number}"), flush=True)
        total.add(traffic)
    print(total.line("all"))
    print("spectator messages by type:", dict(sorted(total.kinds.items())))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--length", type=int, default=1, help="match length (1: one game)")
    parser.add_argument("--level", default="beginner")
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(main(parser.parse_args()))
