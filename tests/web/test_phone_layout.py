"""The game page on a phone (issue 17, "Comfort"): in portrait a point is a thumb wide
and its whole column takes the tap, its number readable, its checkers as big as it
allows; on its side the board, the header and the buttons all fit without overlapping.
Measured on the rendered page, in Persian and in English."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import quote

import pytest

from nard.core.board import Position
from tests.web.conftest import require_browser
from tests.web.driver import act_once, open_page, start_bot_game

require_browser()

FAST = "localStorage.setItem('nard.settings', JSON.stringify({speed: 'off', autoForced: false}))"

MEASURE = """() => {
  const box = e => e.getBoundingClientRect();
  const board = box(document.querySelector('svg.board'));
  const points = [...document.querySelectorAll('.hit[data-loc^="p"]')].map(box);
  const numbers = [...document.querySelectorAll('.point-number')].map(box);
  const checkers = [...document.querySelectorAll('.board circle.checker:not(.on-bar)')].map(box);
  return {
    board: {top: board.top, bottom: board.bottom, height: board.height},
    pointWidths: points.map(r => r.width),
    pointTops: points.map(r => r.top), pointBottoms: points.map(r => r.bottom),
    pointHeights: points.map(r => r.height),
    numberHeights: numbers.map(r => r.height),
    checkerWidths: checkers.map(r => r.width),
  };
}"""

BOXES = """() => {
  const box = e => { const r = e.getBoundingClientRect();
                     return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const shown = [...document.querySelectorAll('.controls .btn')].filter(b => !b.hidden);
  return {
    board: box(document.querySelector('svg.board')),
    header: box(document.querySelector('header.top')),
    links: [...document.querySelectorAll('header.top a, header.top button')]
      .filter(e => e.getClientRects().length).map(box),
    buttons: shown.map(b => ({name: b.dataset.action, ...box(b)})),
    width: innerWidth, height: innerHeight,
  };
}"""


def phone(context_factory: Any, lang: str, width: int, height: int) -> Any:
    context = context_factory(
        lang, viewport={"width": width, "height": height}, is_mobile=True, has_touch=True
    )
    context.add_init_script(FAST)
    return context.new_page()


def until_moving(page: Any) -> None:
    """Roll (and answer what comes) until this player has checkers to move."""
    deadline = time.monotonic() + 30
    while not page.locator(".hit.source").count():
        assert time.monotonic() < deadline, "never got a turn to move"
        if act_once(page) is None:
            page.wait_for_timeout(80)


@pytest.mark.parametrize("lang", ["fa", "en"])
@pytest.mark.parametrize("size", [(390, 844), (412, 915)])
def test_in_portrait_points_are_a_thumb_wide_and_take_the_whole_column(
    server: str, context_factory: Any, page_errors: list[str], lang: str, size: tuple[int, int]
) -> None:
    page = phone(context_factory, lang, *size)
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    start_bot_game(page, server)
    until_moving(page)
    found = page.evaluate(MEASURE)
    board = found["board"]
    assert len(found["pointWidths"]) == 24
    assert min(found["pointWidths"]) >= 30, found["pointWidths"]
    # A point's tap target runs from the board's edge (its number too) to the middle.
    assert min(found["pointHeights"]) >= board["height"] / 2 - 1
    edges = found["pointTops"] + found["pointBottoms"]
    assert min(edges) <= board["top"] + 1 and max(edges) >= board["bottom"] - 1
    assert min(found["numberHeights"]) >= 12, found["numberHeights"]
    # Checkers fill their point, less a hair between neighbours (those on the bar fit the bar).
    assert min(found["checkerWidths"]) >= 0.9 * min(found["pointWidths"])
    assert not page_errors


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and (b["top"] < a["bottom"])
    )


def inside(box: dict[str, float], width: int, height: int) -> bool:
    within_width = box["left"] >= 0 and box["right"] <= width
    return within_width and box["top"] >= 0 and box["bottom"] <= height


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_on_its_side_the_board_header_and_buttons_fit_together(
    server: str, context_factory: Any, page_errors: list[str], lang: str
) -> None:
    page = phone(context_factory, lang, 844, 390)
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    start_bot_game(page, server)
    # The first game's rules, shown large, must not push the buttons off the screen.
    page.wait_for_selector(".rules-banner.prominent:not([hidden])")
    layouts = [page.evaluate(BOXES)]  # the roll button
    until_moving(page)
    layouts.append(page.evaluate(BOXES))  # undo and confirm
    names = {button["name"] for layout in layouts for button in layout["buttons"]}
    assert {"roll", "confirm", "undo"} <= names, names
    for layout in layouts:
        width, height = layout["width"], layout["height"]
        assert inside(layout["board"], width, height), layout
        # The header keeps to the height the layout leaves it, its links inside it.
        assert layout["header"]["bottom"] <= layout["board"]["top"] + 0.5, layout
        for link in layout["links"]:
            assert inside(link, width, height) and link["bottom"] <= layout["header"]["bottom"]
        for button in layout["buttons"]:
            assert inside(button, width, height), button
            assert not overlap(button, layout["board"]), button
            others = [b for b in layout["buttons"] if b is not button]
            assert not any(overlap(button, b) for b in others), layout["buttons"]
    assert not page_errors


BAR = """() => {
  const box = e => { const r = e.getBoundingClientRect();
                     return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const bar = box(document.querySelector('svg.board rect.bar'));
  const middle = c => (box(c).left + box(c).right) / 2;
  return {
    bar,
    checkers: [...document.querySelectorAll('svg.board circle.checker')]
      .filter(c => middle(c) > bar.left && middle(c) < bar.right).map(box),
    off: [...document.querySelectorAll('svg.board rect.off')].map(box),
    points: [...document.querySelectorAll('.hit[data-loc^="p"]')].map(box),
    barHits: [...document.querySelectorAll('.hit[data-loc^="bar-"]')].map(e => e.dataset.loc),
  };
}"""


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_in_portrait_checkers_on_the_bar_stay_on_it_beside_those_borne_off(
    server: str, context_factory: Any, page_errors: list[str], lang: str
) -> None:
    """On a phone the bar holds both the checkers hit and those borne off: a side hit
    after bearing off most of its checkers has both, and neither may cover the other
    nor spill onto a point (where a tap would mean that point)."""
    page = phone(context_factory, lang, 390, 844)
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    # White (the viewer): 2 on the bar, 12 off; Black: 3 on the bar, 11 off.
    position = Position.from_points({25: 2, 2: 1}, {25: 3, 1: 1}).id()
    open_page(page, f"{server}/report?position={quote(position, safe='')}&dice=64&play=bar/19")
    page.wait_for_selector("svg.board.narrow .off")
    found = page.evaluate(BAR)
    bar, checkers = found["bar"], found["checkers"]
    assert sorted(found["barHits"]) == ["bar-black", "bar-white"]
    assert len(checkers) == 5, found
    assert len(found["off"]) == 23, found
    for checker in checkers:
        assert bar["left"] <= checker["left"] and checker["right"] <= bar["right"], (checker, bar)
        assert not any(overlap(checker, point) for point in found["points"]), checker
        assert not any(overlap(checker, off) for off in found["off"]), (checker, found["off"])
    assert not page_errors


BOARDS = """async () => {
  const { Board } = await import('/static/js/board.js');
  const start = () => { const side = Array(26).fill(0);
                        Object.assign(side, {24: 2, 13: 5, 8: 3, 6: 5}); return side; };
  const make = () => {
    const box = document.body.appendChild(document.createElement('div'));
    const board = new Board(box);
    board.render({board: {white: start(), black: start()}, viewSide: 'white', homeRight: true,
                  dice: null, cube: null});
    return {box, board};
  };
  const kept = make(), destroyed = make(), dropped = make();
  destroyed.board.destroy();
  dropped.box.remove();
  window.boards = {kept, destroyed, dropped};
  return [kept, destroyed, dropped].map(({board}) => board.svg.getAttribute('viewBox'));
}"""

VIEW_BOXES = """() => ['kept', 'destroyed', 'dropped'].map(
  name => window.boards[name].board.svg.getAttribute('viewBox'))"""


def test_a_board_its_page_let_go_of_is_not_redrawn_when_the_phone_turns(
    server: str, context_factory: Any, page_errors: list[str]
) -> None:
    """Each board follows the phone's turning; one destroyed, or dropped from its page,
    stops following (no listener left behind keeps it drawn and alive)."""
    page = phone(context_factory, "en", 390, 844)
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_page(page, f"{server}/")
    narrow = page.evaluate(BOARDS)
    assert len(set(narrow)) == 1, narrow
    page.set_viewport_size({"width": 844, "height": 390})
    page.wait_for_function(
        f"() => window.boards.kept.board.svg.getAttribute('viewBox') !== {narrow[0]!r}"
    )
    kept, destroyed, dropped = page.evaluate(VIEW_BOXES)
    assert kept != narrow[0]
    assert destroyed == dropped == narrow[0]
    assert not page.evaluate("() => window.boards.destroyed.board.svg.isConnected")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(
        f"() => window.boards.kept.board.svg.getAttribute('viewBox') === {narrow[0]!r}"
    )
    assert page.evaluate(VIEW_BOXES) == [narrow[0]] * 3
    assert not page_errors
