"""The standard-rules search of nard.core.plays against its customs search.

LegalPlays takes a faster search whenever V1/V2 cannot change the plays; it must
list the same plays, with the same steps, hits and dice, in the same order as
the customs search (R5-R14). Positions are drawn at random with a fixed seed,
including the odd ones random games rarely reach.
"""

from __future__ import annotations

import pytest
from bench.corpus import odd_positions

from nard.core.board import Position
from nard.core.dice import ALL_ROLLS, Roll
from nard.core.plays import LegalPlays
from nard.core.plays.customs import CustomsSearch, customs_may_bind
from nard.core.rules import IRANIAN, STANDARD, EscapeScope, RuleSet


def general(position: Position, roll: Roll, rules: RuleSet) -> tuple[int, list[object]]:
    search = CustomsSearch(position, roll, rules, keep_edges=False)
    found = search.plays()
    dice_used = search.most_dice()
    return dice_used, [
        (board, [(s.from_point, s.to_point, s.hit, s.die) for s in play])
        for board, play in (found.items() if dice_used else ())
    ]


def listed(position: Position, roll: Roll, rules: RuleSet) -> tuple[int, list[object]]:
    legal = LegalPlays(position, roll, rules)
    return legal.dice_used, [
        ((after.player, after.opponent), [(s.from_point, s.to_point, s.hit, s.die) for s in play])
        for play, after in legal.items()
    ]


SAMPLES = [
    (position, roll)
    for position in [Position.initial(), *odd_positions(60, seed=11)]
    for roll, _ in ALL_ROLLS
]


def test_r8_r9_standard_search_lists_what_the_general_search_lists() -> None:
    differ = [
        (position.player, position.opponent, str(roll))
        for position, roll in SAMPLES
        if listed(position, roll, STANDARD) != general(position, roll, STANDARD)
    ]
    assert differ == []


@pytest.mark.parametrize(
    "rules", [IRANIAN, IRANIAN.with_(escape_scope=EscapeScope.BOARD)], ids=["home", "board"]
)
def test_v1_v2_shortcut_lists_what_the_general_search_lists(rules: RuleSet) -> None:
    shortcuts = 0
    for position, roll in SAMPLES:
        assert listed(position, roll, rules) == general(position, roll, rules)
        shortcuts += not customs_may_bind(position, roll, rules)
    assert shortcuts  # the shortcut was taken, so this compared it
