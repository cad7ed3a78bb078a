"""Pages a person can find (issue 28 item 9): the dice statistics, "my profile" and the
puzzles are linked from every page's menu or footer, and the profile from the account page."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.web.conftest import require_browser
from tests.web.driver import open_page

require_browser()


def test_the_menu_and_footer_link_dice_puzzles_rules_and_my_profile(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    context = context_factory("fa")
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_page(page, f"{server}/lobby")
    expect(page.locator("header nav a[href='/mistakes']")).to_have_text("معماهای من")
    expect(page.locator("footer a[href='/dice']")).to_have_text("آمار تاس‌ها")
    expect(page.locator("footer a[href='/static/rules/rules.fa.html']")).to_be_visible()
    expect(page.locator("#nav-profile")).to_be_hidden()  # nobody yet: no profile
    made = context.request.post(f"{server}/api/players/guest", data={"display_name": "Nima"})
    assert made.ok, made.text()
    player = made.json()["id"]
    open_page(page, f"{server}/account")
    expect(page.locator("#nav-profile")).to_have_attribute("href", f"/player/{player}")
    expect(page.locator("#nav-profile")).to_have_text("نمایهٔ من")
    page.locator(".who a.my-profile").click()
    page.wait_for_url(f"**/player/{player}")
    page.click("#lang-switch")
    expect(page.locator("footer a[href='/static/rules/rules.en.html']")).to_have_text("The rules")
    page.locator("footer a[href='/dice']").click()
    page.wait_for_url("**/dice")
    assert page_errors == []
