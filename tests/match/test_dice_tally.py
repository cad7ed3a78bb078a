"""Public dice statistics: tallies and their chi-square tests."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nard.match.dice_tally import DiceTally

dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


def test_every_outcome_once_fits_perfectly() -> None:
    tally = DiceTally().add_rolls((a, b) for a in range(1, 7) for b in range(1, 7))
    assert tally.rolls == 36
    assert tally.faces == (12,) * 6
    assert tally.doubles == 6
    faces, doubles = tally.faces_fit(), tally.doubles_fit()
    assert faces is not None and doubles is not None
    assert (faces.statistic, faces.degrees_of_freedom, faces.p_value) == (0.0, 5, 1.0)
    assert (doubles.statistic, doubles.degrees_of_freedom, doubles.p_value) == (0.0, 1, 1.0)


def test_loaded_dice_are_caught() -> None:
    rng = random.Random(4)
    loaded = [(rng.choice([1, 2, 3, 4, 5, 6, 6]), rng.randint(1, 6)) for _ in range(6000)]
    fit = DiceTally().add_rolls(loaded).faces_fit()
    assert fit is not None and fit.p_value < 1e-6


def test_too_many_doubles_are_caught() -> None:
    # 600 rolls, 150 doubles against 100 expected: (50^2/100 + 50^2/500) = 30, p ~ 4e-8.
    rolls = [(1, 1)] * 150 + [(1, 2)] * 450
    fit = DiceTally().add_rolls(rolls).doubles_fit()
    assert fit is not None
    assert fit.statistic == pytest.approx(30.0)
    assert fit.p_value < 1e-6


def test_an_empty_tally_has_no_test() -> None:
    assert DiceTally().faces_fit() is None
    assert DiceTally().doubles_fit() is None


def test_impossible_dice_are_refused() -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        DiceTally().add_rolls([(0, 3)])


@given(st.lists(dice), st.lists(dice))
def test_tallies_merge_like_the_rolls_they_count(
    first: list[tuple[int, int]], second: list[tuple[int, int]]
) -> None:
    merged = DiceTally().add_rolls(first) + DiceTally().add_rolls(second)
    assert merged == DiceTally().add_rolls(first + second)
    assert sum(merged.faces) == 2 * merged.rolls
