"""A move: one checker's journey over several dice, and the steps that make it.

Play notation writes a checker that moves on as one move: with 6-4, ``24/14``
is the checker's two steps 24/18 18/14 or 24/20 20/14 (docs/rules.md#r6); with
2-2, ``6/2(2)`` is two checkers' two steps each. Every reader of a move splits
it here: :func:`~nard.core.notation.parse_play`, the ``.mat`` import, the
explanations (:mod:`nard.core.explain`) and the terminal's single steps.

Each die lands the checker exactly, except that the last may bear it off from a
lower point than the die (docs/rules.md#r14): ``5/off`` with 3-3 is 5/2 2/off.
Whether the points it lands on are open, whether it may leave the bar first,
whether a legal play stays reachable, is for the rules to say
(:class:`~nard.core.plays.TurnGuide`); a move only lists the ways.

>>> Move(24, 14).splits((6, 4))
[(Step(24, 18, die=6), Step(18, 14, die=4)), (Step(24, 20, die=4), Step(20, 14, die=6))]
>>> Move(25, 16).splits((3, 3, 3, 3))  # from the bar
[(Step(25, 22, die=3), Step(22, 19, die=3), Step(19, 16, die=3))]
>>> Move(5, OFF).routes((6, 3))
[(6,), (3, 6)]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from nard.core.board import OFF, Point
from nard.core.plays import Step, TurnGuide, step_orders

__all__ = ["Move", "expansions", "route_moves"]


@dataclass(frozen=True, slots=True)
class Move:
    """One checker from a point (or the bar, 25) to a point (or off, 0), over one die or more.

    >>> Move(13, 7), str(Move(25, 20))
    (Move(13, 7), 'bar/20')
    """

    from_point: Point
    to_point: Point

    def __post_init__(self) -> None:
        Step(self.from_point, self.to_point)  # the same points and direction as a step

    @classmethod
    def of(cls, step: Step) -> Move:
        """The move a written step stands for (``24/14`` parsed without the dice)."""
        return cls(step.from_point, step.to_point)

    @property
    def distance(self) -> int:
        """Pips from start to end (a bear-off may use more)."""
        return self.from_point - self.to_point

    def routes(self, dice: Sequence[int]) -> list[tuple[int, ...]]:
        """The orders of some of ``dice`` that carry the checker there, fewest dice
        first, then the larger die first."""
        found: list[tuple[int, ...]] = []
        for size in range(1, len(dice) + 1):
            for route in sorted(set(itertools.permutations(dice, size)), reverse=True):
                if self._arrives(route):
                    found.append(route)
        return found

    def _arrives(self, route: tuple[int, ...]) -> bool:
        here = self.from_point
        for die in route[:-1]:
            here -= die
            if here <= self.to_point:  # past the end (or off) before the last die
                return False
        rest = here - self.to_point
        return route[-1] == rest or (self.to_point == OFF and route[-1] > rest)

    def stops(self, route: Sequence[int]) -> list[Point]:
        """Where the checker lands between the dice of ``route`` (not the end)."""
        here = self.from_point
        stops = []
        for die in route[:-1]:
            here -= die
            stops.append(here)
        return stops

    def steps(self, route: Sequence[int]) -> tuple[Step, ...]:
        """The single-die steps of ``route``, each with its die."""
        here = self.from_point
        steps = []
        for die in route:
            there = max(here - die, OFF)
            steps.append(Step(here, there, die=die))
            here = there
        return tuple(steps)

    def splits(self, dice: Sequence[int]) -> list[tuple[Step, ...]]:
        """Every way to make the move as single-die steps, in the order of :meth:`routes`."""
        return [self.steps(route) for route in self.routes(dice)]

    def __repr__(self) -> str:
        return f"Move({self.from_point}, {self.to_point})"

    def __str__(self) -> str:
        return str(Step(self.from_point, self.to_point))


def expansions(
    moves: Sequence[Move], dice: Sequence[int]
) -> Iterator[tuple[tuple[Step, ...], ...]]:
    """Every way to make ``moves`` with ``dice``: one part of single-die steps per
    move, in the order written, the dice not shared out (the rules decide that).
    A move no dice carry stays one step as written, for the rules to say why not.

    >>> [" ".join(map(str, sum(parts, ()))) for parts in expansions([Move(24, 13)], (6, 5))]
    ['24/18 18/13', '24/19 19/13']
    """
    options = [move.splits(dice) or [(Step(move.from_point, move.to_point),)] for move in moves]
    return itertools.product(*options)


def route_moves(
    guide: TurnGuide, made: Sequence[Step], moves: Sequence[Move]
) -> tuple[Step, ...] | None:
    """The single-die steps, dice and hits filled in, that carry out ``moves`` after
    the steps ``made`` this turn, each step keeping a legal play reachable; None
    when there are none. The steps may be made in any order. As in play notation,
    a point the checker stops on unwritten is taken not to be a hit where a way
    without one exists.

    >>> from nard.core.board import Position
    >>> from nard.core.dice import Roll
    >>> guide = TurnGuide(Position.initial(), Roll(6, 4))
    >>> route_moves(guide, (), [Move(24, 14)])
    (Step(24, 18, die=6), Step(18, 14, die=4))
    >>> route_moves(guide, (), [Move(24, 8)]) is None
    True
    """
    units = len(guide.roll.units)
    hitting: tuple[Step, ...] | None = None
    for parts in expansions(moves, guide.roll.units):
        steps = [step for part in parts for step in part]
        if len(made) + len(steps) > units:
            continue
        # Any order of the steps: two checkers entering with 2-2 as bar/21(2) enter
        # both before either moves on (R12).
        for order in step_orders(steps):
            resolved = guide.resolve([*made, *order])
            if resolved is not None:
                break
        else:
            continue
        found = tuple(resolved[len(made) :])
        stops = {step.to_point for part in parts for step in part[:-1]}
        if not any(step.hit and step.to_point in stops for step in found):
            return found
        hitting = hitting or found
    return hitting
