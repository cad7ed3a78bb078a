"""The Origin check compares scheme, host and port (issue 27, item 10).

An HTTP page (which anyone on the way can rewrite) must not write to the HTTPS
site, nor drive a player's socket there.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from nard.server.app import create_app
from tests.server.conftest import make_settings


@pytest.fixture
def https(tmp_path: Path) -> Iterator[TestClient]:
    """A client that reaches the server over HTTPS (as through the TLS front end)."""
    app = create_app(make_settings(f"sqlite:///{tmp_path / 'nard.sqlite3'}"))
    with TestClient(app, base_url="https://nard.example") as client:
        yield client


def _new_game(client: TestClient, origin: str) -> Any:
    return client.post("/api/games", json={"mode": "hotseat"}, headers={"origin": origin})


def _socket_opens(client: TestClient, game: str, origin: str) -> bool:
    # The test client's sockets go to ws://testserver unless told the whole address.
    site = str(client.base_url).replace("http", "ws", 1)
    url = f"{site}/ws/games/{game}"
    try:
        with client.websocket_connect(url, headers={"origin": origin}) as ws:
            ws.receive_json()
    except Exception as closed:  # the handshake refused: 4403
        assert getattr(closed, "code", None) == 4403, closed
        return False
    return True


def test_a_plain_http_page_may_not_write_to_the_https_site(https: TestClient) -> None:
    refused = _new_game(https, "http://nard.example")
    assert refused.status_code == 403 and refused.json()["code"] == "foreign_origin"
    assert refused.json()["message_fa"]
    assert _new_game(https, "https://nard.example:8443").status_code == 403  # not the port
    made = _new_game(https, "https://nard.example")
    assert made.status_code == 201
    game = made.json()["id"]
    assert not _socket_opens(https, game, "http://nard.example")
    assert _socket_opens(https, game, "https://nard.example")


def test_a_configured_public_origin_is_the_one_accepted(tmp_path: Path) -> None:
    settings = make_settings(
        f"sqlite:///{tmp_path / 'nard.sqlite3'}", public_origin="https://nard.example"
    )
    # The instance itself is reached over plain HTTP behind the front end.
    with TestClient(create_app(settings), base_url="http://nard.example") as client:
        assert _new_game(client, "http://nard.example").status_code == 403
        made = _new_game(client, "https://nard.example")
        assert made.status_code == 201
        game = made.json()["id"]
        assert not _socket_opens(client, game, "http://nard.example")
        assert _socket_opens(client, game, "https://nard.example")
