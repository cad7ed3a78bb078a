"""V1 (no escape after hitting), V2 (no hit-and-cover in the home board), and the
docs/rules.md, "The Iranian customs": R8/R9 are applied after V1/V2."""

from __future__ import annotations

from nard.core.board import BAR
from nard.core.dice import Roll
from nard.core.rules import IRANIAN, STANDARD, EscapeScope
from tests.core.conftest import V1_BOARD, assert_plays, at, play

V1_HOME = STANDARD.with_(escape_after_hit=True, escape_scope=EscapeScope.HOME)
V2_ONLY = STANDARD.with_(no_home_cover_after_hit=True)


def test_v1_hitting_checker_may_not_land_on_own_checkers() -> None:
    # 001 item 8 (5-2): 8/3* then 3/1 onto the mover's own checkers is refused;
    # 8/6/1 reaches the same point without hitting and stays legal.
    position = at({8: 1, 1: 2}, {3: 1})
    hit_and_escape = [(8, 3), (3, 1)]
    plain = [(8, 6), (6, 1)]
    assert_plays(position, Roll(5, 2), [hit_and_escape, plain], STANDARD)
    for rules in (V1_HOME, V1_BOARD, IRANIAN):
        legal = assert_plays(position, Roll(5, 2), [plain], rules)
        assert play(*hit_and_escape) not in legal


def test_v1_scope_home_only_binds_hits_in_the_home_board() -> None:
    # The hit is on the 10-point: V1 "home" lets the hitter join its checkers on 7,
    # V1 "board" does not.
    position = at({15: 1, 7: 2}, {10: 1, 2: 2, 4: 2})
    hit_and_join = [(15, 10), (10, 7)]
    plain = [(15, 12), (12, 7)]
    assert_plays(position, Roll(5, 3), [hit_and_join, plain], STANDARD)
    assert_plays(position, Roll(5, 3), [hit_and_join, plain], V1_HOME)
    assert_plays(position, Roll(5, 3), [hit_and_join, plain], IRANIAN)
    assert_plays(position, Roll(5, 3), [plain], V1_BOARD)


def test_v1_scope_board_includes_entering_from_the_bar() -> None:
    position = at({25: 1, 20: 2}, {22: 1})
    enter_hit_join = [(25, 22), (22, 20)]
    others = [[(25, 22), (20, 18)], [(25, 23), (23, 20)], [(25, 23), (20, 17)]]
    assert_plays(position, Roll(3, 2), [enter_hit_join, *others], STANDARD)
    assert_plays(position, Roll(3, 2), [enter_hit_join, *others], V1_HOME)
    assert_plays(position, Roll(3, 2), others, V1_BOARD)


def test_v1_follows_the_individual_checker() -> None:
    # 6/4* binds that checker; the second checker from 6 joins it on 4 and moves on
    # to 2 (onto the mover's checker) freely; the hitter may not: 3 units, not 4.
    position = at({6: 2, 2: 1, 20: 12}, {4: 1, 18: 2})
    all_four = [(6, 4), (6, 4), (4, 2), (4, 2)]
    assert_plays(position, Roll(2, 2), [all_four], STANDARD)
    for rules in (V1_HOME, IRANIAN):
        legal = assert_plays(position, Roll(2, 2), [[(6, 4), (6, 4), (4, 2)]], rules)
        assert legal.dice_used == 3


def test_v1_hit_on_the_intermediate_landing_of_a_combined_move_counts() -> None:
    # 9/6*/1 hits on 6 on the way, then joins the checkers on 1: refused.
    # 9/4/1 passes over the blot on 6 without hitting it: allowed.
    position = at({9: 1, 1: 14}, {6: 1})
    hit_on_the_way = [(9, 6), (6, 1)]
    pass_over = [(9, 4), (4, 1)]
    assert_plays(position, Roll(5, 3), [hit_on_the_way, pass_over], STANDARD)
    legal = assert_plays(position, Roll(5, 3), [pass_over], V1_HOME)
    assert play(*hit_on_the_way) not in legal


