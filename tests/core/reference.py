"""A deliberately simple, slow reference enumerator of legal plays, straight from docs/rules.md.

It shares no code with :mod:`nard.core.plays` beyond the :class:`Position`,
:class:`Roll` and :class:`RuleSet` value types. It walks every order of the dice
and every checker, step by step, with no memoisation and no pruning: each node
of the walk is a way to play the roll (a way that stops early included, R8
then discards it), and the rules are applied in the order the last paragraph of
docs/rules.md gives: V1 while walking, V2 at the end of each way, then R8 and R9.

Checkers are tracked as two kinds per point, "free" and "bound" (a bound
checker has hit this turn and V1 holds it); checkers of one kind on one point
are interchangeable, so trying one of them tries them all.

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> len(reference_plays(Position.initial(), Roll(3, 1)))
16
"""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.rules import STANDARD, EscapeScope, RuleSet

Board = tuple[tuple[int, ...], tuple[int, ...]]
"""A resulting position as (player counts, opponent counts), side on roll unchanged."""

BAR = 25
OFF = 0


@dataclass(slots=True)
class _Way:
    """One way the turn stands after some steps."""

    free: list[int]
    bound: list[int]
    opponent: list[int]
    used: tuple[int, ...]
    home_hits: frozenset[int]
    steps: tuple[tuple[int, int], ...] = ()

    def mine(self, point: int) -> int:
        return self.free[point] + self.bound[point]

    def board(self) -> Board:
        return tuple(map(operator.add, self.free, self.bound)), tuple(self.opponent)


def _open(turn: _Way, target: int) -> bool:
    """R5: a point is open unless it holds two or more opposing checkers."""
    return turn.opponent[25 - target] < 2


def _all_home(turn: _Way) -> bool:
    """R13: every checker still in play is on points 1-6."""
    return all(turn.mine(point) == 0 for point in range(7, 26))


def _steps(turn: _Way, die: int, rules: RuleSet) -> Iterator[tuple[int, bool, int]]:
    """Every (origin, bound checker?, target) that one die allows now."""
    if turn.mine(BAR):
        # R12: only checkers on the bar move; die n enters on point 25 - n.
        if _open(turn, BAR - die):
            yield BAR, False, BAR - die
        return
    for origin in range(24, 0, -1):
        for is_bound in (False, True):
            if not (turn.bound if is_bound else turn.free)[origin]:
                continue
            target = origin - die
            if target >= 1:
                if not _open(turn, target):
                    continue
                if is_bound and rules.escape_after_hit and turn.mine(target):
                    continue  # V1: a checker that hit may not join its own checkers
                yield origin, is_bound, target
            elif _all_home(turn):
                # R14: exactly, or from the highest point when none stands higher.
                higher = any(turn.mine(point) for point in range(origin + 1, 25))
                if target == 0 or not higher:
                    yield origin, is_bound, OFF


def _after(turn: _Way, origin: int, is_bound: bool, target: int, die: int, rules: RuleSet) -> _Way:
    # Lists are copied before they change and never changed after: ways share them.
    free, bound, opponent = turn.free, turn.bound, turn.opponent
    hit = target != OFF and opponent[25 - target] == 1
    if hit:
        opponent = opponent[:]
        opponent[25 - target] = 0
        opponent[BAR] += 1
    binds = (
        hit and rules.escape_after_hit and (rules.escape_scope is EscapeScope.BOARD or target <= 6)
    )
    lands_bound = target != OFF and (is_bound or binds)
    if is_bound or lands_bound:
        bound = bound[:]
    if not is_bound or not lands_bound:
        free = free[:]
    (bound if is_bound else free)[origin] -= 1
    (bound if lands_bound else free)[target] += 1
    home_hits = turn.home_hits | {target} if hit and target <= 6 else turn.home_hits
    steps = (*turn.steps, (origin, target))
    return _Way(free, bound, opponent, (*turn.used, die), home_hits, steps)


def _walk(turn: _Way, dice: tuple[int, ...], rules: RuleSet, ways: list[_Way]) -> None:
    """Collect this way and every way that continues it with the next die of this order."""
    ways.append(turn)
    if dice:
        for origin, is_bound, target in _steps(turn, dice[0], rules):
            _walk(_after(turn, origin, is_bound, target, dice[0], rules), dice[1:], rules, ways)


