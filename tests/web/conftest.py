"""Browser tests: a real ``nard serve`` on SQLite and Debian's headless Chromium.

Test modules call :func:`require_browser` first: they are skipped (with the
reason) when /usr/bin/chromium or Playwright is missing (``make test`` installs
Chromium with tools/system-deps.sh). Playwright drives the system Chromium
through ``executable_path``: no browser download.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
SERVER_LOGS: list[Path] = []
"""The logs of the servers running now: a failed test shows their tails."""
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def require_browser() -> None:
    """Skip the calling test module unless Chromium and Playwright are there."""
    if not CHROMIUM.exists():
        pytest.skip(
            "browser tests need Chromium at /usr/bin/chromium (apt-get install chromium)",
            allow_module_level=True,
        )
    pytest.importorskip("playwright.sync_api", reason="browser tests need playwright")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a real server process on a fresh SQLite database."""
    with serve(tmp_path_factory.mktemp("server")) as base:
        yield base


@contextlib.contextmanager
def serve(folder: Path, port: int | None = None, **env: str) -> Iterator[str]:
    """A real ``nard serve`` on the SQLite database in ``folder`` (fresh, or the one a server
    before it left there), on ``port`` or a free one (``env``: more NARD_* settings),
    stopped afterwards; yields its base URL."""
    port = port or _free_port()
    log = (folder / "server.log").open("w")
    SERVER_LOGS.append(folder / "server.log")
    nard = Path(sys.executable).with_name("nard")
    command = [str(nard)] if nard.exists() else [sys.executable, "-m", "nard"]
    process = subprocess.Popen(
        [
            *command,
            "serve",
            "--port",
            str(port),
            "--database-url",
            f"sqlite:///{folder / 'x.sqlite3'}",
            "--bot-workers",
            "0",
            "--log-level",
            "warning",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=folder,
        # Clocked games at a tenth of their time: blitz over 3 points is 0.8 s + 6 s.
        env=os.environ | {"NARD_BOT_DELAY_S": "0", "NARD_CLOCK_SCALE": "0.1"} | env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/health", timeout=1):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        "the server did not start:\n" + (folder / "server.log").read_text()
                    ) from None
                time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
        SERVER_LOGS.remove(folder / "server.log")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.failed:
        for path in SERVER_LOGS:
            tail = path.read_text(errors="replace").splitlines()[-60:]
            report.sections.append((f"server log {path}", "\n".join(tail)))
    return report


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def context_factory(browser: Any) -> Iterator[Any]:
    """New browser contexts (separate cookies: separate players), closed afterwards."""
    made: list[Any] = []

    def make(lang: str = "en", **options: Any) -> Any:
        # wait_for_function polls with eval, which the app's Content-Security-Policy
        # forbids; tests/web/test_csp.py runs the app with the policy enforced.
        options.setdefault("bypass_csp", True)
        options.setdefault("viewport", {"width": 1000, "height": 860})
        context = browser.new_context(**options)
        context.add_init_script(
            f"if (!localStorage.getItem('nard.lang')) localStorage.setItem('nard.lang', '{lang}')"
        )
        context.set_default_timeout(15_000)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


@pytest.fixture
def page_errors() -> list[str]:
    """Collects uncaught page errors; tests attach pages to it and assert it stays empty."""
    return []
