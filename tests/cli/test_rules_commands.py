"""``nard explain`` under a rule preset: it reads the play with the rules in force."""

from __future__ import annotations

import pytest

from nard.cli.__main__ import main
from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.notation import format_play, parse_play
from nard.core.plays import LegalPlays
from nard.core.rules import RuleSet

IRANIAN = RuleSet.preset("iranian")
STANDARD = RuleSet.preset("standard")

# Plays legal under the Iranian customs (V1, V2) but not under the standard
# rules, found in random games: each uses fewer dice than the standard rules
# demand (R8) because the custom forbids the fuller plays.
IRANIAN_ONLY = [
    ("LzCAHQ3/XwgAAA", "32", "2/off"),
    ("+4QAowzfDxwBAA", "55", "11/6*"),
    ("TJzB1ALfBFDwAQ", "44", "13/5*"),
    ("LgCA9xr/BycAAA", "33", "6/3*"),
    ("YzZKUAr/PyAAAA", "52", "8/3*"),
    ("7wLAYGF/eygAAA", "33", "7/4*"),
    ("x5sVAAX/GzAEAA", "55", "13/3 9/4*"),
    ("9iZgwgLf70AAAA", "44", "9/5*"),
]


@pytest.mark.parametrize(("position_id", "dice", "play"), IRANIAN_ONLY)
def test_explain_accepts_a_play_only_the_iranian_customs_allow(
    position_id: str, dice: str, play: str, capsys: pytest.CaptureFixture[str]
) -> None:
    position, roll = Position.from_id(position_id), Roll.parse(dice)
    assert parse_play(play, position, roll, rules=IRANIAN) in LegalPlays(position, roll, IRANIAN)
    assert play not in {format_play(p) for p in LegalPlays(position, roll, STANDARD)}

    assert main(["explain", position_id, dice, play, "--rules", "iranian"]) == 0
    assert capsys.readouterr().out.strip() == f"legal: {play}"
    assert main(["explain", position_id, dice, play]) == 1
    refusal = capsys.readouterr().out
    assert refusal.strip() and not refusal.startswith("legal")
