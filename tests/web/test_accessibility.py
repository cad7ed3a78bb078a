"""Every control has an accessible name and nothing serious stands in a screen
reader's or a keyboard's way: axe-core's checks on the pages, in both languages,
and the game's keyboard shortcuts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import require_browser
from tests.web.driver import READY, open_page, start_bot_game, until_my_move

require_browser()

AXE = Path(__file__).with_name("node_modules") / "axe-core" / "axe.min.js"
SETTINGS = json.dumps({"speed": "off", "autoForced": False})


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now."""
    if not AXE.exists():
        pytest.skip("axe-core is not installed: cd tests/web && npm ci (make test does it)")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))"
    )
    return [str(item) for item in found]


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_pages_have_no_serious_accessibility_violations(
    context_factory: Any, server: str, lang: str
) -> None:
    context = context_factory(lang)
    context.add_init_script(f"localStorage.setItem('nard.settings', '{SETTINGS}')")
    page = context.new_page()
    for path in ("/", "/account", "/history", "/dice", "/mistakes", "/no-such-page"):
        open_page(page, f"{server}{path}")
        assert serious_violations(page) == [], path
    game_id = start_bot_game(page, server)
    until_my_move(page)
    page.locator(".hit.source").first.click()
    assert serious_violations(page) == [], "game page"
    open_page(page, f"{server}/replay/{game_id}")
    assert serious_violations(page) == [], "replay"


def test_the_game_answers_the_keyboard(context_factory: Any, server: str) -> None:
    context = context_factory("fa")
    context.add_init_script(f"localStorage.setItem('nard.settings', '{SETTINGS}')")
    page = context.new_page()
    start_bot_game(page, server)
    # R rolls (by the key's place, so also on a Persian keyboard), U undoes a step.
    page.wait_for_selector("[data-action=roll]:visible:enabled")
    assert page.locator("[data-action=roll]").get_attribute("aria-keyshortcuts") == "R"
    until_my_move(page, keys=True)
    pips = page.locator(".seat-bottom .pips").inner_text()
    page.locator(".hit.source").first.click()
    page.locator(".hit.dest").first.click()
    page.wait_for_selector("[data-action=undo]:enabled")
    page.keyboard.press("u")
    page.wait_for_function(
        "text => document.querySelector('.seat-bottom .pips').textContent === text", arg=pips
    )
    page.wait_for_selector(READY)
