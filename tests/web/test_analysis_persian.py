"""The replay's analysis view in Persian: cube decisions in the glossary's words,
plays and equities in Persian digits (issue 17, "Persian throughout")."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from playwright.sync_api import expect
from websockets.sync.client import connect

from tests.server.conftest import Socket
from tests.web.conftest import require_browser
from tests.web.driver import open_page
from tests.web.mistakes_setup import COOKIE, _Session

require_browser()

TURNS = 6
LATIN_DIGIT = re.compile(r"[0-9]")


def cube_game(base: str) -> tuple[str, str]:
    """A hot-seat money game with a double taken in it, resigned after a few turns;
    returns the guest's cookie and the game's id."""
    with httpx.Client(base_url=base, timeout=30) as http:
        http.post("/api/players/guest", json={"display_name": "Mina"}).raise_for_status()
        token = http.cookies[COOKIE]
        made = http.post("/api/games", json={"mode": "hotseat", "length": None})
        made.raise_for_status()
        game_id = made.json()["id"]
    url = base.replace("http", "ws", 1) + f"/ws/games/{game_id}"
    with connect(url, additional_headers={"cookie": f"{COOKIE}={token}"}) as connection:
        ws = Socket(_Session(connection))  # type: ignore[arg-type]
        ws.until("welcome")
        ws.until("state")
        doubled = False
        for _ in range(TURNS):
            if ws.state["game"]["phase"] == "rolling" and not doubled:
                assert ws.act("double")["type"] == "ack"
                assert ws.act("take")["type"] == "ack"
                doubled = True
            assert ws.act("roll")["type"] == "ack"
            ws.play_turn()
        assert doubled
        assert ws.act("resign", kind="single")["type"] == "ack"
        assert ws.act("accept_resignation")["type"] == "ack"
    return token, game_id


def doctored_analysis(record: str) -> dict[str, Any]:
    """nard.ai's analysis of the record by the pip count (which leaves the cube
    alone), with the double and the take of move 2 added and marked as mistakes,
    and the first play marked, so that the view shows what was played and what
    was best for each."""
    from nard.ai.analysis import analyse_record
    from nard.ai.evaluator import PipCountEvaluator
    from nard.match.record import MatchRecord

    data = analyse_record(MatchRecord.from_json(record), evaluator=PipCountEvaluator()).to_dict()
    decisions = data["games"][0]["decisions"]
    second = next(d for d in decisions if d["kind"] == "play" and d["move"] == 2)
    taker = "black" if second["side"] == "white" else "white"
    common = {"mark": "bad", "luck": None, "forced": False, "equity": 0.25, "best_equity": 0.375}
    double = second | common | {"kind": "double", "chosen": "double", "best": "no double"}
    take = second | common | {"kind": "take", "side": taker, "chosen": "take", "best": "drop"}
    double["loss"], take["loss"], take["mark"] = 0.125, 0.5, "very bad"
    decisions.extend([double, take])
    play = next(d for d in decisions if d["kind"] == "play" and d["move"] == 1)
    play.update(best=play["chosen"], mark="doubtful", loss=0.0625, equity=-0.5)
    return dict(data)


def test_cube_decisions_and_plays_read_in_persian(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    token, game_id = cube_game(server)
    context = context_factory("fa")
    context.add_cookies([{"name": COOKIE, "value": token, "url": server}])
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    record = page.request.get(f"{server}/api/games/{game_id}/record.json").text()
    body = json.dumps({"status": "done", "progress": 1.0, "analysis": doctored_analysis(record)})
    page.route(
        f"**/api/games/{game_id}/analysis",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    open_page(page, f"{server}/replay/{game_id}")
    page.wait_for_selector(".analysis-result:not([hidden]) .equity-graph")
    marked = page.locator(".move-list li").filter(has=page.locator(".mark"))
    expect(marked).not_to_have_count(0)
    texts: list[str] = []
    for i in range(marked.count()):
        marked.nth(i).locator("button").click()
        texts.append(page.locator(".decision-text").inner_text())
    for text in texts:
        assert "بازی‌شده:" in text and "بهترین:" in text, text
        assert not re.search(r"no double|take|drop|double", text), text
        assert not LATIN_DIGIT.search(text), text

    def shown(words: str) -> str:
        found = [text for text in texts if words in text]
        assert found, f"{words!r} not in {texts}"
        return found[0]

    # To double or not: «داو دادن» played, «داو ندادن» best; the take: پذیرفتن, نپذیرفتن.
    assert "بازی‌شده: داو دادن" in shown("بهترین: داو ندادن")
    assert "بازی‌شده: پذیرفتن" in shown("بهترین: نپذیرفتن")
    assert "۰.۱۲۵ از دست رفت" in shown("داو ندادن") and "۰.۵۰۰ از دست رفت" in shown("نپذیرفتن")
    # The play is written in Persian digits, its equities too.
    play_text = shown("۰.۰۶۳ از دست رفت")
    assert re.search(r"[۰-۹]+/[۰-۹]+", play_text) and "−۰.۵۰۰" in play_text, play_text
    # The graph's tooltips name the cube actions in Persian too.
    titles = page.eval_on_selector_all(
        ".equity-graph .graph-mark title", "titles => titles.map(t => t.textContent)"
    )
    assert any("داو دادن → داو ندادن" in title for title in titles), titles
    assert not any(re.search(r"no double|take|drop", title) for title in titles), titles
    assert not page_errors


def test_a_plays_mark_stands_next_to_the_play_not_the_roll(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    token, game_id = cube_game(server)
    context = context_factory("fa")
    context.add_cookies([{"name": COOKIE, "value": token, "url": server}])
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    record = page.request.get(f"{server}/api/games/{game_id}/record.json").text()
    body = json.dumps({"status": "done", "progress": 1.0, "analysis": doctored_analysis(record)})
    page.route(
        f"**/api/games/{game_id}/analysis",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    open_page(page, f"{server}/replay/{game_id}")
    page.wait_for_selector(".analysis-result:not([hidden]) .equity-graph")
    # The first play, marked ?!: the mark is on the line with the play's notation.
    doubtful = page.locator(".move-list li").filter(has=page.locator(".mark-doubtful"))
    expect(doubtful).to_have_count(1)
    expect(doubtful.locator(".notation")).to_have_count(1)
    doubtful.locator("button").click()
    expect(page.locator(".decision-text")).to_contain_text("۰.۰۶۳ از دست رفت")
    assert not page_errors
