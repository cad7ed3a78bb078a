"""Short modules with one job: no module of the game server reaches 400 lines."""

from __future__ import annotations

from pathlib import Path

import nard.server

LIMIT = 400
SERVER = Path(nard.server.__file__).parent


def test_every_server_module_is_under_400_lines() -> None:
    sizes = {
        path.relative_to(SERVER).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted(SERVER.rglob("*.py"))
    }
    assert len(sizes) > 50  # the walk found the server's modules
    too_long = {name: lines for name, lines in sizes.items() if lines >= LIMIT}
    assert not too_long, f"split these by job (lines, limit {LIMIT}): {too_long}"
