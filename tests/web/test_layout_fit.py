"""The game page fits one screen (issue 28): on a laptop (1366×768, 1280×900) and on a
phone held either way, the board and the turn's buttons (Roll, Double, Confirm) are all on
screen without scrolling, in a clocked match between two players (clocks, chat, scores,
the rules) and in a match against the computer, in Persian and in English."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.web.conftest import require_browser
from tests.web.driver import READY, act_once, start_bot_game

require_browser()

FAST = "localStorage.setItem('nard.settings', JSON.stringify({speed: 'off', autoForced: false}))"

SIZES = {
    "laptop": (1366, 768, False),
    "tall-laptop": (1280, 900, False),
    "phone": (390, 844, True),
    "phone-side": (844, 390, True),
}

LAYOUT = """() => {
  const box = e => { const r = e.getBoundingClientRect();
                     return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const shown = [...document.querySelectorAll('.controls .btn')].filter(b => !b.hidden);
  return {
    board: box(document.querySelector('svg.board')),
    buttons: shown.map(b => ({name: b.dataset.action, ...box(b)})),
    width: innerWidth, height: innerHeight, scrollY: window.scrollY,
  };
}"""


def new_page(context_factory: Any, lang: str, size: str, errors: list[str]) -> Any:
    width, height, mobile = SIZES[size]
    options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
    if mobile:
        options |= {"is_mobile": True, "has_touch": True}
    context = context_factory(lang, **options)
    context.add_init_script(FAST)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def check(layout: dict[str, Any]) -> None:
    """The board wholly on screen, each shown button too, nothing scrolled."""
    width, height = layout["width"], layout["height"]
    assert layout["scrollY"] == 0, layout
    board = layout["board"]
    assert board["top"] >= 0 and board["bottom"] <= height + 0.5, layout
    assert board["left"] >= -0.5 and board["right"] <= width + 0.5, layout
    for button in layout["buttons"]:
        assert button["bottom"] <= height + 0.5 and button["top"] >= 0, (button, layout)
        assert button["left"] >= -0.5 and button["right"] <= width + 0.5, (button, layout)


def play_and_measure(pages: list[Any], limit: float = 60.0) -> set[str]:
    """Play on (each page its own turns) and check the layout whenever a turn's button
    shows, until Roll, Double and Confirm have each been seen; returns their names."""
    seen: set[str] = set()
    deadline = time.monotonic() + limit
    while not {"roll", "double", "confirm"} <= seen:
        assert time.monotonic() < deadline, seen
        acted = False
        for page in pages:
            layout = page.evaluate(LAYOUT)
            names = {b["name"] for b in layout["buttons"] if b["name"] in ("roll", "double")}
            if page.locator("[data-action=confirm]:enabled:visible").count():
                names.add("confirm")
            if names:
                check(layout)
                seen |= names
            if act_once(page) is not None:
                acted = True
        if not acted:
            pages[0].wait_for_timeout(60)
    return seen


@pytest.mark.parametrize("size", list(SIZES))
def test_a_clocked_match_between_two_players_fits_the_screen(
    server: str, context_factory: Any, page_errors: list[str], size: str
) -> None:
    host = new_page(context_factory, "en", size, page_errors)
    host.goto(f"{server}/")
    host.wait_for_selector(READY)
    form = host.locator("#play-friend")
    form.locator("select[name=length]").select_option("3")
    form.locator("select[name=clock]").select_option("classical")
    form.locator("button[type=submit]").click()
    host.wait_for_function("document.querySelector('#play-friend .invite-link').value !== ''")
    invite = host.locator("#play-friend .invite-link").input_value()
    host.locator("#play-friend .go-game").click()
    host.wait_for_selector(READY)
    guest = new_page(context_factory, "fa", size, page_errors)
    guest.goto(invite)
    guest.wait_for_url("**/game/*")
    guest.wait_for_selector(READY)
    for page in (host, guest):
        page.wait_for_selector(".clock-panel:not([hidden])")
        page.wait_for_selector(".chat-panel:not([hidden])")
        page.wait_for_selector(".rules-banner:not([hidden])")
    play_and_measure([host, guest])
    assert not page_errors


@pytest.mark.parametrize("lang", ["fa", "en"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_match_against_the_computer_fits_the_screen(
    server: str, context_factory: Any, page_errors: list[str], size: str, lang: str
) -> None:
    page = new_page(context_factory, lang, size, page_errors)
    start_bot_game(page, server, length="3")
    page.wait_for_selector(".rules-banner:not([hidden])")
    play_and_measure([page])
    assert not page_errors
