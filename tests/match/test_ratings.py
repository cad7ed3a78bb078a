"""The FIBS rating formula against values worked by hand (docs/ratings.md)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nard.match.ratings import Rated, experience_boost, rate_match, win_chance


def test_new_players_first_one_point_match() -> None:
    # Equal ratings: the upset chance is 1/2, the base change 4 x 1 x 1/2 = 2,
    # and both are new (boost 5 - 0/100 = 5): 2 x 5 = 10 points each way.
    change = rate_match(Rated(1500.0, 0), Rated(1500.0, 0), length=1)
    assert change.loser_chance == 0.5
    assert change.base_change == 2.0
    assert change.winner == Rated(1510.0, 1)
    assert change.loser == Rated(1490.0, 1)


def test_favourite_wins_five_points_without_boost() -> None:
    # D = 100, sqrt(5) = 2.23607: 10 ** 0.111803 = 1.293610, P_upset = 1 / 2.293610
    # = 0.435994; change = 4 x 2.23607 x 0.435994 = 3.89965.
    change = rate_match(Rated(1600.0, 500), Rated(1500.0, 1000), length=5)
    assert change.loser_chance == pytest.approx(0.435994, abs=1e-6)
    assert change.winner.rating == pytest.approx(1603.89965, abs=1e-5)
    assert change.loser.rating == pytest.approx(1496.10035, abs=1e-5)
    assert (change.winner.experience, change.loser.experience) == (505, 1005)


def test_upset_with_one_boosted_player() -> None:
    # D = 200, sqrt(7) = 2.64575: 10 ** 0.264575 = 1.838972, P_upset = 0.352240, so the
    # loser (the favourite) had 0.647760; change = 4 x 2.64575 x 0.647760 = 6.85525.
    # The winner has 50 points of experience: boost 5 - 0.5 = 4.5, so +30.8486;
    # the loser has 450: no boost, -6.85525.
    change = rate_match(Rated(1500.0, 50), Rated(1700.0, 450), length=7)
    assert change.loser_chance == pytest.approx(0.647760, abs=1e-6)
    assert change.winner.rating == pytest.approx(1530.8486, abs=1e-4)
    assert change.loser.rating == pytest.approx(1693.14475, abs=1e-4)
    assert change.winner_boost == 4.5
    assert change.loser_boost == 1.0


def test_experience_boost_ends_at_400() -> None:
    assert experience_boost(0) == 5.0
    assert experience_boost(100) == 4.0
    assert experience_boost(399) == pytest.approx(1.01)
    assert experience_boost(400) == 1.0
    assert experience_boost(5000) == 1.0
    with pytest.raises(ValueError, match="negative"):
        experience_boost(-1)


def test_lengths_outside_a_match_are_refused() -> None:
    with pytest.raises(ValueError, match="1 to 64 points"):
        rate_match(Rated(), Rated(), length=0)


ratings = st.floats(min_value=500, max_value=2500, allow_nan=False)
lengths = st.integers(min_value=1, max_value=25)


@given(ratings, ratings, lengths)
def test_win_chances_of_both_sides_add_to_one(a: float, b: float, length: int) -> None:
    assert win_chance(a, b, length) + win_chance(b, a, length) == pytest.approx(1.0)


@given(ratings, ratings, lengths)
def test_experienced_players_exchange_exactly_what_one_wins(
    a: float, b: float, length: int
) -> None:
    change = rate_match(Rated(a, 400), Rated(b, 400), length)
    assert change.winner.rating - a == pytest.approx(b - change.loser.rating)
    assert 0 < change.winner.rating - a < 4 * math.sqrt(length)


@given(ratings, lengths)
def test_longer_matches_favour_the_stronger_player_more(rating: float, length: int) -> None:
    stronger = rating + 100
    assert win_chance(stronger, rating, length + 1) > win_chance(stronger, rating, length)