def test_v1_hitter_may_move_on_to_empty_points_hit_again_and_bear_off() -> None:
    # 000: after hitting, the checker may go on to an empty point, hit another blot,
    # or be borne off.
    position = at({9: 1}, {6: 1, 3: 1})
    for rules in (STANDARD, V1_HOME, V1_BOARD, IRANIAN):
        legal = assert_plays(position, Roll(3, 3), [[(9, 6), (6, 3), (3, 0)]], rules)
        [(_, after)] = legal.items()
        assert after.opponent[BAR] == 2
    position = at({12: 1, 5: 1}, {10: 1})
    expected = [[(12, 10), (10, 9)], [(12, 11), (11, 9)], [(12, 10), (5, 4)], [(12, 11), (5, 3)]]
    expected += [[(5, 3), (3, 2)]]
    for rules in (STANDARD, V1_BOARD):
        assert_plays(position, Roll(2, 1), expected, rules)


def test_v2_no_pointing_on_a_home_blot_with_6_6_from_the_8_point() -> None:
    # docs/rules.md V2: 6-6 from the 8-point onto a blot on the 2-point with two checkers
    # closes the point on the hit blot. The 13 checkers on 20 cannot move (14 closed).
    position = at({8: 2, 20: 13}, {2: 1, 14: 2})
    point_on_blot = [(8, 2), (8, 2)]
    assert_plays(position, Roll(6, 6), [point_on_blot], STANDARD)
    for rules in (V2_ONLY, IRANIAN):
        legal = assert_plays(position, Roll(6, 6), [[(8, 2)]], rules)
        assert play(*point_on_blot) not in legal


def test_v2_checkers_may_pass_through_or_leave_the_hit_point() -> None:
    # Each way hits the blot on 4; the point may hold two checkers during the turn
    # (5/4* 5/4 4/3 4/3) as long as it does not hold two at the end.
    position = at({5: 2, 20: 13}, {4: 1, 19: 2})
    expected = [
        [(5, 4), (4, 3), (3, 2), (2, 1)],
        [(5, 4), (4, 3), (3, 2), (5, 4)],
        [(5, 4), (5, 4), (4, 3), (4, 3)],
    ]
    for rules in (STANDARD, V2_ONLY, IRANIAN):
        assert_plays(position, Roll(1, 1), expected, rules)


def test_v2_covering_a_hit_outside_the_home_board_is_allowed() -> None:
    position = at({13: 2, 20: 13}, {7: 1, 14: 2, 1: 2})
    for rules in (STANDARD, V2_ONLY, IRANIAN):
        assert_plays(position, Roll(6, 6), [[(13, 7), (13, 7)]], rules)


def test_v2_covering_a_home_point_where_no_hit_was_made_is_allowed() -> None:
    position = at({8: 2, 20: 13}, {14: 2})
    for rules in (STANDARD, V2_ONLY, IRANIAN):
        assert_plays(position, Roll(6, 6), [[(8, 2), (8, 2)]], rules)


def test_r8_after_customs_a_turn_cut_short_by_v2_is_still_a_play() -> None:
    # docs/rules.md, "The Iranian customs": the only standard play (8/2* 8/2) breaks V2. Filtering
    # the standard plays would leave no play; the custom-aware rule keeps the
    # shorter way 8/2*, which uses the most dice among the ways V2 allows.
    position = at({8: 2, 20: 13}, {2: 1, 14: 2})
    legal = assert_plays(position, Roll(6, 6), [[(8, 2)]], IRANIAN)
    assert legal.dice_used == 1


def test_r9_after_customs_the_smaller_die_when_v1_cuts_the_larger_short() -> None:
    # Standard: only 9/6*/1 plays both dice (9/4 is closed). Under V1 the hitter
    # may not join the checkers on 1, so the 3 alone (9/6*) is the legal play:
    # the 5 cannot be played in any way V1 allows.
    position = at({9: 1, 1: 14}, {6: 1, 4: 2})
    assert_plays(position, Roll(5, 3), [[(9, 6), (6, 1)]], STANDARD)
    legal = assert_plays(position, Roll(5, 3), [[(9, 6)]], V1_HOME)
    assert legal.dice_used == 1
