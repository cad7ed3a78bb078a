"""A step (one die's checker movement) and a play (the whole turn), and making them.

>>> from nard.core.board import Position
>>> play = Play((Step(13, 7), Step(8, 7)))
>>> apply_play(Position.initial(), play).player[7]
2
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from nard.core.board import BAR, OFF, Point, Position


@dataclass(frozen=True, slots=True)
class Step:
    """One die's checker movement, from a point (or the bar, 25) to a point (or off, 0).

    Two steps are equal when they move from and to the same points; ``hit``
    and ``die`` are information the engine fills in (``die`` 0: not stated).

    >>> Step(13, 7, hit=True)
    Step(13, 7, hit=True)
    >>> Step(6, 0) == Step(6, 0, die=6)
    True
    """

    from_point: Point
    to_point: Point
    hit: bool = field(default=False, compare=False)
    die: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.from_point <= BAR:
            raise ValueError(f"a step starts on a point 1..24 or the bar, not {self.from_point}")
        if not OFF <= self.to_point <= 24:
            raise ValueError(f"a step ends on a point 1..24 or off, not {self.to_point}")
        if self.to_point >= self.from_point:
            raise ValueError(
                f"a checker moves from higher to lower points: {self.from_point} -> {self.to_point}"
            )

    @property
    def distance(self) -> int:
        """Pips moved: the die it takes, or at least that for a bear-off from a lower point."""
        return self.from_point - self.to_point

    def __repr__(self) -> str:
        extra = ", hit=True" if self.hit else ""
        if self.die:
            extra += f", die={self.die}"
        return f"Step({self.from_point}, {self.to_point}{extra})"

    def __str__(self) -> str:
        from nard.core.notation import format_step

        return format_step(self)


@dataclass(frozen=True, slots=True)
class Play:
    """A whole turn: the steps in the order they were made (empty when no play exists)."""

    steps: tuple[Step, ...] = ()

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def __bool__(self) -> bool:
        return bool(self.steps)

    @property
    def hits(self) -> int:
        """How many opposing blots this play hits."""
        return sum(step.hit for step in self.steps)

    def __str__(self) -> str:
        from nard.core.notation import format_play

        return format_play(self)

    def __repr__(self) -> str:
        """``Play((Step(13, 7), Step(8, 7)))``: evaluates back to an equal play."""
        return f"Play({self.steps!r})"


NO_PLAY = Play()
"""The empty play: the turn passes (R10)."""


# Play's generated __init__ costs about as much as finding a play, so the
# searches make the plays they find with object.__new__ and set its one field.
set_play_steps = Play.__dict__["steps"].__set__


def step_orders(steps: Sequence[Step]) -> Iterator[tuple[Step, ...]]:
    """The given order first, then every other distinct order (at most 4! = 24).

    >>> [" ".join(map(str, order)) for order in step_orders([Step(8, 5), Step(6, 5)])]
    ['8/5 6/5', '6/5 8/5']
    """
    yield tuple(steps)
    seen = {tuple(steps)}
    for order in itertools.permutations(steps):
        if order not in seen:
            seen.add(order)
            yield order


def apply_step(position: Position, step: Step) -> Position:
    """The position after one step, the same side still on roll (no legality check
    beyond the checkers being there and the landing point not closed)."""
    player = list(position.player)
    opponent = list(position.opponent)
    if not player[step.from_point]:
        raise ValueError(f"no checker of the side on roll on point {step.from_point}")
    player[step.from_point] -= 1
    player[step.to_point] += 1
    if step.to_point != OFF:
        blockers = opponent[25 - step.to_point]
        if blockers >= 2:
            raise ValueError(f"point {step.to_point} is closed (R5)")
        if blockers == 1:
            opponent[25 - step.to_point] = 0
            opponent[BAR] += 1
    return Position(tuple(player), tuple(opponent), position.turn)


def apply_play(position: Position, play: Play) -> Position:
    """The position after all steps of a play, the same side still on roll."""
    for step in play.steps:
        position = apply_step(position, step)
    return position
