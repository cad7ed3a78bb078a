"""README's first part is for a player: how to start, then the rest; the options it
shows for `make run ARGS=…` are real `nard serve` options."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from nard.cli.__main__ import build_parser

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _sections() -> list[str]:
    return re.findall(r"^## (.+)$", README, flags=re.MULTILINE)


def test_play_in_30_seconds_comes_first_and_the_benchmarks_after_the_players_part() -> None:
    sections = _sections()
    assert sections[0] == "Play in 30 seconds"
    assert sections.index("Web app") < sections.index("The bot") < sections.index("Performance")


def test_the_make_run_args_shown_are_nard_serve_options() -> None:
    shown = re.findall(r'make run ARGS="([^"]+)"', README)
    assert shown, "README shows no `make run ARGS=…`"
    for args in shown:
        parsed = build_parser().parse_args(["serve", *shlex.split(args)])
        assert parsed.command == "serve"


def test_the_language_rule_is_stated() -> None:
    part = README.split("## The two commands")[0]
    assert "browser" in part and "language" in part
