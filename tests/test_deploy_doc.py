"""docs/deploy.md stays true: it shows the files the tests start, and every setting."""

from __future__ import annotations

from pathlib import Path

from nard.server.config import Settings

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "deploy.md").read_text()


def test_the_documented_files_are_the_ones_in_deploy() -> None:
    for name in ("haproxy.cfg", "nard@.service", "nard-worker@.service"):
        assert (ROOT / "deploy" / name).read_text() in DOC, name


def test_every_setting_is_documented() -> None:
    for name in Settings.model_fields:
        assert f"| `NARD_{name.upper()}` |" in DOC, name
