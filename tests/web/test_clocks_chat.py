"""Clocks and chat in the browser: two players and a spectator in a clocked friend game.

The test server runs clocks at a tenth of their time (tests/web/conftest.py):
a blitz 3-point match is 0.8 s of delay and 6 s of reserve.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.driver import READY, act_once, open_page
from tests.web.test_web_app import new_page


def _wait_chat(page: Any, text: str) -> None:
    page.wait_for_function(
        "(text) => document.querySelector('.chat-lines').textContent.includes(text)", arg=text
    )


def _lines(page: Any) -> list[str]:
    return list(page.locator(".chat-lines li").all_inner_texts())


def test_clocks_run_chat_both_ways_mute_spectators_apart_and_a_loss_on_time(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    host = new_page(context_factory("en"), page_errors)
    open_page(host, f"{server}/")
    form = host.locator("#play-friend")
    form.locator("select[name=length]").select_option("3")
    form.locator("select[name=clock]").select_option("blitz")
    # Without the cube rolling is all there is to do at the start of a turn: auto-roll.
    form.locator("input[name=cube]").uncheck()
    form.locator("button[type=submit]").click()
    host.wait_for_function("document.querySelector('#play-friend .invite-link').value !== ''")
    invite = host.locator("#play-friend .invite-link").input_value()
    host.locator("#play-friend .go-game").click()
    host.wait_for_selector(READY)
    guest = new_page(context_factory("fa"), page_errors)
    guest.goto(invite)
    guest.wait_for_url("**/game/*")
    guest.wait_for_selector(READY)
    game_id = host.url.rstrip("/").split("/")[-1]
    watch_url = host.request.get(f"{server}/api/games/{game_id}").json()["watch_url"]

    # Chat both ways: free text stays text, a stock phrase in each reader's language.
    host.fill(".chat-form input", "<i>salaam</i>")
    host.press(".chat-form input", "Enter")
    _wait_chat(guest, "salaam")
    assert "<i>salaam</i>" in _lines(guest)[0]
    assert guest.locator(".chat-lines i").count() == 0
    guest.click("[data-phrase=good_game]")
    host.wait_for_function(
        "document.querySelector('.chat-lines').textContent.includes('Good game')"
    )
    guest.wait_for_function(
        "document.querySelector('.chat-lines').textContent.includes('بازی خوبی بود')"
    )
    # Mute: the host no longer sees the guest's lines, also after a reload.
    host.check("input[name=muteOpponent]")
    assert not any("Good game" in line for line in _lines(host))
    host.reload()
    host.wait_for_selector(READY)
    _wait_chat(host, "salaam")
    assert host.locator("input[name=muteOpponent]").is_checked()
    assert not any("Good game" in line for line in _lines(host))
    # Chat turned off and on again in the settings: what was said meanwhile shows.
    guest.click(".settings-panel summary")
    guest.check("input[name=chatOff]")
    assert guest.locator(".chat-panel").is_hidden()
    host.fill(".chat-form input", "while you were away")
    host.press(".chat-form input", "Enter")
    _wait_chat(host, "while you were away")
    guest.uncheck("input[name=chatOff]")
    _wait_chat(guest, "while you were away")
    # A spectator's line is not shown to the players while the match goes on.
    spectator = new_page(context_factory("en"), page_errors)
    # Spectators chat under a name: a guest player (no seat in the game).
    spectator.request.post(f"{server}/api/players/guest", data={"display_name": "cy"})
    open_page(spectator, f"{server}{watch_url}")
    spectator.fill(".chat-form input", "go go")
    spectator.press(".chat-form input", "Enter")
    spectator.wait_for_function(
        "document.querySelector('.chat-lines').textContent.includes('go go')"
    )

    # The clocks: both pages show them; the opening roll starts the mover's clock.
    for page in (host, guest):
        assert page.locator(".clock-panel").is_visible()
    for _ in range(6):  # a tied opening roll is rolled again (R4); no clock runs till then
        host.click("[data-action=roll]")
        try:
            host.wait_for_selector(".clock.running", timeout=2_000)
            break
        except PlaywrightTimeout:
            continue
    for page in (host, guest):
        page.wait_for_selector(".clock.running")
    before = host.locator(".clock.running .clock-time").inner_text()
    host.wait_for_function(
        "(t) => document.querySelector('.clock.running .clock-time').textContent !== t", arg=before
    )
    assert guest.locator(".clock.running .clock-time").inner_text() != ""
    assert not any("go go" in line for line in _lines(host) + _lines(guest))

    # The mover plays; then the other side's clock runs on both pages, its delay first,
    # and its page rolls by itself (auto-roll is on by default in clocked games).
    mover, waiter = (host, guest) if host.locator(".hit.source").count() else (guest, host)
    mover.wait_for_selector(".hit.source")
    [other] = waiter.request.get(f"{server}/api/games/{game_id}").json()["you"]
    while not mover.locator(f".clock.running[data-side={other}]").count():
        if act_once(mover) is None:
            mover.wait_for_timeout(30)
    for page in (host, guest):
        page.wait_for_selector(f".clock.running[data-side={other}]")
    waiter.wait_for_function(
        "() => document.querySelector('.clock.running .clock-delay')?.textContent !== ''",
        polling="raf",
    )
    waiter.wait_for_selector(".hit.source")
    state = waiter.request.get(f"{server}/api/games/{game_id}").json()["state"]["game"]
    assert state["turn"] == other and state["phase"] == "playing" and state["dice"]
    # A blitz reserve at a tenth is under 10 s: the running clock warns.
    for page in (host, guest):
        assert page.locator(f".clock.running.warning[data-side={other}]").count() == 1

    # It does not move: its time runs out; both pages see the flag, then the match is over.
    for page in (host, guest):
        page.wait_for_selector(".clock.flagged", timeout=15_000)
        assert page.locator(".clock.flagged .clock-time").inner_text() in ("0:00", "۰:۰۰")
    result = host.request.get(f"{server}/api/games/{game_id}").json()["result"]
    assert result["reason"] == "time"
    # After the match the players read the spectators' chat too.
    _wait_chat(host, "go go")
    # The replay shows the chat to the game's players.
    open_page(guest, f"{server}/replay/{game_id}")
    guest.wait_for_selector(".replay-chat")
    replayed = guest.locator(".replay-chat").inner_text()
    assert "<i>salaam</i>" in replayed and "go go" in replayed
    assert not page_errors