def reference_ways(position: Position, roll: Roll, rules: RuleSet = STANDARD) -> list[_Way]:
    """Every way to play ``roll`` step by step that the customs allow (V1 while
    walking, V2 at the end), however many dice it uses."""
    start = _Way(list(position.player), [0] * 26, list(position.opponent), (), frozenset())
    orders = {roll.units} if roll.is_double else {(roll.high, roll.low), (roll.low, roll.high)}
    ways: list[_Way] = []
    for order in sorted(orders):
        _walk(start, order, rules, ways)
    if rules.no_home_cover_after_hit:
        # V2 is judged at the end of the turn, so a way may pass through a hit point.
        ways = [way for way in ways if all(way.mine(p) < 2 for p in way.home_hits)]
    return ways


def reference_dice_used(position: Position, roll: Roll, rules: RuleSet = STANDARD) -> int:
    """R8: the greatest number of dice (units of a double) some allowed way uses."""
    return max(len(way.used) for way in reference_ways(position, roll, rules))


def legal_ways(position: Position, roll: Roll, rules: RuleSet = STANDARD) -> list[_Way]:
    """The ways that make legal plays (R8, then R9); none when no die can be played (R10)."""
    ways = reference_ways(position, roll, rules)
    most = max(len(way.used) for way in ways)
    if most == 0:
        return []
    ways = [way for way in ways if len(way.used) == most]  # R8
    if most == 1 and not roll.is_double:
        larger = [way for way in ways if way.used[0] == roll.high]
        ways = larger or ways  # R9
    return ways


def reference_plays(position: Position, roll: Roll, rules: RuleSet = STANDARD) -> frozenset[Board]:
    """The resulting boards of the legal plays; empty when no die can be played (R10)."""
    return frozenset(way.board() for way in legal_ways(position, roll, rules))


def reference_paths(
    position: Position, roll: Roll, rules: RuleSet = STANDARD
) -> dict[Board, set[tuple[tuple[int, int], ...]]]:
    """Each legal play's resulting board with every step sequence that reaches it."""
    paths: dict[Board, set[tuple[tuple[int, int], ...]]] = {}
    for way in legal_ways(position, roll, rules):
        paths.setdefault(way.board(), set()).add(way.steps)
    return paths


# -- a deterministic corpus of positions from random games ------------------------------


@dataclass(frozen=True)
class Sample:
    """A position met in a random game, the roll then rolled, and the reference's
    standard answer (the board the game went on with is one of them)."""

    position: Position
    roll: Roll
    standard: frozenset[Board]


def random_game_samples(count: int, seed: int = 20261129) -> list[Sample]:
    """``count`` positions, in game order, from games where each side picks a
    uniformly random legal play (as the reference sees it, standard rules)."""
    rng = random.Random(seed)
    samples: list[Sample] = []
    position = Position.initial()
    while len(samples) < count:
        roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
        plays = reference_plays(position, roll)
        samples.append(Sample(position, roll, plays))
        if plays:
            player, opponent = rng.choice(sorted(plays))
            position = Position(player, opponent, position.turn)
        position = Position.initial() if position.player[OFF] == 15 else position.swap()
    return samples


def board_of(position: Position) -> Board:
    """The (player, opponent) board of a position, as the reference returns them."""
    return position.player, position.opponent


def all_rolls() -> Iterator[Roll]:
    """The 21 distinct rolls."""
    for high, low in itertools.combinations_with_replacement(range(6, 0, -1), 2):
        yield Roll(high, low)


def apply_steps(position: Position, steps: Iterable[tuple[int, int]]) -> Board:
    """The board after moving checkers ``from -> to`` one step at a time, hitting
    blots on the way; refuses a step from an empty point or onto a closed one."""
    player, opponent = list(position.player), list(position.opponent)
    for origin, target in steps:
        if not player[origin]:
            raise ValueError(f"no checker on {origin}")
        if target != OFF:
            if opponent[25 - target] >= 2:
                raise ValueError(f"point {target} is closed")
            if opponent[25 - target] == 1:
                opponent[25 - target] = 0
                opponent[BAR] += 1
        player[origin] -= 1
        player[target] += 1
    return tuple(player), tuple(opponent)
