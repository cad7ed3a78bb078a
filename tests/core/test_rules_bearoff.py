"""R13-R14: when and how checkers are borne off."""

from __future__ import annotations

from nard.core.board import BAR
from nard.core.dice import Roll
from nard.core.plays import Step, TurnGuide
from tests.core.conftest import assert_plays, at, play


def test_r13_no_bear_off_while_a_checker_is_outside() -> None:
    # 3/off needs the 7-point checker home first; either order of the dice brings it in.
    position = at({7: 1, 3: 14}, {})
    legal = assert_plays(position, Roll(6, 3), [[(7, 1), (3, 0)], [(7, 4), (4, 0)]])
    assert play((3, 0)) not in legal
    guide = TurnGuide(position, Roll(6, 3))
    assert Step(3, 0) not in guide.next_steps(())


def test_r13_hit_checker_must_come_home_before_bearing_off_resumes() -> None:
    # 002 rule 10: the entered checker is outside, so 2/off is not available.
    position = at({25: 1, 2: 14}, {})
    legal = assert_plays(position, Roll(6, 5), [[(25, 20), (20, 14)]])
    assert play((25, 20), (2, 0)) not in legal


def test_r14_die_n_bears_off_from_point_n() -> None:
    position = at({6: 1, 4: 1}, {})
    assert_plays(position, Roll(6, 4), [[(6, 0), (4, 0)], [(6, 2), (4, 0)]])


def test_r14_empty_point_means_a_higher_checker_must_move() -> None:
    # 003: a 3 with every checker on the 4-point or higher is a move of 3 pips.
    # 004: with a checker on 6, the 5 cannot bear off the 4-point checker.
    position = at({6: 1, 4: 1}, {})
    legal = assert_plays(position, Roll(5, 3), [[(6, 1), (4, 1)], [(6, 3), (4, 0)]])
    first_steps = TurnGuide(position, Roll(5, 3)).next_steps(())
    assert Step(4, 0) not in first_steps
    assert Step(4, 0, die=5) not in first_steps
    assert play((4, 0), (6, 3)) in legal  # listed in another order, but 6/3 comes first


def test_r14_bear_off_from_the_highest_point_when_none_stands_higher() -> None:
    # 003: a 5 with every checker on the 4-point or lower bears off from the highest.
    assert_plays(at({4: 1, 2: 1}, {}), Roll(5, 5), [[(4, 0), (2, 0)]])
    # 000: all on 1, 2, 3 with 6-4: two checkers off the 3-point.
    assert_plays(at({3: 2, 2: 1, 1: 1}, {}), Roll(6, 4), [[(3, 0), (3, 0)]])


def test_r14_bearing_off_is_never_forced_while_another_move_exists() -> None:
    position = at({6: 1, 5: 1}, {})
    legal = assert_plays(position, Roll(5, 1), [[(6, 1), (5, 4)], [(5, 0), (6, 5)]])
    assert play((6, 5), (5, 0)) in legal


def test_r14_last_checker_2_point_with_2_1_must_play_2_1_then_1_off() -> None:
    # docs/rules.md R14: with the last checker on the 2-point and 2-1, 2/off alone uses one
    # die; 2/1 1/off uses both, so it is the play, and here it hits the blot on 1.
    position = at({2: 1}, {1: 1, 24: 14})
    legal = assert_plays(position, Roll(2, 1), [[(2, 1), (1, 0)]])
    assert play((2, 0)) not in legal
    [(_, after)] = legal.items()
    assert after.opponent[BAR] == 1  # the hit checker may yet cost a backgammon
