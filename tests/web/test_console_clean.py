"""A stranger's console stays clean (issue 28 item 13): no 401 on the first visit of
every page (the pages ask who the browser is before it has played), no 404 on the
replay of a game nobody has asked to analyse."""

from __future__ import annotations

from typing import Any

from nard.server.deps import COOKIE
from tests.web.conftest import require_browser
from tests.web.driver import open_page
from tests.web.test_analysis_persian import cube_game

require_browser()

PAGES = ["/", "/lobby", "/account", "/history", "/dice", "/trainer", "/mistakes"]


def _watch(page: Any) -> list[str]:
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on(
        "response",
        lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None,
    )
    return problems


def test_a_first_visit_of_every_page_logs_no_error(server: str, context_factory: Any) -> None:
    for path in PAGES:
        page = context_factory("fa").new_page()  # a new browser: no cookie
        problems = _watch(page)
        open_page(page, f"{server}{path}")
        page.wait_for_load_state("networkidle")
        assert problems == [], f"{path}: {problems}"


def test_an_unanalysed_replay_logs_no_error(server: str, context_factory: Any) -> None:
    token, game_id = cube_game(server)  # finished, never analysed
    context = context_factory("en")
    context.add_cookies([{"name": COOKIE, "value": token, "url": server}])
    page = context.new_page()
    problems = _watch(page)
    open_page(page, f"{server}/replay/{game_id}")
    page.locator(".move-list li").first.wait_for()
    page.wait_for_load_state("networkidle")
    assert problems == []
