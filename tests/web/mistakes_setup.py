"""An analysed game for the "learn from your mistakes" browser tests and screenshots.

A guest plays a hot-seat money game over the server's own HTTP API and
WebSocket, making the first legal steps the guide offers (plenty of errors),
then asks for the analysis and waits for it: the page then has mistakes to
practise. Returns what the browser needs: the guest's cookie and the game.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import httpx
from websockets.sync.client import connect

from tests.server.conftest import Socket

TURNS = 14
COOKIE = "nard_token"


class _Session:
    """A websockets connection as the server tests' :class:`Socket` reads it."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection

    def receive_json(self) -> Any:
        return json.loads(self.connection.recv(timeout=60))

    def send_text(self, text: str) -> None:
        self.connection.send(text)


@dataclass(frozen=True)
class AnalysedGame:
    base: str
    token: str
    game: str
    analysis: dict[str, Any]

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.base, cookies={COOKIE: self.token}, timeout=30)

    def cookie(self) -> dict[str, str]:
        return {"name": COOKIE, "value": self.token, "url": self.base}

    def decision(self, game_number: int, move: int) -> dict[str, Any]:
        """The analysis's marked play at (game, move)."""
        [game] = [g for g in self.analysis["games"] if g["number"] == game_number]
        [found] = [d for d in game["decisions"] if d["move"] == move and d["kind"] == "play"]
        return dict(found)


def analysed_game(base: str, name: str = "Mina") -> AnalysedGame:
    with httpx.Client(base_url=base, timeout=30) as http:
        made = http.post("/api/players/guest", json={"display_name": name})
        made.raise_for_status()
        token = http.cookies[COOKIE]
        game = http.post(
            "/api/games", json={"mode": "hotseat", "length": None, "rules": {"cube": False}}
        )
        game.raise_for_status()
        game_id = game.json()["id"]
        url = base.replace("http", "ws", 1) + f"/ws/games/{game_id}"
        with connect(url, additional_headers={"cookie": f"{COOKIE}={token}"}) as connection:
            ws = Socket(_Session(connection))  # type: ignore[arg-type]
            ws.until("welcome")
            ws.until("state")
            for _ in range(TURNS):
                phase = ws.state["game"]["phase"]
                if phase == "over":
                    break
                if phase in ("opening", "rolling"):
                    assert ws.act("roll")["type"] == "ack"
                ws.play_turn()
        path = f"/api/games/{game_id}/analysis"
        assert http.post(path).status_code == 202
        deadline = time.monotonic() + 300
        answer: dict[str, Any] = http.get(path).json()
        while answer["status"] == "running" and time.monotonic() < deadline:
            time.sleep(0.3)
            answer = http.get(path).json()
        assert answer["status"] == "done", answer
        return AnalysedGame(base, token, game_id, answer["result"])
