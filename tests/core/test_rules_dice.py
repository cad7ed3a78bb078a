"""R8-R11: the compulsory use of the dice (seed 004), and the order of the checks."""

from __future__ import annotations

from nard.core.dice import Roll
from tests.core.conftest import assert_plays, at, play


def test_r8_both_dice_when_some_way_plays_both() -> None:
    # 8/2 alone is a play of the 6, but 13/7 8/6 plays both dice, so it is the only play.
    position = at({13: 1, 8: 1}, {11: 2, 5: 2})
    legal = assert_plays(position, Roll(6, 2), [[(13, 7), (8, 6)]])
    assert play((8, 2)) not in legal
    assert play((13, 7)) not in legal


def test_r8_doubles_as_many_units_as_possible() -> None:
    # 000: "if you rolled 3-3 and can play only three of them, play those three".
    position = at({20: 1}, {11: 2})
    legal = assert_plays(position, Roll(3, 3), [[(20, 17), (17, 14)]])
    assert legal.dice_used == 2
    position = at({20: 1}, {8: 2})
    legal = assert_plays(position, Roll(3, 3), [[(20, 17), (17, 14), (14, 11)]])
    assert legal.dice_used == 3


def test_r8_even_when_the_full_play_is_strategically_worse() -> None:
    # 004 "مثال مسیر کامل نامطلوب": 12/7 (5) reaches a safe point but leaves no 1;
    # the full plays leave blots and are the only legal ones.
    position = at({12: 1, 7: 1}, {6: 2})
    legal = assert_plays(position, Roll(5, 1), [[(12, 11), (7, 2)], [(7, 2), (2, 1)]])
    assert play((12, 7)) not in legal


def test_r9_larger_die_when_only_one_die_playable() -> None:
    # 20/15 or 20/18, but 13 is closed so no way plays both: the 5 must be played.
    position = at({20: 1}, {13: 2})
    legal = assert_plays(position, Roll(5, 2), [[(20, 15)]])
    assert play((20, 18)) not in legal


def test_r9_smaller_die_when_the_larger_cannot_be_played() -> None:
    # 004: no checker has a legal 6, a 3 exists: play the 3 (the turn is not lost).
    position = at({20: 1}, {14: 2, 11: 2})
    assert_plays(position, Roll(6, 3), [[(20, 17)]])


def test_r9_order_is_free_when_both_dice_are_used() -> None:
    # 004 + 002/003, against 001 item 7 ("always the larger die first"): either order.
    position = at({20: 1}, {22: 2})
    legal = assert_plays(position, Roll(5, 2), [[(20, 15), (15, 13)]])
    assert play((20, 18), (18, 13)) in legal


def test_r9_order_that_lands_on_a_closed_point_is_still_reachable_the_other_way() -> None:
    # 004 "مقایسه ترتیب ۴ و ۲": 2 ahead open, 4 ahead closed, 6 ahead open.
    position = at({20: 1}, {16: 2})
    legal = assert_plays(position, Roll(4, 2), [[(20, 18), (18, 14)]])
    assert play((20, 16), (16, 14)) not in legal


def test_r10_no_move_turn_passes() -> None:
    position = at({25: 1, 6: 14}, {19: 2, 22: 2})
    legal = assert_plays(position, Roll(6, 3), [])
    assert not legal
    assert len(legal) == 0


def test_r10_turn_passes_only_when_nothing_plays() -> None:
    # 004: one of the two entry points is open: entering is compulsory.
    position = at({25: 1, 6: 14}, {19: 2})
    assert_plays(position, Roll(6, 3), [[(25, 22), (22, 16)]])


def test_r11_bar_is_checked_before_anything_else() -> None:
    # The board checker could play both dice (10/4/3), but the bar checker enters
    # first, with the 1 only (19 is closed); then the 6 by any checker.
    position = at({25: 1, 10: 1}, {19: 2})
    legal = assert_plays(position, Roll(6, 1), [[(25, 24), (24, 18)], [(25, 24), (10, 4)]])
    assert play((10, 4), (4, 3)) not in legal
