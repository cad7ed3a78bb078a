"""Chi-square goodness of fit, to check that dice are fair (standard library only).

>>> result = chi_square([10, 10, 10, 10, 10, 10])
>>> result.statistic, result.degrees_of_freedom, result.p_value
(0.0, 5, 1.0)
>>> round(chi_square_p_value(11.07, 5), 3)  # the 5% critical value for 5 degrees
0.05
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

_EPSILON = 1e-15
_TINY = 1e-300


@dataclass(frozen=True, slots=True)
class ChiSquare:
    """The statistic, its degrees of freedom and the p-value (chance of a worse fit)."""

    statistic: float
    degrees_of_freedom: int
    p_value: float


def chi_square(observed: Sequence[int], expected: Sequence[float] | None = None) -> ChiSquare:
    """Pearson's chi-square test of ``observed`` counts against ``expected`` ones
    (equal counts when not given)."""
    total = sum(observed)
    if len(observed) < 2 or total <= 0:
        raise ValueError("a chi-square test needs two or more categories and some counts")
    if expected is None:
        expected = [total / len(observed)] * len(observed)
    if len(expected) != len(observed) or any(e <= 0 for e in expected):
        raise ValueError("expected counts must be positive, one per observed count")
    statistic = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    dof = len(observed) - 1
    return ChiSquare(statistic, dof, chi_square_p_value(statistic, dof))


def dice_chi_square(draws: Iterable[tuple[int, int]]) -> ChiSquare:
    """The chi-square test of ordered two-dice draws over the 36 outcomes (35 degrees).

    >>> dice_chi_square([(a, b) for a in range(1, 7) for b in range(1, 7)]).statistic
    0.0
    """
    counts = Counter(draws)
    return chi_square([counts[(a, b)] for a in range(1, 7) for b in range(1, 7)])


def chi_square_p_value(statistic: float, degrees_of_freedom: int) -> float:
    """P(X >= statistic) for X chi-square distributed: the regularized upper
    incomplete gamma function Q(k/2, x/2)."""
    if degrees_of_freedom < 1:
        raise ValueError("degrees of freedom start at 1")
    return _gamma_q(degrees_of_freedom / 2, statistic / 2)


def _gamma_q(a: float, x: float) -> float:
    if x <= 0:
        return 1.0
    if x < a + 1:
        return max(0.0, 1.0 - _gamma_p_series(a, x))
    return _gamma_q_fraction(a, x)


def _prefactor(a: float, x: float) -> float:
    return math.exp(-x + a * math.log(x) - math.lgamma(a))


def _gamma_p_series(a: float, x: float) -> float:
    term = total = 1.0 / a
    denominator = a
    for _ in range(10_000):
        denominator += 1
        term *= x / denominator
        total += term
        if abs(term) < abs(total) * _EPSILON:
            break
    return total * _prefactor(a, x)


def _gamma_q_fraction(a: float, x: float) -> float:
    # Lentz's method for the continued fraction of Q(a, x).
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = d if abs(d) > _TINY else _TINY
        c = b + an / c
        c = c if abs(c) > _TINY else _TINY
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPSILON:
            break
    return _prefactor(a, x) * h
