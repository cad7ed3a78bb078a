"""Two accounts meet in the lobby (Chromium), play a rated 1-point match to the end
(the loser resigns on the page), and each sees the new rating on their profile, in
English and in Persian; a name with markup shows as text."""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from typing import Any

from tests.web.conftest import require_browser
from tests.web.driver import READY, act_once, open_page, visible

require_browser()

SHOTS = os.environ.get("NARD_SCREENSHOTS")
"""A folder to save the lobby and profile screenshots in (docs/screenshots for the README)."""


def register(context: Any, base: str, name: str) -> int:
    answer = context.request.post(
        f"{base}/api/accounts",
        data={
            "username": f"u{secrets.token_hex(5)}",
            "password": "long enough pw",
            "display_name": name,
        },
    )
    assert answer.ok, answer.text()
    player_id: int = answer.json()["id"]
    return player_id


def play_out(winner: Any, loser: Any, limit: float = 90.0) -> None:
    """The winner plays; the loser resigns a single game as soon as the page lets them."""
    deadline = time.monotonic() + limit
    over = "dialog.game-over[open]"
    while not (winner.locator(over).count() and loser.locator(over).count()):
        assert time.monotonic() < deadline, "the match did not end"
        if not loser.locator(over).count():
            if visible(loser, "[data-action=resign]") and not loser.locator("dialog[open]").count():
                loser.click("[data-action=resign]")
                loser.locator("dialog[open] .dialog-buttons button").first.click()
            else:
                act_once(loser)
        if not winner.locator(over).count():
            act_once(winner)  # answers the resignation with its primary button: accept
        winner.wait_for_timeout(60)


def shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def rating_on_profile(page: Any, base: str, player_id: int) -> str:
    open_page(page, f"{base}/player/{player_id}")
    return str(page.locator(".rating-value").text_content())


