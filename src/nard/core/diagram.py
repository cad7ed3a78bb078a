"""A plain-text board in the style of gnubg's ASCII board; ``str(position)`` uses it.

The side on roll sits at the bottom and the points are numbered its way:
13-24 along the top, 12-1 along the bottom, its home board bottom right.
Checkers are ``O`` for :data:`Side.WHITE` and ``X`` for :data:`Side.BLACK`
(gnubg's players 0 and 1). A stack shows up to five checkers; past five the
fifth row, next to the bar, gives the count. The bar column holds the checkers
on the bar, the opponent's in the top half; pip counts and borne-off checkers
are written beside the board.

>>> from nard.core.board import Position
>>> print(draw(Position.initial()))
 Position ID: 4HPwATDgc/ABMA
 +13-14-15-16-17-18------19-20-21-22-23-24-+   X: BLACK
 | O           X    |   | X              O |   pips 167, off 0
 | O           X    |   | X              O |
 | O           X    |   | X                |
 | O                |   | X                |
 | O                |   | X                |
 |                  |BAR|                  |   O on roll
 | X                |   | O                |
 | X                |   | O                |
 | X           O    |   | O                |
 | X           O    |   | O              X |
 | X           O    |   | O              X |   pips 167, off 0
 +12-11-10--9--8--7-------6--5--4--3--2--1-+   O: WHITE
"""

from __future__ import annotations

from typing import Final

from nard.core.board import BAR, OFF, Point, Position, Side

__all__ = ["SYMBOLS", "draw"]

SYMBOLS: Final = {Side.WHITE: "O", Side.BLACK: "X"}
"""The checker letter of each side, as gnubg draws players 0 and 1."""

_ROWS: Final = 5
_TOP_LEFT: Final = range(13, 19)
_TOP_RIGHT: Final = range(19, 25)
_BOTTOM_LEFT: Final = range(12, 6, -1)
_BOTTOM_RIGHT: Final = range(6, 0, -1)
_TOP_EDGE: Final = " +13-14-15-16-17-18------19-20-21-22-23-24-+"
_BOTTOM_EDGE: Final = " +12-11-10--9--8--7-------6--5--4--3--2--1-+"
_GAP: Final = "   "


def _cell(count: int, symbol: str, row: int) -> str:
    """Row 0 is at the board's edge, row 4 next to the bar, where a tall stack's count goes."""
    if row < _ROWS - 1:
        text = symbol if count > row else ""
    elif count > _ROWS:
        text = str(count)
    else:
        text = symbol if count == _ROWS else ""
    return f"{text:^3}"


def draw(position: Position) -> str:
    """The board as text, the side on roll at the bottom (see the module docstring)."""
    me = SYMBOLS[position.turn]
    them = SYMBOLS[position.turn.other]

    def point(p: Point, row: int) -> str:
        if position.player[p]:
            return _cell(position.player[p], me, row)
        return _cell(position.opponent[25 - p], them, row)

    def line(left: range, right: range, bar: str, row: int) -> str:
        cells = "".join(point(p, row) for p in left)
        return f" |{cells}|{bar}|" + "".join(point(p, row) for p in right) + "|"

    pips, opponent_pips = position.pip_counts()
    top_rows = [
        line(_TOP_LEFT, _TOP_RIGHT, _cell(position.opponent[BAR], them, row), row)
        for row in range(_ROWS)
    ]
    bottom_rows = [
        line(_BOTTOM_LEFT, _BOTTOM_RIGHT, _cell(position.player[BAR], me, row), row)
        for row in reversed(range(_ROWS))
    ]
    top_rows[0] += f"{_GAP}pips {opponent_pips}, off {position.opponent[OFF]}"
    bottom_rows[-1] += f"{_GAP}pips {pips}, off {position.player[OFF]}"
    lines = [
        f" Position ID: {position.id()}",
        f"{_TOP_EDGE}{_GAP}{them}: {position.turn.other.name}",
        *top_rows,
        f" |{' ' * 18}|BAR|{' ' * 18}|{_GAP}{me} on roll",
        *bottom_rows,
        f"{_BOTTOM_EDGE}{_GAP}{me}: {position.turn.name}",
    ]
    return "\n".join(row.rstrip() for row in lines)
