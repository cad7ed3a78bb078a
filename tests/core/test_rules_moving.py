"""R5-R7: open points and hitting, the dice as separate moves, doubles.

Positions are written from the mover's side; ``at(mine, theirs)`` places the
opposing checkers on the mover's point numbers. Unplaced checkers are off.
"""

from __future__ import annotations

from nard.core.board import BAR
from nard.core.dice import Roll
from nard.core.plays import LegalPlays
from tests.core.conftest import assert_plays, at, play


def test_r5_closed_point_refused_blot_hit() -> None:
    # 2 ahead is closed, 1 ahead holds a blot: only 20/19*/17 plays both dice.
    position = at({20: 1}, {18: 2, 19: 1})
    legal = assert_plays(position, Roll(2, 1), [[(20, 19), (19, 17)]])
    [(only, after)] = legal.items()
    assert [step.hit for step in only] == [True, False]
    assert after.opponent[BAR] == 1


def test_r5_hitting_is_never_compulsory() -> None:
    position = at({10: 1}, {8: 1})
    assert_plays(position, Roll(2, 1), [[(10, 8), (8, 7)], [(10, 9), (9, 7)]])


def test_r5_no_limit_on_own_checkers_on_a_point() -> None:
    legal = LegalPlays(at({8: 3, 6: 5, 13: 5, 24: 2}, {1: 15}), Roll(2, 2))
    assert play((8, 6), (8, 6), (8, 6), (13, 11)) in legal  # eight on the 6-point


def test_r6_combined_move_needs_open_intermediate_point() -> None:
    # 20 -> 15 is open, but both landings on the way (17 and 18) are closed.
    position = at({20: 1, 10: 1}, {18: 2, 17: 2, 8: 2})
    legal = assert_plays(position, Roll(3, 2), [[(10, 7), (7, 5)]])
    assert play((20, 17), (17, 15)) not in legal
    assert play((20, 18), (18, 15)) not in legal


def test_r6_one_open_intermediate_point_is_enough() -> None:
    legal = assert_plays(at({20: 1}, {18: 2}), Roll(3, 2), [[(20, 17), (17, 15)]])
    assert play((20, 18), (18, 15)) not in legal  # that order lands on the closed 18


def test_r6_passing_over_a_closed_point_is_allowed() -> None:
    # 002 rule 5: passing over closed points is fine when every landing is open.
    assert_plays(at({20: 1}, {17: 2, 16: 2}), Roll(6, 3), [[(20, 14), (14, 11)]])


def test_r6_dice_split_over_two_checkers_or_taken_by_one() -> None:
    position = at({20: 1, 10: 1}, {22: 2})
    expected = [
        [(20, 17), (17, 15)],
        [(10, 7), (7, 5)],
        [(20, 17), (10, 8)],
        [(20, 18), (10, 7)],
    ]
    legal = assert_plays(position, Roll(3, 2), expected)
    assert play((20, 18), (18, 15)) in legal  # the other order reaches the same position


def test_r7_doubles_play_four_times() -> None:
    legal = assert_plays(
        at({20: 1}, {22: 2}), Roll(2, 2), [[(20, 18), (18, 16), (16, 14), (14, 12)]]
    )
    assert legal.dice_used == 4


def test_r7_doubles_split_over_checkers_in_any_way() -> None:
    position = at({20: 1, 10: 1}, {22: 2})
    expected = [
        [(20, 19), (19, 18), (18, 17), (17, 16)],
        [(20, 19), (19, 18), (18, 17), (10, 9)],
        [(20, 19), (19, 18), (10, 9), (9, 8)],
        [(20, 19), (10, 9), (9, 8), (8, 7)],
        [(10, 9), (9, 8), (8, 7), (7, 6)],
    ]
    assert_plays(position, Roll(1, 1), expected)


def test_r7_each_unit_of_a_double_lands_on_its_own() -> None:
    # 20 -> 16 with two 2s would pass 18 and land on the closed 16: only one unit plays.
    legal = assert_plays(at({20: 1}, {16: 2}), Roll(2, 2), [[(20, 18)]])
    assert legal.dice_used == 1
