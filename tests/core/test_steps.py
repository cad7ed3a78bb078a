"""The steps one die allows (R5, R12, R13, R14), as every search reads them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from nard.core.board import BAR, OFF, Position
from nard.core.plays import apply_step
from nard.core.plays.steps import STEP, die_steps, has_die_step
from tests.core.conftest import game_positions, scattered_positions

dice = st.integers(1, 6)


@given(st.one_of(game_positions(), scattered_positions()), dice)
def test_has_die_step_says_whether_die_steps_lists_any(position: Position, die: int) -> None:
    assert has_die_step(position.player, position.opponent, die) == bool(
        die_steps(position.player, position.opponent, die)
    )


@given(st.one_of(game_positions(), scattered_positions()), dice)
def test_each_step_listed_can_be_made_and_hits_only_a_blot(position: Position, die: int) -> None:
    found = die_steps(position.player, position.opponent, die)
    origins = [origin for origin, _, _ in found]
    assert origins == sorted(origins, reverse=True)  # highest point first
    for origin, target, hit in found:
        step = STEP[die][origin][hit]
        assert (step.from_point, step.to_point, step.hit, step.die) == (origin, target, hit, die)
        after = apply_step(position, step)  # refuses a closed point (R5) or no checker
        assert after.opponent[BAR] == position.opponent[BAR] + hit
        if position.player[BAR]:
            assert origin == BAR  # R12: the bar first
        if target == OFF:
            assert origin <= die and not any(position.player[7:])  # R13, R14
        else:
            assert origin - target == die
