"""Every control has an accessible name and nothing serious stands in a screen
reader's or a keyboard's way: axe-core's checks on the pages, in both languages,
and the game's keyboard shortcuts."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import require_browser
from tests.web.driver import (
    READY,
    act_once,
    open_page,
    snapshot,
    start_bot_game,
    until_my_move,
    wait_for_change,
)

require_browser()

AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SETTINGS = json.dumps({"speed": "off", "autoForced": False})
# A refused step to report: 6/0 (bearing off) from the opening position with 6-1.
REPORT = "position=4HPwATDgc/ABMA&dice=61&play=6/0&rules=standard"


def pip_analysis(record: str) -> dict[str, Any]:
    from nard.ai.analysis import analyse_record
    from nard.ai.evaluator import PipCountEvaluator
    from nard.match.record import MatchRecord

    analysis = analyse_record(MatchRecord.from_json(record), evaluator=PipCountEvaluator())
    return dict(analysis.to_dict())


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now."""
    if not AXE.exists():
        pytest.skip("axe-core is not installed: npm ci (make test does it)")
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
    pages = ["/", "/account", "/history", "/dice", "/mistakes", "/no-such-page"]
    pages += ["/lobby", "/leaderboard", "/trainer", f"/report?{REPORT}"]
    for path in pages:
        open_page(page, f"{server}{path}")
        assert serious_violations(page) == [], path
    game_id = start_bot_game(page, server)
    until_my_move(page)
    page.locator(".hit.source").first.click()
    assert serious_violations(page) == [], "game page"
    # A dialog open over the game: the resignation's.
    page.click("[data-action=resign]")
    page.wait_for_selector("dialog[open]")
    assert serious_violations(page) == [], "resign dialog"
    page.keyboard.press("Escape")
    me = page.request.get(f"{server}/api/players/me").json()
    open_page(page, f"{server}/player/{me['id']}")
    page.wait_for_selector(".profile-name")
    assert serious_violations(page) == [], "profile"
    # The replay with its analysis (nard.ai's, by the pip count, answered here).
    record = page.request.get(f"{server}/api/games/{game_id}/record.json").text()
    body = json.dumps({"status": "done", "progress": 1.0, "analysis": pip_analysis(record)})
    page.route(
        f"**/api/games/{game_id}/analysis",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    open_page(page, f"{server}/replay/{game_id}")
    page.wait_for_selector(".analysis-result:not([hidden]) .equity-graph")
    page.locator(".move-list li button").last.click()
    assert serious_violations(page) == [], "replay"


def test_the_game_answers_the_keyboard(context_factory: Any, server: str) -> None:
    context = context_factory("fa")
    context.add_init_script(f"localStorage.setItem('nard.settings', '{SETTINGS}')")
    page = context.new_page()
    game_id = start_bot_game(page, server)
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
    # D doubles where doubling is possible: at the start of a later turn of a money game.
    deadline = time.monotonic() + 60
    double = page.locator("[data-action=double]:visible:enabled")
    while not double.count():
        assert time.monotonic() < deadline, "doubling was never offered"
        before = snapshot(page)
        if act_once(page) is None:
            page.wait_for_timeout(80)
        else:
            wait_for_change(page, before, timeout=3)
    assert double.get_attribute("aria-keyshortcuts") == "D"

    def doublers() -> list[str]:
        record = page.request.get(f"{server}/api/games/{game_id}/record.json").json()
        return [a["side"] for a in record["actions"] if a["action"] == "double"]

    # The computer may have doubled first (and been taken): D is then a redouble.
    earlier = doublers()
    value = page.locator(".board .cube").get_attribute("data-cube")
    page.keyboard.press("d")
    # The computer answers at once: it takes (the cube doubles, the computer's) or drops.
    page.wait_for_function(
        "value => document.querySelector('.board .cube')?.dataset.cube !== value"
        " || document.querySelector('dialog.game-over[open]')",
        arg=value,
    )
    assert doublers() == [*earlier, "white"]