def test_two_accounts_meet_in_the_lobby_and_their_ratings_move(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    ann_context, bob_context = context_factory("en"), context_factory("fa")
    ann_id = register(ann_context, server, "<i>ann</i>")
    bob_id = register(bob_context, server, "bob")
    ann, bob = ann_context.new_page(), bob_context.new_page()
    for page in (ann, bob):
        page.on("pageerror", lambda error: page_errors.append(str(error)))
        open_page(page, f"{server}/lobby")
        page.wait_for_selector("body[data-lobby=live]")

    form = ann.locator("#challenge")
    form.locator("select[name=length]").select_option("1")
    form.locator("button[type=submit]").click()
    offer = bob.locator(".challenge").filter(has=bob.locator("button.primary"))
    offer.first.wait_for()  # pushed to Bob's lobby over its socket
    name = offer.first.locator(".player-name")
    assert name.text_content() == "<i>ann</i>" and name.locator("i").count() == 0
    assert "ریتینگ‌دار" in str(offer.first.text_content())
    shot(bob, "lobby-fa")
    shot(ann, "lobby-en")
    offer.first.locator("button.primary").click()

    for page in (ann, bob):
        page.wait_for_url("**/game/*")
        page.wait_for_selector(READY)
    assert ann.url == bob.url
    game_id = ann.url.rsplit("/", 1)[1]
    play_out(winner=ann, loser=bob)

    # Both new: the change is 4·√1·0.5 = 2, boosted ×5 → 1510 and 1490 (docs/ratings.md).
    assert rating_on_profile(ann, server, ann_id) == "1510.0"
    assert rating_on_profile(bob, server, bob_id) == "۱۴۹۰٫۰"
    recent = bob.locator(".recent tbody tr").first
    assert "<i>ann</i>" in str(recent.text_content()) and recent.locator("i").count() == 0
    assert "باخت" in str(recent.text_content())
    assert bob.locator("svg.line-chart polyline").count() == 1
    # The rating's point after the match links to its replay, titled in Persian.
    point = bob.locator("svg.line-chart a.point-link")
    href = str(point.get_attribute("href"))
    assert point.count() == 1 and href.startswith(f"/replay/{game_id}?watch=")
    # Anyone who follows it reads the match (the link carries its spectator token).
    stranger = context_factory("en").new_page()
    stranger.on("pageerror", lambda error: page_errors.append(str(error)))
    open_page(stranger, f"{server}{href}")
    stranger.locator(".move-list li").first.wait_for()
    assert "not found" not in str(stranger.locator(".replay-text").text_content())
    assert "بازبینی" in str(point.get_attribute("aria-label"))
    assert "۱۴۹۰" in str(point.get_attribute("aria-label"))
    shot(bob, "profile-fa")
    ann.click("#lang-switch")
    assert ann.locator(".rating-value").text_content() == "۱۵۱۰٫۰"
    bob.click("#lang-switch")
    assert bob.locator(".rating-value").text_content() == "1490.0"
    assert "Lost" in str(bob.locator(".recent tbody tr").first.text_content())
    shot(bob, "profile-en")
    # The leaderboard, in Persian (Ann switched): the winner above the loser, the
    # name with markup as text, ranks and ratings in Persian digits.
    open_page(ann, f"{server}/leaderboard")
    assert ann.locator("html").get_attribute("lang") == "fa"
    rows = ann.locator(".leaderboard ol > li")
    links = [rows.nth(i).locator("a").get_attribute("href") for i in range(rows.count())]
    assert links.index(f"/player/{ann_id}") < links.index(f"/player/{bob_id}")
    winner = rows.nth(links.index(f"/player/{ann_id}"))
    assert winner.locator(".player-name").text_content() == "<i>ann</i>"
    assert winner.locator("i").count() == 0
    assert winner.locator(".rating").text_content() == " ۱۵۱۰٫۰"
    loser = rows.nth(links.index(f"/player/{bob_id}"))
    assert loser.locator(".rating").text_content() == " ۱۴۹۰٫۰"
    marker = "getComputedStyle(document.querySelector('.leaderboard ol')).listStyleType"
    assert ann.evaluate(marker) == "persian"
    # "My games": date, opponent, length, rules, score and result, the name as text.
    open_page(bob, f"{server}/history")
    item = bob.locator(".game-list li").first
    text = str(item.text_content())
    assert "<i>ann</i>" in text and item.locator(".opponent i").count() == 0
    assert "match to 1" in text and "Standard" in text and "Lost to" in text
    assert ("0–1" in text or "1–0" in text) and item.locator("time").count() == 1
    assert page_errors == []


def test_a_newcomer_is_asked_for_a_name_once_and_it_shows_as_text(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    context = context_factory("fa")
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_page(page, f"{server}/lobby")
    form = page.locator("form.guest-name")
    assert form.is_visible()
    form.locator("input[name=display_name]").fill("<b>new</b>")
    form.locator("button[type=submit]").click()
    form.wait_for(state="hidden")
    page.wait_for_selector("body[data-lobby=live]")
    mine = page.locator(".online .player-name").filter(has_text="<b>new</b>")
    mine.first.wait_for()
    assert mine.first.locator("b").count() == 0
    me = context.request.get(f"{server}/api/players/me").json()
    assert me["display_name"] == "<b>new</b>" and me["is_guest"] is True
    page.reload()
    page.wait_for_selector(READY)
    assert not page.locator("form.guest-name").is_visible()  # asked once
    assert page_errors == []


def test_a_challenge_offered_with_custom_rules_from_the_form(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    from playwright.sync_api import expect

    host_context, guest_context = context_factory("fa"), context_factory("en")
    register(host_context, server, "dan")
    register(guest_context, server, "eve")
    page = host_context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_page(page, f"{server}/lobby")
    page.wait_for_selector("body[data-lobby=live]")
    form = page.locator("#challenge")
    switches = form.locator("details.switches")
    switches.locator("summary").click()
    expect(switches).to_contain_text("V۳ مارس کل مسابقه را می‌برد")
    # The Iranian preset sets its customs and takes the cube away; they may be changed after.
    form.locator("select[name=preset]").select_option("iranian")
    expect(form.locator("input[name=escape_after_hit]")).to_be_checked()
    expect(form.locator("input[name=no_home_cover_after_hit]")).to_be_checked()
    expect(form.locator("input[name=cube]")).not_to_be_checked()
    form.locator("input[name=no_home_cover_after_hit]").uncheck()
    form.locator("input[name=gammon_wins_match]").check()
    form.locator("select[name=escape_scope]").select_option("board")
    # Every length the server takes, 1 to 25 points, and money; in Persian digits.
    lengths = form.locator("select[name=length] option")
    values = [lengths.nth(i).get_attribute("value") for i in range(lengths.count())]
    assert values == [str(n) for n in range(1, 26)] + ["money"]
    assert "۲۵" in str(lengths.nth(24).text_content())
    quick = page.locator("#quick select[name=length] option")
    assert quick.count() == 25 and quick.nth(1).get_attribute("value") == "2"
    form.locator("select[name=length]").select_option("2")
    form.locator("button[type=submit]").click()
    mine = page.locator(".challenge").filter(has_text="قوانین دلخواه")
    mine.first.wait_for()  # a custom rule set, back over the lobby socket
    offer = mine.first.get_attribute("data-id")
    taken = guest_context.request.post(f"{server}/api/lobby/challenges/{offer}/accept")
    assert taken.ok, taken.text()
    game = guest_context.request.get(f"{server}/api/games/{taken.json()['game']}").json()
    assert game["settings"]["length"] == 2
    assert game["settings"]["rules"] == {
        "escape_after_hit": True,
        "escape_scope": "board",
        "no_home_cover_after_hit": False,
        "gammon_wins_match": True,
        "no_backgammon": False,
        "cube": False,
        "preset": None,
    }
    # The host's lobby takes them to the new game: let it go before coming back.
    page.wait_for_url(f"**/game/{taken.json()['game']}")
    # A preset chosen after a scope sets every rule as it has them, the scope too.
    open_page(page, f"{server}/lobby")
    page.wait_for_selector("body[data-lobby=live]")
    switches.locator("summary").click()
    form.locator("select[name=escape_scope]").select_option("board")
    form.locator("select[name=preset]").select_option("iranian")
    expect(form.locator("select[name=escape_scope]")).to_have_value("home")
    with page.expect_request(
        lambda sent: sent.url.endswith("/api/lobby/challenges") and sent.method == "POST"
    ) as posted:
        form.locator("button[type=submit]").click()
    assert posted.value.post_data_json["rules"] == {
        "preset": "iranian",
        "escape_after_hit": True,
        "escape_scope": "home",
        "no_home_cover_after_hit": True,
        "gammon_wins_match": False,
        "no_backgammon": False,
    }
    assert posted.value.post_data_json["cube"] is False
    assert page_errors == []


def test_names_the_server_made_are_shown_in_the_page_s_language(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    persian = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
    host, guest = context_factory("fa"), context_factory("en")
    named = {}
    for context in (host, guest):
        made = context.request.post(f"{server}/api/players/guest", data={})
        assert made.ok, made.text()
        named[context] = made.json()["display_name"]
        assert named[context].startswith("Guest ")
    offer = host.request.post(f"{server}/api/lobby/challenges", data={"length": 3})
    assert offer.ok, offer.text()
    taken = guest.request.post(f"{server}/api/lobby/challenges/{offer.json()['id']}/accept")
    assert taken.ok, taken.text()
    page = host.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_page(page, f"{server}/lobby")
    page.wait_for_selector("body[data-lobby=live]")
    mine = "مهمان " + named[host].split()[1].translate(persian)
    page.locator(".online .player-name").filter(has_text=mine).first.wait_for()
    watched = page.locator(f".watch a[href^='/watch/{taken.json()['game']}']")
    line = str(watched.text_content())
    assert mine in line and "مهمان " + named[guest].split()[1].translate(persian) in line
    assert "Guest" not in str(page.locator(".lobby").text_content())
    assert page_errors == []


def test_a_challenge_sent_by_the_form_with_a_preset_s_switches_is_named_by_it(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    """Issue 28 item 3: the form sends every switch; a plain Standard or Iranian offer is
    named so in the lobby, not «قوانین دلخواه» / "Custom rules"."""
    for lang, preset, shown in (
        ("fa", "standard", "استاندارد (بین‌المللی)"),
        ("en", "iranian", "Iranian"),
    ):
        page = context_factory(lang).new_page()
        page.on("pageerror", lambda error: page_errors.append(str(error)))
        open_page(page, f"{server}/lobby")
        page.wait_for_selector("body[data-lobby=live]")
        form = page.locator("#challenge")
        form.locator("select[name=preset]").select_option(preset)
        with page.expect_request(
            lambda sent: sent.url.endswith("/api/lobby/challenges") and sent.method == "POST"
        ) as posted:
            form.locator("button[type=submit]").click()
        sent = posted.value.post_data_json["rules"]
        assert set(sent) > {"preset", "escape_after_hit", "no_backgammon"}  # every switch
        mine = page.locator(".challenge").filter(has_text=shown)
        mine.first.wait_for()
        assert "قوانین دلخواه" not in str(mine.first.text_content())
        assert "Custom rules" not in str(mine.first.text_content())
    assert page_errors == []
