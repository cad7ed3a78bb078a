"""What tripped a new player up in the first hour (issue 17), in a real Chromium:
undo past a forced step, the computer's roll and play on show with a move list,
and messages written whole for each reader and number."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.web.conftest import require_browser, serve
from tests.web.driver import (
    READY,
    act_once,
    open_page,
    snapshot,
    start_bot_game,
    until_my_move,
    wait_for_change,
)

require_browser()

PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def new_page(context: Any, errors: list[str], settings: dict[str, Any]) -> Any:
    context.add_init_script(f"localStorage.setItem('nard.settings', '{json.dumps(settings)}')")
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def dice_overlapping_checkers(page: Any) -> int:
    """How many pairs of a drawn die and a checker overlap on the board."""
    return int(
        page.evaluate(
            """() => {
              const boxes = sel =>
                [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect());
              const dice = boxes('.board .die-face'), checkers = boxes('.board circle.checker');
              const meet = (a, b) =>
                a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
              return dice.reduce((n, d) => n + checkers.filter(c => meet(d, c)).length, 0);
            }"""
        )
    )


def persian_play(text: str) -> str:
    return text.replace("bar", "بار").replace("off", "بیرون").translate(PERSIAN_DIGITS)


def test_the_computers_roll_and_play_stay_on_show_with_the_move_list(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    from nard.core.board import Side
    from nard.core.notation import format_play
    from nard.match.events import OpeningRolled, PlayMade
    from nard.match.record import MatchRecord

    page = new_page(context_factory("fa"), page_errors, {"speed": "off", "autoForced": False})
    game_id = start_bot_game(page, server)
    bot_moved = ".game-moves li.move:last-child[data-side=black] .notation"
    roll = "[data-action=roll]:visible:enabled"

    def bot_play_listed() -> bool:
        # Read in one go: the list may re-render between a count and a read.
        text = page.evaluate(f"() => document.querySelector({bot_moved!r})?.textContent.trim()")
        return bool(text) and bool(page.locator(roll).count())

    deadline = time.monotonic() + 150
    while True:
        assert time.monotonic() < deadline, (
            "the computer never made a play: "
            + snapshot(page)
            + page.request.get(f"{server}/api/games/{game_id}").text()
        )
        if page.locator(roll).count():
            # The move list follows the game's record, read again a moment after each
            # update: give it time to list the computer's play before rolling on.
            until = time.monotonic() + 3
            while not bot_play_listed() and time.monotonic() < until:
                page.wait_for_timeout(100)
            if bot_play_listed():
                break
        before = snapshot(page)
        if act_once(page) is None:
            page.wait_for_timeout(80)
        else:
            wait_for_change(page, before, timeout=3)
    # The computer's dice stay on the board until the player rolls, and its play is marked.
    dice = page.locator(".board .dice[data-side=black] .die")
    assert dice.count() in (2, 4)
    assert page.locator(".board .last-move").count() >= 1
    # Its play in the move list is gnubg's notation (hits marked) in Persian digits.
    record = MatchRecord.from_json(
        page.request.get(f"{server}/api/games/{game_id}/record.json").text()
    )
    match = record.replay()
    game = match.game if match.game is not None else match.games[-1]
    plays = [e for e in game.history if isinstance(e, PlayMade) and e.side is Side.BLACK]
    expect(page.locator(bot_moved)).to_have_text(persian_play(format_play(plays[-1].play)))
    assert not re.search(r"[0-9]", page.locator(".game-moves").inner_text())
    faces = sorted(int(f) for f in dice.evaluate_all("els => els.map(e => e.dataset.face)"))
    assert sorted(set(faces)) == sorted({plays[-1].roll.high, plays[-1].roll.low})
    # Each turn is listed with its dice; the first is the opening roll's.
    opening = next(
        e for e in game.history if isinstance(e, OpeningRolled) and e.starter is not None
    )
    first = page.locator(".game-moves li.move").first.inner_text()
    high, low = max(opening.white, opening.black), min(opening.white, opening.black)
    assert f"{high}-{low}".translate(PERSIAN_DIGITS) in first
    # Rolling replaces the computer's dice with the player's and clears the marks.
    white_turns = ".game-moves li.move[data-side=white]"
    listed = page.locator(white_turns).count()
    page.click("[data-action=roll]")
    page.wait_for_function(
        f"""() => document.querySelector('.board .dice[data-side=white]')
                  || document.querySelectorAll({white_turns!r}).length > {listed}"""
    )
    if page.locator(".board .dice[data-side=white]").count():
        expect(page.locator(".board .last-move")).to_have_count(0)
    else:  # the roll could not be played: the turn went straight back to the computer
        assert page.locator(white_turns).count() > listed
    assert not page_errors


class Seat:
    """The game's WebSocket from Python, holding both seats of a hot-seat game."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.game: dict[str, Any] = {}
        self.ids = 0
        while not self.game:
            self.receive()

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=10))
        if message["type"] in ("state", "update") and message.get("game"):
            self.game = {**self.game, **message["game"]}
        return message

    @property
    def state(self) -> dict[str, Any]:
        return dict(self.game["state"])

    def act(self, kind: str, **fields: Any) -> dict[str, Any]:
        game = self.state["game"]
        side = game["to_act"] or next(s for s, acts in game["actions"].items() if "roll" in acts)
        time.sleep(0.06)  # within the server's rate limit (20 messages a second)
        self.ids += 1
        message = {"type": kind, "id": self.ids, "seq": self.game["seq"], "side": side, **fields}
        self.socket.send(json.dumps(message))
        while True:
            answer = self.receive()
            if answer["type"] in ("ack", "error") and answer.get("id") == self.ids:
                assert answer["type"] == "ack", answer
                while self.game["seq"] < answer["seq"]:
                    self.receive()
                return answer

    def forced_after(self, step: tuple[int, int]) -> bool:
        """Whether, after ``step``, the rest of the play is forced (then undone again)."""
        self.act("step", **{"from": step[0], "to": step[1]})
        guide = self.state["guide"]
        targets = [to for tos in guide["destinations"].values() for to in tos]
        forced = len(targets) == 1 and not guide["can_confirm"]
        self.act("undo")
        return forced

    def play_any(self) -> None:
        while True:
            guide = self.state["guide"]
            sources = guide["destinations"]
            if not sources:
                self.act("confirm")
                return
            start, targets = next(iter(sources.items()))
            self.act("step", **{"from": int(start), "to": targets[0]})


