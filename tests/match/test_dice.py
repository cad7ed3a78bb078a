"""Dice sources (SystemDice, SeededDice) and the chi-square helper."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from nard.match import DiceSource, FairDice, SeededDice, SystemDice
from nard.match.stats import chi_square, chi_square_p_value, dice_chi_square


@pytest.mark.parametrize("source", [SystemDice(), SeededDice(1), FairDice()])
def test_sources_follow_the_protocol(source: DiceSource) -> None:
    assert isinstance(source, DiceSource)
    for _ in range(200):
        for draw in (source.roll(), source.opening_roll()):
            assert len(draw) == 2 and all(type(d) is int and 1 <= d <= 6 for d in draw)


def test_system_dice_show_every_face() -> None:
    faces = Counter(die for _ in range(2000) for die in SystemDice().roll())
    assert set(faces) == set(range(1, 7))


def test_seeded_dice_are_deterministic() -> None:
    one, two = SeededDice("match-1"), SeededDice("match-1")
    assert [one.roll() for _ in range(30)] == [two.roll() for _ in range(30)]
    assert [SeededDice(1).roll() for _ in range(1)] != [SeededDice(2).roll() for _ in range(1)]


def test_seeded_dice_chi_square_36000_rolls() -> None:
    dice = SeededDice(36)
    assert dice_chi_square(dice.roll() for _ in range(36_000)).p_value > 0.001


@pytest.mark.parametrize(
    ("statistic", "dof", "p_value"),
    [(3.841, 1, 0.05), (18.307, 10, 0.05), (49.802, 35, 0.05), (66.619, 35, 0.001)],
)
def test_p_values_match_the_tables(statistic: float, dof: int, p_value: float) -> None:
    assert chi_square_p_value(statistic, dof) == pytest.approx(p_value, rel=2e-3)


@pytest.mark.parametrize("x", [0.1, 1.0, 3.0, 10.0, 40.0])
def test_p_values_match_closed_forms(x: float) -> None:
    assert chi_square_p_value(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)
    assert chi_square_p_value(x, 4) == pytest.approx(math.exp(-x / 2) * (1 + x / 2), rel=1e-9)


def test_chi_square_catches_loaded_dice() -> None:
    loaded = [(6, 6)] * 100 + [(a, b) for a in range(1, 7) for b in range(1, 7)] * 30
    assert dice_chi_square(loaded).p_value < 1e-9
    assert chi_square([10, 20], [15, 15]).statistic == pytest.approx(10 / 3)
    with pytest.raises(ValueError):
        chi_square([5])
