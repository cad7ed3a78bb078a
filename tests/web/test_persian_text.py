"""What the game page and the lobby say, each thing once and readable in Persian
(issue 28, item 13): the match's length said once, a name apart from its rating, no
chat where no one is there to read it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import require_browser
from tests.web.driver import open_page, start_bot_game

require_browser()

LENGTH = {"en": "match to 3", "fa": "مسابقهٔ ۳ امتیازی"}


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_match_length_is_said_once_on_the_game_page(
    server: str, context_factory: Any, page_errors: list[str], lang: str
) -> None:
    page = context_factory(lang).new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    start_bot_game(page, server, length="3")
    page.wait_for_selector(".rules-banner:not([hidden]) .rules-preset")
    page.wait_for_selector(".status .match-line")
    texts = page.locator(".game-page").inner_text().lower()
    assert texts.count(LENGTH[lang]) == 1, texts
    assert LENGTH[lang] not in page.locator(".rules-banner").inner_text().lower()
    assert not page_errors


GAP = """() => {
  const item = [...document.querySelectorAll('.online li')]
    .find(li => li.textContent.includes('Ann'));
  if (!item) return null;
  const name = item.querySelector('.player-name').getBoundingClientRect();
  const rating = item.querySelector('.rating').getBoundingClientRect();
  return {name: [name.left, name.right], rating: [rating.left, rating.right],
          text: item.textContent};
}"""


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_name_and_its_rating_stand_apart_in_the_lobby(
    server: str, context_factory: Any, page_errors: list[str], lang: str
) -> None:
    context = context_factory(lang)
    context.request.post(f"{server}/api/players/guest", data={"display_name": "Ann"})
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_page(page, f"{server}/lobby")
    page.wait_for_selector("body[data-lobby=live]")
    page.wait_for_function(GAP.replace("if (!item) return null;", "return Boolean(item);"))
    found = page.evaluate(GAP)
    assert "Ann (" in found["text"], found
    name, rating = found["name"], found["rating"]
    # A space's width between the name and the bracket before the rating, on its side.
    gap = name[0] - rating[1] if lang == "fa" else rating[0] - name[1]
    assert gap >= 2, found
    assert not page_errors


def test_no_chat_panel_in_a_game_against_the_computer(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    page = context_factory("fa").new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    start_bot_game(page, server)
    page.wait_for_selector(".status .prompt")
    assert page.locator(".chat-panel").count() == 1
    expect(page.locator(".chat-panel")).to_be_hidden()
    expect(page.locator("input[name=muteOpponent]")).to_be_hidden()
    assert not page_errors
