"""How a match ended, said everywhere a result is shown (issue 28 item 2): the end
dialog of the game page, "my games" and the profile, in Persian and English. A match
ended by a resignation is made over the server's API (tests.web.test_game_lists)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from websockets.sync.client import connect

from tests.server.conftest import Socket
from tests.web.conftest import require_browser
from tests.web.driver import open_page
from tests.web.mistakes_setup import COOKIE, _Session
from tests.web.test_game_lists import finished_match, guest

require_browser()

SAID = {
    # (language, the viewer won): the end dialog's sentence, the lists' sentence.
    ("en", True): (
        "Your opponent resigned a single game.",
        "Won: the opponent resigned a single game.",
    ),
    ("en", False): ("You resigned a single game.", "Lost by resigning a single game."),
    ("fa", True): ("حریف یک بازی ساده را واگذار کرد.", "برد: حریف یک بازی ساده را واگذار کرد."),
    ("fa", False): ("یک بازی ساده را واگذار کردید.", "باخت: یک بازی ساده را واگذار کرد."),
}
OPPONENT = {
    ("en", True): "Beat {name}",
    ("en", False): "Lost to {name}",
    ("fa", True): "برد مقابل {name}",
    ("fa", False): "باخت به {name}",
}


@pytest.mark.parametrize("language", ["en", "fa"])
def test_a_resignation_is_explained_in_the_end_dialog_my_games_and_the_profile(
    server: str, context_factory: Any, page_errors: list[str], language: str
) -> None:
    token, host, me, game_id = finished_match(server)
    with httpx.Client(base_url=server, cookies={COOKIE: token}, timeout=30) as http:
        listed = http.get("/api/games?finished=true").json()["data"][0]
    assert listed["result"]["ending"] == "resigned"
    won = listed["result"]["winner"] in listed["you"]
    dialog_text, list_text = SAID[(language, won)]
    context = context_factory(language)
    context.add_cookies([{"name": COOKIE, "value": token, "url": server}])
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))

    open_page(page, f"{server}/game/{game_id}")
    expect(page.locator("dialog.game-over[open]")).to_contain_text(dialog_text)

    open_page(page, f"{server}/history")
    item = page.locator(".game-list li").first
    expect(item.locator(".ending")).to_have_text(list_text)
    name = host["display_name"]
    if language == "fa":
        name = "مهمان " + name.removeprefix("Guest ").translate(
            str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
        )
    expect(item.locator(".badge")).to_have_text(OPPONENT[(language, won)].format(name=name))
    score = "1–0" if won else "0–1"
    if language == "fa":
        score = score.translate(str.maketrans("01", "۰۱"))
        expect(item).to_contain_text(f"امتیاز {score} (اول امتیاز شما)")
    else:
        expect(item).to_contain_text(f"Score {score} (yours first)")

    open_page(page, f"{server}/player/{me['id']}")
    expect(page.locator(".recent tbody tr").first.locator(".ending")).to_have_text(list_text)
    assert not page_errors


def lost_on_time(base: str) -> tuple[str, str, str]:
    """Two guests start a blitz 1-point match (the test server's clocks run ten times
    fast); the one on roll after the opening lets the clock run out. Returns the loser's
    and the winner's cookie and the game's id."""
    host, _ = guest(base)
    friend, _ = guest(base)
    made = host.post("/api/games", json={"mode": "friend", "length": 1, "clock": "blitz"})
    made.raise_for_status()
    game = made.json()
    invite = game["invite_url"].strip("/").replace("invite/", "invites/")
    friend.post(f"/api/{invite}").raise_for_status()
    url = base.replace("http", "ws", 1) + f"/ws/games/{game['id']}"
    cookies = [f"{COOKIE}={http.cookies[COOKIE]}" for http in (host, friend)]
    with connect(url, additional_headers={"cookie": cookies[0]}) as a:
        socket = Socket(_Session(a))  # type: ignore[arg-type]
        socket.until("welcome")
        socket.until("state")
        while socket.state["game"]["phase"] == "opening":
            assert socket.act("roll")["type"] == "ack"
        mover = socket.state["game"]["turn"]
        while socket.game["status"] != "finished":
            socket.recv()
    you = host.get(f"/api/games/{game['id']}").json()["you"][0]
    players = (host, friend) if you == mover else (friend, host)
    tokens = [http.cookies[COOKIE] for http in players]
    host.close()
    friend.close()
    return tokens[0], tokens[1], game["id"]


@pytest.mark.parametrize("language", ["en", "fa"])
def test_a_match_lost_on_time_is_explained_to_the_loser_and_in_my_games(
    server: str, context_factory: Any, page_errors: list[str], language: str
) -> None:
    loser, _, game_id = lost_on_time(server)
    context = context_factory(language)
    context.add_cookies([{"name": COOKIE, "value": loser, "url": server}])
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_page(page, f"{server}/game/{game_id}")
    said = {"en": "You lost on time: your clock ran out.", "fa": "وقت شما تمام شد و باختید."}
    expect(page.locator("dialog.game-over[open]")).to_contain_text(said[language])
    open_page(page, f"{server}/history")
    listed = {"en": "Lost on time: the clock ran out.", "fa": "باخت: وقتش تمام شد."}
    expect(page.locator(".game-list li").first.locator(".ending")).to_have_text(listed[language])
    assert not page_errors
