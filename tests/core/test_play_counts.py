"""The play-count oracle (like chess perft): tests/core/data/play_counts.txt.

Each line ``POSITION_ID ROLL RULES COUNT`` was written by tools/make_play_counts.py
only after the engine, the reference enumerator and gnubg agreed on the count.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nard.core.board import BAR, Position
from nard.core.dice import Roll
from nard.core.plays import LegalPlays
from tests.core.conftest import RULE_SETS

DATA = Path(__file__).parent / "data" / "play_counts.txt"


def read_counts() -> list[tuple[str, str, str, int]]:
    rows = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        position_id, roll, rules, count = line.split()
        rows.append((position_id, roll, rules, int(count)))
    return rows


ROWS = read_counts()


def test_play_count_file_covers_every_kind_of_position() -> None:
    assert len(ROWS) >= 1000
    positions = {Position.from_id(position_id) for position_id, *_ in ROWS}
    assert len(positions) >= 200
    assert sum(p.player[BAR] > 0 for p in positions) >= 40
    assert sum(p.can_bear_off() for p in positions) >= 40
    assert sum(not p.is_contact() for p in positions) >= 60
    assert {rules for _, _, rules, _ in ROWS} == set(RULE_SETS)
    assert sum(Roll.parse(roll).is_double for _, roll, _, _ in ROWS) >= 100
    assert any(count == 0 for *_, count in ROWS)
    by_key = {(pid, roll, rules): count for pid, roll, rules, count in ROWS}
    differs = sum(
        by_key[(pid, roll, "standard")] != count
        for pid, roll, rules, count in ROWS
        if rules == "iranian"
    )
    assert differs >= 30  # the customs change the count in many of these positions


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_play_counts(rules: str) -> None:
    wrong = []
    for position_id, roll, name, count in ROWS:
        if name != rules:
            continue
        position = Position.from_id(position_id)
        found = len(LegalPlays(position, Roll.parse(roll), RULE_SETS[name]))
        if found != count:
            wrong.append(f"{position_id} {roll} {name}: {found}, expected {count}")
    assert not wrong, "\n".join(wrong[:10])
