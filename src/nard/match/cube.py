"""The doubling cube (docs/rules.md R17, R18, R19): value, owner, and who may double.

>>> cube = Cube()
>>> cube.value, cube.owner, cube.is_centred
(1, None, True)
>>> cube = cube.taken_by(Side.BLACK)
>>> cube.value, cube.owner
(2, <Side.BLACK: 1>)
>>> cube.may_double(Side.WHITE), cube.may_double(Side.BLACK)
(False, True)

A cube decision is taken from one side's seat: :class:`CubeSituation` is the
cube and the score as that side sees them.

>>> CubeSituation(value=2, owner=CubeOwnership.OPPONENT, away=3, opponent_away=5).is_money
False
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from nard.core.board import Side

MAX_CUBE: Final = 64
"""The highest cube value (R17: 1, 2, 4 ... 64)."""


@dataclass(frozen=True, slots=True)
class Cube:
    """The cube's value and owner; ``owner`` None means centred (either side may double)."""

    value: int = 1
    owner: Side | None = None

    def __post_init__(self) -> None:
        if self.value < 1 or self.value > MAX_CUBE or self.value & (self.value - 1):
            raise ValueError(f"a cube shows a power of two from 1 to {MAX_CUBE}, not {self.value}")

    @property
    def is_centred(self) -> bool:
        """Whether nobody owns the cube yet."""
        return self.owner is None

    @property
    def is_at_max(self) -> bool:
        """Whether the cube cannot be turned any more (R17: 64 at most)."""
        return self.value >= MAX_CUBE

    def may_double(self, side: Side) -> bool:
        """Whether the cube's position lets ``side`` double: centred or owned by ``side``,
        and below 64 (R17). Turn, phase and match rules are the game's business."""
        return not self.is_at_max and self.owner in (None, side)

    def taken_by(self, side: Side) -> Cube:
        """The cube after ``side`` takes a double: twice the value, owned by the taker (R18)."""
        return Cube(self.value * 2, side)

    def beavered_by(self, side: Side) -> Cube:
        """The cube after ``side`` beavers: four times the value, kept by the beaver (R19)."""
        return Cube(self.value * 4, side)

    def doubled_in_centre(self) -> Cube:
        """The cube after an automatic double: twice the value, still centred (R19)."""
        return Cube(self.value * 2, None)

    def __str__(self) -> str:
        where = "centred" if self.owner is None else f"owned by {self.owner.name.title()}"
        return f"cube {self.value}, {where}"


class CubeOwnership(StrEnum):
    """Who owns the cube, seen by the side deciding (the words of gnubg and bgsage)."""

    CENTRED = "centered"
    PLAYER = "player"
    OPPONENT = "opponent"


@dataclass(frozen=True, slots=True)
class CubeSituation:
    """The cube and the score as one side sees them: what a cube decision or a
    cube-aware equity depends on (R17-R19).

    ``away`` and ``opponent_away`` are the points each side still needs, both 0
    in money play. ``crawford`` says this game is the Crawford game (a match
    only). ``jacoby`` and ``beaver`` are the money-play options (R19); a
    match's equities never use them.
    """

    value: int = 1
    owner: CubeOwnership = CubeOwnership.CENTRED
    away: int = 0
    opponent_away: int = 0
    crawford: bool = False
    jacoby: bool = False
    beaver: bool = False

    def __post_init__(self) -> None:
        # A value past 64 is allowed: equities are asked of a cube about to be doubled.
        if self.value < 1 or self.value & (self.value - 1):
            raise ValueError(f"a cube's value is a power of two, not {self.value}")
        if self.away < 0 or self.opponent_away < 0:
            raise ValueError("points still needed are never negative")
        if (self.away == 0) != (self.opponent_away == 0):
            raise ValueError("either both sides need points (a match) or neither (money)")
        if self.crawford and 1 not in (self.away, self.opponent_away):
            raise ValueError("only a game where one side needs 1 point can be the Crawford game")

    @property
    def is_money(self) -> bool:
        """Whether this is money play (no match score)."""
        return self.away == 0
