"""A stranger's wrong passwords cannot lock the owner out (issue 27, item 3).

Two instances on one database and one Redis, as deployed: the guesser's
attempts spread over both, from one address and then from many; the owner
logs in from the address or the device of an earlier login all the same.
Each request's address is set as uvicorn sets it from a trusted proxy's
X-Forwarded-For (here from a test header).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send

from nard.server.app import create_app
from tests.server.conftest import make_settings
from tests.server.own_redis import reachable

REDIS = "redis://127.0.0.1:6379/0"
PASSWORD = "long enough pw"
PER_ACCOUNT = 3
DEVICE_COOKIE = "nard_device"

pytestmark = pytest.mark.skipif(not reachable(6379), reason="Redis at 127.0.0.1:6379 is down")


class FromAddress:
    """The app, each request coming from the address its ``x-test-address`` names."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = dict(scope["headers"])
            address = headers.get(b"x-test-address")
            if address is not None:
                scope = {**scope, "client": (address.decode(), 40000)}
        await self.app(scope, receive, send)


@pytest.fixture
def instances(db_url: str) -> Iterator[Callable[[], TestClient]]:
    prefix = f"test{secrets.token_hex(4)}:"
    with ExitStack() as stack:

        def start() -> TestClient:
            settings = make_settings(
                db_url,
                redis_url=REDIS,
                redis_prefix=prefix,
                login_per_account=PER_ACCOUNT,
                login_per_address=1000,
            )
            client = TestClient(FromAddress(create_app(settings)))
            return stack.enter_context(client)

        yield start


def _login(
    instance: TestClient, name: str, password: str, address: str, device: str | None = None
) -> Any:
    instance.cookies.clear()
    headers = {"x-test-address": address}
    if device is not None:
        headers["cookie"] = f"{DEVICE_COOKIE}={device}"
    return instance.post(
        "/api/accounts/login", json={"username": name, "password": password}, headers=headers
    )


def _is_locked(answer: Any) -> bool:
    body = answer.json()
    if answer.status_code != 429 or body["code"] != "locked":
        return False
    assert int(answer.headers["retry-after"]) > 0
    wait = answer.headers["retry-after"]
    # Said in both languages, the wait in Persian digits in the Persian text.
    assert re.search(r"[۰-۹]", body["message_fa"]) and not re.search(r"[0-9]", body["message_fa"])
    assert (
        " s" in body["message"]
        and abs(int(re.findall(r"\d+", body["message"])[0]) - int(wait)) <= 1
    )
    return True


def test_guessers_are_locked_and_the_owner_still_gets_in(
    instances: Callable[[], TestClient],
) -> None:
    a, b = instances(), instances()
    name = f"victim{secrets.token_hex(3)}"
    home, attacker = "10.1.1.1", "10.6.6.6"
    a.cookies.clear()
    made = a.post(
        "/api/accounts",
        json={"username": name, "password": PASSWORD},
        headers={"x-test-address": home},
    )
    assert made.status_code == 201, made.text
    device = made.cookies.get(DEVICE_COOKIE)

    # One address guessing, over both instances, is locked there, even with the right one;
    for instance in (a, b, a):
        assert _login(instance, name, "wrong password", attacker).status_code == 401
    # the owner, from home (on either instance), is not.
    assert _login(b, name, PASSWORD, home).status_code == 200
    assert _login(a, name, PASSWORD, home).status_code == 200
    assert _is_locked(_login(b, name, PASSWORD, attacker))
    assert _is_locked(_login(a, name, "another guess", attacker))

    # Guessers spread over many addresses hold back every stranger to the account ...
    guesses = [
        _login((a, b)[n % 2], name, f"guess {n}", f"10.7.{n}.1").status_code
        for n in range(PER_ACCOUNT * 6)
    ]
    assert 401 in guesses and guesses[-1] == 429
    stranger = _login(a, name, PASSWORD, "10.8.8.8")
    assert _is_locked(stranger) and "before" in stranger.json()["message"]
    # ... but not the owner: from the device of a past login, whatever the network,
    # nor from the address of one.
    assert _login(b, name, PASSWORD, "10.9.9.9", device=device).status_code == 200
    for n in range(PER_ACCOUNT * 6):  # the owner's login began the count anew; again
        _login((a, b)[n % 2], name, f"guess again {n}", f"10.5.{n}.1")
    assert _is_locked(_login(a, name, PASSWORD, "10.8.8.9"))
    assert _login(a, name, PASSWORD, home).status_code == 200
    assert _login(a, name, PASSWORD, "10.9.9.9").status_code == 200  # known since the device
