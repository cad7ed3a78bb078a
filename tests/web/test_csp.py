"""The web app under its own Content-Security-Policy (issue 12), in real Chromium:
pages, scripts, styles, the font and the WebSocket all load with no violation."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import require_browser
from tests.web.driver import act_once, snapshot, start_bot_game, until_my_move, wait_for_change

require_browser()


def test_a_bot_game_runs_with_the_policy_enforced(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    context = context_factory("fa", bypass_csp=False)
    page = context.new_page()
    violations: list[str] = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    response = page.goto(f"{server}/")
    assert response is not None
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    start_bot_game(page, server)
    # Rolling and stepping go over the WebSocket: it works under connect-src 'self'.
    until_my_move(page)
    before = snapshot(page)
    assert act_once(page) == "step"
    wait_for_change(page, before)
    assert snapshot(page) != before
    assert page.locator(".board .checker").count() == 30
    assert violations == [] and page_errors == []
