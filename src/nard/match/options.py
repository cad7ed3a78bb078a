"""Options a game is played under, besides the :class:`~nard.core.rules.RuleSet`.

The rule set says which plays are legal and how games score (V1-V4, cube on or
off); these options cover how a game starts (R4) and the money-play cube
customs (R19). Every game records both.

>>> GameOptions().opening
<OpeningRule.STANDARD: 'standard'>
>>> GameOptions(jacoby=True, beavers=True, automatic_doubles=2).is_money_only
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class OpeningRule(StrEnum):
    """Who plays what after the opening roll (R4)."""

    STANDARD = "standard"
    """The starter plays the two numbers just rolled."""
    REROLL = "reroll"
    """The starter rolls both dice afresh (seed 003)."""


@dataclass(frozen=True, slots=True)
class GameOptions:
    """How a game starts and which money-play customs it uses; all off by default.

    ``lower_starts``: the lower opening die starts, by agreement (R4, seed 001).
    ``jacoby``: gammons and backgammons count only after a double is taken (R19).
    ``beavers``: a doubled player may beaver (take and redouble, keeping the cube).
    ``automatic_doubles``: how many times tied opening dice double the cube (centred).
    The last three are for money play only; a match refuses them.
    """

    opening: OpeningRule = OpeningRule.STANDARD
    lower_starts: bool = False
    jacoby: bool = False
    beavers: bool = False
    automatic_doubles: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.automatic_doubles <= 6:
            raise ValueError(
                f"automatic doubles: 0 to 6 (the cube stops at 64), not {self.automatic_doubles}"
            )

    @property
    def is_money_only(self) -> bool:
        """Whether any option that only money play allows is on (R19)."""
        return self.jacoby or self.beavers or self.automatic_doubles > 0

    def describe(self) -> list[str]:
        """The options that differ from the defaults, for display before a game."""
        shown = []
        if self.opening is not OpeningRule.STANDARD:
            shown.append("starter rolls afresh (R4)")
        if self.lower_starts:
            shown.append("lower number starts (R4)")
        if self.jacoby:
            shown.append("Jacoby rule")
        if self.beavers:
            shown.append("beavers")
        if self.automatic_doubles:
            shown.append(f"automatic doubles (up to {self.automatic_doubles})")
        return shown
