"""Seed 004's drill: every step of each die, and whether the other die can follow.

For a roll of two different dice, list every step of the one die, then every
step of the other; after each, look at the board for a step of the other die.
A first step after which the other die can be played begins a *two-dice
route*; one after which it cannot is a *one-die route*. The routes are read
from nard.core's search graph (:class:`~nard.core.plays.TurnGuide`), so
closed points, the bar and the customs count as the engine counts them.

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> open_board = die_routes(Position.from_points({24: 1, 1: 14}, {}), Roll(6, 4))
>>> [(str(route.first), [str(s) for s in route.then]) for route in open_board[6]]
[('24/18', ['18/14'])]
>>> blocked = die_routes(Position.from_points({24: 1, 1: 14}, {11: 2}), Roll(6, 4))
>>> [(str(route.first), route.two_dice) for die in (6, 4) for route in blocked[die]]
[('24/18', False), ('24/20', False)]
"""

from __future__ import annotations

from dataclasses import dataclass

from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.plays import Step, TurnGuide
from nard.core.rules import STANDARD, RuleSet


@dataclass(frozen=True, slots=True)
class Route:
    """A first step of one die and the steps of the other die that may follow it."""

    first: Step
    then: tuple[Step, ...]

    @property
    def two_dice(self) -> bool:
        """Whether the other die can be played after this step."""
        return bool(self.then)


def die_routes(position: Position, roll: Roll, rules: RuleSet = STANDARD) -> dict[int, list[Route]]:
    """Each die of a non-double roll (larger first) with its routes; doubles have none
    (their question is how many of the four units can be played, R7/R8)."""
    if roll.is_double:
        return {}
    guide = TurnGuide(position, roll, rules)
    nodes = guide.nodes
    table: dict[int, dict[tuple[int, int], list[Step]]] = {roll.high: {}, roll.low: {}}
    firsts: dict[tuple[int, int], Step] = {}
    for edge, child in nodes[guide.root].children:
        where = (edge.from_point, edge.to_point)
        # Under V1 one step can lead to two nodes (the checker that hit or another).
        follow = table[edge.die].setdefault(where, [])
        firsts.setdefault(where, edge)
        for second, _ in nodes[child].children:
            if second not in follow:
                follow.append(second)
    return {
        die: [Route(firsts[where], tuple(then)) for where, then in by_step.items()]
        for die, by_step in table.items()
    }
