"""Probabilities: point of view, equity, finished games (R15)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nard.ai.probabilities import Probabilities
from nard.core.board import BAR, Position, Side


@st.composite
def chances(draw: st.DrawFn) -> Probabilities:
    win = draw(st.floats(0, 1))
    gammon = draw(st.floats(0, 1)) * win
    backgammon = draw(st.floats(0, 1)) * gammon
    lose_gammon = draw(st.floats(0, 1)) * (1 - win)
    lose_backgammon = draw(st.floats(0, 1)) * lose_gammon
    side = draw(st.sampled_from(Side))
    return Probabilities(win, gammon, backgammon, lose_gammon, lose_backgammon, side=side)


@given(chances())
def test_flipping_twice_is_identity_and_negates_equity(p: Probabilities) -> None:
    flipped = p.flipped()
    assert flipped.side is p.side.other
    assert flipped.flipped().side is p.side
    assert flipped.flipped().as_tuple() == pytest.approx(p.as_tuple())
    assert flipped.equity() == pytest.approx(-p.equity())
    assert p.pov(p.side) is p
    assert p.pov(p.side.other).win == pytest.approx(1 - p.win)


@given(chances())
def test_equity_bounds_and_options(p: Probabilities) -> None:
    assert -3 - 1e-9 <= p.equity() <= 3 + 1e-9
    assert -1 - 1e-9 <= p.equity(gammons=False) <= 1 + 1e-9
    assert p.equity(gammons=False) == pytest.approx(2 * p.win - 1)
    assert p.equity(backgammons=False) == pytest.approx(
        2 * p.win - 1 + p.win_gammon - p.lose_gammon
    )


def test_equity_of_sure_outcomes() -> None:
    assert Probabilities(1, 0, 0, 0, 0, side=Side.WHITE).equity() == 1
    assert Probabilities(1, 1, 0, 0, 0, side=Side.WHITE).equity() == 2
    assert Probabilities(1, 1, 1, 0, 0, side=Side.WHITE).equity() == 3
    assert Probabilities(0, 0, 0, 1, 1, side=Side.WHITE).equity() == -3


@pytest.mark.parametrize(
    "values",
    [(1.2, 0, 0, 0, 0), (0.5, 0.6, 0, 0, 0), (0.5, 0.2, 0.3, 0, 0), (0.5, 0, 0, 0.6, 0)],
)
def test_inconsistent_chances_are_refused(values: tuple[float, float, float, float, float]) -> None:
    with pytest.raises(ValueError):
        Probabilities(*values, side=Side.WHITE)


def test_from_sequence_clamps_network_noise() -> None:
    p = Probabilities.from_sequence([1.0000001, 0.3, 0.4, 0.01, 0.0], side=Side.BLACK)
    assert p.win == 1.0 and p.win_backgammon == 0.3 and p.lose_gammon == 0.0


@pytest.mark.parametrize(
    ("loser", "gammon", "backgammon"),
    [
        ({6: 14}, False, False),
        ({6: 15}, True, False),
        ({24: 1, 6: 14}, True, True),
        ({BAR: 1, 6: 14}, True, True),
        ({19: 1, 6: 14}, True, True),
        ({18: 1, 6: 14}, True, False),
    ],
)
def test_r15_finished_game_outcome(loser: dict[int, int], gammon: bool, backgammon: bool) -> None:
    finished = Position.from_points({}, loser, turn=Side.BLACK)
    outcome = Probabilities.of_finished(finished)
    assert outcome is not None
    assert outcome.side is Side.BLACK
    assert (outcome.win, outcome.win_gammon, outcome.win_backgammon) == (1, gammon, backgammon)
    seen_by_loser = Probabilities.of_finished(finished.swap())
    assert seen_by_loser == outcome


def test_unfinished_game_has_no_outcome() -> None:
    assert Probabilities.of_finished(Position.initial()) is None
