"""The trainer's screenshots: ``python -m tests.web.take_trainer_screenshots BASE_URL [FOLDER]``.

Against a running ``nard serve``: in each language, a plays drill answered with
one wrong play and checked (trainer-plays-{fa,en}.png), and a "why refused"
drill answered wrong, its explanation and the legal play drawn
(trainer-refused-{fa,en}.png).
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.web.conftest import ARGS, CHROMIUM
from tests.web.driver import open_page


def main(base: str, folder: Path) -> None:
    from playwright.sync_api import ViewportSize, sync_playwright

    folder.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        for lang in ("fa", "en"):
            context = browser.new_context(viewport=ViewportSize(width=1100, height=900))
            context.add_init_script(f"localStorage.setItem('nard.lang', '{lang}')")
            page = context.new_page()
            open_page(page, f"{base}/trainer?seed=5&kind=refused&rules=standard&level=medium")
            page.locator(".rule-choice[data-rule=R13]").click()
            page.locator('.mistake-choice[data-mistake="1"]').click()
            page.locator(".trainer-result .show-legal").click()
            page.wait_for_timeout(300)
            page.screenshot(path=str(folder / f"trainer-refused-{lang}.png"), full_page=True)
            open_page(page, f"{base}/trainer?seed=3&kind=plays&rules=standard&level=easy")
            box = page.locator(".plays-form input[name=play]")
            for play in ("24/18", "12/8 12/10"):
                box.fill(play)
                box.press("Enter")
            page.locator(".check-plays").click()
            page.locator(".trainer-result .verdict").wait_for()
            page.locator(".routes summary").click()
            page.wait_for_timeout(300)
            page.screenshot(path=str(folder / f"trainer-plays-{lang}.png"), full_page=True)
            context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2] if len(sys.argv) > 2 else "docs/screenshots"))
