"""Checkers put by hand on a practice board, before the rules judge the play.

The trainer's drills and the mistake puzzles let the side on roll enter a play
step by step on the board, the steps the rules would refuse included (the
point of a drill is to see them refused). A free step moves one checker from a
point (or the bar, which comes first) to a lower point not held by two or more
opposing checkers, or off; it hits a lone opposing checker.

>>> start = Position.initial()
>>> free_destinations(start)[24][:3], free_destinations(start)[24][-1]
((23, 22, 21), 0)
>>> after, step = free_step(start, 24, 21)
>>> after.player[21], step
(1, Step(24, 21))
"""

from __future__ import annotations

from nard.core.board import BAR, OFF, POINTS, Point, Position
from nard.core.plays import Step


def free_destinations(position: Position) -> dict[Point, tuple[Point, ...]]:
    """Where each checker of the side on roll may be put by hand, highest point first."""
    player, opponent = position.player, position.opponent
    sources = [BAR] if player[BAR] else [p for p in range(POINTS, 0, -1) if player[p]]
    return {
        source: (*(to for to in range(source - 1, 0, -1) if opponent[25 - to] < 2), OFF)
        for source in sources
    }


def free_step(position: Position, from_point: Point, to_point: Point) -> tuple[Position, Step]:
    """The board after one free step, and the step with its hit; ValueError if none."""
    if to_point not in free_destinations(position).get(from_point, ()):
        raise ValueError(f"no checker can be put from {from_point} to {to_point}")
    player, opponent = list(position.player), list(position.opponent)
    player[from_point] -= 1
    player[to_point] += 1
    hit = to_point != OFF and opponent[25 - to_point] == 1
    if hit:
        opponent[25 - to_point] = 0
        opponent[BAR] += 1
    after = Position(tuple(player), tuple(opponent), position.turn)
    return after, Step(from_point, to_point, hit=hit)
