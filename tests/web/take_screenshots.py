"""Take the README's screenshots: ``python -m tests.web.take_screenshots BASE_URL [FOLDER]``.

Against a running ``nard serve``: starts a game against the computer in each
language, plays a few turns (so the computer's last roll and play and the move
list show), rolls until it is the player's turn to move, selects a checker so
the offered points show, and saves docs/screenshots/game-{fa,en}.png and the
phone's views (portrait, and landscape in Persian).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from tests.web.conftest import ARGS, CHROMIUM
from tests.web.driver import act_once, start_bot_game, until_my_move, visible


def play_turns(page: Any, moves: int, limit: float = 60.0) -> None:
    """Play until the move list holds ``moves`` turns and the computer moved last."""
    deadline = time.monotonic() + limit
    last = ".game-moves li.move:last-child[data-side=black]"
    while time.monotonic() < deadline:
        listed = page.locator(".game-moves li.move").count()
        if listed >= moves and page.locator(last).count() and visible(page, "[data-action=roll]"):
            return
        if act_once(page) is None:
            page.wait_for_timeout(100)
        else:
            page.wait_for_timeout(300)


def main(base: str, folder: Path) -> None:
    from playwright.sync_api import ViewportSize, sync_playwright

    folder.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        for lang in ("fa", "en"):
            views = [
                (f"game-{lang}", ViewportSize(width=1100, height=900), 1),
                (f"phone-{lang}", ViewportSize(width=390, height=844), 2),
            ]
            if lang == "fa":
                views.append(("phone-landscape-fa", ViewportSize(width=844, height=390), 2))
            for name, viewport, scale in views:
                context = browser.new_context(viewport=viewport, device_scale_factor=scale)
                context.add_init_script(
                    f"localStorage.setItem('nard.lang', '{lang}');"
                    "localStorage.setItem('nard.settings', JSON.stringify({speed: 'off'}))"
                )
                page = context.new_page()
                start_bot_game(page, base, length="5")
                play_turns(page, moves=3)
                until_my_move(page)
                page.locator(".hit.source").first.click()
                page.wait_for_timeout(300)
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(folder / f"{name}.png"), full_page=scale == 1)
                context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2] if len(sys.argv) > 2 else "docs/screenshots"))
