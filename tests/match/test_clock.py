"""Delay-and-reserve clock arithmetic (docs/clocks.md), with time passed in by the test."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nard.match import Side
from nard.match.clock import CLOCK_PRESETS, MONEY_RESERVE_POINTS, ClockPreset, MatchClock

BLITZ = CLOCK_PRESETS["blitz"]


def test_presets_grow_with_the_match_length() -> None:
    assert BLITZ.reserve_for(5) == 5 * 20_000
    assert CLOCK_PRESETS["rapid"].reserve_for(7) == 7 * 60_000
    assert CLOCK_PRESETS["classical"].reserve_for(1) == 180_000
    assert BLITZ.reserve_for(0) == MONEY_RESERVE_POINTS * 20_000
    with pytest.raises(ValueError, match="negative"):
        BLITZ.reserve_for(-1)


def test_a_turn_within_the_delay_costs_no_reserve() -> None:
    clock = MatchClock.start(BLITZ, 3).run(Side.BLACK).spend(7_999)
    assert clock.reserve_ms == (60_000, 60_000)
    assert clock.delay_left_ms == 1
    assert clock.flagged is None


def test_the_delay_is_per_turn_not_per_action() -> None:
    clock = MatchClock.start(BLITZ, 3).run(Side.WHITE).spend(5_000)
    clock = clock.run(Side.WHITE).spend(5_000)  # rolled, now moving: same turn
    assert clock.reserve_ms == (58_000, 60_000)
    clock = clock.run(Side.BLACK).spend(5_000)  # the opponent's turn: a fresh delay
    assert clock.reserve_ms == (58_000, 60_000)
    assert clock.delay_left_ms == 3_000


def test_a_pending_double_runs_the_takers_clock() -> None:
    clock = MatchClock.start(BLITZ, 5).run(Side.WHITE).spend(1_000)  # white doubles
    clock = clock.run(Side.BLACK).spend(20_000)  # black thinks about the take
    assert clock.reserve_ms == (100_000, 88_000)


def test_running_out_of_time_flags_the_running_side() -> None:
    clock = MatchClock.start(BLITZ, 1).run(Side.WHITE)
    assert clock.deadline_ms() == 8_000 + 20_000
    clock = clock.spend(28_000)
    assert clock.flagged is Side.WHITE
    assert clock.reserve_ms == (0, 20_000)
    assert clock.deadline_ms() is None
    assert clock.spend(1_000) == clock  # a flagged clock stops
    assert clock.run(Side.BLACK) == clock


def test_one_millisecond_less_is_still_in_time() -> None:
    clock = MatchClock.start(BLITZ, 1).run(Side.WHITE).spend(27_999)
    assert clock.flagged is None
    assert clock.time_left_ms(Side.WHITE) == 1


def test_a_stopped_clock_charges_nobody() -> None:
    clock = MatchClock.start(BLITZ, 2).run(Side.WHITE).run(None).spend(60_000)
    assert clock.reserve_ms == (40_000, 40_000)
    with pytest.raises(ValueError, match="backwards"):
        clock.spend(-1)


@given(st.lists(st.integers(min_value=0, max_value=40_000), min_size=1, max_size=30))
def test_time_charged_is_the_time_spent_beyond_each_turns_delay(turns: list[int]) -> None:
    preset = ClockPreset("test", delay_ms=8_000, per_point_ms=200_000)
    clock = MatchClock.start(preset, 25)
    side = Side.WHITE
    expected = [5_000_000, 5_000_000]
    for elapsed in turns:
        clock = clock.run(side).spend(elapsed)
        expected[side] = max(0, expected[side] - max(0, elapsed - 8_000))
        side = side.other
    assert list(clock.reserve_ms) == expected
    assert (clock.flagged is not None) == (0 in expected)
