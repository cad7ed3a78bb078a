"""Logins and registrations under attack (issue 12): limits per address and per
account, case-insensitive usernames, bounded password hashing, expiring cookies."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import update

from nard.server.players.security import token_hash
from nard.storage.models import PlayerToken
from nard.storage.session import make_engine, make_sessions
from tests.server.conftest import Harness

PASSWORD = "long enough pw"


def _account(server: Harness, who: str, username: str) -> None:
    created = server.request(
        who, "POST", "/api/accounts", json={"username": username, "password": PASSWORD}
    )
    assert created.status_code == 201, created.text


def _login(server: Harness, who: str, username: str, password: str) -> Any:
    return server.request(
        who, "POST", "/api/accounts/login", json={"username": username, "password": password}
    )


def test_usernames_are_one_account_whatever_their_case(server: Harness) -> None:
    name = f"probe{secrets.token_hex(3)}X"
    _account(server, "first", name)
    again = server.request(
        "second", "POST", "/api/accounts", json={"username": name.upper(), "password": PASSWORD}
    )
    assert again.status_code == 409 and again.json()["code"] == "username_taken"
    logged = _login(server, "third", name.lower(), PASSWORD)
    assert logged.status_code == 200 and logged.json()["username"] == name


def test_wrong_passwords_lock_the_account_not_the_right_owner_forever(
    server_factory: Callable[..., Harness],
) -> None:
    server = server_factory(login_per_account=3, login_per_address=1000)
    name = f"victim{secrets.token_hex(3)}"
    _account(server, "owner", name)
    for _ in range(3):
        assert _login(server, "attacker", name, "wrong password").status_code == 401
    locked = _login(server, "attacker", name.upper(), PASSWORD)  # even the right one waits
    assert locked.status_code == 429 and locked.json()["code"] == "locked"
    assert int(locked.headers["retry-after"]) > 0 and locked.json()["message_fa"]
    # Other accounts and other players are not slowed down.
    other = f"other{secrets.token_hex(3)}"
    _account(server, "someone", other)
    assert _login(server, "someone", other, PASSWORD).status_code == 200
    assert server.request("owner", "GET", "/api/players/me").status_code == 200


def test_one_address_may_try_only_so_many_logins_and_registrations(
    server_factory: Callable[..., Harness],
) -> None:
    server = server_factory(login_per_address=4, login_per_account=100)
    answers = [_login(server, "guesser", f"user{n}", "whatever pw").status_code for n in range(6)]
    assert answers[:4] == [401] * 4 and answers[4:] == [429, 429]
    registrations = [
        server.request(
            f"maker{n}",
            "POST",
            "/api/accounts",
            json={"username": f"made{secrets.token_hex(4)}", "password": PASSWORD},
        )
        for n in range(6)
    ]
    assert [r.status_code for r in registrations] == [201] * 4 + [429] * 2
    assert registrations[-1].json()["code"] == "rate_limited"
    assert server.request("maker0", "GET", "/api/players/me").status_code == 200


def test_parallel_logins_queue_for_a_few_hashing_threads_and_the_rest_wait_their_turn(
    server_factory: Callable[..., Harness],
) -> None:
    server = server_factory(password_workers=1, login_per_address=1000, login_per_account=1000)
    name = f"busy{secrets.token_hex(3)}"
    _account(server, "owner", name)

    def login(_: int) -> int:
        response = server.client.post(
            "/api/accounts/login", json={"username": name, "password": PASSWORD}
        )
        return response.status_code

    with ThreadPoolExecutor(16) as pool:
        codes = list(pool.map(login, range(16)))
    # One thread and eight places: the rest are told at once to come back (503 busy).
    assert set(codes) <= {200, 503} and codes.count(200) >= 8
    threads = {thread.name for thread in threading.enumerate()}
    assert sum(name.startswith("nard-argon2") for name in threads) <= 1
    assert server.request("owner", "GET", "/api/players/me").status_code == 200


def test_new_guests_per_address_and_new_games_per_player_are_limited(
    server_factory: Callable[..., Harness],
) -> None:
    server = server_factory(guests_per_address=3, games_per_player=2)
    codes = [
        server.request(None, "POST", "/api/players/guest", json={}).status_code for _ in range(4)
    ]
    assert codes == [201, 201, 201, 429]
    server.tokens["maker"] = None
    refused = server.request("maker", "POST", "/api/games", json={"mode": "hotseat"})
    assert refused.status_code == 429  # a game without a cookie makes a guest: limited too


def test_game_creation_is_limited_per_player(server_factory: Callable[..., Harness]) -> None:
    server = server_factory(games_per_player=2)
    server.guest("maker")
    codes = [
        server.request("maker", "POST", "/api/games", json={"mode": "hotseat"}).status_code
        for _ in range(3)
    ]
    assert codes == [201, 201, 429]
    server.guest("other")
    assert (
        server.request("other", "POST", "/api/games", json={"mode": "hotseat"}).status_code == 201
    )


@pytest.fixture
def tokens(db_url: str) -> Any:
    engine = make_engine(db_url)
    yield make_sessions(engine)
    engine.dispose()


def test_a_cookie_lives_thirty_days_unused_and_is_renewed_when_used(
    server: Harness, tokens: Any
) -> None:
    response = server.request("ann", "POST", "/api/players/guest", json={"display_name": "Ann"})
    assert "max-age=2592000" in response.headers["set-cookie"].lower()
    digest = token_hash(server.tokens["ann"] or "")

    def last_used(days_ago: float) -> None:
        with tokens() as session:
            session.execute(
                update(PlayerToken)
                .where(PlayerToken.token_hash == digest)
                .values(last_used_at=datetime.now(UTC) - timedelta(days=days_ago))
            )
            session.commit()

    fresh = server.request("ann", "GET", "/api/players/me")
    assert fresh.status_code == 200 and "set-cookie" not in fresh.headers
    last_used(2)
    renewed = server.request("ann", "GET", "/api/players/me")
    assert renewed.status_code == 200 and "max-age=2592000" in renewed.headers["set-cookie"].lower()
    assert "set-cookie" not in server.request("ann", "GET", "/api/players/me").headers
    last_used(31)
    assert server.request("ann", "GET", "/api/players/me").status_code == 401
