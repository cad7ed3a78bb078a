"""The rules trainer in Chromium: drills completed in Persian and English, one answer
wrong on purpose each time, its explanation shown, and a report link opened."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from nard.core.digits import fa_digits
from nard.core.notation import format_play
from nard.trainer import Kind, Level, make_drill
from tests.web.conftest import require_browser
from tests.web.driver import open_page

require_browser()


def loc(point: int) -> str:
    """A White point as the board's hit areas name it (the side on roll plays White)."""
    return {25: "bar-white", 0: "off-white"}.get(point, f"p{point}")


def drill_url(base: str, seed: int, kind: Kind, level: Level, rules: str = "standard") -> str:
    return f"{base}/trainer?seed={seed}&kind={kind.value}&rules={rules}&level={level.value}"


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_why_refused_drill_answered_wrong_shows_the_rule(
    server: str, context_factory: Any, page_errors: list[str], lang: str
) -> None:
    page = context_factory(lang).new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    drill = make_drill(5, Kind.REFUSED, "standard", Level.MEDIUM)
    why = drill.refusal()
    open_page(page, drill_url(server, 5, Kind.REFUSED, Level.MEDIUM))
    expect(page.locator(".trainer-task .notation")).to_be_visible()
    wrong = "R13" if why.rule.value != "R13" else "R5"
    page.locator(f".rule-choice[data-rule={wrong}]").click()  # wrong on purpose
    verdict = page.locator(".verdict.wrong").first
    expect(verdict).to_be_visible()
    page.locator(f'.mistake-choice[data-mistake="{why.mistake or 0}"]').click()
    expect(page.locator(".verdict.mistake.right")).to_be_visible()
    expect(page.locator(".explanation")).to_have_text(why.message(lang))
    link = page.locator(".trainer-result .rule-link")
    expect(link).to_have_attribute(
        "href", f"/static/rules/rules.{lang}.html#{why.rule.value.lower()}"
    )
    if lang == "fa":
        expect(verdict).to_contain_text(f"قانون {fa_digits(why.rule.value)}")
    page.locator(".trainer-result .show-legal").click()
    expect(page.locator(".board-wrap .arrow").first).to_be_attached()
    report = page.locator(".trainer-result .report-link").get_attribute("href") or ""
    assert report.startswith("/report?position=")
    rules_page = context_factory(lang).new_page()
    rules_page.goto(server + (link.get_attribute("href") or ""))
    expect(rules_page.locator(f"#{why.rule.value.lower()}")).to_be_attached()
    assert not page_errors


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_plays_drill_completed_after_a_wrong_play(
    server: str, context_factory: Any, page_errors: list[str], lang: str
) -> None:
    page = context_factory(lang).new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    drill = make_drill(3, Kind.ENTER, "standard", Level.EASY)
    open_page(page, drill_url(server, 3, Kind.ENTER, Level.EASY))
    box = page.locator(".plays-form input[name=play]")
    box.fill("13/1")  # not a play of this roll: refused with its reason
    box.press("Enter")
    page.locator(".check-plays").click()
    expect(page.locator(".verdict.wrong")).to_be_visible()
    expect(page.locator(".refusal .explanation")).to_be_visible()
    page.locator(".entered-plays .remove").click()
    first, *others = list(drill.legal_plays)
    for step in first.steps:  # the first play made on the board, step by step
        page.locator(f'.hit[data-loc="{loc(step.from_point)}"]').click()
        page.locator(f'.hit[data-loc="{loc(step.to_point)}"]').click()
    page.locator(".add-board-play").click()
    expect(page.locator(".entered-plays li")).to_have_count(1)
    plays = [format_play(play) for play in (first, *others)]
    for play in plays[1:]:
        box.fill(fa_digits(play) if lang == "fa" else play)
        box.press("Enter")
    page.locator(".check-plays").click()
    expect(page.locator(".verdict.right")).to_be_visible()
    found = (
        f"{len(plays)} of {len(plays)}"
        if lang == "en"
        else fa_digits(f"{len(plays)} از {len(plays)}")
    )
    expect(page.locator(".verdict.right")).to_contain_text(found)
    # Progress is the server's: two answers to this kind, the last one right.
    streak = (
        "Streak: 1 · right: 1 of 2" if lang == "en" else fa_digits("پشت سر هم: 1 · درست: 1 از 2")
    )
    expect(page.locator(".trainer-streak")).to_contain_text(streak)
    expect(page.locator(".check-plays")).to_be_disabled()
    assert not page_errors


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_decision_tree_walked_with_one_wrong_answer(
    server: str, context_factory: Any, page_errors: list[str], lang: str
) -> None:
    page = context_factory(lang).new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    steps = make_drill(2, Kind.DECISION, "standard", Level.HARD).decision()
    open_page(page, drill_url(server, 2, Kind.DECISION, Level.HARD))
    for index, step in enumerate(steps):
        yes = step.yes if index else not step.yes  # the first one wrong on purpose
        page.locator(f".trainer-answer [data-yes={'true' if yes else 'false'}]").click()
        expect(page.locator(".trainer-result .verdict")).to_have_count(index + 1)
    expect(page.locator(".trainer-result .verdict.wrong")).to_have_count(1)
    expect(page.locator(".trainer")).to_have_attribute("data-answered", "wrong")
    assert not page_errors


def test_a_report_link_opens_the_refused_position(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    page = context_factory("en").new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_page(page, f"{server}/report?position=4HPwATDgc%2FABMA&dice=64&play=13%2F7&rules=standard")
    expect(page.locator(".report-verdict .explanation")).to_contain_text("(rule R8)")
    expect(page.locator(".report-text")).to_have_value(
        re.compile(r"^Nard rules problem report[\s\S]*Position ID: 4HPwATDgc/ABMA")
    )
    expect(page.locator(".board-wrap .arrow").first).to_be_attached()
    assert not page_errors


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_plays_bear_off_and_customs_drills_completed(
    server: str, context_factory: Any, page_errors: list[str], lang: str
) -> None:
    page = context_factory(lang).new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    for kind, rules in (
        (Kind.PLAYS, "standard"),
        (Kind.BEAR_OFF, "standard"),
        (Kind.CUSTOMS, "iranian"),
    ):
        drill = make_drill(7, kind, rules, Level.EASY)
        open_page(page, drill_url(server, 7, kind, Level.EASY, rules))
        box = page.locator(".plays-form input[name=play]")
        for play in [format_play(play) for play in drill.legal_plays] or ["Cannot move"]:
            box.fill(play)
            box.press("Enter")
        page.locator(".check-plays").click()
        expect(page.locator(".verdict.right")).to_be_visible()
        if kind is Kind.CUSTOMS:
            refusals = page.locator(".trainer-result .refusal .explanation")
            expect(refusals).to_have_count(len(drill.customs_refusals()))
    assert not page_errors
