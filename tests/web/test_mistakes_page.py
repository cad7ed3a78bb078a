"""Learn from your mistakes in Chromium: from an analysed game to its puzzles, one
answered wrong (both plays shown with their equities) and one right, in Persian and
English; and on the game page, a refused step links to its rule and to its report."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.digits import fa_digits
from nard.core.notation import parse_play
from tests.web.conftest import require_browser, serve
from tests.web.driver import READY, open_page, start_bot_game, until_my_move
from tests.web.mistakes_setup import AnalysedGame, analysed_game

require_browser()


@pytest.fixture(scope="module")
def fast_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that lets the set-up play many turns over its socket quickly."""
    folder: Path = tmp_path_factory.mktemp("mistakes")
    with serve(folder, NARD_RATE_PER_S="10000", NARD_RATE_BURST="10000") as base:
        yield base


def loc(point: int) -> str:
    """A point of the side on roll as the puzzle board's hit areas name it."""
    return {25: "bar-white", 0: "off-white"}.get(point, f"p{point}")


def enter_play(page: Any, puzzle: dict[str, Any], text: str) -> None:
    """Make ``text`` (gnubg notation) on the puzzle's board, step by step."""
    position = Position.from_id(puzzle["position_id"])
    play = parse_play(text, position, Roll(*puzzle["dice"]))
    for step in play.steps:
        page.locator(f'.board-wrap .hit[data-loc="{loc(step.from_point)}"]').click()
        page.locator(f'.board-wrap .hit[data-loc="{loc(step.to_point)}"]').click()
    expect(page.locator(".check-puzzle")).to_be_enabled()
    page.locator(".check-puzzle").click()


def shown_equity(value: float, lang: str) -> str:
    """An equity as the page writes it (three decimals; Persian digits in Persian)."""
    text = f"{abs(value):.3f}"
    return fa_digits(text) if lang == "fa" else text


