"""R12: entering from the bar (and R8/R9 while entering)."""

from __future__ import annotations

from nard.core.dice import Roll
from tests.core.conftest import assert_plays, at, play


def test_r12_die_n_enters_on_point_25_minus_n_then_any_checker_moves() -> None:
    position = at({25: 1, 6: 14}, {})
    expected = [
        [(25, 21), (21, 19)],  # the entered checker may go on
        [(25, 21), (6, 4)],
        [(25, 23), (6, 2)],
    ]
    legal = assert_plays(position, Roll(4, 2), expected)
    assert play((25, 23), (23, 19)) in legal


def test_r12_enter_with_1_on_24_and_with_2_on_23() -> None:
    # 002 rule 9: "with 1 on your own 24-point, with 2 on the 23-point".
    position = at({25: 2, 6: 13}, {})
    assert_plays(position, Roll(2, 1), [[(25, 24), (25, 23)]])


def test_r12_nothing_else_moves_while_a_checker_is_on_the_bar() -> None:
    position = at({25: 1, 13: 14}, {20: 2, 19: 2})
    legal = assert_plays(position, Roll(6, 5), [])
    assert play((13, 7), (13, 8)) not in legal


def test_r12_two_on_bar_one_open_entry_point_rest_of_roll_lost() -> None:
    # 004 "دو مهره یا بیشتر روی بار": one enters, the other die cannot be used.
    position = at({25: 2, 8: 13}, {19: 2})
    legal = assert_plays(position, Roll(6, 3), [[(25, 22)]])
    assert play((25, 22), (8, 2)) not in legal
    assert legal.dice_used == 1


def test_r12_two_on_bar_both_enter() -> None:
    position = at({25: 2, 8: 13}, {})
    assert_plays(position, Roll(4, 3), [[(25, 21), (25, 22)]])


def test_r12_doubles_enter_then_go_on() -> None:
    # Two enter with the first two 3s; the last two 3s are played by any checker.
    position = at({25: 2, 8: 13}, {19: 2, 16: 2})
    expected = [
        [(25, 22), (25, 22), (8, 5), (8, 5)],
        [(25, 22), (25, 22), (8, 5), (5, 2)],
    ]
    legal = assert_plays(position, Roll(3, 3), expected)
    assert play((25, 22), (22, 19)) not in legal  # 19 is closed


def test_r12_r9_larger_die_when_entering() -> None:
    # Either die enters, but after entering no checker can play the other die:
    # the larger (6) must be used.
    position = at({25: 1, 3: 14}, {16: 2})
    legal = assert_plays(position, Roll(6, 3), [[(25, 19)]])
    assert play((25, 22)) not in legal
