"""A migrated database per run (SQLite and PostgreSQL) and a client of the app on it.

``server`` gives a :class:`Harness`: one TestClient (one event loop, the app's
lifespan running) and helpers to act as several players, each with its own
cookie, over HTTP and WebSocket.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from nard.server.app import create_app
from nard.server.config import Settings
from tests.dbs import database_url


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def db_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    folder: Path = tmp_path_factory.mktemp("serverdb")
    with database_url(request.param, folder) as url:
        yield url


class Socket:
    """A game's WebSocket as a test sees it: send messages, read until a type."""

    def __init__(self, session: WebSocketTestSession) -> None:
        self.session = session
        self.seq = 0
        self.game: dict[str, Any] = {}
        self.received: list[dict[str, Any]] = []
        self._next_id = 0

    def recv(self) -> dict[str, Any]:
        message: dict[str, Any] = self.session.receive_json()
        self.received.append(message)
        if message["type"] in ("state", "update") and "game" in message:
            # An update carries only what an action changes: merge it (docs/protocol.md).
            self.game = {**self.game, **message["game"]}
            self.seq = max(self.seq, message["game"]["seq"])
        return message

    def until(self, *types: str) -> dict[str, Any]:
        while True:
            message = self.recv()
            if message["type"] in types:
                return message

    def send(self, message: dict[str, Any] | str) -> int:
        self._next_id += 1
        if isinstance(message, dict):
            message = {"id": self._next_id, **message}
            self.session.send_text(json.dumps(message))
        else:
            self.session.send_text(message)
        return self._next_id

    def act(self, kind_: str, **fields: Any) -> dict[str, Any]:
        """Send an action at the current seq; the answer (``ack`` or ``error``)."""
        message_id = self.send({"type": kind_, "seq": self.seq, **fields})
        while True:
            answer = self.recv()
            if answer["type"] in ("ack", "error") and answer.get("id") == message_id:
                if answer["type"] == "ack":
                    while self.seq < answer["seq"]:
                        self.recv()
                return answer

    @property
    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.game["state"]
        return state

    def play_turn(self, side: str | None = None) -> None:
        """Make the first legal steps the guide offers, then confirm."""
        extra = {} if side is None else {"side": side}
        while True:
            guide = self.state["guide"]
            if guide is None:
                return
            if guide["can_confirm"]:
                assert self.act("confirm", **extra)["type"] == "ack"
                return
            origin, targets = next(iter(guide["destinations"].items()))
            answer = self.act("step", **{"from": int(origin), "to": targets[0]}, **extra)
            assert answer["type"] == "ack", answer


class Harness:
    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.tokens: dict[str, str | None] = {}
        self.current: str | None = None

    def as_(self, name: str | None) -> TestClient:
        """The client with ``name``'s cookie (None: no cookie)."""
        self.client.cookies.clear()
        token = self.tokens.get(name) if name else None
        if token:
            self.client.cookies.set("nard_token", token)
        self.current = name
        return self.client

    def remember(self, name: str) -> None:
        self.tokens[name] = self.client.cookies.get("nard_token")

    def request(self, name: str | None, method: str, url: str, **kwargs: Any) -> Any:
        response = self.as_(name).request(method, url, **kwargs)
        if name and "nard_token" in response.cookies:
            self.tokens[name] = response.cookies["nard_token"]
        return response

    def guest(self, name: str) -> dict[str, Any]:
        response = self.request(name, "POST", "/api/players/guest", json={"display_name": name})
        assert response.status_code == 201, response.text
        body: dict[str, Any] = response.json()
        return body

    def new_game(self, name: str, **body: Any) -> dict[str, Any]:
        response = self.request(name, "POST", "/api/games", json=body)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    @contextmanager
    def socket(self, name: str | None, game_id: str, query: str = "") -> Iterator[Socket]:
        headers = {"cookie": f"nard_token={self.tokens[name]}"} if name else {}
        self.client.cookies.clear()
        url = f"/ws/games/{game_id}" + (f"?{query}" if query else "")
        with self.client.websocket_connect(url, headers=headers) as session:
            socket = Socket(session)
            socket.until("welcome")
            socket.until("state")
            yield socket


def make_settings(url: str, **overrides: Any) -> Settings:
    values: dict[str, Any] = {"database_url": url, "bot_workers": 1, "claim_after_s": 60.0}
    values.update(overrides)
    return Settings(**values)


@pytest.fixture
def server(db_url: str) -> Iterator[Harness]:
    with TestClient(create_app(make_settings(db_url))) as client:
        yield Harness(client)


@pytest.fixture
def server_factory(db_url: str) -> Iterator[Any]:
    clients: list[TestClient] = []

    def make(**overrides: Any) -> Harness:
        client = TestClient(create_app(make_settings(db_url, **overrides)))
        client.__enter__()
        clients.append(client)
        return Harness(client)

    yield make
    for client in clients:
        client.__exit__(None, None, None)
