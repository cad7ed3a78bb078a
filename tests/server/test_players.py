"""Guests, accounts, login, logout and passwords over HTTP."""

from __future__ import annotations

from tests.server.conftest import Harness


def test_a_guest_gets_an_httponly_samesite_cookie(server: Harness) -> None:
    response = server.request("ana", "POST", "/api/players/guest", json={"display_name": "Ana"})
    assert response.status_code == 201
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie
    assert response.json()["is_guest"] is True
    me = server.request("ana", "GET", "/api/players/me").json()
    assert me["display_name"] == "Ana"


def test_no_cookie_no_player(server: Harness) -> None:
    assert server.request(None, "GET", "/api/players/me").status_code == 401
    # A first visit lists no games, without an error in the browser's console.
    assert server.request(None, "GET", "/api/games").json() == {"data": [], "count": 0}
    server.client.cookies.set("nard_token", "made-up")
    assert server.client.get("/api/players/me").status_code == 401


def test_rename_validates_the_name(server: Harness) -> None:
    server.guest("bo")
    assert (
        server.request("bo", "PATCH", "/api/players/me", json={"display_name": ""}).status_code
        == 422
    )
    assert (
        server.request("bo", "PATCH", "/api/players/me", json={"display_name": 5}).status_code
        == 422
    )
    response = server.request("bo", "PATCH", "/api/players/me", json={"display_name": "Bo"})
    assert response.json()["display_name"] == "Bo"


def test_account_register_login_logout_and_password(server: Harness) -> None:
    import secrets

    username = f"user_{secrets.token_hex(4)}"
    server.guest("cy")
    guest = server.request("cy", "GET", "/api/players/me").json()
    created = server.request(
        "cy", "POST", "/api/accounts", json={"username": username, "password": "long enough pw"}
    )
    assert created.status_code == 201, created.text
    account = created.json()
    assert (
        account["id"] == guest["id"] and account["is_guest"] is False
    )  # the guest keeps its games

    taken = server.request(
        "other", "POST", "/api/accounts", json={"username": username, "password": "long enough pw"}
    )
    assert taken.status_code == 409

    wrong = server.request(
        "dev", "POST", "/api/accounts/login", json={"username": username, "password": "nope"}
    )
    assert wrong.status_code == 401 and "nard_token" not in wrong.cookies
    logged = server.request(
        "dev",
        "POST",
        "/api/accounts/login",
        json={"username": username, "password": "long enough pw"},
    )
    assert logged.status_code == 200 and logged.json()["id"] == account["id"]

    bad_change = server.request(
        "dev",
        "POST",
        "/api/accounts/password",
        json={"old_password": "x", "new_password": "another pw!"},
    )
    assert bad_change.status_code == 401
    changed = server.request(
        "dev",
        "POST",
        "/api/accounts/password",
        json={"old_password": "long enough pw", "new_password": "another pw!"},
    )
    assert changed.status_code == 204
    # Changing the password logs out every other login of the account ...
    assert server.request("cy", "GET", "/api/players/me").status_code == 401
    # ... and the old password no longer works.
    old = server.request(
        "eve",
        "POST",
        "/api/accounts/login",
        json={"username": username, "password": "long enough pw"},
    )
    assert old.status_code == 401

    token = server.tokens["dev"]
    assert token and server.request("dev", "GET", "/api/players/me").status_code == 200
    assert server.request("dev", "POST", "/api/accounts/logout").status_code == 204
    server.client.cookies.set("nard_token", token)
    assert server.client.get("/api/players/me").status_code == 401  # the token is revoked


def test_short_passwords_and_odd_usernames_are_refused(server: Harness) -> None:
    for body in (
        {"username": "okname", "password": "short"},
        {"username": "no spaces", "password": "long enough pw"},
        {"username": "okname", "password": "long enough pw", "extra": 1},
    ):
        assert server.request("fay", "POST", "/api/accounts", json=body).status_code == 422


def test_login_and_registration_refusals_come_in_persian_too(server: Harness) -> None:
    body = {"username": "zed_fa", "password": "long-enough-1"}
    assert server.request("zed", "POST", "/api/accounts", json=body).status_code == 201
    taken = server.request("yan", "POST", "/api/accounts", json=body)
    assert taken.status_code == 409
    assert taken.json()["code"] == "username_taken" and "نام کاربری" in taken.json()["message_fa"]
    wrong = server.request(
        "yan", "POST", "/api/accounts/login", json={**body, "password": "nope-nope-1"}
    )
    assert wrong.status_code == 401
    assert wrong.json()["code"] == "bad_login" and "گذرواژه" in wrong.json()["message_fa"]


def test_a_refused_field_s_persian_names_its_limit_as_the_english_does(server: Harness) -> None:
    """Issue 28 item 12: a too-long name, a short password and an odd username are refused
    in Persian with the limit, not the generic «درخواست درست ساخته نشده است»."""
    server.guest("li")
    long = server.request("li", "PATCH", "/api/players/me", json={"display_name": "ن" * 41})
    assert long.status_code == 422
    assert "40" in long.json()["message"] and long.json()["message_fa"] == "نام حداکثر ۴۰ حرف است."
    short = server.request(
        "li", "POST", "/api/accounts", json={"username": "okname", "password": "x"}
    )
    assert "8" in short.json()["message"]
    assert short.json()["message_fa"] == "گذرواژه دست‌کم ۸ نویسه است."
    odd = server.request(
        "li", "POST", "/api/accounts", json={"username": "a b", "password": "long enough pw"}
    )
    assert "۳ تا ۴۰" in odd.json()["message_fa"]
    generic = "درخواست درست ساخته نشده است."
    assert generic not in {
        long.json()["message_fa"],
        short.json()["message_fa"],
        odd.json()["message_fa"],
    }
