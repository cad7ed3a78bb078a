"""Driving the game page like a person: roll, click the first offered checker and
point, confirm, answer dialogs. Shared by the browser tests."""

from __future__ import annotations

import time
from typing import Any

READY = "body[data-ready=true]"


def open_page(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY)


def start_bot_game(page: Any, base: str, *, length: str = "money", preset: str = "standard") -> str:
    """From the home page: a game against the beginner bot; returns the game's id."""
    open_page(page, f"{base}/")
    form = page.locator("#play-bot")
    form.locator("select[name=level]").select_option("beginner")
    form.locator("select[name=length]").select_option(length)
    form.locator("select[name=preset]").select_option(preset)
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/game/*")
    page.wait_for_selector(READY)
    return str(page.url.rstrip("/").split("/")[-1])


def visible(page: Any, selector: str) -> bool:
    locator = page.locator(selector)
    return bool(locator.count() and locator.first.is_visible() and locator.first.is_enabled())


def click_if_still_there(page: Any, selector: str, done: str) -> str:
    """Click what was offered a moment ago; "wait" if an update took it away since
    (the page re-renders on every message, so a roll, a confirm or a destination
    can vanish under the click: a forced step, a dialog)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.click(selector, timeout=3000)
    except PlaywrightTimeout:
        return "wait"
    return done


def act_once(page: Any) -> str | None:
    """Do the next thing the page offers this player; returns what was done, or None."""
    dialog = page.locator("dialog[open]")
    if dialog.count():
        if "game-over" in (dialog.first.get_attribute("class") or ""):
            return "over"
        dialog.locator(".btn.primary").first.click()
        return "dialog"
    if visible(page, "[data-action=roll]"):
        return click_if_still_there(page, "[data-action=roll]", "roll")
    sources = page.locator(".hit.source")
    if sources.count():
        sources.first.click()
        return click_if_still_there(page, ".hit.dest", "step")
    if visible(page, "[data-action=confirm]"):
        return click_if_still_there(page, "[data-action=confirm]", "confirm")
    return None


def wait_for_change(page: Any, before: str, timeout: float = 10.0) -> None:
    """Wait until the board or the status line differs from ``before``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if snapshot(page) != before:
            return
        page.wait_for_timeout(50)


def snapshot(page: Any) -> str:
    return str(
        page.evaluate(
            "() => (document.querySelector('.board')?.innerHTML.length || 0) + '|' +"
            " (document.querySelector('.status')?.textContent || '') + '|' +"
            " document.querySelectorAll('.hit.source').length + '|' +"
            " document.querySelectorAll('dialog[open]').length"
        )
    )


def play_until_over(page: Any, *, limit: float = 120.0) -> None:
    """Play the human side until the game-over dialog shows."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        before = snapshot(page)
        done = act_once(page)
        if done == "over":
            return
        if done is None:
            page.wait_for_timeout(60)
            continue
        wait_for_change(page, before, timeout=5.0)
    raise AssertionError("the game did not end in time")


def until_my_move(page: Any, limit: float = 30.0, *, keys: bool = False) -> None:
    """Roll (and answer dialogs) until this player has checkers to move; ``keys``:
    roll and confirm with the keyboard shortcuts (R, C) instead of the buttons."""
    deadline = time.monotonic() + limit
    while not page.locator(".hit.source").count():
        assert time.monotonic() < deadline, "never got a turn to move"
        dialog = page.locator("dialog[open] .btn.primary")
        if dialog.count():
            dialog.first.click()
        elif page.locator("[data-action=roll]:visible:enabled").count():
            before = snapshot(page)
            if keys:
                page.keyboard.press("r")
            else:
                page.click("[data-action=roll]")
            wait_for_change(page, before)
        elif page.locator("[data-action=confirm]:visible:enabled").count():
            if keys:
                page.keyboard.press("c")
            else:
                page.click("[data-action=confirm]")
        page.wait_for_timeout(50)
