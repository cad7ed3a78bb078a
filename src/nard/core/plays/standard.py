"""The fast search for the standard rules, and how many dice a board lets the mover play.

Without V1/V2 a way to play the roll needs no state beyond the board, and the
opponent changes only where a blot is hit. So this search moves checkers on
one list and takes each step back after trying it, and names a resulting
position by a number that its steps add up to; the positions themselves are
made only when asked for. It finds the same plays, with the same steps, in the
same order as the customs search (:mod:`nard.core.plays.customs`;
tests/core/test_search_paths.py and bench/samecheck.py compare them).

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> dice_used, plays = standard_plays(Position.initial(), Roll(3, 1))
>>> dice_used, len(plays)
(2, 16)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from nard.core.board import BAR, OFF, Position
from nard.core.dice import Roll
from nard.core.plays.play import Play, Step, set_play_steps
from nard.core.plays.steps import STEP, bear_off_origin

# A resulting position's key: the sum over its steps of _UNIT[to] - _UNIT[from],
# plus _HIT[to] for a hit. It is a number in base 16 whose digits are how many
# checkers each point gained or lost (at most 4 either way, so no digit spills
# into the next) followed by the points hit, so equal keys mean equal positions.
_UNIT = tuple(1 << 4 * point for point in range(26))
_HIT = tuple(1 << 4 * (26 + point) for point in range(26))

_Ends = dict[int, tuple[Step, ...]]
"""The ways to play found, one per resulting position: its key, its steps."""


def standard_plays(position: Position, roll: Roll) -> tuple[int, list[Play]]:
    """The dice every legal play uses, and the legal plays, one per resulting position."""
    dice_used, ends = standard_ends(position, roll)
    return dice_used, make_plays(ends)


def standard_ends(position: Position, roll: Roll) -> tuple[int, Collection[tuple[Step, ...]]]:
    """The dice every legal play uses, and each legal play's steps, one per resulting
    position: :func:`standard_plays` before the plays are made, which costs about a
    fifth of the search, so that :class:`~nard.core.plays.legal.LegalPlays` makes
    them only when they are asked for."""
    board = list(position.player)
    if roll.high == roll.low:
        dice_used, ends = Doubles(board, position.opponent, roll.high).plays(board)
    else:
        dice_used, ends = _two_dice(board, position.opponent, roll.high, roll.low)
    return dice_used, (ends.values() if dice_used else ())


def make_plays(ends: Collection[tuple[Step, ...]]) -> list[Play]:
    """The plays with these steps."""
    plays = []
    new = object.__new__
    for steps in ends:
        play = new(Play)
        set_play_steps(play, steps)
        plays.append(play)
    return plays


_Move = tuple[int, int, bool, int, Step]
"""A step with what the search needs of it: (from, to, hit, key change, the Step)."""


def _move_table() -> tuple[tuple[tuple[_Move, _Move], ...], ...]:
    table: list[tuple[tuple[_Move, _Move], ...]] = [()]
    for die in range(1, 7):
        by_origin: list[tuple[_Move, _Move]] = []
        for origin in range(BAR + 1):
            target = max(origin - die, OFF)
            pair = []
            for hit in (False, True):
                hit = hit and target > OFF
                delta = _UNIT[target] - _UNIT[origin] + (_HIT[target] if hit else 0)
                pair.append((origin, target, hit, delta, STEP[die][max(origin, 1)][hit]))
            by_origin.append((pair[0], pair[1]))
        table.append(tuple(by_origin))
    return tuple(table)


_MOVE = _move_table()
"""Every step made once with its key change, as ``_MOVE[die][from][hit]``: the search
then appends and adds shared tuples instead of making and looking up per step."""


def _die_moves(player: Sequence[int], opponent: Sequence[int], die: int) -> list[_Move]:
    """:func:`~nard.core.plays.steps.die_steps` as entries of :data:`_MOVE`, in the same order."""
    moves = _MOVE[die]
    if player[BAR]:
        blockers = opponent[die]
        return [] if blockers >= 2 else [moves[BAR][blockers]]
    highest = 24
    while highest and not player[highest]:
        highest -= 1
    landing = BAR + die  # the opponent's number of the point ``origin - die`` is landing - origin
    found = [
        moves[origin][opponent[landing - origin]]
        for origin in range(highest, die, -1)
        if player[origin] and opponent[landing - origin] < 2
    ]
    if highest <= 6:
        origin = bear_off_origin(player, die)
        if origin:
            found.append(moves[origin][0])
    return found


def _two_dice(board: list[int], opponent: Sequence[int], high: int, low: int) -> tuple[int, _Ends]:
    both: _Ends = {}
    alone: tuple[_Ends, _Ends] = ({}, {})
    on_bar = board[BAR]
    # Checkers not yet home (the bar included): while one is left, nobody bears off.
    outside = sum(board[7:])
    high_moves = _die_moves(board, opponent, high)
    low_moves = _die_moves(board, opponent, low)
    for first, second, found, later, singles in (
        (high, low, high_moves, low_moves, alone[0]),
        (low, high, low_moves, high_moves, alone[1]),
    ):
        second_moves = _MOVE[second]
        for origin, target, hit, key, step in found:
            replied = False
            if on_bar or outside == (origin > 6 >= target):
                # Entering, or bearing off may be allowed next: ask the board.
                board[origin] -= 1
                board[target] += 1
                replies = _die_moves(board, opponent, second)
                board[origin] += 1
                board[target] -= 1
                for reply in replies:
                    if hit and reply[1] == target:  # that blot is gone
                        reply = second_moves[reply[0]][0]
                    key2 = key + reply[3]
                    if key2 not in both:
                        both[key2] = (step, reply[4])
                replied = bool(replies)
            elif first == low and both:
                # Both orders of two steps by different checkers were tried with the
                # larger die first: only the same checker going on can end elsewhere.
                beyond = target - second
                if beyond >= 1 and opponent[BAR - beyond] < 2:
                    reply = second_moves[target][opponent[BAR - beyond]]
                    key2 = key + reply[3]
                    if key2 not in both:
                        both[key2] = (step, reply[4])
                continue  # ``both`` is not empty: no single step counts
            else:
                # The second die's steps before the first step, less the point it
                # emptied, plus the point it newly took (in their place in the order).
                beyond = target - second
                blockers = opponent[BAR - beyond] if beyond >= 1 else 2
                pending = (
                    second_moves[target][blockers] if not board[target] and blockers < 2 else None
                )
                emptied = origin if board[origin] == 1 else -1
                for reply in later:
                    if pending is not None and reply[0] < target:
                        key2 = key + pending[3]
                        if key2 not in both:
                            both[key2] = (step, pending[4])
                        pending = None
                        replied = True
                    if reply[0] == emptied:
                        continue
                    replied = True
                    if hit and reply[1] == target:  # that blot is gone
                        reply = second_moves[reply[0]][0]
                    key2 = key + reply[3]
                    if key2 not in both:
                        both[key2] = (step, reply[4])
                if pending is not None:
                    key2 = key + pending[3]
                    if key2 not in both:
                        both[key2] = (step, pending[4])
                    replied = True
            if not replied and not both:
                singles.setdefault(key, (step,))
    if both:
        return 2, both
    # R9: when only one die can be played, the larger one if it can be.
    singles = alone[0] or alone[1]
    return (1 if singles else 0), singles


def double_origins(player: Sequence[int], opponent: Sequence[int], die: int) -> list[int]:
    """Every point a checker may step from without bearing off, this turn and under a
    double of ``die``, highest first: the occupied ones and those steps lead to,
    when the landing is open. Later boards of the turn need no others."""
    starts: set[int] = set()
    for point in range(1, BAR + 1):
        if player[point]:
            starts.update(range(point, die, -die))
    return sorted((point for point in starts if opponent[BAR - point + die] < 2), reverse=True)


class Doubles:
    """The ways to play a double of ``die`` from the boards of a turn (each changed
    in place and restored), under the standard rules.

    Any order of a double's steps can be replayed with the higher starting
    points first (a step never opens a higher point, nor takes the bar or a
    bear-off away from one), so only those orders are walked: each set of steps
    once. V1 breaks this, as there the order decides which checker has hit.
    Walking that way, a checker never lands where an earlier step left, so a
    landing hits exactly when the point is a blot and none of the mover's
    checkers is there yet.

    The walks are methods, not closures that call themselves: such a closure is
    a reference cycle, garbage that only the collector frees, on every roll.

    They step by the die inline rather than through
    :func:`~nard.core.plays.steps.die_steps`, for speed: the open landings are
    found once per roll (:func:`double_origins`), and each walk goes on from the
    index where the last step started, where ``die_steps`` would scan all 24
    points, check each landing again and build a list at every one of up to
    four levels of the hottest search of the move generator.
    """

    __slots__ = ("best", "board", "cap", "die", "entering", "found", "opponent", "origins", "path")

    def __init__(self, start: Sequence[int], opponent: Sequence[int], die: int) -> None:
        """``start``: the mover's checkers when the double was rolled."""
        self.opponent = opponent
        self.die = die
        self.origins = double_origins(start, opponent, die)
        self.entering = bool(self.origins) and self.origins[0] == BAR
        self.board: list[int] = []
        self.path: list[Step] = []
        self.found: list[_Ends] = []
        self.cap = 4
        self.best = 0

    def plays(self, board: list[int]) -> tuple[int, _Ends]:
        """How many units every legal play from ``board`` uses, and the ways to play
        that many."""
        self.board, self.path, self.found = board, [], [{}, {}, {}, {}, {}]
        self._walk_plays(0, BAR, 0, sum(board[7:]))
        most = max(units for units in range(5) if self.found[units])
        return most, self.found[most]

    def _walk_plays(self, first: int, top: int, key: int, outside: int) -> None:
        board, path = self.board, self.path
        moved = False
        if len(path) < 4:
            origins, die, opponent, steps = self.origins, self.die, self.opponent, STEP[self.die]
            stop = (1 if self.entering else 0) if board[BAR] else len(origins)
            for index in range(first, stop):
                origin = origins[index]
                if not board[origin]:
                    continue
                target = origin - die
                hit = opponent[BAR - target] == 1 and not board[target]
                board[origin] -= 1
                board[target] += 1
                path.append(steps[origin][hit])
                self._walk_plays(
                    index,
                    origin,
                    key + _UNIT[target] - _UNIT[origin] + (_HIT[target] if hit else 0),
                    outside - (origin > 6 >= target),
                )
                path.pop()
                board[origin] += 1
                board[target] -= 1
                moved = True
            if not outside:
                origin = bear_off_origin(board, die)
                if 0 < origin <= top:
                    board[origin] -= 1
                    board[OFF] += 1
                    path.append(steps[origin][False])
                    self._walk_plays(len(origins), origin, key + _UNIT[OFF] - _UNIT[origin], 0)
                    path.pop()
                    board[origin] += 1
                    board[OFF] -= 1
                    moved = True
        if not moved:
            self.found[len(path)].setdefault(key, tuple(path))

    def units(self, board: list[int], cap: int) -> int:
        """How many units can be played from ``board``, up to ``cap``: the most a way
        to play uses (R8)."""
        self.board, self.cap, self.best = board, cap, 0
        if cap:
            self._walk_units(0, BAR, 0, sum(board[7:]))
        return self.best

    def _walk_units(self, first: int, top: int, units: int, outside: int) -> bool:
        """Walks on until ``cap`` units are played; whether they were."""
        if units > self.best:
            self.best = units
            if units == self.cap:
                return True
        board, origins, die = self.board, self.origins, self.die
        stop = (1 if self.entering else 0) if board[BAR] else len(origins)
        for index in range(first, stop):
            origin = origins[index]
            if not board[origin]:
                continue
            target = origin - die
            board[origin] -= 1
            board[target] += 1
            done = self._walk_units(index, origin, units + 1, outside - (origin > 6 >= target))
            board[origin] += 1
            board[target] -= 1
            if done:
                return True
        if not outside:
            origin = bear_off_origin(board, die)
            if 0 < origin <= top:
                board[origin] -= 1
                board[OFF] += 1
                done = self._walk_units(len(origins), origin, units + 1, 0)
                board[origin] += 1
                board[OFF] -= 1
                if done:
                    return True
        return False


def die_lanes(opponent: Sequence[int], die: int, shunned: Collection[int] = ()) -> list[int]:
    """For each point (and the bar), how many steps of ``die`` in a row a checker
    there can make without bearing off, each landing open (R5) and not on a blot
    on one of the ``shunned`` points.

    Under the standard rules checkers go along these lanes alone: no step closes
    a point. So unless checkers on the bar cannot enter, a board lets the mover
    play at least as many units as the sum of its checkers' lanes (those on the
    bar entering first). A step along a lane shortens the sum by one.
    """
    found = [0] * (BAR + 1)
    for point in range(die + 1, BAR + 1):
        landing = point - die
        blockers = opponent[BAR - landing]
        if blockers < 2 and not (blockers and landing in shunned):
            found[point] = 1 + found[landing]
    return found
