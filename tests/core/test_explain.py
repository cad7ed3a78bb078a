"""Explanations of refused plays and steps (docs/rules.md, seed 004).

Positions are written in each side's own numbering: the opponent's point ``q``
is the mover's point ``25 - q``, so ``{5: 2}`` for the opponent closes the
mover's point 20.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nard.core.board import BAR, OFF, Position
from nard.core.dice import Roll
from nard.core.digits import fa_digits
from nard.core.explain import Explanation, explain_move, explain_play, explain_step
from nard.core.plays import Play, Step, TurnGuide, generate_plays, is_legal
from nard.core.rules import IRANIAN, STANDARD, Rule, RuleSet
from tests.core.conftest import game_positions, rolls, rule_sets

CODES = {
    "not-your-checker",
    "wrong-direction",
    "die-not-rolled",
    "no-dice-left",
    "closed-point",
    "bar-first",
    "intermediate-closed",
    "combined-step",
    "must-use-both",
    "must-use-more-units",
    "must-play-one",
    "larger-die",
    "bear-off-not-home",
    "bear-off-higher-point",
    "escape-after-hit",
    "hit-and-cover",
    "not-legal",
}


def play(*moves: tuple[int, int]) -> Play:
    return Play(tuple(Step(a, b) for a, b in moves))


def refused(position: Position, roll: Roll, tried: Play, rules: RuleSet = STANDARD) -> Explanation:
    assert not is_legal(position, roll, tried, rules)
    why = explain_play(position, roll, tried, rules)
    assert why is not None
    check_legal_play(position, roll, why, rules)
    return why


def check_legal_play(position: Position, roll: Roll, why: Explanation, rules: RuleSet) -> None:
    assert why.legal_play is not None
    assert is_legal(position, roll, why.legal_play, rules)
    assert why.rule.value in why.message_en
    assert fa_digits(why.rule.value) in why.message_fa


def mentions(why: Explanation, *numbers: int) -> None:
    """Both messages name these points or dice, the Persian one in Persian digits."""
    for number in numbers:
        assert str(number) in why.message_en, why.message_en
        assert fa_digits(str(number)) in why.message_fa, why.message_fa
    assert not re.search("[0-9]", why.message_fa), why.message_fa


# A single runner on 24 whose other checkers (on 1) cannot move before bearing off.
def runner(opponent: dict[int, int]) -> Position:
    return Position.from_points({24: 1, 1: 14}, opponent)


def test_legal_plays_have_no_explanation() -> None:
    assert explain_play(Position.initial(), Roll(3, 1), play((8, 5), (6, 5))) is None
    assert explain_play(Position.initial(), Roll(3, 1), play((6, 5), (8, 5))) is None


def test_explanation_message_by_language() -> None:
    why = refused(Position.initial(), Roll(6, 4), play((13, 8), (13, 9)))
    assert why.message("en") == why.message_en == str(why)
    assert why.message("fa") == why.message_fa
    with pytest.raises(ValueError, match="fa"):
        why.message("de")


# -- one test per refusal kind ---------------------------------------------------------------


def test_r1_not_your_checker_on_an_empty_point() -> None:
    why = refused(Position.initial(), Roll(6, 4), play((22, 16), (24, 20)))
    assert (why.rule, why.code, why.mistake) == (Rule.R1, "not-your-checker", None)
    assert why.step == Step(22, 16)
    mentions(why, 22)


def test_r1_not_your_checker_on_the_opponents_point() -> None:
    why = refused(Position.initial(), Roll(6, 4), play((19, 13), (24, 20)))
    assert why.code == "not-your-checker"
    assert "opponent" in why.message_en and "حریف" in why.message_fa
    mentions(why, 19)


def test_r1_wrong_direction_from_raw_points() -> None:
    why = explain_move(Position.initial(), Roll(6, 4), [], 13, 19)
    assert why is not None
    assert (why.rule, why.code) == (Rule.R1, "wrong-direction")
    check_legal_play(Position.initial(), Roll(6, 4), why, STANDARD)
    mentions(why, 13, 19)
    why = explain_move(Position.initial(), Roll(6, 4), [], OFF, 6)
    assert why is not None and why.code == "wrong-direction"


def test_r6_die_not_rolled() -> None:
    why = refused(Position.initial(), Roll(6, 4), play((13, 8), (13, 9)))
    assert (why.rule, why.code, why.step) == (Rule.R6, "die-not-rolled", Step(13, 8))
    mentions(why, 13, 8, 6, 4)


def test_r6_die_already_played() -> None:
    why = explain_step(Position.initial(), Roll(6, 4), [Step(24, 18)], Step(13, 7))
    assert why is not None
    assert why.code == "die-not-rolled"
    mentions(why, 13, 7, 4)
    assert "only a 4 left to play" in why.message_en


def test_r7_die_not_rolled_with_doubles() -> None:
    why = refused(Position.initial(), Roll(3, 3), play((13, 9), (13, 10), (8, 5), (6, 3)))
    assert (why.rule, why.code) == (Rule.R7, "die-not-rolled")
    assert why.legal_play is not None and len(why.legal_play) == 4


def test_r6_more_steps_than_dice() -> None:
    why = refused(Position.initial(), Roll(3, 1), play((8, 5), (6, 5), (6, 5)))
    assert (why.rule, why.code) == (Rule.R6, "no-dice-left")
    mentions(why, 3, 1)


def test_r5_closed_point() -> None:
    # The opponent's 6-point (5 checkers) is the mover's 19.
    why = refused(Position.initial(), Roll(5, 2), play((24, 19), (13, 11)))
    assert (why.rule, why.code, why.step) == (Rule.R5, "closed-point", Step(24, 19))
    mentions(why, 19, 5)
    assert "خانهٔ بسته" in why.message_fa


def test_r12_bar_first_is_mistake_3() -> None:
    position = Position.from_points({BAR: 1, 13: 5, 6: 5, 8: 4}, {6: 5, 8: 3, 13: 5, 24: 2})
    why = refused(position, Roll(3, 1), play((8, 5), (6, 5)))
    assert (why.rule, why.code, why.mistake) == (Rule.R12, "bar-first", 3)
    assert "بار" in why.message_fa
    assert why.legal_play is not None and why.legal_play.steps[0].from_point == BAR


def test_r12_closed_entry_point() -> None:
    # The opponent holds its 6-point: the mover cannot enter with a 6 (point 19).
    position = Position.from_points({BAR: 1, 13: 5, 6: 5, 8: 4}, {6: 5, 8: 3, 13: 5, 24: 2})
    why = refused(position, Roll(6, 5), play((BAR, 19), (19, 14)))
    assert (why.rule, why.code, why.step) == (Rule.R5, "closed-point", Step(BAR, 19))
    assert "enter" in why.message_en and "وارد" in why.message_fa
    mentions(why, 19, 6)


def test_r12_second_checker_still_on_the_bar() -> None:
    # Seed 004: two on the bar, one entry point open; the other die is lost.
    position = Position.from_points({BAR: 2, 13: 5, 6: 5, 8: 3}, {6: 5, 8: 3, 13: 5, 24: 2})
    why = refused(position, Roll(6, 5), play((BAR, 20), (13, 7)))
    assert (why.rule, why.code, why.mistake) == (Rule.R12, "bar-first", 3)
    assert why.legal_play == play((BAR, 20))


def test_r6_jump_over_closed_points_is_mistake_4() -> None:
    position = runner({5: 2, 7: 2})  # the mover's 20 and 18 are closed
    for tried in (play((24, 14)), play((24, 18), (18, 14)), play((24, 20), (20, 14))):
        why = refused(position, Roll(6, 4), tried)
        assert (why.rule, why.code, why.mistake) == (Rule.R6, "intermediate-closed", 4)
        mentions(why, 24, 14, 20, 18)
        assert why.legal_play == Play()  # nothing can move: the turn passes (R10)
    move = explain_move(position, Roll(6, 4), [], 24, 14)
    assert move is not None and move.code == "intermediate-closed"


def test_r6_combined_step_is_split_into_dice() -> None:
    why = refused(runner({}), Roll(6, 4), play((24, 14)))
    assert (why.rule, why.code) == (Rule.R6, "combined-step")
    assert why.legal_play is not None and len(why.legal_play) == 2
    assert explain_move(runner({}), Roll(6, 4), [], 24, 14) is None


def test_r6_jump_over_a_closed_point_with_the_other_order_open() -> None:
    position = runner({7: 2})  # 18 closed, 20 open: 24/20/14 is the way
    why = refused(position, Roll(6, 4), play((24, 18), (18, 14)))
    assert (why.rule, why.code) == (Rule.R5, "closed-point")
    assert why.legal_play == play((24, 20), (20, 14))
    assert explain_move(position, Roll(6, 4), [], 24, 14) is None


def test_r8_must_use_both_dice_6_2() -> None:
    # Seed 004: with 6-2 both numbers can be played, so the 6 alone is refused.
    why = refused(runner({}), Roll(6, 2), play((24, 18)))
    assert (why.rule, why.code, why.mistake) == (Rule.R8, "must-use-both", 1)
    assert why.legal_play is not None and len(why.legal_play) == 2
    assert Step(24, 18) in why.legal_play.steps  # the play tried, completed
    mentions(why, 6, 2, 24, 16)
    assert "both dice" in why.message_en and "هر دو تاس" in why.message_fa


def test_r8_larger_die_first_loses_the_smaller() -> None:
    # Entering with the 6 leaves no 5; entering with the 5 lets the 6 be played too.
    # 19/14 and 7/2 are closed; after bar/20 the 6 is played 7/1.
    position = Position.from_points({BAR: 1, 7: 13, 1: 1}, {23: 2, 11: 2})
    assert explain_play(position, Roll(6, 5), play((BAR, 20), (7, 1))) is None
    why = refused(position, Roll(6, 5), play((BAR, 19)))
    assert (why.rule, why.code, why.mistake) == (Rule.R8, "must-use-both", 1)
    assert why.legal_play is not None and len(why.legal_play) == 2


def test_r9_larger_die_5_2() -> None:
    # Seed 004: the 5 or the 2 alone, never both (17 is closed): the 5 it is.
    position = runner({8: 2})
    assert explain_play(position, Roll(5, 2), play((24, 19))) is None
    why = refused(position, Roll(5, 2), play((24, 22)))
    assert (why.rule, why.code, why.mistake) == (Rule.R9, "larger-die", 1)
    assert why.legal_play == play((24, 19))
    mentions(why, 5, 2)
    step = explain_step(position, Roll(5, 2), [], Step(24, 22))
    assert step is not None and step.code == "larger-die"


def test_r8_doubles_more_units() -> None:
    position = runner({13: 2})  # 12 is closed: two 4s can be played, 24/20/16
    why = refused(position, Roll(4, 4), play((24, 20)))
    assert (why.rule, why.code) == (Rule.R8, "must-use-more-units")
    assert why.legal_play == play((24, 20), (20, 16))
    mentions(why, 4, 2)


def test_r13_bear_off_before_all_are_home() -> None:
    position = Position.from_points({8: 1, 6: 5, 4: 5}, {})
    why = refused(position, Roll(6, 4), play((6, OFF), (4, OFF)))
    assert (why.rule, why.code) == (Rule.R13, "bear-off-not-home")
    mentions(why, 8)
    assert "بیرون بردن" in why.message_fa


def test_r14_bear_off_from_a_lower_point_is_mistake_6() -> None:
    # Seed 004: a checker on 6 stops the 5 from bearing off the checker on 4.
    position = Position.from_points({6: 2, 4: 1}, {})
    why = refused(position, Roll(5, 1), play((4, OFF), (6, 5)))
    assert (why.rule, why.code, why.mistake) == (Rule.R14, "bear-off-higher-point", 6)
    assert why.step == Step(4, OFF)
    mentions(why, 4, 5, 6)


def test_r14_bear_off_6_4_seed_examples_are_legal() -> None:
    assert (
        explain_play(Position.from_points({6: 1, 4: 1}, {}), Roll(6, 4), play((6, 0), (4, 0)))
        is None
    )
    assert (
        explain_play(Position.from_points({5: 1, 4: 1}, {}), Roll(6, 4), play((5, 0), (4, 0)))
        is None
    )


def test_v1_no_escape_after_hitting() -> None:
    position = Position.from_points({8: 1, 3: 3, 13: 11}, {20: 1, 1: 2})  # a blot on the mover's 5
    tried = play((8, 5), (5, 3))
    assert is_legal(position, Roll(3, 2), tried, STANDARD)
    why = refused(position, Roll(3, 2), tried, IRANIAN)
    assert (why.rule, why.code, why.step) == (Rule.V1, "escape-after-hit", Step(5, 3))
    mentions(why, 5, 3)
    assert "V1" in why.message_en and "فرار ممنوع" in why.message_fa


def test_v2_no_hit_and_cover_in_the_home_board() -> None:
    position = Position.from_points({8: 1, 4: 1, 13: 13}, {23: 1, 1: 2})  # a blot on the mover's 2
    tried = play((8, 2), (4, 2))
    assert is_legal(position, Roll(6, 2), tried, STANDARD)
    why = refused(position, Roll(6, 2), tried, IRANIAN)
    assert (why.rule, why.code) == (Rule.V2, "hit-and-cover")
    mentions(why, 2)
    assert "زدن و بستن ممنوع" in why.message_fa and "(رسم V۲)" in why.message_fa


def test_v1_step_that_leaves_the_other_die_unplayable() -> None:
    # 8/5* hits on the home board: under V1 that checker may not go on to 3 (own
    # checkers), 3/1 and 13/11 are closed, so 8/5* loses the 2.
    position = Position.from_points({8: 1, 3: 3, 13: 11}, {20: 1, 24: 2, 14: 2, 6: 10})
    assert explain_step(position, Roll(3, 2), [], Step(8, 5), STANDARD) is None
    why = explain_step(position, Roll(3, 2), [], Step(8, 5), IRANIAN)
    assert why is not None
    assert (why.rule, why.code, why.step) == (Rule.V1, "escape-after-hit", Step(8, 5))
    check_legal_play(position, Roll(3, 2), why, IRANIAN)
    mentions(why, 8, 5)


def test_v2_step_that_covers_the_hit_blot() -> None:
    position = Position.from_points({8: 1, 4: 1, 13: 13}, {23: 1, 1: 2})
    why = explain_step(position, Roll(6, 2), [Step(8, 2)], Step(4, 2), IRANIAN)
    assert why is not None
    assert (why.rule, why.code, why.step) == (Rule.V2, "hit-and-cover", Step(4, 2))
    check_legal_play(position, Roll(6, 2), why, IRANIAN)
    assert why.legal_play is not None and why.legal_play.steps[0] == Step(8, 2)


def test_fallback_when_no_rule_fits() -> None:
    # A step that claims the wrong die is refused, but no rule names it better.
    tried = Play((Step(24, 18, die=4), Step(13, 9)))
    why = refused(Position.initial(), Roll(6, 4), tried)
    assert why.code == "not-legal"


# -- the seven common mistakes of docs/rules.md ------------------------------------------------


def test_mistake_1_larger_number_without_checking_both() -> None:
    assert refused(runner({}), Roll(6, 2), play((24, 18))).mistake == 1


def test_mistake_2_dice_order_4_2() -> None:
    # Seed 004: 2 ahead open, 4 ahead closed, 6 ahead open: 24/22/18 plays both.
    position = runner({5: 2})
    why = refused(position, Roll(4, 2), play((24, 22)))
    assert (why.rule, why.code, why.mistake) == (Rule.R8, "must-use-both", 2)
    assert why.legal_play == play((24, 22), (22, 18))
    assert "order" in why.message_en and "ترتیب" in why.message_fa
    step = explain_move(position, Roll(4, 2), [], 24, 20)
    assert step is not None and step.code == "closed-point"
    assert explain_move(position, Roll(4, 2), [], 24, 18) is None


def test_mistake_2_smaller_die_first_loses_the_larger() -> None:
    # 24/22 leaves no 4 (22/18 and 14/10 closed); 24/20 first lets the 2 follow.
    position = Position.from_points({24: 1, 14: 1, 1: 13}, {7: 2, 15: 2})
    why = explain_step(position, Roll(4, 2), [], Step(24, 22))
    assert why is not None
    assert (why.rule, why.code, why.mistake) == (Rule.R8, "must-use-both", 2)
    check_legal_play(position, Roll(4, 2), why, STANDARD)
    why = refused(position, Roll(4, 2), play((24, 22)))
    assert (why.code, why.mistake) == ("must-use-both", 2)


def test_mistake_3_bar_first() -> None:
    position = Position.from_points({BAR: 1, 13: 14}, {})
    why = explain_move(position, Roll(4, 2), [], 13, 9)
    assert why is not None and (why.code, why.mistake) == ("bar-first", 3)


def test_mistake_4_jump_with_the_sum() -> None:
    why = refused(runner({5: 2, 7: 2}), Roll(6, 4), play((24, 14)))
    assert why.mistake == 4


def test_mistake_5_refusing_a_legal_play_that_breaks_a_point() -> None:
    # 8/2 alone keeps the 13-point; every legal play (the 5 must go 13/8) breaks it.
    position = Position.from_points({13: 2, 8: 1, 1: 12}, {22: 2, 18: 2})  # 3 and 7 closed
    why = refused(position, Roll(6, 5), play((8, 2)))
    assert (why.rule, why.code, why.mistake) == (Rule.R8, "must-use-both", 5)
    assert "strategically" in why.message_en and "راهبردی" in why.message_fa


def test_mistake_6_bear_off_with_a_higher_point_held() -> None:
    why = refused(Position.from_points({6: 2, 4: 1}, {}), Roll(5, 1), play((4, 0), (6, 5)))
    assert why.mistake == 6


def test_mistake_7_forfeiting_when_the_smaller_number_can_be_played_6_3() -> None:
    # Seed 004: no 6 anywhere (18 closed, and 21/15 closed), the 3 must be played.
    position = runner({7: 2, 10: 2})
    assert generate_plays(position, Roll(6, 3)) == [play((24, 21))]
    why = refused(position, Roll(6, 3), Play())
    assert (why.rule, why.code, why.mistake) == (Rule.R9, "must-play-one", 7)
    assert why.legal_play == play((24, 21))
    mentions(why, 3)


def test_mistake_7_forfeiting_with_both_dice_playable() -> None:
    why = refused(Position.initial(), Roll(6, 4), Play())
    assert (why.rule, why.code, why.mistake) == (Rule.R8, "must-use-both", 7)
    why = refused(Position.initial(), Roll(2, 2), Play())
    assert (why.rule, why.code, why.mistake) == (Rule.R8, "must-use-more-units", 7)


# -- step by step ------------------------------------------------------------------------------


def test_explain_step_refuses_nothing_the_guide_offers() -> None:
    guide = TurnGuide(Position.initial(), Roll(6, 5))
    for step in guide.next_steps(()):
        assert explain_step(Position.initial(), Roll(6, 5), [], step) is None


def test_explain_step_needs_a_legal_start() -> None:
    with pytest.raises(ValueError, match="steps made"):
        explain_step(Position.initial(), Roll(6, 5), [Step(22, 16)], Step(13, 8))


def test_explain_step_shows_a_play_that_starts_with_the_steps_made() -> None:
    why = explain_step(Position.initial(), Roll(6, 5), [Step(24, 18)], Step(18, 12))
    assert why is not None and why.legal_play is not None
    assert why.legal_play.steps[0] == Step(24, 18)
    assert is_legal(Position.initial(), Roll(6, 5), why.legal_play)


# -- properties --------------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(game_positions(), rolls, rule_sets, st.randoms(use_true_random=False))
def test_explain_play_is_none_exactly_for_legal_plays(
    position: Position, roll: Roll, rules: RuleSet, rng: random.Random
) -> None:
    legal = generate_plays(position, roll, rules)
    for each in rng.sample(legal, min(3, len(legal))):
        assert explain_play(position, roll, each, rules) is None
    if not legal:
        assert explain_play(position, roll, Play(), rules) is None
    tried = _random_play(rng, position, roll)
    if is_legal(position, roll, tried, rules):
        assert explain_play(position, roll, tried, rules) is None
        return
    why = explain_play(position, roll, tried, rules)
    assert why is not None
    assert why.code in CODES
    assert why.legal_play is not None
    assert is_legal(position, roll, why.legal_play, rules)
    assert why.rule.value in why.message_en and fa_digits(why.rule.value) in why.message_fa


@settings(max_examples=60, deadline=None)
@given(game_positions(), rolls, rule_sets, st.randoms(use_true_random=False))
def test_shortened_and_standard_plays_are_judged_by_the_dice_they_use(
    position: Position, roll: Roll, rules: RuleSet, rng: random.Random
) -> None:
    """Legal standard plays, whole and less their last step, judged under any rule set:
    R8 refusals show a legal play that uses more dice than the play tried."""
    standard = generate_plays(position, roll)
    for whole in rng.sample(standard, min(3, len(standard))):
        for tried in (whole, Play(whole.steps[:-1])):
            why = explain_play(position, roll, tried, rules)
            assert (why is None) == is_legal(position, roll, tried, rules)
            if why is None:
                continue
            assert why.code in CODES - {"not-legal"}
            assert why.legal_play is not None and is_legal(position, roll, why.legal_play, rules)
            if why.code in {"must-use-both", "must-use-more-units", "must-play-one"}:
                assert why.rule in (Rule.R8, Rule.R9)
                assert len(why.legal_play) > len(tried)
            if rules == STANDARD:
                assert why.code in {"must-use-both", "must-use-more-units", "must-play-one"}


@settings(max_examples=40, deadline=None)
@given(game_positions(), rolls, rule_sets, st.randoms(use_true_random=False))
def test_explain_step_is_none_exactly_for_offered_steps(
    position: Position, roll: Roll, rules: RuleSet, rng: random.Random
) -> None:
    guide = TurnGuide(position, roll, rules)
    offered = guide.next_steps(())
    for step in offered:
        assert explain_step(position, roll, [], step, rules) is None
    step = _random_step(rng)
    why = explain_step(position, roll, [], step, rules)
    assert (why is None) == (step in offered)
    if why is not None:
        assert why.code in CODES
        assert why.legal_play is not None and is_legal(position, roll, why.legal_play, rules)


def _random_step(rng: random.Random) -> Step:
    origin = rng.randint(1, BAR)
    return Step(origin, rng.randint(OFF, min(origin - 1, 24)))


def _random_play(rng: random.Random, position: Position, roll: Roll) -> Play:
    """A play of random steps, mostly from the mover's own checkers and of rolled dice."""
    steps = []
    origins = [p for p in range(1, BAR + 1) if position.player[p]] or [BAR]
    for _ in range(rng.randint(1, len(roll.units) + 1)):
        origin = rng.choice(origins) if rng.random() < 0.8 else rng.randint(1, BAR)
        distance = rng.choice(roll.units) if rng.random() < 0.8 else rng.randint(1, 12)
        steps.append(
            Step(origin, max(OFF, min(origin - distance, 24))) if origin > 1 else Step(1, 0)
        )
    return Play(tuple(steps))


