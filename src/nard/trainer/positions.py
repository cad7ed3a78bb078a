"""Seeded positions for drills: random but plausible boards of a given shape.

Every position comes from a ``random.Random`` the caller seeds, so a drill is
the same wherever it is made. The shapes set up what a drill needs: checkers
on the bar facing closed entry points, a home board to bear off from, blots
to hit for the Iranian customs. Which rule a position then shows is the
engine's business (nard.trainer.drills asks nard.core).

>>> import random
>>> position = sample(random.Random(1), Shape.BAR, bar=2)
>>> position.player[25]
2
>>> sum(position.player), sum(position.opponent)
(15, 15)
"""

from __future__ import annotations

import random
from enum import StrEnum

from nard.core.board import BAR, Point, Position


class Shape(StrEnum):
    """What a sampled position is set up to show."""

    CONTACT = "contact"
    """Both sides spread over the board."""
    BAR = "bar"
    """Some of the mover's checkers on the bar, entry points partly closed."""
    BEAR_OFF = "bear-off"
    """All the mover's checkers in the home board, some borne off."""
    HITS = "hits"
    """Opponent blots in reach, in the mover's home board too (V1, V2)."""
    BLOCKED = "blocked"
    """One or two runners facing closed points, the rest deep at home: where only
    one die, or the larger, or nothing can be played (R8-R10)."""


def _spread(rng: random.Random, points: list[Point], checkers: int) -> dict[Point, int]:
    """``checkers`` placed on some of ``points``, one at least on each point used."""
    if not points or not checkers:
        return {}
    # At least three points for a full side, as in play (no fifteen-checker stacks).
    most = min(len(points), checkers, 7)
    used = rng.sample(points, rng.randint(min(most, 3 if checkers > 5 else 1), most))
    counts = dict.fromkeys(used, 1)
    for _ in range(checkers - len(used)):
        counts[rng.choice(used)] += 1
    return counts


def _opponent(
    rng: random.Random, taken: set[Point], checkers: int, closed: list[Point], blots: list[Point]
) -> dict[Point, int]:
    """The opponent's checkers, in the mover's numbering, kept off the mover's points:
    two on each of ``closed``, one on each of ``blots``, the rest spread."""
    counts: dict[Point, int] = {}
    for point in closed:
        if point not in taken and checkers >= 2:
            counts[point] = 2
            checkers -= 2
    for point in blots:
        if point not in taken and point not in counts and checkers >= 1:
            counts[point] = 1
            checkers -= 1
    free = [p for p in range(1, 25) if p not in taken and p not in counts]
    # Where the rest go decides nothing the drill asks about: keep them in the
    # opponent's home board (the mover's 19..24) when there is room, as in play.
    home = [p for p in free if p >= 19] or free
    for point, count in _spread(rng, home, checkers).items():
        counts[point] = counts.get(point, 0) + count
    return {25 - point: count for point, count in counts.items()}


def sample(rng: random.Random, shape: Shape, *, bar: int = 1, closed: int = 0) -> Position:
    """A position of ``shape``: ``bar`` checkers on the bar (Shape.BAR) and about
    ``closed`` points the opponent holds where the mover must land."""
    if shape is Shape.BEAR_OFF:
        on_board = rng.randint(3, 15)
        mine = _spread(rng, list(range(1, 7)), on_board)
        # An opponent checker on the bar or an anchor in the home board keeps contact.
        near = [p for p in range(1, 7) if p not in mine]
        held = rng.sample(near, min(len(near), closed))
        theirs = _opponent(rng, set(mine), 15, held, [])
        if closed and rng.random() < 0.5:
            theirs[BAR] = 1
            far = max(theirs, key=lambda p: (p != BAR, theirs[p]))
            theirs[far] -= 1
            theirs = {p: c for p, c in theirs.items() if c}
        return Position.from_points(mine, theirs)
    if shape is Shape.BAR:
        mine = _spread(rng, list(range(1, 19)), 15 - bar)
        mine[BAR] = bar
        entry = [p for p in range(19, 25) if p not in mine]
        theirs = _opponent(rng, set(mine), 15, rng.sample(entry, min(len(entry), closed)), [])
        return Position.from_points(mine, theirs)
    if shape is Shape.BLOCKED:
        runners = rng.sample(range(8, 25), rng.randint(1, 2))
        mine = _spread(rng, [1, 2], 15 - len(runners))
        for point in runners:
            mine[point] = 1
        ahead = [p for p in range(3, max(runners)) if p not in mine]
        held = rng.sample(ahead, min(len(ahead), closed))
        return Position.from_points(mine, _opponent(rng, set(mine), 15, held, []))
    if shape is Shape.HITS:
        mine = _spread(rng, list(range(1, 13)), rng.randint(8, 13))
        high = _spread(rng, list(range(13, 25)), 15 - sum(mine.values()))
        for point, count in high.items():
            mine[point] = mine.get(point, 0) + count
        open_home = [p for p in range(1, 13) if p not in mine]
        blots = rng.sample(open_home, min(len(open_home), rng.randint(1, 3)))
        board = [p for p in range(2, 24) if p not in mine and p not in blots]
        held = rng.sample(board, min(len(board), closed))
        return Position.from_points(mine, _opponent(rng, set(mine), 15, held, blots))
    mine = _spread(rng, list(range(1, 25)), 15)
    board = [p for p in range(1, 25) if p not in mine]
    held = rng.sample(board, min(len(board), closed))
    blots = rng.sample([p for p in board if p not in held], min(len(board) - len(held), 2))
    return Position.from_points(mine, _opponent(rng, set(mine), 15, held, blots))
