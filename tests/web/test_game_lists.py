"""Names the server makes up, in the page's language, and one list of games shared by
the history and a profile (issue 17: "Persian throughout", "share the component")."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect
from websockets.sync.client import connect

from tests.server.conftest import Socket
from tests.web.conftest import require_browser
from tests.web.driver import open_page
from tests.web.mistakes_setup import COOKIE, _Session

require_browser()

PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def guest(base: str) -> tuple[httpx.Client, dict[str, Any]]:
    """A guest with the name the server makes up ("Guest 1234")."""
    http = httpx.Client(base_url=base, timeout=30)
    made = http.post("/api/players/guest", json={})
    made.raise_for_status()
    return http, made.json()


def finished_match(base: str) -> tuple[str, dict[str, Any], dict[str, Any], str]:
    """Two unnamed guests meet in a 1-point friend match; the first says hello, the
    one not on roll resigns after the first play. Returns the second guest's cookie,
    both guests and the game's id."""
    host, first = guest(base)
    friend, second = guest(base)
    made = host.post("/api/games", json={"mode": "friend", "length": 1, "rules": {"cube": False}})
    made.raise_for_status()
    game = made.json()
    invite = game["invite_url"].strip("/").replace("invite/", "invites/")
    friend.post(f"/api/{invite}").raise_for_status()
    url = base.replace("http", "ws", 1) + f"/ws/games/{game['id']}"
    cookie = {"a": f"{COOKIE}={host.cookies[COOKIE]}", "b": f"{COOKIE}={friend.cookies[COOKIE]}"}
    with (
        connect(url, additional_headers={"cookie": cookie["a"]}) as a,
        connect(url, additional_headers={"cookie": cookie["b"]}) as b,
    ):
        sockets = [Socket(_Session(a)), Socket(_Session(b))]  # type: ignore[arg-type]
        for socket in sockets:
            socket.until("welcome")
            socket.until("state")

        def everyone_at(seq: int) -> None:
            for socket in sockets:
                while socket.seq < seq:
                    socket.recv()

        sockets[0].send({"type": "chat", "phrase": "hello"})
        sockets[0].until("chat")
        while sockets[0].state["game"]["phase"] == "opening":
            for socket in sockets:
                answer = socket.act("roll")
                if answer["type"] == "ack":
                    everyone_at(answer["seq"])
                if socket.state["game"]["phase"] != "opening":
                    break
        side = {"white": 0, "black": 1}[sockets[0].state["game"]["turn"]]
        mover, other = sockets[side], sockets[1 - side]
        mover.play_turn()
        everyone_at(mover.seq)
        resigned = other.act("resign", kind="single")
        assert resigned["type"] == "ack", resigned
        everyone_at(resigned["seq"])
        assert mover.act("accept_resignation")["type"] == "ack"
    token = friend.cookies[COOKIE]
    host.close()
    friend.close()
    return token, first, second, game["id"]


def persian_guest(player: dict[str, Any]) -> str:
    number = player["display_name"].removeprefix("Guest ")
    return f"مهمان {number.translate(PERSIAN_DIGITS)}"


def test_made_up_names_are_translated_and_history_and_profile_list_games_alike(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    token, host, me, game_id = finished_match(server)
    context = context_factory("fa")
    context.add_cookies([{"name": COOKIE, "value": token, "url": server}])
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))

    # The chat of the finished game names the host in Persian.
    open_page(page, f"{server}/game/{game_id}")
    hello = f"{persian_guest(host)}: سلام، خوش آمدید"
    expect(page.locator(".chat-lines li").first).to_have_text(hello)

    open_page(page, f"{server}/player/{me['id']}")
    expect(page.locator(".profile-name")).to_have_text(persian_guest(me))
    row = page.locator(".recent tbody tr").first
    expect(row.locator(".opponent")).to_have_text(persian_guest(host))
    assert row.locator(".opponent").get_attribute("href") == f"/player/{host['id']}"
    profile_date = row.locator("time").inner_text()

    open_page(page, f"{server}/history")
    item = page.locator(".game-list li").first
    expect(item.locator(".opponent")).to_have_text(persian_guest(host))
    # One date format (day and time, Persian digits) on both pages.
    assert item.locator("time").inner_text() == profile_date
    assert not any(digit in profile_date for digit in "0123456789"), profile_date
    assert "مسابقهٔ ۱ امتیازی" in item.inner_text()

    page.click("#lang-switch")
    expect(item.locator(".opponent")).to_have_text(host["display_name"])
    open_page(page, f"{server}/player/{me['id']}")
    expect(page.locator(".profile-name")).to_have_text(me["display_name"])
    assert not page_errors