@settings(max_examples=30, deadline=None)
@given(game_positions(), rolls, rule_sets, st.data())
def test_explain_move_accepts_exactly_the_moves_the_guide_allows(
    position: Position, roll: Roll, rules: RuleSet, data: st.DataObject
) -> None:
    guide = TurnGuide(position, roll, rules)
    origin, target = data.draw(_moves(guide))
    why = explain_move(position, roll, [], origin, target, rules)
    allowed = _reachable(guide, [], origin, target)
    assert (why is None) == allowed
    if why is not None:
        assert why.code in CODES
        if target >= origin or origin == OFF or target == BAR:
            assert why.code == "wrong-direction"


def _moves(guide: TurnGuide) -> st.SearchStrategy[tuple[int, int]]:
    """Any two points, or a move the guide offers: one step, or two steps of the same
    checker (random points are almost never a legal move)."""
    anywhere = st.tuples(st.integers(OFF, BAR), st.integers(OFF, BAR))
    firsts = guide.next_steps(())
    singles = [(step.from_point, step.to_point) for step in firsts]
    doubles = [
        (step.from_point, then.to_point)
        for step in firsts
        for then in guide.next_steps([step])
        if then.from_point == step.to_point
    ]
    return st.one_of(anywhere, *(st.sampled_from(moves) for moves in (singles, doubles) if moves))


def _reachable(guide: TurnGuide, made: list[Step], origin: int, target: int) -> bool:
    """Whether one checker can go from origin to target by steps the guide offers."""
    for step in guide.next_steps(made):
        if step.from_point != origin or step.to_point < target:
            continue
        if step.to_point == target or _reachable(guide, [*made, step], step.to_point, target):
            return True
    return False
