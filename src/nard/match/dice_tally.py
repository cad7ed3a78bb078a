"""Running totals of rolled dice for public statistics: faces, doubles and their fit.

A tally is kept up to date as games finish (merging one game's rolls at a
time) and answers the page's questions without recounting anything: how often
each face and each double came, how often they should have, and whether the
difference is more than chance (Pearson's chi-square, :mod:`nard.match.stats`).

>>> tally = DiceTally().add_rolls([(3, 1), (6, 6), (2, 5)])
>>> tally.rolls, tally.faces, tally.doubles
(3, (1, 1, 1, 0, 1, 2), 1)
>>> tally.expected_face_count, tally.expected_doubles
(1.0, 0.5)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from nard.match.stats import ChiSquare, chi_square

DOUBLE_CHANCE = 1 / 6


@dataclass(frozen=True, slots=True)
class DiceTally:
    """How many rolls, how often each face 1-6 showed (two per roll), how many doubles."""

    rolls: int = 0
    faces: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    doubles: int = 0

    def add_rolls(self, rolls: Iterable[tuple[int, int]]) -> DiceTally:
        """This tally with ``rolls`` (pairs of dice 1-6) counted in."""
        faces = list(self.faces)
        count = doubles = 0
        for first, second in rolls:
            if not (1 <= first <= 6 and 1 <= second <= 6):
                raise ValueError(f"dice show 1 to 6, not {first}-{second}")
            faces[first - 1] += 1
            faces[second - 1] += 1
            count += 1
            doubles += first == second
        return DiceTally(
            self.rolls + count,
            (faces[0], faces[1], faces[2], faces[3], faces[4], faces[5]),
            self.doubles + doubles,
        )

    def __add__(self, other: DiceTally) -> DiceTally:
        """Both tallies' counts together (two games, or two servers' totals)."""
        a, b = self.faces, other.faces
        return DiceTally(
            self.rolls + other.rolls,
            (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5]),
            self.doubles + other.doubles,
        )

    @property
    def expected_face_count(self) -> float:
        """How often each face should show: two dice a roll, one chance in six each."""
        return self.rolls * 2 / 6

    @property
    def expected_doubles(self) -> float:
        return self.rolls * DOUBLE_CHANCE

    def faces_fit(self) -> ChiSquare | None:
        """Chi-square of the six face counts against equal counts (5 degrees), once rolled."""
        return chi_square(list(self.faces)) if self.rolls else None

    def doubles_fit(self) -> ChiSquare | None:
        """Chi-square of doubles against non-doubles, 1 in 6 expected (1 degree)."""
        if not self.rolls:
            return None
        expected = self.expected_doubles
        return chi_square(
            [self.doubles, self.rolls - self.doubles], [expected, self.rolls - expected]
        )
