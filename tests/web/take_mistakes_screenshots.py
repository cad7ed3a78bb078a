"""The puzzle page's screenshots:
``python -m tests.web.take_mistakes_screenshots BASE_URL [FOLDER]``.

Against a running ``nard serve`` (started with ``NARD_RATE_PER_S=10000`` and
``NARD_RATE_BURST=10000``, so the set-up may play its turns quickly): in each
language, a guest's analysed hot-seat game, its first puzzle answered with the
play made in the game, both plays shown with their equities (mistakes-{fa,en}.png).
"""

from __future__ import annotations

import sys
from pathlib import Path

from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.notation import parse_play
from tests.web.conftest import ARGS, CHROMIUM
from tests.web.driver import open_page
from tests.web.mistakes_setup import analysed_game


def main(base: str, folder: Path) -> None:
    from playwright.sync_api import ViewportSize, sync_playwright

    folder.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        for lang in ("fa", "en"):
            setup = analysed_game(base, "Mina" if lang == "en" else "مینا")
            context = browser.new_context(viewport=ViewportSize(width=1100, height=900))
            context.add_init_script(f"localStorage.setItem('nard.lang', '{lang}')")
            context.add_cookies([setup.cookie()])  # type: ignore[list-item]
            page = context.new_page()
            open_page(page, f"{base}/replay/{setup.game}")
            page.locator(".practise-mistakes").click(timeout=60_000)
            page.wait_for_url("**/mistakes")
            page.wait_for_selector(".mistakes[data-state=open]")
            puzzle_id = page.locator(".mistakes").get_attribute("data-puzzle")
            with setup.client() as http:
                puzzle = http.get(f"/api/mistakes/{puzzle_id}").json()
            chosen = setup.decision(puzzle["game_number"], puzzle["move"])["chosen"]
            play = parse_play(
                chosen, Position.from_id(puzzle["position_id"]), Roll(*puzzle["dice"])
            )
            for step in play.steps:
                for point in (step.from_point, step.to_point):
                    name = {25: "bar-white", 0: "off-white"}.get(point, f"p{point}")
                    page.locator(f'.board-wrap .hit[data-loc="{name}"]').click()
            page.locator(".check-puzzle").click()
            page.wait_for_selector(".mistakes[data-state=wrong]")
            page.wait_for_timeout(300)
            page.screenshot(path=str(folder / f"mistakes-{lang}.png"), full_page=True)
            context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2] if len(sys.argv) > 2 else "docs/screenshots"))