def find_forced_remainder(seat: Seat, limit: float = 90.0) -> tuple[str, tuple[int, int]]:
    """Play both sides until a roll where one free first step leaves the rest forced."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        game = seat.state["game"]
        assert seat.game["status"] != "finished", "no forced remainder in a whole game"
        if game["phase"] in ("opening", "rolling"):
            seat.act("roll")
            continue
        assert game["phase"] == "playing", game["phase"]
        choices = [
            (int(start), to)
            for start, tos in seat.state["guide"]["destinations"].items()
            for to in tos
        ]
        if len(choices) > 1:
            for choice in choices:
                if seat.forced_after(choice):
                    return game["to_act"], choice
        seat.play_any()
    raise AssertionError("no forced remainder found in time")


def test_undo_after_a_forced_step_goes_back_to_a_free_choice(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    from websockets.sync.client import connect

    context = context_factory("en")
    settings = {"speed": "off", "autoForced": True, "turnBoard": False}
    page = new_page(context, page_errors, settings)
    open_page(page, f"{server}/")
    form = page.locator("#play-hotseat")
    form.locator("select[name=length]").select_option("money")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/game/*")
    page.wait_for_selector(READY)
    game_id = page.url.rstrip("/").split("/")[-1]
    # Away from the page, both sides play on until the roll this test needs.
    open_page(page, f"{server}/history")
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())
    url = server.replace("http", "ws", 1) + f"/ws/games/{game_id}"
    with connect(url, additional_headers={"Cookie": cookie, "Origin": server}) as socket:
        side, (start, end) = find_forced_remainder(Seat(socket))

    open_page(page, f"{server}/game/{game_id}")
    page.wait_for_selector(".hit.source")
    sources = page.locator(".hit.source").count()
    pips = page.locator(f".pips[data-side={side}]").inner_text()

    def loc(point: int) -> str:
        if point == 25:
            return f"bar-{side}"
        if point == 0:
            return f"off-{side}"
        return f"p{point if side == 'white' else 25 - point}"

    page.click(f"[data-loc={loc(start)}]")
    page.click(f"[data-loc={loc(end)}]")
    # The rest is forced: the page plays it by itself, and the play can be confirmed.
    page.wait_for_selector("[data-action=confirm]:enabled")

    def steps() -> list[Any]:
        game = page.request.get(f"{server}/api/games/{game_id}").json()
        return list(game["state"]["game"]["steps"])

    assert len(steps()) >= 2
    page.click("[data-action=undo]")
    page.wait_for_function(
        "([side, text]) => document.querySelector(`.pips[data-side=${side}]`).textContent === text",
        arg=[side, pips],
    )
    # Back at the free choice, and it stays there: the forced step is not replayed.
    page.wait_for_timeout(1200)
    assert steps() == []
    assert page.locator(".hit.source").count() == sources
    assert page.locator("[data-action=undo]").is_disabled()
    assert not page_errors


WHOLE = """async () => {
  const app = document.querySelector('script[type=module]').src;
  const i18n = await import(new URL('i18n.js', app));
  const out = {};
  for (const lang of ['en', 'fa']) {
    i18n.setLang(lang);
    out[lang] = {
      youTake: i18n.tWho('game.cubeTaken', true, {name: 'x', value: 2}),
      theyTake: i18n.tWho('game.cubeTaken', false, {name: 'Sara', value: 2}),
      youDrop: i18n.tWho('game.cubeDropped', true, {name: 'x'}),
      one: i18n.tWho('game.overHow', false, {name: 'Sara', kind: 'K', count: 1}),
      two: i18n.tWho('game.overHow', true, {name: 'x', kind: 'K', count: 2}),
      pts1: i18n.t('game.points', {count: 1}),
      pts0: i18n.t('game.points', {count: 0}),
      forfeit: i18n.tWho('game.byForfeit', true, {name: 'x'}),
      // A name holding a placeholder stays as written, whatever comes after it.
      braces: i18n.tWho('game.cubeTaken', false, {name: '{value}', value: 2}),
    };
  }
  return out;
}"""


def test_messages_are_written_whole_for_each_reader_and_number(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    page = new_page(context_factory("en"), page_errors, {"speed": "off"})
    open_page(page, f"{server}/")
    texts = page.evaluate(WHOLE)
    en, fa = texts["en"], texts["fa"]
    assert en["youTake"] == "You take: the cube is now 2."
    assert en["theyTake"] == "Sara takes: the cube is now 2."
    assert en["youDrop"] == "You drop."
    assert en["one"] == "Sara won K: 1 point."
    assert en["two"] == "You won K: 2 points."
    assert (en["pts1"], en["pts0"]) == ("1 pt", "0 pts")
    assert "forfeit" in en["forfeit"]
    assert en["braces"] == "{value} takes: the cube is now 2."
    assert fa["youTake"].startswith("پذیرفتید") and "۲" in fa["youTake"]
    assert fa["theyTake"].startswith("Sara پذیرفت")
    assert "شما" not in fa["youDrop"] and fa["youDrop"] == "نپذیرفتید."
    assert fa["one"] == "Sara K برد: ۱ امتیاز." and "بردید" in fa["two"]
    assert not page_errors


def test_a_first_visit_is_quiet_and_a_game_not_yours_says_not_found(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    owner = new_page(context_factory("en"), page_errors, {"speed": "off"})
    game_id = start_bot_game(owner, server)
    stranger = new_page(context_factory("en"), page_errors, {"speed": "off"})
    failed: list[str] = []
    stranger.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
    stranger.on("request", lambda r: failed.append(r.url) if "openapi" in r.url else None)
    open_page(stranger, f"{server}/")
    assert failed == []  # no 401 for the games of a browser that has none
    for url in (f"{server}/game/{game_id}", f"{server}/game/no-such-game"):
        open_page(stranger, url)
        expect(stranger.locator(".not-found h2")).to_have_text("Game not found")
        assert stranger.locator("[data-action]").count() == 0
        assert stranger.locator(".board").count() == 0
    # An unknown address: a 404 with a page that says so, in the reader's language.
    response = stranger.goto(f"{server}/no/such/page")
    assert response is not None and response.status == 404
    stranger.wait_for_selector(READY)
    expect(stranger.locator(".not-found h2")).to_have_text("Page not found")
    assert not page_errors


def test_at_one_screen_the_board_turns_to_the_player_on_roll(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    page = new_page(context_factory("en"), page_errors, {"speed": "off", "autoForced": False})
    open_page(page, f"{server}/")
    form = page.locator("#play-hotseat")
    form.locator("select[name=length]").select_option("1")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/game/*")
    page.wait_for_selector(READY)
    # A one-point match has no Crawford game to speak of.
    assert "Crawford" not in page.locator(".match-line").inner_text()
    bottoms: set[str] = set()
    deadline = time.monotonic() + 60
    while len(bottoms) < 2:
        assert time.monotonic() < deadline, f"the board never turned: {bottoms}"
        if page.locator(".hit.source").count():
            # The side to move sits at the bottom, its home board nearest.
            bottom = page.locator(".seat-bottom")
            assert "on-turn" in (bottom.get_attribute("class") or "")
            bottoms.add(str(bottom.locator(".swatch").get_attribute("class")).split("-")[-1])
        before = snapshot(page)
        if act_once(page) is None:
            page.wait_for_timeout(80)
        else:
            wait_for_change(page, before, timeout=3)
    assert bottoms == {"white", "black"}
    assert not page_errors


STACKS = """async ({count, dice}) => {
  const app = document.querySelector('script[type=module]').src;
  const { Board } = await import(new URL('board.js', app));
  const box = document.createElement('div');
  document.body.prepend(box);
  const side = () => Array(26).fill(0);
  const board = { white: side(), black: side() };
  // Stacks on the middle points of every quarter, where the dice lie.
  for (const point of [3, 4, 9, 10]) board.white[point] = count;
  for (const point of [3, 4, 9, 10]) board.black[point] = count;
  const model = { board, viewSide: 'white', homeRight: true, dice, diceUsed: [], sources: new Set(),
                  targets: new Map(), cube: null };
  for (const diceSide of ['white', 'black']) new Board(box).render({ ...model, diceSide });
}"""


def test_dice_are_drawn_clear_of_the_checkers_on_a_full_point(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    page = new_page(context_factory("en"), page_errors, {"speed": "off"})
    open_page(page, f"{server}/account")
    for count in (5, 6, 9):
        for dice in ([6, 5], [4, 4]):
            page.evaluate(
                "document.querySelectorAll('svg.board').forEach(b => b.parentNode.remove())"
            )
            page.evaluate(STACKS, {"count": count, "dice": dice})
            # Two boards (the dice on either side), two dice each, four for doubles.
            assert page.locator(".board .die-face").count() == 2 * (4 if dice[0] == dice[1] else 2)
            assert dice_overlapping_checkers(page) == 0, (count, dice)
    assert not page_errors


def test_the_claim_waits_for_its_time_and_the_result_says_forfeit(
    context_factory: Any, tmp_path: Path, page_errors: list[str]
) -> None:
    with serve(tmp_path, NARD_CLAIM_AFTER_S="4") as base:
        host = new_page(context_factory("en"), page_errors, {"speed": "off"})
        open_page(host, f"{base}/")
        form = host.locator("#play-friend")
        form.locator("select[name=length]").select_option("money")
        form.locator("button[type=submit]").click()
        host.wait_for_function("document.querySelector('#play-friend .invite-link').value")
        invite = host.locator("#play-friend .invite-link").input_value()
        host.locator("#play-friend .go-game").click()
        host.wait_for_selector(READY)
        friend_context = context_factory("fa")
        friend = new_page(friend_context, page_errors, {"speed": "off"})
        friend.goto(invite)
        friend.wait_for_url("**/game/*")
        friend.wait_for_selector(READY)
        host.wait_for_selector(".invite-box", state="hidden")
        friend_context.close()
        # The friend has left: first a countdown, and the claim only when it may be made.
        host.wait_for_selector(".away")
        expect(host.locator(".claim-wait")).to_contain_text("claim the win in")
        assert host.locator("[data-action=claim]").is_hidden()
        host.wait_for_selector("[data-action=claim]:visible", timeout=10_000)
        host.click("[data-action=claim]")
        over = host.locator("dialog[open].game-over")
        expect(over).to_contain_text("You won by forfeit")
    assert not page_errors


def hotseat_game(page: Any, server: str, *, length: str, preset: str, cube: bool) -> str:
    open_page(page, f"{server}/")
    form = page.locator("#play-hotseat")
    form.locator("select[name=length]").select_option(length)
    form.locator("select[name=preset]").select_option(preset)
    form.locator("input[name=cube]").set_checked(cube)
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/game/*")
    page.wait_for_selector(READY)
    return str(page.url.rstrip("/").split("/")[-1])


def test_no_cube_to_speak_of_in_a_one_point_match_or_a_match_without_it(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    page = new_page(context_factory("en"), page_errors, {"speed": "off", "autoForced": False})
    hotseat_game(page, server, length="1", preset="standard", cube=True)
    banner = page.locator(".rules-banner")
    expect(banner).to_contain_text("no cube (a 1-point match)")
    assert "cube in play" not in banner.inner_text()
    until_rolling = time.monotonic() + 20
    while not page.locator("[data-action=resign]:visible").count():
        assert time.monotonic() < until_rolling, "the opening never ended"
        if act_once(page) is None:
            page.wait_for_timeout(80)
    # No doubling: no button and no cube on the board.
    expect(page.locator("[data-action=double]")).to_be_hidden()
    assert not page.locator(".board .cube").count()

    # An Iranian match without the cube: the Crawford game is not announced.
    game_id = hotseat_game(page, server, length="3", preset="iranian", cube=False)
    expect(page.locator(".rules-banner")).to_contain_text("no cube")
    # A gammon resigned in the first game leaves the winner 1 away: the Crawford game.
    until_resign = time.monotonic() + 20
    while not page.locator("[data-action=resign]:visible").count():
        assert time.monotonic() < until_resign, "the opening never ended"
        if act_once(page) is None:
            page.wait_for_timeout(80)
    page.click("[data-action=resign]")
    page.locator("dialog[open] .btn", has_text="gammon").first.click()
    page.locator("dialog[open] .btn.primary").click()  # the other seat accepts
    page.locator("dialog[open].game-over .btn.primary").click()  # next game
    state = page.request.get(f"{server}/api/games/{game_id}").json()["state"]["match"]
    assert state["crawford"] and state["game_number"] == 2, state
    expect(page.locator(".match-line")).to_contain_text("game 2")
    assert "Crawford" not in page.locator(".match-line").inner_text()
    assert not page_errors


def test_the_computers_opening_dice_are_drawn_when_it_starts(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    from nard.core.board import Side
    from nard.match.events import OpeningRolled
    from nard.match.record import MatchRecord

    page = new_page(context_factory("en"), page_errors, {"speed": "off"})
    for _ in range(12):  # the computer wins half the opening rolls
        game_id = start_bot_game(page, server)
        until = time.monotonic() + 10
        while page.request.get(f"{server}/api/games/{game_id}").json()["state"]["game"][
            "phase"
        ] in ("opening", "waiting"):  # a tie is rolled again (R4)
            assert time.monotonic() < until, "the opening roll never ended"
            if page.locator("[data-action=roll]:visible:enabled").count():
                page.click("[data-action=roll]")
            page.wait_for_timeout(100)
        page.wait_for_selector(".board .dice")
        text = page.request.get(f"{server}/api/games/{game_id}/record.json").text()
        game = MatchRecord.from_json(text).replay().game
        assert game is not None
        opening = next(
            e for e in game.history if isinstance(e, OpeningRolled) and e.starter is not None
        )
        if opening.starter is Side.BLACK:
            break
    else:
        raise AssertionError("the computer never won the opening roll")
    # Its opening dice (white's die and black's) stay drawn as its, until the player rolls.
    dice = page.locator(".board .dice[data-side=black] .die")
    expect(dice).to_have_count(2)
    faces = sorted(int(face) for face in dice.evaluate_all("els => els.map(e => e.dataset.face)"))
    assert faces == sorted([opening.white, opening.black])
    assert not page_errors


def test_a_finished_game_reloads_with_its_last_cube(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    from tests.web.mistakes_setup import COOKIE
    from tests.web.test_analysis_persian import cube_game

    token, game_id = cube_game(server)  # doubled to 2 and taken, then resigned
    context = context_factory("fa")
    context.add_cookies([{"name": COOKIE, "value": token, "url": server}])
    page = new_page(context, page_errors, {"speed": "off"})
    open_page(page, f"{server}/game/{game_id}")
    page.wait_for_selector("dialog.game-over[open]")
    cube = page.locator(".board .cube")
    expect(cube).to_have_attribute("data-cube", "2")
    expect(cube.locator(".cube-text")).to_have_text("۲")
    assert not page_errors


def test_hint_rows_in_persian_number_and_sign_the_persian_way(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    page = new_page(context_factory("fa"), page_errors, {"speed": "off", "autoForced": False})
    game_id = start_bot_game(page, server)
    until_my_move(page)
    plays = [
        {"play": "13/7 8/7", "equity": 0.125, "loss": 0.0, "steps": _steps((13, 7, 6), (8, 7, 1))},
        {
            "play": "24/18 13/12",
            "equity": -0.25,
            "loss": 0.375,
            "steps": _steps((24, 18, 6), (13, 12, 1)),
        },
    ]
    page.route(
        f"**/api/games/{game_id}/hint",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps({"plays": plays})
        ),
    )
    page.click("[data-action=hint]")
    panel = page.locator(".hint-panel")
    panel.wait_for(state="visible")
    style = panel.locator("ol").evaluate("ol => getComputedStyle(ol).listStyleType")
    assert style == "persian", style
    row = panel.locator("li").nth(1)
    # The signs stay left of their digits, each figure kept left to right inside the row.
    expect(row.locator(".equity")).to_have_text("\u2066\u2212۰.۲۵۰\u2069")
    expect(row.locator(".loss")).to_have_text("(\u2066\u2212۰.۳۷۵\u2069)")
    assert row.locator(".equity").evaluate("e => getComputedStyle(e).direction") == "ltr"
    assert "۲۴/۱۸" in row.inner_text()
    assert not page_errors


def test_a_notice_ends_at_the_next_roll(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    page = new_page(context_factory("en"), page_errors, {"speed": "off", "autoForced": False})
    start_bot_game(page, server)
    deadline = time.monotonic() + 60
    double = page.locator("[data-action=double]:visible:enabled")
    while not double.count():
        assert time.monotonic() < deadline, "doubling was never offered"
        if act_once(page) is None:
            page.wait_for_timeout(80)
    page.click("[data-action=double]")
    notice = page.locator(".status .notice")
    expect(notice).to_contain_text("takes")  # a beginner takes an early double
    page.click("[data-action=roll]")
    # Gone with the roll (a few seconds after it was said), not 15 s later.
    expect(notice).to_have_count(0, timeout=5_000)
    assert not page_errors


def _steps(*steps: tuple[int, int, int]) -> list[dict[str, object]]:
    """A hint play's steps as the server sends them with its notation (StepView)."""
    return [{"from": a, "to": b, "die": die, "hit": False} for a, b, die in steps]
