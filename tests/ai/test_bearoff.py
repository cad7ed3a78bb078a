"""The one-sided bear-off database: hand-checked positions, a naive reference
solver on small boards, its laws, its cache, and agreement with gnubg's own."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nard.ai.bearoff import (
    MAX_ROLLS,
    BearoffDatabase,
    Home,
    all_homes,
    load,
)
from nard.ai.race import race_probabilities
from nard.core.board import Position


@pytest.fixture(scope="module")
def table() -> BearoffDatabase:
    return BearoffDatabase.shared()


def _expected(distribution: np.ndarray) -> float:
    return float(np.dot(np.arange(MAX_ROLLS), distribution))


def test_there_are_54264_home_boards_in_pip_order() -> None:
    homes = all_homes()
    assert len(homes) == 54_264 == len(set(homes))
    counts = [sum(p * c for p, c in enumerate(h, start=1)) for h in homes]
    assert counts == sorted(counts)


def test_hand_checked_positions(table: BearoffDatabase) -> None:
    # One checker on the 1-point, or two: any roll bears them off.
    for home in ((1, 0, 0, 0, 0, 0), (2, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0)):
        assert table.off_distribution(home)[1] == pytest.approx(1.0)
    # One on the 6-point misses with 21, 31, 41, 32 and 11: 9 of 36.
    six = table.off_distribution((0, 0, 0, 0, 0, 1))
    assert six[1] == pytest.approx(27 / 36) and six[2] == pytest.approx(9 / 36)
    # Four on the 1-point: one roll with a double (1/6), else two.
    four = table.off_distribution((4, 0, 0, 0, 0, 0))
    assert four[1] == pytest.approx(1 / 6) and four[2] == pytest.approx(5 / 6)
    # 15 on the 6-point bear one off at once with a 6, 51, 42, 33 or 22: 17 of 36.
    assert table.first_off_distribution((0, 0, 0, 0, 0, 15))[1] == pytest.approx(17 / 36)
    # Three checkers 3 pips from leaving the zone: all out at once only with 33+.
    assert table.escape_distribution((0, 0, 3, 0, 0, 0))[1] == pytest.approx(4 / 36)
    # Fewer than 15 checkers: one is off already.
    assert table.first_off_distribution((0, 0, 0, 0, 0, 14))[0] == 1.0


def test_known_expected_rolls(table: BearoffDatabase) -> None:
    # Published one-sided figures (gnubg's gnubg_os0.bd gives the same to 1e-4).
    assert table.expected_rolls((0, 0, 0, 0, 0, 1)) == pytest.approx(1.25)
    assert table.expected_rolls((0, 0, 0, 0, 0, 15)) == pytest.approx(12.2662, abs=1e-3)
    assert table.expected_rolls((0,) * 6) == 0.0


# -- a naive reference: every order of the dice, every checker, exact fractions ------------

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def _bear_off_step(home: Home, die: int) -> set[Home]:
    occupied = [p for p in range(1, 7) if home[p - 1]]
    if not occupied:
        return {home}
    found = set()
    for point in occupied:
        if point >= die or point == max(occupied):
            counts = list(home)
            counts[point - 1] -= 1
            if point > die:
                counts[point - die - 1] += 1
            found.add(tuple(counts))
    return found  # type: ignore[return-value]


def _plays(home: Home, roll: tuple[int, int]) -> set[Home]:
    orders = [[roll[0]] * 4] if roll[0] == roll[1] else [list(roll), list(roll[::-1])]
    ends: set[Home] = set()
    for dice in orders:
        reached = {home}
        for die in dice:
            reached = {after for h in reached for after in _bear_off_step(h, die)}
        ends |= reached
    return ends


@cache
def _reference_expected(home: Home) -> Fraction:
    if not any(home):
        return Fraction(0)
    total = Fraction(0)
    for roll in ROLLS:
        total += min(_reference_expected(after) for after in _plays(home, roll))
    return 1 + total / 36


def test_matches_a_naive_solver_on_every_board_of_up_to_four_checkers(
    table: BearoffDatabase,
) -> None:
    small = [home for home in all_homes() if sum(home) <= 4]
    assert len(small) == 210
    for home in small:
        assert table.expected_rolls(home) == pytest.approx(float(_reference_expected(home)))


homes = st.lists(st.integers(1, 6), max_size=14).map(
    lambda points: [points.count(p) for p in range(1, 7)]
)


@settings(max_examples=200, deadline=None)
@given(homes, st.integers(0, 5))
def test_one_more_checker_never_bears_off_sooner(home: list[int], point: int) -> None:
    table = BearoffDatabase.shared()
    more = list(home)
    more[point] += 1
    assert table.expected_rolls(more) >= table.expected_rolls(home) - 1e-9
    for distribution in (table.off_distribution(home), table.escape_distribution(home)):
        assert distribution.sum() == pytest.approx(1.0)
        assert (distribution >= 0).all()


def test_escaping_is_never_slower_than_bearing_off(table: BearoffDatabase) -> None:
    rng = random.Random(4)
    for home in rng.sample(all_homes(), 300):
        assert _expected(table.escape_distribution(home)) <= table.expected_rolls(home) + 1e-9


def test_bad_home_boards_are_refused(table: BearoffDatabase) -> None:
    for bad in ((16, 0, 0, 0, 0, 0), (1, 2, 3), (-1, 0, 0, 0, 0, 0)):
        with pytest.raises(ValueError, match="home board"):
            table.off_distribution(bad)


def test_the_cache_is_built_over_a_bad_file_and_then_read_back(
    tmp_path: Path, table: BearoffDatabase
) -> None:
    path = tmp_path / "bearoff.npz"
    path.write_bytes(b"not a table")
    built = load(path)
    assert np.allclose(built["off"][-1], table.off_distribution((0, 0, 0, 0, 0, 15)))
    mtime = path.stat().st_mtime_ns
    again = load(path)
    assert path.stat().st_mtime_ns == mtime
    for name in ("off", "first_off", "escape"):
        assert np.allclose(built[name], again[name], atol=1e-6)


def test_race_chances_agree_with_gnubgs_bearoff_database() -> None:
    gnubg = pytest.importorskip("gnubg")
    rng = random.Random(1)

    def board(checkers: int) -> dict[int, int]:
        points: dict[int, int] = {}
        for _ in range(checkers):
            point = rng.randint(1, 6)
            points[point] = points.get(point, 0) + 1
        return points

    for _ in range(60):
        # More than six checkers a side: gnubg uses its one-sided database.
        position = Position.from_points(
            board(rng.choice([7, 10, 15])), board(rng.choice([7, 12, 15]))
        )
        ours = race_probabilities(position)
        assert ours is not None
        gnubg_board = gnubg.positionfromid(position.id())
        theirs = gnubg.evaluate(gnubg_board, gnubg.cubeinfo(), gnubg.evalcontext(0, 0, 0, 1, 0.0))
        assert ours.as_tuple() == pytest.approx(tuple(theirs[:5]), abs=1e-4)