def current_puzzle(page: Any, setup: AnalysedGame) -> dict[str, Any]:
    page.wait_for_selector(".mistakes[data-state=open]")
    puzzle_id = page.locator(".mistakes").get_attribute("data-puzzle")
    with setup.client() as http:
        found: dict[str, Any] = http.get(f"/api/mistakes/{puzzle_id}").json()
    return found


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_practise_my_mistakes_wrong_then_right(
    fast_server: str, context_factory: Any, page_errors: list[str], lang: str
) -> None:
    setup = analysed_game(fast_server)
    context = context_factory(lang)
    context.add_cookies([setup.cookie()])
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_page(page, f"{fast_server}/replay/{setup.game}")
    practise = page.locator(".practise-mistakes")
    expect(practise).to_be_visible(timeout=60_000)
    practise.click()
    page.wait_for_url("**/mistakes")
    page.wait_for_selector(READY)

    # The first puzzle: the play made in the game again is wrong; both plays are shown.
    first = current_puzzle(page, setup)
    decision = setup.decision(first["game_number"], first["move"])
    expect(page.locator(".count-puzzles")).not_to_have_text("")
    enter_play(page, first, decision["chosen"])
    page.wait_for_selector(".mistakes[data-state=wrong]")
    expect(page.locator(".verdict.wrong")).to_be_visible()
    played = page.locator(".puzzle-plays .played")
    best = page.locator(".puzzle-plays .best")
    expect(played).to_contain_text(shown_equity(decision["equity"], lang))
    expect(best).to_contain_text(shown_equity(decision["best_equity"], lang))
    expect(page.locator(".difference")).to_contain_text(shown_equity(decision["loss"], lang))
    if lang == "fa":
        expect(best).to_contain_text("ارزش")
        assert not any(digit in best.inner_text() for digit in "0123456789")

    # The next puzzle (the missed one waits): its best play is right.
    page.locator(".next-puzzle").click()
    page.wait_for_function(
        "id => document.querySelector('.mistakes').dataset.puzzle !== id",
        arg=str(first["id"]),
    )
    second = current_puzzle(page, setup)
    assert second["id"] != first["id"]
    right = setup.decision(second["game_number"], second["move"])
    enter_play(page, second, right["best"])
    page.wait_for_selector(".mistakes[data-state=right]")
    expect(page.locator(".verdict.right")).to_be_visible()
    expect(page.locator(".puzzle-plays .yours")).to_contain_text(
        shown_equity(right["best_equity"], lang)
    )
    with setup.client() as http:
        counts = http.get("/api/mistakes/counts").json()
    assert counts["due"] == counts["puzzles"] - 2
    shown = {
        key: fa_digits(str(value)) if lang == "fa" else str(value) for key, value in counts.items()
    }
    expect(page.locator(".count-due")).to_have_text(shown["due"])
    # The player's profile shows the same counts.
    with setup.client() as http:
        player = http.get("/api/players/me").json()
    open_page(page, f"{fast_server}/player/{player['id']}")
    for key in ("puzzles", "due", "mastered"):
        expect(page.locator(f".profile .count-{key}")).to_have_text(shown[key])
    # And the player's trainer page, with a way back to the puzzles.
    open_page(page, f"{fast_server}/trainer")
    expect(page.locator(".trainer-mistakes .count-puzzles")).to_have_text(shown["puzzles"])
    expect(page.locator(".trainer-mistakes .practise-link")).to_have_attribute("href", "/mistakes")
    assert not page_errors


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_refused_step_links_to_its_rule_and_its_report(
    server: str, context_factory: Any, page_errors: list[str], lang: str
) -> None:
    context = context_factory(lang, permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    game_id = start_bot_game(page, server, length="3")
    until_my_move(page)
    state = context.request.get(f"{server}/api/games/{game_id}").json()["state"]["game"]
    dice, white, black = state["dice"], state["board"]["white"], state["board"]["black"]
    # A step by a number neither die shows, to a point that is open: refused (R6, or R7
    # for doubles). Not the dice's sum (or a double's multiple): written as a play,
    # that would be the legal move of one checker by both dice.
    combined = {dice[0] + dice[1]} | (
        {2 * dice[0], 3 * dice[0], 4 * dice[0]} if dice[0] == dice[1] else set()
    )
    point, distance = next(
        (p, d)
        for p in range(24, 0, -1)
        for d in range(1, 7)
        if white[p]
        and d not in dice
        and d not in combined
        and p - d >= 1
        and black[25 - (p - d)] < 2
    )
    page.locator(".settings-panel summary").click()
    page.locator(".settings-panel input[name=teaching]").check()
    page.wait_for_selector(".hit.source")
    page.click(f"[data-loc=p{point}]")
    page.click(f"[data-loc=p{point - distance}]")
    refusal = page.locator(".refusal")
    refusal.wait_for(state="visible")
    rule = page.locator(".refusal .rule-link")
    expect(rule).to_have_attribute(
        "href", re.compile(rf"^/static/rules/rules\.{lang}\.html#r[67]$")
    )
    rule_href = rule.get_attribute("href") or ""
    rules_page = context.new_page()
    rules_page.goto(server + rule_href)
    expect(rules_page.locator(f"#{rule_href.split('#')[1]}")).to_be_attached()
    rules_page.close()
    report = page.locator(".refusal .report-link")
    href = report.get_attribute("href") or ""
    query = parse_qs(urlsplit(href).query)
    assert urlsplit(href).path == "/report"
    assert query["position"] == [state["turn_start_id"]]
    assert query["dice"] == [f"{dice[0]}{dice[1]}"]
    assert query["play"] == [f"{point}/{point - distance}"]
    # "Copy the report": the same text as the report page (and nard explain --report).
    page.locator(".refusal .copy-report").click()
    expect(page.locator(".toast")).to_be_visible()
    copied = page.evaluate("() => navigator.clipboard.readText()")
    with context.expect_page() as opened:
        report.click()
    shown = opened.value
    shown.wait_for_selector(READY)
    expect(shown.locator(".report-verdict .explanation")).to_be_visible()
    expect(shown.locator(".report-verdict .rule-link")).to_have_attribute("href", rule_href)
    text = shown.locator(".report-text").input_value()
    assert state["turn_start_id"] in text and f"{point}/{point - distance}" in (
        text if lang == "en" else text.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789"))
    )
    assert copied == text
    assert not page_errors
