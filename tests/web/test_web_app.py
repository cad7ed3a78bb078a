"""The web app end to end: a real server, a real headless Chromium, clicks only."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import expect

from tests.web.conftest import require_browser
from tests.web.driver import (
    READY,
    act_once,
    open_page,
    play_until_over,
    snapshot,
    start_bot_game,
    until_my_move,
    wait_for_change,
)

require_browser()

FAST = "localStorage.setItem('nard.settings', JSON.stringify({speed: 'off', autoForced: false}))"
PERSIAN = re.compile(r"[\u0600-\u06FF]")


def new_page(context: Any, errors: list[str]) -> Any:
    context.add_init_script(f"if (!localStorage.getItem('nard.settings')) {FAST}")
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def pips(page: Any) -> str:
    return str(page.locator(".seat-bottom .pips").inner_text())


def test_bot_game_played_to_the_end_then_result_replay_and_history(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    page = new_page(context_factory("en"), page_errors)
    game_id = start_bot_game(page, server)
    # The rules in force are on show before the first roll (filled in once the
    # record arrives, so wait for it rather than read it at once).
    expect(page.locator(".rules-banner")).to_contain_text("Standard")
    play_until_over(page)
    over = page.locator("dialog[open].game-over")
    text = over.inner_text()
    assert re.search(r"You (won|lost)", text)
    assert re.search(r"(a single game|a gammon|a backgammon): (1 point|\d+ points)\.", text)
    # The page mixed its own seed into the fair dice; the server's seed is out after the match.
    fair = page.request.get(f"{server}/api/games/{game_id}/fair-dice").json()
    assert len(fair["client_seeds"]) == 1 and re.fullmatch(r"[0-9a-f]{32}", fair["client_seeds"][0])
    assert fair["server_seed"]
    # Reopened later, the finished game still says who won.
    page.reload()
    page.wait_for_selector(READY)
    over = page.locator("dialog[open].game-over")
    over.wait_for()
    assert re.search(r"You (won|lost)", over.inner_text())
    # ... and how: the kind of win and its points, read from the record.
    assert re.search(
        r"(a single game|a gammon|a backgammon): (1 point|\d+ points)\.", over.inner_text()
    )
    over.get_by_role("button", name="Replay and analyse").click()
    page.wait_for_url(f"**/replay/{game_id}")
    page.wait_for_selector(READY)
    frames = page.locator(".move-list li")
    assert frames.count() > 4
    assert re.search(r"wins (a single game|a gammon|a backgammon)", frames.last.inner_text())
    # The replay opens at the start, and lists each play as gnubg writes it, hits marked.
    assert page.locator(".move-list li.current").inner_text() == frames.first.inner_text()
    assert page.locator(".frame-text").inner_text().endswith("start")
    assert page.locator(".move-list .notation").all_inner_texts() == played(page, server, game_id)
    page.click("[data-go=first]")
    assert "start" in page.locator(".frame-text").inner_text()
    assert page.locator(".board .checker").count() == 30
    page.click("[data-go=next]")
    page.click("[data-go=next]")
    assert page.locator(".move-list li.current").count() == 1
    page.click("[data-analyse]")
    page.wait_for_function("document.querySelector('.analysis-status').textContent.length > 0")
    open_page(page, f"{server}/history")
    entry = page.locator(f".game-list a[href='/replay/{game_id}']")
    assert entry.count() == 1
    # With the opponent, the result and the day.
    assert "Computer" in entry.inner_text() and re.search(r"\b(Beat|Lost to)\b", entry.inner_text())
    assert entry.locator("time").count() == 1
    check_analysis_view(page, server, game_id)
    assert not page_errors


def played(page: Any, server: str, game_id: str) -> list[str]:
    """Every play of the match from the server's record, in nard.core's gnubg notation."""
    from nard.core.notation import format_play
    from nard.match.events import PlayMade
    from nard.match.record import MatchRecord

    text = page.request.get(f"{server}/api/games/{game_id}/record.json").text()
    match = MatchRecord.from_json(text).replay()
    return [
        format_play(event.play)
        for game in match.all_games()
        for event in game.history
        if isinstance(event, PlayMade) and event.play.steps
    ]


def check_analysis_view(page: Any, server: str, game_id: str) -> None:
    """The replay's analysis view against nard.ai's real analysis of the game played.

    The page's request for it is answered here with ``analyse_record(...).to_dict()``
    by the pip count, known and quick; the server's own endpoint is tested in
    tests/server.
    """
    from nard.ai.analysis import analyse_record
    from nard.ai.evaluator import PipCountEvaluator
    from nard.match.record import MatchRecord

    text = page.request.get(f"{server}/api/games/{game_id}/record.json").text()
    data = analyse_record(MatchRecord.from_json(text), evaluator=PipCountEvaluator()).to_dict()
    marked = [
        decision
        for game in data["games"]
        for decision in game["decisions"]
        if decision["mark"] != "none"
    ]
    body = json.dumps({"status": "done", "progress": 1.0, "analysis": data})
    page.route(
        f"**/api/games/{game_id}/analysis",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    open_page(page, f"{server}/replay/{game_id}")
    page.wait_for_selector(".analysis-result:not([hidden]) .equity-graph")
    assert page.locator(".stats tr").count() == 8
    assert page.locator(".equity-graph .graph-mark").count() == len(marked)
    # Every marked decision found its frame: the move numbering agrees with nard.ai's.
    assert page.locator(".move-list .mark").count() == len(marked)
    worst = max(
        (d for game in data["games"] for d in game["decisions"] if d["kind"] == "play"),
        key=lambda d: d["loss"],
    )
    if worst["loss"] > 0.0005:
        item = page.locator(".move-list li").filter(has=page.locator(".mark")).first
        item.locator("button").click()
        assert "Best:" in page.locator(".decision-text").inner_text()
        # The mark stands on the play's line; the better play is drawn on the roll's
        # frame before it, where the position before the play is shown.
        at = item.evaluate("li => [...li.parentElement.children].indexOf(li)")
        page.locator(".move-list li").nth(at - 1).locator("button").click()
        expect(page.locator(".board .arrow").first).to_be_attached()


def test_undo_reload_and_teaching_explanations(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    page = new_page(context_factory("en"), page_errors)
    start_bot_game(page, server, length="3")
    until_my_move(page)
    start_pips = pips(page)
    before = snapshot(page)
    page.locator(".hit.source").first.click()
    page.locator(".hit.dest").first.click()
    wait_for_change(page, before)
    page.wait_for_selector("[data-action=undo]:enabled")
    moved_pips = pips(page)
    assert moved_pips != start_pips
    page.click("[data-action=undo]")
    page.wait_for_function(
        "text => document.querySelector('.seat-bottom .pips').textContent === text", arg=start_pips
    )
    # One step again, then reload in the middle of the turn: the game resumes as it was.
    page.locator(".hit.source").first.click()
    page.locator(".hit.dest").first.click()
    page.wait_for_selector("[data-action=undo]:enabled")
    moved_pips = pips(page)
    url = page.url
    page.reload()
    page.wait_for_selector(READY)
    page.wait_for_selector("[data-action=undo]:enabled")
    assert page.url == url
    assert pips(page) == moved_pips
    # Teaching mode: any move may be tried; a backward one is refused and explained.
    page.locator(".settings-panel summary").click()
    page.locator(".settings-panel input[name=teaching]").check()
    page.wait_for_selector(".hit.source")
    source = next(
        loc
        for loc in page.locator(".hit.source").evaluate_all("els => els.map(e => e.dataset.loc)")
        if loc.startswith("p") and int(loc[1:]) < 24
    )
    page.click(f"[data-loc={source}]")
    page.click(f"[data-loc=p{int(source[1:]) + 1}]")
    refusal = page.locator(".refusal")
    refusal.wait_for(state="visible")
    english = refusal.inner_text()
    assert re.search(r"(Rule R|Custom V)\d+", english)
    assert "(rule " not in english  # the rule is named once, above the explanation
    assert not PERSIAN.search(english)
    page.click("#lang-switch")
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    expect(refusal).to_contain_text("قانون")
    persian = refusal.inner_text()
    assert "قانون" in persian
    # The rule's id in Persian digits, named once.
    assert re.search(r"(قانون R|رسم V)[۰-۹]+", persian) and "(قانون" not in persian
    assert PERSIAN.search(persian.replace("قانون", ""))
    assert persian != english
    assert not page_errors


def test_invitation_two_players_both_move(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    host = new_page(context_factory("en"), page_errors)
    open_page(host, f"{server}/")
    friend_form = host.locator("#play-friend")
    friend_form.locator("select[name=length]").select_option("money")
    friend_form.locator("button[type=submit]").click()
    link = host.locator("#play-friend .invite-link")
    host.wait_for_function("document.querySelector('#play-friend .invite-link').value !== ''")
    invite = link.input_value()
    assert "/invite/" in invite
    assert invite in host.locator("#play-friend .share-text").input_value()
    host.locator("#play-friend .go-game").click()
    host.wait_for_selector(READY)
    assert host.locator(".invite-box").is_visible()
    # The friend has not left: they have not come yet.
    assert host.locator(".away").count() == 0
    # The host opening their own link is taken back to the game.
    game_url = host.url
    host.goto(invite)
    host.wait_for_url(game_url)
    host.wait_for_selector(READY)
    assert host.locator(".invite-box").is_visible()

    guest = new_page(context_factory("fa"), page_errors)
    guest.goto(invite)
    guest.wait_for_url("**/game/*")
    guest.wait_for_selector(READY)
    assert guest.url == host.url
    host.wait_for_selector(".invite-box", state="hidden")

    steps = {"host": 0, "guest": 0}
    deadline = time.monotonic() + 60
    while min(steps.values()) < 2:
        assert time.monotonic() < deadline, f"both players did not move: {steps}"
        acted = False
        for name, page in (("host", host), ("guest", guest)):
            before = snapshot(page)
            done = act_once(page)
            if done:
                acted = True
                steps[name] += done == "step"
                wait_for_change(page, before, timeout=3)
        if not acted:
            host.wait_for_timeout(100)
    # Each side sees the other's checkers where they were moved: both boards agree.
    host_board = host.evaluate("() => document.querySelectorAll('.board .checker').length")
    guest_board = guest.evaluate("() => document.querySelectorAll('.board .checker').length")
    assert host_board == guest_board
    # A spectator's link shows the same game, read-only.
    watch_url = host.request.get(f"{server}/api/games/{host.url.split('/')[-1]}").json()[
        "watch_url"
    ]
    spectator = new_page(context_factory("en"), page_errors)
    open_page(spectator, f"{server}{watch_url}")
    spectator.wait_for_function(
        "document.querySelector('.status').textContent.includes('watching')"
    )
    assert spectator.locator(".board .checker").count() == host_board
    assert spectator.locator(".hit.source").count() == 0
    assert not page_errors


def test_persian_page_is_right_to_left_with_persian_digits_and_font(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    page = new_page(context_factory("fa"), page_errors)
    open_page(page, f"{server}/")
    html = page.locator("html")
    assert html.get_attribute("dir") == "rtl"
    assert html.get_attribute("lang") == "fa"
    assert "بازی با رایانه" in page.locator("#play-bot h2").inner_text()
    assert page.evaluate("document.fonts.check('16px Vazirmatn')")
    page.wait_for_function("document.fonts.status === 'loaded'")
    assert page.evaluate(
        "[...document.fonts].some(f => f.family.includes('Vazirmatn') && f.status === 'loaded')"
    )
    start_bot_game(page, server)
    numbers = page.locator(".point-number").all_text_contents()
    assert "۲۴" in numbers and "24" not in numbers
    assert page.locator("[data-action=roll]").inner_text() == "انداختن تاس"
    # The language switch is remembered.
    page.click("#lang-switch")
    assert html.get_attribute("dir") == "ltr"
    page.reload()
    page.wait_for_selector(READY)
    assert html.get_attribute("dir") == "ltr"
    assert "24" in page.locator(".point-number").all_text_contents()
    assert not page_errors


def hit_box(page: Any, selector: str) -> dict[str, float]:
    """Where the first ``selector`` (a source or a destination) is drawn. The board
    is redrawn whole on each message, so an element found a moment ago may be gone:
    find it again."""
    for _ in range(20):
        hit = page.locator(selector).first
        hit.wait_for(state="visible")
        box = hit.bounding_box()
        if box is not None:
            return dict(box)
        page.wait_for_timeout(50)
    raise AssertionError(f"nothing matches {selector}")


def test_drag_and_double_click_move_checkers(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    page = new_page(context_factory("en"), page_errors)
    start_bot_game(page, server)
    until_my_move(page)
    start_pips = pips(page)
    box = hit_box(page, ".hit.source")
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    target = hit_box(page, ".hit.dest")
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=6)
    page.mouse.up()
    page.wait_for_function(
        "text => document.querySelector('.seat-bottom .pips').textContent !== text", arg=start_pips
    )
    page.click("[data-action=undo]")
    page.wait_for_function(
        "text => document.querySelector('.seat-bottom .pips').textContent === text", arg=start_pips
    )
    # A double-click moves by the higher die when that step is offered.
    dice = [
        int(face)
        for face in page.locator(".die").evaluate_all("els => els.map(e => e.dataset.face)")
    ]
    page.wait_for_selector(".hit.source")
    page.locator(".hit.source").first.dblclick()
    page.wait_for_function(
        "text => document.querySelector('.seat-bottom .pips').textContent !== text", arg=start_pips
    )
    moved = int(start_pips.split()[-1]) - int(pips(page).split()[-1])
    assert moved in dice
    assert not page_errors


def test_hint_lists_the_best_plays_and_draws_the_first(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    """The hint view against nard.ai's real ranking of the position on the board.

    The endpoint's answer is given here with ``hint_plays`` on the position shown,
    so the test needs no engine in the server.
    """
    from nard.ai.evaluator import PipCountEvaluator
    from nard.ai.hint import hint_plays
    from nard.core.board import Position, Side
    from nard.core.dice import Roll
    from nard.core.notation import format_play
    from nard.server.protocol.events import step_view

    context = context_factory("en")
    # The page no longer downloads the API description to learn whether hints exist.
    context.route("**/openapi.json", lambda route: page_errors.append("openapi.json asked"))
    page = new_page(context, page_errors)
    game_id = start_bot_game(page, server)
    until_my_move(page)
    state = page.request.get(f"{server}/api/games/{game_id}").json()["state"]["game"]
    side = Side.WHITE if state["turn"] == "white" else Side.BLACK
    position = Position.from_id(state["position_id"], turn=side)
    ranked = hint_plays(position, Roll(*state["dice"]), evaluator=PipCountEvaluator(), limit=5)
    plays = [
        {
            "play": format_play(item.play),
            # The server sends each play's steps (the page draws them, never parses text).
            "steps": [step_view(step).model_dump(by_alias=True) for step in item.play],
            "equity": item.equity,
            "loss": item.equity_loss,
        }
        for item in ranked
    ]
    context.route(
        f"**/api/games/{game_id}/hint",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps({"plays": plays})
        ),
    )
    page.click("[data-action=hint]")
    panel = page.locator(".hint-panel")
    panel.wait_for(state="visible")
    assert panel.locator("li").count() == len(plays)
    assert plays[0]["play"] in panel.locator("li").first.inner_text()
    assert page.locator(".board .arrow").count() >= 1
    # Another play of the list is drawn on demand; a step clears the hint.
    if len(plays) > 1:
        panel.locator("[data-play='1']").click()
        assert "current" in (panel.locator("li").nth(1).get_attribute("class") or "")
    page.locator(".hit.source").first.click()
    page.locator(".hit.dest").first.click()
    panel.wait_for(state="hidden")
    assert page.locator(".board .arrow").count() == 0
    assert not page_errors
