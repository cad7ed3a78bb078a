"""The steps one die allows on a board (R5, R12, R13, R14): written once, for every search.

Points are the mover's, as in :class:`~nard.core.board.Position`: the
opponent's checkers are read in their own numbering, so the mover's point p is
the opponent's point 25 - p. A step is given as ``(from, to, hit)``;
:data:`STEP` turns it into the shared :class:`~nard.core.plays.play.Step`.

>>> from nard.core.board import Position
>>> die_steps(Position.initial().player, Position.initial().opponent, 6)
[(24, 18, False), (13, 7, False), (8, 2, False)]
"""

from __future__ import annotations

from collections.abc import Sequence

from nard.core.board import BAR, OFF
from nard.core.plays.play import Step

DieStep = tuple[int, int, bool]
"""One step of one die: (from point, to point, whether it hits a blot)."""


def _step_table() -> tuple[tuple[tuple[Step, Step], ...], ...]:
    table: list[tuple[tuple[Step, Step], ...]] = [()]
    for die in range(1, 7):
        by_origin: list[tuple[Step, Step]] = [(Step(BAR, 24), Step(BAR, 24))]  # unused: point 0
        for origin in range(1, BAR + 1):
            target = max(origin - die, OFF)
            plain = Step(origin, target, False, die)
            by_origin.append((plain, Step(origin, target, True, die) if target else plain))
        table.append(tuple(by_origin))
    return tuple(table)


STEP = _step_table()
"""Every step there can be, made once and shared (steps are immutable), as
``STEP[die][from][hit]``; a die bears off from a point no higher than itself."""


def die_steps(player: Sequence[int], opponent: Sequence[int], die: int) -> list[DieStep]:
    """Every step ``die`` allows on its own, from the highest point down.

    ``player`` may be a board being changed in place: the opponent's blots it hit
    meanwhile still count as open points, as they are, and as blots.
    """
    if player[BAR]:
        # R12: the bar first; die n enters on point 25 - n, the opponent's point n.
        blockers = opponent[die]
        return [] if blockers >= 2 else [(BAR, BAR - die, blockers == 1)]
    highest = 24
    while highest and not player[highest]:
        highest -= 1
    found: list[DieStep] = []
    landing = BAR + die  # the opponent's number of the point ``origin - die`` is landing - origin
    for origin in range(highest, die, -1):
        if player[origin]:
            blockers = opponent[landing - origin]
            if blockers < 2:  # R5
                found.append((origin, origin - die, blockers == 1))
    if highest <= 6:
        origin = bear_off_origin(player, die)
        if origin:
            found.append((origin, OFF, False))
    return found


def has_die_step(player: Sequence[int], opponent: Sequence[int], die: int) -> bool:
    """Whether ``die`` can be played at all: ``bool(die_steps(...))``, the same walk
    without making the list (the guide asks it of each step it weighs; building
    the list made a guide's first answers a few percent slower)."""
    if player[BAR]:
        return opponent[die] < 2
    highest = 24
    while highest and not player[highest]:
        highest -= 1
    landing = BAR + die
    for origin in range(highest, die, -1):
        if player[origin] and opponent[landing - origin] < 2:
            return True
    return highest <= 6 and bear_off_origin(player, die) > 0


def bear_off_origin(board: Sequence[int], die: int) -> int:
    """The point ``die`` bears a checker off from, every checker being home; 0 if none.

    R14: exact, or from the highest point when no checker stands higher.
    """
    highest = 6
    while highest and not board[highest]:
        highest -= 1
    return die if board[die] else highest if highest < die else 0
