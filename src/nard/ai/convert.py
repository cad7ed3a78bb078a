"""Every conversion between nard's :class:`Position` and the bgsage engine's board.

bgsage describes a position by 26 integers seen from the side on roll, in
that side's numbering (the same numbering nard uses):

* ``board[p]`` for points ``p`` 1..24: ``+n`` for ``n`` checkers of the side
  on roll, ``-n`` for ``n`` opposing checkers on that point;
* ``board[25]``: checkers of the side on roll on the bar;
* ``board[0]``: opposing checkers on the bar (a positive count);
* borne-off checkers are not stored: they are 15 minus those on the board.

The board carries no side, so :func:`from_board` takes the side on roll.
Nothing else in nard builds or reads these lists.

>>> from nard.core.board import Position, Side
>>> board = to_board(Position.initial())
>>> board[24], board[13], board[1], board[12]
(2, 5, -2, -5)
>>> from_board(board, turn=Side.BLACK) == Position.initial(turn=Side.BLACK)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from nard.core.board import BAR, CHECKERS_PER_SIDE, OFF, POINTS, Position, Side

BOARD_SIZE: Final = 26
OPPONENT_BAR: Final = 0
"""Index of the opposing bar in a bgsage board (nard keeps it at the opponent's 25)."""


def to_board(position: Position) -> list[int]:
    """The bgsage board of ``position``, seen from its side on roll."""
    player, opponent = position.player, position.opponent
    board = [0] * BOARD_SIZE
    for point in range(1, POINTS + 1):
        board[point] = player[point] - opponent[25 - point]
    board[BAR] = player[BAR]
    board[OPPONENT_BAR] = opponent[BAR]
    return board


def from_board(board: Sequence[int], *, turn: Side) -> Position:
    """The position a bgsage board describes, ``turn`` being its side on roll.

    Raises ``ValueError`` for a list that is not a board: wrong length, a
    negative bar count, or more than 15 checkers a side.
    """
    if len(board) != BOARD_SIZE:
        raise ValueError(f"a bgsage board has {BOARD_SIZE} entries, got {len(board)}")
    if board[BAR] < 0 or board[OPPONENT_BAR] < 0:
        raise ValueError(f"bar counts are never negative: {list(board)}")
    player = [0] * BOARD_SIZE
    opponent = [0] * BOARD_SIZE
    for point in range(1, POINTS + 1):
        count = board[point]
        if count > 0:
            player[point] = count
        elif count < 0:
            opponent[25 - point] = -count
    player[BAR] = board[BAR]
    opponent[BAR] = board[OPPONENT_BAR]
    for name, side in (("side on roll", player), ("opponent", opponent)):
        on_board = sum(side)
        if on_board > CHECKERS_PER_SIDE:
            raise ValueError(f"the {name} has {on_board} checkers on a bgsage board")
        side[OFF] = CHECKERS_PER_SIDE - on_board
    return Position(tuple(player), tuple(opponent), turn)


def board_key(board: Sequence[int]) -> tuple[int, ...]:
    """A hashable form of a board, for sets and dictionaries."""
    return tuple(int(v) for v in board)
