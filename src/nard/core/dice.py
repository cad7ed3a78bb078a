"""Dice: the :class:`Roll` and the 21 distinct rolls with their weights.

>>> Roll.parse("31"), Roll.parse("۶-۶")
(Roll(3, 1), Roll(6, 6))
>>> Roll(6, 6).units
(6, 6, 6, 6)
>>> sum(weight for _, weight in ALL_ROLLS)
36
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from nard.core.digits import latin_digits

DIE_FACES: Final = range(1, 7)


@dataclass(frozen=True, slots=True, order=True)
class Roll:
    """Two dice as rolled. Their order carries no rule (R9): 3-1 equals 1-3.

    The larger die is stored first, so equal rolls compare equal.
    """

    high: int
    low: int

    def __init__(self, first: int, second: int) -> None:
        for die in (first, second):
            if type(die) is not int or die not in DIE_FACES:
                raise ValueError(f"a die shows 1..6, not {die!r}")
        object.__setattr__(self, "high", max(first, second))
        object.__setattr__(self, "low", min(first, second))

    @classmethod
    def parse(cls, text: str) -> Roll:
        """Read a roll written as ``"31"``, ``"3-1"``, ``"3 1"`` or ``"3,1"``, in Latin,
        Persian or Arabic digits (the Persian terminal writes ``۳۱``)."""
        digits = [c for c in latin_digits(text.strip()) if c not in " -,/x"]
        if len(digits) != 2 or not all(c in "123456" for c in digits):
            raise ValueError(f"a roll is two dice 1..6 such as '31' or '6-6', not {text!r}")
        return cls(int(digits[0]), int(digits[1]))

    @property
    def is_double(self) -> bool:
        """Whether both dice show the same number (R7)."""
        return self.high == self.low

    @property
    def units(self) -> tuple[int, ...]:
        """The dice to play: four units for doubles (R7), else the two dice."""
        if self.is_double:
            return (self.high,) * 4
        return (self.high, self.low)

    def __str__(self) -> str:
        return f"{self.high}{self.low}"

    def __repr__(self) -> str:
        return f"Roll({self.high}, {self.low})"


ALL_ROLLS: Final[tuple[tuple[Roll, int], ...]] = tuple(
    (Roll(high, low), 1 if high == low else 2)
    for high in DIE_FACES
    for low in DIE_FACES
    if low <= high
)
"""The 21 distinct rolls, each with its weight out of 36."""

OPENING_ROLLS: Final[tuple[Roll, ...]] = tuple(roll for roll, _ in ALL_ROLLS if not roll.is_double)
"""The 15 rolls that can open a game under the standard opening roll (R4)."""
