"""The board: sides, points and the immutable :class:`Position`.

A position is always seen from the side on roll. Each side counts the points
from its own side, 24 down to 1 (docs/rules.md R1); a checker moves from higher to
lower numbers, point 25 is that side's bar and point 0 is its off tray.

>>> position = Position.initial()
>>> position.player[24], position.player[13], position.player[8], position.player[6]
(2, 5, 3, 5)
>>> position.pip_counts()
(167, 167)
>>> position.swap().turn
<Side.BLACK: 1>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Final, TypeAlias

if TYPE_CHECKING:
    from nard.core.dice import Roll
    from nard.core.plays import LegalPlays, Play
    from nard.core.rules import RuleSet

Point: TypeAlias = int
"""A point number in the mover's own numbering: 1..24, plus :data:`BAR` and :data:`OFF`."""

OFF: Final[Point] = 0
"""Where borne-off checkers go; index 0 of a side's tuple counts them."""
BAR: Final[Point] = 25
"""A side's bar; index 25 of a side's tuple counts the checkers on it."""
HOME_BOARD: Final = range(1, 7)
"""The points of a side's home board, in its own numbering (R1)."""
CHECKERS_PER_SIDE: Final = 15
POINTS: Final = 24

_SLOTS: Final = 26


class Side(IntEnum):
    """The two players. ``WHITE`` is gnubg's player 0, ``BLACK`` player 1."""

    WHITE = 0
    BLACK = 1

    @property
    def other(self) -> Side:
        """The opponent of this side."""
        return Side(1 - self)


def opposite_point(point: Point) -> Point:
    """The same board point in the other side's numbering (1 <-> 24, 6 <-> 19).

    >>> opposite_point(1), opposite_point(24), opposite_point(13)
    (24, 1, 12)
    """
    if not 1 <= point <= POINTS:
        raise ValueError(f"point {point} is not a board point (1..24)")
    return 25 - point


def _counts(checkers: dict[Point, int]) -> tuple[int, ...]:
    slots = [0] * _SLOTS
    for point, count in checkers.items():
        if not 1 <= point <= BAR:
            raise ValueError(f"point {point} is not 1..24 or the bar (25)")
        if count < 0:
            raise ValueError(f"negative checker count {count} on point {point}")
        slots[point] += count
    on_board = sum(slots)
    if on_board > CHECKERS_PER_SIDE:
        raise ValueError(f"{on_board} checkers on the board; a side has {CHECKERS_PER_SIDE}")
    slots[OFF] = CHECKERS_PER_SIDE - on_board
    return tuple(slots)


@dataclass(frozen=True, slots=True)
class Position:
    """An immutable board snapshot plus the side on roll.

    ``player`` holds the checkers of the side on roll and ``opponent`` those of
    the other side, each as 26 counts in that side's *own* numbering: index 0
    borne off, 1..24 the points, 25 the bar. So the opponent's checkers on the
    mover's point ``p`` are ``opponent[25 - p]``.
    """

    player: tuple[int, ...]
    opponent: tuple[int, ...]
    turn: Side = Side.WHITE

    def __post_init__(self) -> None:
        for name, side in (("player", self.player), ("opponent", self.opponent)):
            if len(side) != _SLOTS:
                raise ValueError(f"{name} needs {_SLOTS} counts (off, 1..24, bar), got {len(side)}")
            if any(count < 0 for count in side):
                raise ValueError(f"{name} has a negative checker count")
            if sum(side) != CHECKERS_PER_SIDE:
                raise ValueError(
                    f"{name} has {sum(side)} checkers; a side has {CHECKERS_PER_SIDE} (R1)"
                )
        for point in range(1, POINTS + 1):
            if self.player[point] and self.opponent[25 - point]:
                raise ValueError(f"both sides have checkers on point {point} (R1)")

    # -- construction -----------------------------------------------------------------

    @classmethod
    def initial(cls, turn: Side = Side.WHITE) -> Position:
        """The starting position (R2): 2 on 24, 5 on 13, 3 on 8, 5 on 6 each."""
        return cls.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, turn=turn)

    @classmethod
    def from_points(
        cls,
        player: dict[Point, int],
        opponent: dict[Point, int],
        *,
        turn: Side = Side.WHITE,
    ) -> Position:
        """Build a position from ``{point: count}`` maps, each in its side's own numbering.

        Checkers not placed are borne off; the bar is point 25.

        >>> Position.from_points({6: 2}, {1: 1}).player[OFF]
        13
        """
        return cls(_counts(player), _counts(opponent), turn)

    @classmethod
    def from_id(cls, position_id: str, *, turn: Side = Side.WHITE) -> Position:
        """Decode a gnubg Position ID (see :mod:`nard.core.ids`)."""
        from nard.core.ids import decode_position_id

        return decode_position_id(position_id, turn=turn)

    def id(self) -> str:
        """The gnubg Position ID of this position.

        >>> Position.initial().id()
        '4HPwATDgc/ABMA'
        """
        from nard.core.ids import encode_position_id

        return encode_position_id(self)

    # -- moving -----------------------------------------------------------------------

    def legal_plays(self, roll: Roll, rules: RuleSet | None = None) -> LegalPlays:
        """The legal plays of ``roll`` here (a cheap view: ``len``, ``in``, iteration).

        >>> from nard.core.dice import Roll
        >>> len(Position.initial().legal_plays(Roll(3, 1)))
        16
        """
        from nard.core.plays import LegalPlays
        from nard.core.rules import STANDARD

        return LegalPlays(self, roll, STANDARD if rules is None else rules)

    def apply_play(self, play: Play) -> Position:
        """The position right after ``play``; the same side is still on roll."""
        from nard.core.plays import apply_play

        return apply_play(self, play)

    # -- views ------------------------------------------------------------------------

    def swap(self) -> Position:
        """The same board seen by the other side, who is then on roll."""
        return Position(self.opponent, self.player, self.turn.other)

    def pip_counts(self) -> tuple[int, int]:
        """Pips still to travel: (side on roll, opponent)."""
        return _pips(self.player), _pips(self.opponent)

    def borne_off(self) -> tuple[int, int]:
        """Checkers borne off: (side on roll, opponent)."""
        return self.player[OFF], self.opponent[OFF]

    def has_checkers_on_bar(self) -> bool:
        """Whether the side on roll must enter from the bar first (R12)."""
        return self.player[BAR] > 0

    def can_bear_off(self) -> bool:
        """Whether every checker of the side on roll is home or off (R13)."""
        return not any(self.player[7:])

    def is_contact(self) -> bool:
        """Whether any checker can still meet an opposing one."""
        furthest = max((p for p in range(1, 26) if self.player[p]), default=0)
        opponent_furthest = max((p for p in range(1, 26) if self.opponent[p]), default=0)
        return furthest + opponent_furthest > 25

    def is_game_over(self) -> bool:
        """Whether a side has borne off all 15 checkers (R3)."""
        return self.player[OFF] == CHECKERS_PER_SIDE or self.opponent[OFF] == CHECKERS_PER_SIDE

    def __repr__(self) -> str:
        return f"Position.from_id({self.id()!r}, turn=Side.{self.turn.name})"

    def __str__(self) -> str:
        from nard.core.diagram import draw

        return draw(self)


def _pips(side: tuple[int, ...]) -> int:
    return sum(point * count for point, count in enumerate(side))
