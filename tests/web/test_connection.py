"""A lost connection on the game page: the server goes away and comes back.

While the socket is down the page says so (a banner, in each reader's language), greys the
board and refuses a step with a word why (never silently), and its clocks stand still. A
server started again on the same port and database is found within a few seconds (the
retries stay short while the page is seen), and the game goes on.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.conftest import serve
from tests.web.driver import READY, open_page
from tests.web.test_web_app import new_page

DOWN = {"en": "Reconnecting…", "fa": "در حال اتصال دوباره…"}
AGAIN = {"en": "Connected again.", "fa": "دوباره وصل شدید."}
NOT_NOW = {"en": "Not connected", "fa": "اتصال برقرار نیست"}


def _friend_game(server: str, context_factory: Any, page_errors: list[str]) -> tuple[Any, Any]:
    """A clocked friend game, both seats taken: the host's page (en) and the guest's (fa)."""
    host = new_page(context_factory("en"), page_errors)
    open_page(host, f"{server}/")
    form = host.locator("#play-friend")
    form.locator("select[name=length]").select_option("3")
    form.locator("select[name=clock]").select_option("classical")
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
    return host, guest


def _mover(host: Any, guest: Any) -> Any:
    """Roll the opening (again after a tie) until a clock runs; the page whose turn it is."""
    for _ in range(6):
        host.click("[data-action=roll]")
        try:
            host.wait_for_selector(".clock.running", timeout=2_000)
            break
        except PlaywrightTimeout:
            continue
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for page in (host, guest):
            if page.locator(".hit.source").count():
                return page
        host.wait_for_timeout(50)
    raise AssertionError("nobody may move after the opening roll")


def test_the_page_shows_a_lost_connection_and_comes_back_quickly(
    context_factory: Any, tmp_path: Path, page_errors: list[str]
) -> None:
    first = serve(tmp_path)
    server = first.__enter__()
    port = int(server.rsplit(":", 1)[1])
    try:
        host, guest = _friend_game(server, context_factory, page_errors)
        mover = _mover(host, guest)
        mover.wait_for_selector(".clock.running")
        lang = "en" if mover is host else "fa"
        game_id = host.url.rstrip("/").split("/")[-1]
        for page in (host, guest):
            assert page.locator(".connection-banner").is_hidden()
    finally:
        first.__exit__(None, None, None)

    # The server is gone: both pages say so, each in its reader's language.
    for page, said in ((host, DOWN["en"]), (guest, DOWN["fa"])):
        page.wait_for_selector(".connection-banner:not([hidden])")
        page.wait_for_function(
            "(t) => document.querySelector('.connection-banner').textContent.includes(t)",
            arg=said,
        )
        banner = page.locator(".connection-banner")
        assert banner.get_attribute("aria-live") == "polite"
        assert page.locator(".game-page[data-connection=down] .board-wrap.disconnected").count()
    # The clocks stand still (greyed) while nothing is known of them.
    mover.wait_for_selector(".clock-panel.frozen")
    frozen = mover.locator(".clock-panel").inner_text()
    # A step on the greyed board is refused with a word why, not dropped silently.
    sources = mover.locator(".hit.source").count()
    mover.locator(".hit.source").first.click()
    mover.wait_for_function(
        "(t) => document.querySelector('.connection-note').textContent.includes(t)",
        arg=NOT_NOW[lang],
    )
    assert mover.locator(".hit.source").count() == sources
    mover.wait_for_timeout(1_500)  # the clocks would have ticked a second by now
    assert mover.locator(".clock-panel").inner_text() == frozen

    # The server is back on the same port and database: found within a few seconds.
    with serve(tmp_path, port=port) as again:
        assert again == server
        for page, said in ((host, AGAIN["en"]), (guest, AGAIN["fa"])):
            page.wait_for_function(
                "(t) => document.querySelector('.connection-banner').textContent.includes(t)",
                arg=said,
                timeout=5_000,
            )
            page.wait_for_selector(".game-page[data-connection=up]", timeout=5_000)
            assert not page.locator(".board-wrap.disconnected").count()
        mover.wait_for_selector(".clock-panel:not(.frozen)")
        # The banner goes by itself, and the game goes on: a step goes through.
        mover.wait_for_selector(".connection-banner[hidden]", state="attached", timeout=5_000)
        mover.locator(".hit.source").first.click()
        mover.locator(".hit.dest").first.click()
        deadline = time.monotonic() + 5
        while True:
            state = mover.request.get(f"{server}/api/games/{game_id}").json()["state"]["game"]
            if state["steps"]:
                break
            assert time.monotonic() < deadline, "the step after the reconnection was not made"
            mover.wait_for_timeout(100)
    assert not page_errors
