"""CubeSituation: the cube and the score seen by the side deciding (R17-R19)."""

from __future__ import annotations

import pytest

from nard.match.cube import CubeOwnership, CubeSituation


def test_money_play_needs_no_points_and_a_match_needs_them_on_both_sides() -> None:
    assert CubeSituation().is_money
    assert not CubeSituation(away=1, opponent_away=4, crawford=True).is_money


@pytest.mark.parametrize(
    "kwargs",
    [
        {"value": 0},
        {"value": 3},
        {"away": -1, "opponent_away": 2},
        {"away": 2},
        {"opponent_away": 2},
        {"crawford": True},
        {"away": 2, "opponent_away": 3, "crawford": True},
    ],
)
def test_impossible_situations_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        CubeSituation(**kwargs)  # type: ignore[arg-type]


def test_a_cube_about_to_be_doubled_past_64_is_still_a_situation() -> None:
    # Equities after a taken double are asked of twice the cube's value.
    assert CubeSituation(value=128, owner=CubeOwnership.OPPONENT).value == 128


def test_ownership_speaks_the_engines_words() -> None:
    assert [str(owner) for owner in CubeOwnership] == ["centered", "player", "opponent"]
