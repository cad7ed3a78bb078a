"""The cube hint on the game page, and the cube options of the new-game forms."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

from tests.web.conftest import require_browser
from tests.web.driver import READY, act_once, open_page, snapshot, start_bot_game, wait_for_change

require_browser()

FAST = "localStorage.setItem('nard.settings', JSON.stringify({speed: 'off', autoForced: false}))"
EQUITY = re.compile(r"\u2066([+\u2212]?)([0-9]+\.[0-9]{3})\u2069")
PERSIAN_EQUITY = re.compile(r"\u2066([+\u2212]?)([۰-۹]+\.[۰-۹]{3})\u2069")
ACTIONS_EN = {
    "No double, take",
    "No double, beaver",
    "No double, pass",
    "Too good to double, pass",
    "Double, take",
    "Double, beaver",
    "Double, pass",
}


def new_page(context: Any, errors: list[str]) -> Any:
    context.add_init_script(f"if (!localStorage.getItem('nard.settings')) {FAST}")
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def until_cube_hint_offered(page: Any, limit: float = 90.0) -> None:
    """Play on (rolls, steps, confirms, takes) until the page offers the cube hint."""
    deadline = time.monotonic() + limit
    button = page.locator("[data-action=cubeHint]:visible:enabled")
    while not button.count():
        assert time.monotonic() < deadline, "the cube hint was never offered"
        before = snapshot(page)
        if act_once(page) is None or button.count():
            continue
        wait_for_change(page, before)


def engine_equities(page: Any, server: str, game_id: str) -> tuple[float, float, float]:
    """The engine's cube equities for the game as the server has it now (white to roll)."""
    from nard.ai.cube import CubeState
    from nard.ai.hint import hint_cube
    from nard.core.board import Position, Side

    game = page.request.get(f"{server}/api/games/{game_id}").json()
    state, match = game["state"]["game"], game["state"]["match"]
    assert state["phase"] == "rolling" and state["turn"] == "white"
    owner = state["cube"]["owner"]
    cube = CubeState(
        value=state["cube"]["value"],
        owner=None if owner is None else Side[owner.upper()],
        match_length=match["length"],
        score=(match["score"][0], match["score"][1]),
        crawford=match["crawford"],
    )
    analysis = hint_cube(Position.from_id(state["position_id"], turn=Side.WHITE), cube)
    return analysis.no_double, analysis.double_take, analysis.double_pass


def shown(text: str) -> float:
    sign, digits = EQUITY.fullmatch(text).groups()  # type: ignore[union-attr]
    return -float(digits) if sign == "\u2212" else float(digits)


def test_cube_hint_before_rolling_in_english_and_persian(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    page = new_page(context_factory("en"), page_errors)
    game_id = start_bot_game(page, server, length="5")
    until_cube_hint_offered(page)
    page.click("[data-action=cubeHint]")
    panel = page.locator(".hint-panel")
    expect(panel.locator(".cube-proper")).to_be_visible()
    rows = panel.locator("ul.cube-hint li")
    expect(rows).to_have_count(3)
    labels = [row.inner_text().split("\u2066")[0].strip() for row in rows.all()]
    assert labels == ["No double", "Double, take", "Double, pass"]
    equities = [shown(row.locator(".equity").inner_text()) for row in rows.all()]
    expected = engine_equities(page, server, game_id)
    # Shown to three places: what the engine says of this very position.
    for value, engine in zip(equities, expected, strict=True):
        assert abs(value - engine) <= 0.0006, (equities, expected)
    proper = panel.locator(".cube-proper").inner_text()
    assert proper.startswith("Proper action: ")
    action = proper.removeprefix("Proper action: ")
    assert action in ACTIONS_EN
    no_double, take, drop = expected
    if action.startswith("Double"):
        assert min(take, drop) > no_double
    else:
        assert no_double >= min(take, drop)
    # The best row is marked, and is the proper action's.
    best = panel.locator("li.best")
    expect(best).to_have_count(1)
    assert ("No double" in best.inner_text()) == (not action.startswith("Double"))

    # In Persian: the same hint, Persian digits, the sign kept left of the number.
    page.click("#lang-switch")
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    expect(panel.locator(".cube-proper")).to_contain_text("کار درست")
    persian = [row.locator(".equity").inner_text() for row in rows.all()]
    for text, value in zip(persian, equities, strict=True):
        match = PERSIAN_EQUITY.fullmatch(text)
        assert match, text
        western = match.group(2).translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789"))
        assert float(western) == abs(value)
        assert (match.group(1) == "\u2212") == (value < 0)
    assert not re.search(r"[0-9]", panel.inner_text())
    assert "داو" in rows.nth(0).inner_text()
    # Rolling takes the hint away.
    page.click("[data-action=roll]")
    expect(panel).to_be_hidden()
    assert not page_errors


def test_money_game_with_beavers_and_without_jacoby(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    page = new_page(context_factory("en"), page_errors)
    open_page(page, f"{server}/")
    form = page.locator("#play-bot")
    money_only = form.locator(".money-only")
    crawford = form.locator("input[name=crawford]")
    # A match offers the Crawford rule (on), not the money options.
    form.locator("select[name=length]").select_option("5")
    expect(money_only).to_be_hidden()
    expect(crawford).to_be_visible()
    expect(crawford).to_be_checked()
    form.locator("select[name=length]").select_option("money")
    expect(money_only).to_be_visible()
    expect(crawford).to_be_hidden()
    form.locator("select[name=level]").select_option("world_class")
    form.locator("input[name=jacoby]").uncheck()
    form.locator("input[name=beavers]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/game/*")
    page.wait_for_selector(READY)
    game_id = page.url.rstrip("/").split("/")[-1]
    settings = page.request.get(f"{server}/api/games/{game_id}").json()["settings"]
    assert settings["length"] is None
    assert settings["options"]["beavers"] is True
    assert settings["options"]["jacoby"] is False
    assert settings["bot_level"] == "world_class"
    banner = page.locator(".rules-banner")
    expect(banner).to_contain_text("beavers")
    assert "Jacoby" not in banner.inner_text()
    assert not page_errors
