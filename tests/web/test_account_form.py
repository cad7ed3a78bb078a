"""The account page's forms (issue 28 items 12 and 13): a long name is never cut
silently, the rules for names and passwords are stated beside their fields, the server's
Persian refusal names the limit, and the Save button stands apart from its field."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.web.conftest import require_browser
from tests.web.driver import open_page

require_browser()

LONG = "نام" * 15  # 45 characters


def test_a_long_name_is_kept_whole_and_refused_with_its_limit_in_persian(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    context = context_factory("fa")
    assert context.request.post(f"{server}/api/players/guest", data={}).ok
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_page(page, f"{server}/account")
    rename = page.locator("#rename")
    field = rename.locator("input[name=display_name]")
    expect(field).not_to_have_value("")  # the guest's name, filled from the server
    field.fill(LONG)
    assert field.input_value() == LONG  # not cut at 40
    rule = rename.locator(".field-rule")
    expect(rule).to_have_class("field-rule over")
    expect(rule).to_contain_text("۴۰")
    expect(rule).to_contain_text("۴۵")
    assert "حداکثر ۴۰ حرف" in str(field.evaluate("input => input.validationMessage"))
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.method))
    rename.locator("button[type=submit]").click()
    assert field.evaluate("input => input.matches(':invalid')")
    page.wait_for_timeout(300)
    assert "PATCH" not in sent  # the browser holds it back, saying why
    field.fill(LONG[:40])
    expect(rule).to_have_class("field-rule")
    with page.expect_response(lambda answer: answer.request.method == "PATCH") as saved:
        rename.locator("button[type=submit]").click()
    assert saved.value.ok
    assert page_errors == []


def test_the_rules_of_the_fields_are_stated_and_save_stands_apart(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    for lang, username_rule, password_rule in (
        ("en", "3 to 40 characters", "At least 8 characters."),
        ("fa", "از ۳ تا ۴۰ نویسه", "دست‌کم ۸ نویسه."),
    ):
        page = context_factory(lang).new_page()
        page.on("pageerror", lambda error: page_errors.append(str(error)))
        open_page(page, f"{server}/account")
        register = page.locator("#register")
        expect(register.locator("label", has=page.locator("input[name=username]"))).to_contain_text(
            username_rule
        )
        expect(register.locator("label", has=page.locator("input[name=password]"))).to_contain_text(
            password_rule
        )
        field = page.locator("#rename input[name=display_name]").bounding_box()
        save = page.locator("#rename button[type=submit]").bounding_box()
        assert field and save
        gap = save["y"] - (field["y"] + field["height"])
        assert gap >= 6, f"the Save button is {gap:.1f} px from its field"
    assert page_errors == []


def test_the_api_s_persian_refusal_names_the_limit(server: str, context_factory: Any) -> None:
    context = context_factory("fa")
    assert context.request.post(f"{server}/api/players/guest", data={}).ok
    answer = context.request.patch(f"{server}/api/players/me", data={"display_name": LONG})
    assert answer.status == 422
    assert answer.json()["message_fa"] == "نام حداکثر ۴۰ حرف است."
