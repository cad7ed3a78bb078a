"""Steps, plays and legal play generation (docs/rules.md R5-R14, V1, V2).

A :class:`Step` is one die's checker movement; a :class:`Play` is the whole
turn. :func:`generate_plays` lists every legal play of a roll, one per
resulting position, gnubg-style: walk every way to play the dice step by
step, then keep the ways that use the most dice (R8) and, when only one die of
a non-double can be used, the larger one (R9).

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> plays = Position.initial().legal_plays(Roll(3, 1))
>>> len(plays)
16
>>> from nard.core.notation import parse_play
>>> parse_play("8/5 6/5") in plays
True
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING

from nard.core.board import BAR, OFF, Point, Position, Side
from nard.core.dice import Roll
from nard.core.rules import STANDARD, EscapeScope, RuleSet

if TYPE_CHECKING:
    from nard.core.explain import Explanation


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
        return f"Play({list(self.steps)!r})"


NO_PLAY = Play()
"""The empty play: the turn passes (R10)."""


# -- the search, standard rules -----------------------------------------------------------
#
# Without V1/V2 a way to play the roll needs no state beyond the board, and the
# opponent changes only where a blot is hit. So this search moves checkers on one
# list and takes each step back after trying it, and names a resulting position
# by a number that its steps add up to; the positions themselves are made only
# when asked for. It finds the same plays, with the same steps, in the same
# order as the general search below (bench/samecheck.py compares them).

_Board = tuple[tuple[int, ...], tuple[int, ...]]
"""A resulting position's checkers: (player, opponent), the same side still on roll."""

# A resulting position's key: the sum over its steps of _UNIT[to] - _UNIT[from],
# plus _HIT[to] for a hit. It is a number in base 16 whose digits are how many
# checkers each point gained or lost (at most 4 either way, so no digit spills
# into the next) followed by the points hit, so equal keys mean equal positions.
_UNIT = tuple(1 << 4 * point for point in range(26))
_HIT = tuple(1 << 4 * (26 + point) for point in range(26))


def _step_table() -> tuple[tuple[tuple[Step, Step], ...], ...]:
    """Every step there can be, made once and shared (steps are immutable), as
    ``table[die][from][hit]``; a die bears off from a point no higher than itself."""
    table: list[tuple[tuple[Step, Step], ...]] = [()]
    for die in range(1, 7):
        by_origin: list[tuple[Step, Step]] = [(Step(BAR, 24), Step(BAR, 24))]  # unused: point 0
        for origin in range(1, BAR + 1):
            target = max(origin - die, OFF)
            plain = Step(origin, target, False, die)
            by_origin.append((plain, Step(origin, target, True, die) if target else plain))
        table.append(tuple(by_origin))
    return tuple(table)


_STEP = _step_table()

# Play's generated __init__ costs about as much as finding a play, so the plays
# found are made by setting their one field directly.
_new = object.__new__
_set_steps = Play.__dict__["steps"].__set__


def _moves(board: list[int], die: int, opp: list[int]) -> list[tuple[int, int]]:
    """Every (from, to) a die allows, highest point first (R5, R12, R13, R14);
    ``opp[p]``: the opponent's checkers on the mover's point p."""
    if board[BAR]:
        target = BAR - die
        return [] if opp[target] > 1 else [(BAR, target)]
    highest = 24
    while highest and not board[highest]:
        highest -= 1
    moves = [
        (origin, origin - die)
        for origin in range(highest, die, -1)
        if board[origin] and opp[origin - die] < 2
    ]
    if highest <= 6:
        # R14: exact, or from the highest point when no checker stands higher.
        origin = highest if highest < die else die if board[die] else 0
        if origin:
            moves.append((origin, OFF))
    return moves


def _standard_plays(position: Position, roll: Roll) -> tuple[int, list[Play]]:
    """The dice every legal play uses, and the legal plays, one per resulting position."""
    # The opponent's checkers on each of the mover's points (none off the board).
    opp = [0, *position.opponent[24:0:-1], 0]
    board = list(position.player)
    if roll.high == roll.low:
        dice_used, ends = _four_units(board, opp, roll.high)
    else:
        dice_used, ends = _two_dice(board, opp, roll.high, roll.low)
    plays = []
    if dice_used:
        for steps in ends.values():
            play = _new(Play)
            _set_steps(play, steps)
            plays.append(play)
    return dice_used, plays


def _two_dice(
    board: list[int], opp: list[int], high: int, low: int
) -> tuple[int, dict[int, tuple[Step, ...]]]:
    both: dict[int, tuple[Step, ...]] = {}
    alone: tuple[dict[int, tuple[Step, ...]], ...] = ({}, {})
    on_bar = board[BAR]
    # Checkers not yet home (the bar included): while one is left, nobody bears off.
    outside = sum(board[7:])
    high_moves = _moves(board, high, opp)
    low_moves = _moves(board, low, opp)
    for first, second, moves, later, singles in (
        (high, low, high_moves, low_moves, alone[0]),
        (low, high, low_moves, high_moves, alone[1]),
    ):
        first_steps, second_steps = _STEP[first], _STEP[second]
        for origin, target in moves:
            hit = opp[target] == 1
            key = _UNIT[target] - _UNIT[origin] + (_HIT[target] if hit else 0)
            step = first_steps[origin][hit]
            if on_bar or outside == (origin > 6 >= target):
                # Entering, or bearing off may be allowed next: ask the board.
                board[origin] -= 1
                board[target] += 1
                replies = _moves(board, second, opp)
                board[origin] += 1
                board[target] -= 1
            elif first == low and both:
                # Both orders of two steps by different checkers were tried with the
                # larger die first: only the same checker going on can end elsewhere.
                beyond = target - second
                replies = [] if beyond < 1 or opp[beyond] > 1 else [(target, beyond)]
            else:
                # The second die's moves before the first step, less the point it
                # emptied, plus the point it newly took.
                replies = []
                beyond = target - second
                pending = not board[target] and beyond >= 1 and opp[beyond] < 2
                for reply in later:
                    if pending and reply[0] < target:
                        replies.append((target, beyond))
                        pending = False
                    if reply[0] != origin or board[origin] > 1:
                        replies.append(reply)
                if pending:
                    replies.append((target, beyond))
            for origin2, target2 in replies:
                hit2 = opp[target2] == 1 and not (hit and target2 == target)
                key2 = key + _UNIT[target2] - _UNIT[origin2] + (_HIT[target2] if hit2 else 0)
                if key2 not in both:
                    both[key2] = (step, second_steps[origin2][hit2])
            if not replies and not both:
                singles.setdefault(key, (step,))
    if both:
        return 2, both
    # R9: when only one die can be played, the larger one if it can be.
    singles = alone[0] or alone[1]
    return (1 if singles else 0), singles


def _bear_off_origin(board: Sequence[int], die: int) -> int:
    """The point ``die`` bears a checker off from, every checker being home; 0 if none.

    R14: exact, or from the highest point when no checker stands higher.
    """
    highest = 6
    while highest and not board[highest]:
        highest -= 1
    return die if board[die] else highest if highest < die else 0


def _four_units(
    board: list[int], opp: list[int], die: int
) -> tuple[int, dict[int, tuple[Step, ...]]]:
    # Under the standard rules any order of a double's steps can be replayed with
    # the higher starting points first (a step never opens a higher point, nor
    # takes the bar or a bear-off away from one), so only those orders are
    # walked: each set of steps once. V1 breaks this, as there the order decides
    # which checker has hit. Walking that way, a checker never lands where an
    # earlier step left, so a landing hits exactly when the point is a blot and
    # none of the mover's checkers is there yet.
    found: list[dict[int, tuple[Step, ...]]] = [{}, {}, {}, {}, {}]
    path: list[Step] = []
    steps = _STEP[die]
    # Every point a checker may step from without bearing off, highest first:
    # the occupied ones and those that steps lead to, when the landing is open.
    starts: set[int] = set()
    for point in range(1, BAR + 1):
        if board[point]:
            starts.update(range(point, die, -die))
    origins = sorted((point for point in starts if opp[point - die] < 2), reverse=True)
    entering = bool(origins) and origins[0] == BAR

    def walk(first: int, top: int, key: int, outside: int) -> None:
        moved = False
        if len(path) < 4:
            stop = (1 if entering else 0) if board[BAR] else len(origins)
            for index in range(first, stop):
                origin = origins[index]
                if not board[origin]:
                    continue
                target = origin - die
                hit = opp[target] == 1 and not board[target]
                board[origin] -= 1
                board[target] += 1
                path.append(steps[origin][hit])
                walk(
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
                origin = _bear_off_origin(board, die)
                if 0 < origin <= top:
                    board[origin] -= 1
                    board[OFF] += 1
                    path.append(steps[origin][False])
                    walk(len(origins), origin, key + _UNIT[OFF] - _UNIT[origin], 0)
                    path.pop()
                    board[origin] += 1
                    board[OFF] -= 1
                    moved = True
        if not moved:
            found[len(path)].setdefault(key, tuple(path))

    walk(0, BAR, 0, sum(board[7:]))
    most = max(units for units in range(5) if found[units])
    return most, found[most]


# -- how many more dice a board lets the mover play, standard rules (TurnGuide) -----------


def _has_single_step(player: Sequence[int], opponent: Sequence[int], die: int) -> bool:
    """Whether ``die`` can be played at all: ``bool(_single_steps(...))``, sooner.

    ``player`` may be a board being changed in place: the opponent's blots it hit
    meanwhile still count as open points, as they are.
    """
    if player[BAR]:
        return opponent[die] < 2
    highest = 24
    while highest and not player[highest]:
        highest -= 1
    for origin in range(highest, die, -1):
        if player[origin] and opponent[25 - origin + die] < 2:
            return True
    # R14: exact, or from the highest point when no checker stands higher.
    return highest <= 6 and (0 < highest < die or player[die] > 0)


def _plain_steps(key: NodeKey) -> list[Step]:
    """The steps out of a node with no checker marked by V1, in the search's order
    (what _next_moves gives there)."""
    player, opponent, dice = key[0], key[1], key[2]
    steps: list[Step] = []
    for index, die in enumerate(dice):
        if die not in dice[:index]:
            table = _STEP[die]
            steps += [table[origin][hit] for origin, _, hit in _single_steps(player, opponent, die)]
    return steps


def _double_origins(player: Sequence[int], opponent: Sequence[int], die: int) -> list[int]:
    """Every point a checker may step from without bearing off, this turn and under a
    double of ``die``, highest first: the occupied ones and those steps lead to,
    when the landing is open. Later boards of the turn need no others."""
    starts: set[int] = set()
    for point in range(1, BAR + 1):
        if player[point]:
            starts.update(range(point, die, -die))
    return sorted((point for point in starts if opponent[25 - point + die] < 2), reverse=True)


def _lanes(opponent: Sequence[int], die: int, shunned: Collection[int] = ()) -> list[int]:
    """For each point (and the bar), how many steps of ``die`` in a row a checker
    there can make without bearing off, each landing open (R5) and not on a blot
    on one of the ``shunned`` points.

    Under the standard rules checkers go along these lanes alone: no step closes
    a point. So unless checkers on the bar cannot enter, a board lets the mover
    play at least as many units as the sum of its checkers' lanes (those on the
    bar entering first). A step along a lane shortens the sum by one.
    """
    lanes = [0] * (BAR + 1)
    for point in range(die + 1, BAR + 1):
        landing = point - die
        blockers = opponent[25 - landing]
        if blockers < 2 and not (blockers and landing in shunned):
            lanes[point] = 1 + lanes[landing]
    return lanes


def _units_playable(board: list[int], die: int, origins: Sequence[int], cap: int) -> int:
    """How many units of a double of ``die`` can be played from this board, up to
    ``cap``: the most that a way to play them (R8) uses, under the standard rules.

    As in _four_units, only the orders with the higher starting points first are
    walked; the walk stops once ``cap`` units are played.
    """
    entering = bool(origins) and origins[0] == BAR
    best = 0

    def walk(first: int, top: int, units: int, outside: int) -> bool:
        nonlocal best
        if units > best:
            best = units
            if units == cap:
                return True
        stop = (1 if entering else 0) if board[BAR] else len(origins)
        for index in range(first, stop):
            origin = origins[index]
            if not board[origin]:
                continue
            target = origin - die
            board[origin] -= 1
            board[target] += 1
            done = walk(index, origin, units + 1, outside - (origin > 6 >= target))
            board[origin] += 1
            board[target] -= 1
            if done:
                return True
        if not outside:
            origin = _bear_off_origin(board, die)
            if 0 < origin <= top:
                board[origin] -= 1
                board[OFF] += 1
                done = walk(len(origins), origin, units + 1, 0)
                board[origin] += 1
                board[OFF] -= 1
                if done:
                    return True
        return False

    if cap:
        walk(0, BAR, 0, sum(board[7:]))
    return best


# A legal play of a valid position leads to a valid position, so the positions
# listed skip Position's checks (five times the cost of the search) as long as
# its fields are the three set here.
_set_player = Position.__dict__["player"].__set__
_set_opponent = Position.__dict__["opponent"].__set__
_set_turn = Position.__dict__["turn"].__set__
_POSITION_FIELDS_KNOWN = [field.name for field in fields(Position)] == [
    "player",
    "opponent",
    "turn",
]


def _trusted_position(player: tuple[int, ...], opponent: tuple[int, ...], turn: Side) -> Position:
    """The position with these checkers, not checked again."""
    if not _POSITION_FIELDS_KNOWN:
        return Position(player, opponent, turn)
    position = _new(Position)
    _set_player(position, player)
    _set_opponent(position, opponent)
    _set_turn(position, turn)
    return position


def _after(position: Position, play: Play) -> _Board:
    """The checkers after a legal play, the same side still on roll."""
    player = list(position.player)
    opponent = position.opponent
    beaten = None
    for step in play.steps:
        player[step.from_point] -= 1
        player[step.to_point] += 1
        if step.hit:
            if beaten is None:
                beaten = list(opponent)
            beaten[25 - step.to_point] = 0
            beaten[BAR] += 1
    return tuple(player), (opponent if beaten is None else tuple(beaten))


def _customs_may_bind(position: Position, roll: Roll, rules: RuleSet) -> bool:
    """Whether V1 or V2 may change the plays of this roll. Both start from a hit
    (V2 and V1 with scope ``home``: a hit on the home board), so they cannot
    when no checker is in reach of an opposing blot where a hit would count."""
    reach = 4 * roll.high if roll.is_double else roll.high + roll.low
    return _may_hit_where_it_counts(position.player, position.opponent, reach, rules)


def _may_hit_where_it_counts(
    player: Sequence[int], opponent: Sequence[int], reach: int, rules: RuleSet
) -> bool:
    """Whether a checker stands within ``reach`` pips of an opposing blot where a
    hit would bring V1 or V2 in (the home board; for V1 with scope ``board``,
    anywhere). Steps never move the opponent's checkers, only take blots away."""
    for point in _where_hits_count(rules):
        if opponent[25 - point] == 1 and any(player[point + 1 : point + reach + 1]):
            return True
    return False


def _where_hits_count(rules: RuleSet) -> range:
    """The mover's points where a hit brings V1 or V2 in."""
    board_wide = rules.escape_after_hit and rules.escape_scope is EscapeScope.BOARD
    return range(1, 25 if board_wide else 7)


# -- the search, any rules -----------------------------------------------------------
#
# A node is one way the turn can stand after some steps. Its key holds the two
# sides' checkers, the dice still to play and, under V1/V2, which checkers have
# hit and on which home points hits were made, so that equal keys really are
# interchangeable and each is expanded once.

NodeKey = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], frozenset[int]]
"""A turn state: (mover's checkers, opponent's checkers, dice left, V1 marks, V2 hit points)."""
_NO_TAINT: tuple[int, ...] = ()
_NO_HITS: frozenset[int] = frozenset()


def _single_steps(
    player: tuple[int, ...], opponent: tuple[int, ...], die: int
) -> list[tuple[int, int, bool]]:
    """Every (from, to, hit) a die allows on its own (R5, R12, R13, R14)."""
    if player[BAR]:
        # R12: the bar first; die n enters on point 25 - n, closed if the opponent
        # holds it (their point n).
        blockers = opponent[die]
        if blockers >= 2:
            return []
        return [(BAR, BAR - die, blockers == 1)]
    result = []
    highest = 24
    while highest and not player[highest]:
        highest -= 1
    bearing_off = highest <= 6
    for origin in range(highest, 0, -1):
        if not player[origin]:
            continue
        target = origin - die
        if target >= 1:
            blockers = opponent[25 - target]
            if blockers < 2:
                result.append((origin, target, blockers == 1))
        elif bearing_off and (target == 0 or origin == highest):
            # R14: exact, or from the highest point when no checker stands higher.
            result.append((origin, OFF, False))
    return result


@dataclass(slots=True)
class TurnNode:
    """One way the turn can stand: the steps that reached it first, the dice they
    used, and (when the search keeps them) the edges to the next states."""

    steps: tuple[Step, ...]
    used: tuple[int, ...]
    children: list[tuple[Step, NodeKey]]


def _next_moves(key: NodeKey, rules: RuleSet) -> Iterator[tuple[Step, bool]]:
    """The edges out of a node, in the order the search takes them: each step, with
    whether the checker it moves is one that has hit this turn (V1)."""
    player, opponent, dice, taint, _ = key
    escape_rule = rules.escape_after_hit
    for index, die in enumerate(dice):
        if die in dice[:index]:
            continue
        steps = _STEP[die]
        for origin, target, hit in _single_steps(player, opponent, die):
            if not taint:
                yield steps[origin][hit], False
                continue
            for tainted_mover in (False, True) if escape_rule and taint[origin] else (False,):
                if tainted_mover and player[target] and target != OFF:
                    continue  # V1: a checker that hit may not land on its own checkers
                if not tainted_mover and taint[origin] == player[origin]:
                    continue  # every checker here has hit: only a tainted one can move
                yield steps[origin][hit], tainted_mover


def _child_key(key: NodeKey, step: Step, tainted_mover: bool, rules: RuleSet) -> NodeKey:
    """The node that a step out of ``key`` (as :func:`_next_moves` gives it) leads to."""
    dice = key[2]
    index = dice.index(step.die)
    rest = dice[:index] + dice[index + 1 :]
    return _child(key, step.from_point, step.to_point, step.hit, tainted_mover, rest, rules)


def _child(
    key: NodeKey,
    origin: int,
    target: int,
    hit: bool,
    tainted_mover: bool,
    rest: tuple[int, ...],
    rules: RuleSet,
) -> NodeKey:
    """The node after moving a checker from ``origin`` to ``target`` with the dice
    ``rest`` left to play."""
    player, opponent, _, taint, home_hits = key
    moved = list(player)
    moved[origin] -= 1
    moved[target] += 1
    if hit:
        beaten = list(opponent)
        beaten[25 - target] = 0
        beaten[BAR] += 1
        opponent = tuple(beaten)
    if rules.escape_after_hit:
        becomes_tainted = tainted_mover or (
            hit and (rules.escape_scope is EscapeScope.BOARD or target <= 6)
        )
        if becomes_tainted or tainted_mover:
            marks = list(taint) if taint else [0] * 26
            if tainted_mover:
                marks[origin] -= 1
            if target != OFF:
                marks[target] += 1
            taint = tuple(marks) if any(marks) else _NO_TAINT
    if hit and rules.no_home_cover_after_hit and target <= 6:
        home_hits = home_hits | {target}
    return (tuple(moved), opponent, rest, taint, home_hits)


def _is_valid_end(key: NodeKey) -> bool:
    """Whether a play may stop here as far as V2 goes: no home point hit this turn
    holds two or more of the mover's checkers."""
    hits = key[4]
    return not hits or not any(key[0][point] >= 2 for point in hits)


def _ends_after(key: NodeKey, step: Step) -> bool:
    """``_is_valid_end`` of the node a step out of ``key`` leads to, without making
    it: a hit made by the step itself leaves one checker on its point."""
    hits = key[4]
    if not hits:
        return True
    player, origin, target = key[0], step.from_point, step.to_point
    return not any(player[p] + (p == target) - (p == origin) >= 2 for p in hits)


class _Search:
    """Every way to play a roll step by step, each distinct turn state expanded once."""

    def __init__(self, position: Position, roll: Roll, rules: RuleSet, *, keep_edges: bool) -> None:
        self.position = position
        self.roll = roll
        self.rules = rules
        self.keep_edges = keep_edges
        self.nodes: dict[NodeKey, TurnNode] = {}
        self.root: NodeKey = (position.player, position.opponent, roll.units, _NO_TAINT, _NO_HITS)
        self._expand(self.root, (), ())
        self.legal_ends = self._legal_ends()

    def _expand(self, key: NodeKey, steps: tuple[Step, ...], used: tuple[int, ...]) -> None:
        # The loops of _next_moves, written out: LegalPlays takes this search under
        # V1/V2, where a generator's cost would show.
        node = TurnNode(steps, used, [])
        self.nodes[key] = node
        player, opponent, dice, taint, _ = key
        rules = self.rules
        escape_rule = rules.escape_after_hit
        for index, die in enumerate(dice):
            if die in dice[:index]:
                continue
            rest = dice[:index] + dice[index + 1 :]
            for origin, target, hit in _single_steps(player, opponent, die):
                movers = (False, True) if escape_rule and taint and taint[origin] else (False,)
                for tainted_mover in movers:
                    if tainted_mover and player[target] and target != OFF:
                        continue  # V1: a checker that hit may not land on its own checkers
                    if not tainted_mover and taint and taint[origin] == player[origin]:
                        continue  # every checker here has hit: only a tainted one can move
                    child = _child(key, origin, target, hit, tainted_mover, rest, rules)
                    step = _STEP[die][origin][hit]
                    if self.keep_edges:
                        node.children.append((step, child))
                    if child not in self.nodes:
                        self._expand(child, (*steps, step), (*used, die))

    def _legal_ends(self) -> dict[NodeKey, TurnNode]:
        """The nodes where a legal play ends (R8, R9, V2)."""
        ends = {key: node for key, node in self.nodes.items() if _is_valid_end(key)}  # V2
        most = max(len(node.used) for node in ends.values())
        ends = {key: node for key, node in ends.items() if len(node.used) == most}
        if most == 1 and not self.roll.is_double:
            larger = {key: node for key, node in ends.items() if node.used[0] == self.roll.high}
            ends = larger or ends
        return ends

    def plays(self) -> dict[_Board, Play]:
        """One play per resulting position, in the order found."""
        found: dict[_Board, Play] = {}
        for key, node in self.legal_ends.items():
            board = (key[0], key[1])
            if board not in found:
                play = found[board] = _new(Play)
                _set_steps(play, node.steps)
        return found

    def most_dice(self) -> int:
        """How many dice (units) every legal play uses."""
        return len(next(iter(self.legal_ends.values())).used)


# -- public queries ----------------------------------------------------------------------


class LegalPlays:
    """The legal plays of a roll, one per resulting position; a cheap view.

    Supports ``len()``, ``bool()``, iteration and ``play in legal_plays``, which
    accepts any order of a play's steps that the rules allow.
    """

    def __init__(self, position: Position, roll: Roll, rules: RuleSet = STANDARD) -> None:
        self.position = position
        self.roll = roll
        self.rules = rules
        plays: list[Play]
        if rules.has_move_customs and _customs_may_bind(position, roll, rules):
            search = _Search(position, roll, rules, keep_edges=False)
            dice_used, plays = search.most_dice(), list(search.plays().values())
        else:
            dice_used, plays = _standard_plays(position, roll)
        self.dice_used = dice_used
        """How many dice (or units of a double) each legal play uses (R8)."""
        # R10: when no die can be played there is no play to list; the turn passes.
        self._plays = plays if dice_used else []

    def __iter__(self) -> Iterator[Play]:
        return iter(self._plays)

    def __len__(self) -> int:
        return len(self._plays)

    def count(self) -> int:
        """The number of legal plays (distinct resulting positions)."""
        return len(self._plays)

    def __bool__(self) -> bool:
        return bool(self._plays)

    def __contains__(self, play: object) -> bool:
        if not isinstance(play, Play):
            return False
        return is_legal(self.position, self.roll, play, self.rules)

    def items(self) -> Iterator[tuple[Play, Position]]:
        """Each legal play with the position right after it (same side still on roll)."""
        turn = self.position.turn
        for play in self._plays:
            player, opponent = _after(self.position, play)
            yield play, _trusted_position(player, opponent, turn)

    def __repr__(self) -> str:
        shown = ", ".join(str(play) for play in itertools.islice(self, 6))
        more = ", ..." if len(self) > 6 else ""
        return f"<LegalPlays at {self.position.id()} {self.roll}: {len(self)} ({shown}{more})>"


def generate_plays(position: Position, roll: Roll, rules: RuleSet = STANDARD) -> list[Play]:
    """Every legal play of ``roll`` in ``position``, one per resulting position.

    When no die can be played the list is empty and the turn passes (R10).
    """
    return list(LegalPlays(position, roll, rules))


_Option = tuple[Step, bool, bool]
"""An edge out of a node: (step, whether the checker it moves has hit this turn
(V1), whether a complete legal play stays reachable after it)."""


class TurnGuide:
    """Partial-play guidance for a UI (seed 004, docs/rules.md#software).

    Given the steps already made this turn, it offers only the next steps that
    keep a complete legal play reachable, and says when the turn is complete.

    >>> from nard.core.board import Position
    >>> guide = TurnGuide(Position.initial(), Roll(6, 5))
    >>> sorted(guide.destinations(()).items())
    [(8, (2, 3)), (13, (7, 8)), (24, (18,))]
    >>> guide.is_complete([Step(24, 18), Step(18, 13)])
    True
    """

    # The guide answers from the graph of _Search(keep_edges=True), but makes only
    # the nodes it is asked about: those the steps made so far lead to, and the
    # edges out of them. Whether an edge keeps a legal play reachable is settled
    # when the edge is first listed. Where V1/V2 cannot bind (always under the
    # standard rules) the graph is the standard rules' one, and that only asks
    # whether the board lets the mover play as many more dice as a legal play
    # uses: answered on one board changed in place, without making nodes. Else a
    # memoised depth-first search over nodes answers, stopping at the first legal
    # end it meets. The whole graph is made only for the callers that read it.

    def __init__(self, position: Position, roll: Roll, rules: RuleSet = STANDARD) -> None:
        self.position = position
        self.roll = roll
        self.rules = rules
        self._root: NodeKey = (position.player, position.opponent, roll.units, _NO_TAINT, _NO_HITS)
        self._units = len(roll.units)
        self._plain = not (rules.has_move_customs and _customs_may_bind(position, roll, rules))
        self._most = -1  # dice_used, once known
        self._larger_only = False  # R9: a play ends after the larger die only
        self._root_moves: list[list[tuple[int, int, bool]]] = []  # each die's, not a double
        # A double's lanes and starting points (_units_playable), once needed.
        self._lanes: list[int] | None = None
        self._safe_lanes: list[int] | None = None  # blots where hits count shunned
        self._origins: list[int] = []
        # The nodes listed so far, by identity (hashing a node costs more than listing
        # its edges): the node, its edges, and the node each edge leads to once made.
        self._listed: dict[int, tuple[NodeKey, list[_Option], list[NodeKey | None]]] = {}
        self._good: dict[NodeKey, bool] = {}
        self._search: _Search | None = None

    @property
    def dice_used(self) -> int:
        """How many dice (units) a complete legal play uses (R8)."""
        if self._most < 0:
            # Guides are shared (nard.match.game caches them): R9's flag goes first.
            most, self._larger_only = self._settle()
            self._most = most
        return self._most

    def _settle(self) -> tuple[int, bool]:
        """How many dice a legal play uses, and whether R9 keeps the smaller die out."""
        roll = self.roll
        root = self._root
        if roll.is_double:
            if self._plain:
                return self._units_playable(list(root[0]), 4), False
            return self._deepest(root, {}), False
        player, opponent = root[0], root[1]
        moves = self._root_moves = [_single_steps(player, opponent, die) for die in roll.units]
        board = list(player)
        for found, second in zip(moves, (roll.low, roll.high), strict=True):
            for origin, target, hit in found:
                if hit and not self._plain:
                    continue  # V1/V2 may bind after it: left to the search below
                board[origin] -= 1
                board[target] += 1
                both = _has_single_step(board, opponent, second)
                board[origin] += 1
                board[target] -= 1
                if both:
                    return 2, False
        if self._plain:
            most = 1 if moves[0] or moves[1] else 0
            return most, most == 1 and bool(moves[0])
        most = self._deepest(root, {})
        if most != 1:
            return most, False
        rules = self.rules
        return most, any(
            step.die == roll.high and _is_valid_end(_child_key(root, step, mover, rules))
            for step, mover in _next_moves(root, rules)
        )

    def _any_step(self, key: NodeKey) -> bool:
        """Whether any step can be made from this node."""
        if key[3]:  # V1 may hold checkers back
            return any(True for _ in _next_moves(key, self.rules))
        player, opponent = key[0], key[1]
        return any(_has_single_step(player, opponent, die) for die in set(key[2]))

    def _deepest(self, key: NodeKey, memo: dict[NodeKey, int]) -> int:
        """The most dice used at a node where a play may stop (V2) reachable from ``key``."""
        depth = self._units - len(key[2])
        best = depth if _is_valid_end(key) else -1
        if depth == self._units - 1 and not key[4]:
            # No step can cover a home point hit before (V2): any step ends a play.
            if self._any_step(key):
                best = self._units
        elif self.roll.is_double and not key[3] and not key[4] and self._clean_reach(key):
            # The standard rules' graph from here on, where every node may end a play.
            best = depth + self._units_playable(list(key[0]), len(key[2]))
        elif (
            self.roll.is_double
            and not key[3]
            and not key[4]
            and self._units_unhitting(list(key[0])) >= len(key[2])
        ):
            best = self._units  # by steps that never hit where V1/V2 would bind
        elif depth < self._units:
            rules = self.rules
            for step, tainted_mover in _next_moves(key, rules):
                child = _child_key(key, step, tainted_mover, rules)
                found = memo.get(child)
                if found is None:
                    found = self._deepest(child, memo)
                if found > best:
                    best = found
                    if best == self._units:
                        break  # no node uses more
        memo[key] = best
        return best

    def _clean_reach(self, key: NodeKey) -> bool:
        """Whether no step from this node on can hit where V1/V2 would bind."""
        return not _may_hit_where_it_counts(key[0], key[1], sum(key[2]), self.rules)

    def _is_end(self, key: NodeKey) -> bool:
        """Whether a legal play ends at this node (R8, R9, V2)."""
        dice = key[2]
        if self._units - len(dice) != self.dice_used or not _is_valid_end(key):
            return False
        return not self._larger_only or dice == (self.roll.low,)

    def _is_good(self, key: NodeKey) -> bool:
        """Whether a legal play can still be completed from this node."""
        good = self._good.get(key)
        if good is None:
            depth = self._units - len(key[2])
            most = self.dice_used
            if depth >= most:
                good = self._is_end(key)  # later nodes use more dice than a legal play
            elif not depth:
                good = True  # the root leads to every node, legal ends included
            elif depth == most - 1 and not key[4] and not self._larger_only:
                good = self._any_step(key)  # no step can cover a home point hit (V2)
            else:
                if not key[3] and not key[4]:
                    good = self._plainly_good(list(key[0]), key[1], key[2], most - depth)
                if good is None:
                    rules = self.rules
                    good = any(
                        self._is_good(_child_key(key, step, tainted_mover, rules))
                        for step, tainted_mover in _next_moves(key, rules)
                    )
            self._good[key] = good
        return good

    def _plainly_good(
        self, board: list[int], opponent: Sequence[int], dice: tuple[int, ...], need: int
    ) -> bool | None:
        """Whether ``need`` more of ``dice`` can be played, to a legal end, from a
        board where no hit has brought V1/V2 in yet this turn (changed in place and
        restored): None when the board alone cannot tell, as V1/V2 may still bind."""
        if need == 1:  # the step lands where a play may stop (V2): any step will do
            return any(_has_single_step(board, opponent, die) for die in set(dice))
        if _may_hit_where_it_counts(board, opponent, sum(dice), self.rules):
            # Steps that hit nowhere it counts keep to the standard rules' graph.
            return True if self._units_unhitting(board) >= need else None
        # The standard rules' graph from here on; only a double has units to spare.
        return self._units_playable(board, need) == need

    def _units_unhitting(self, board: list[int]) -> int:
        """How many units of the double rolled a board of this turn surely lets the
        mover play without hitting where V1/V2 would bind: its lanes' sum."""
        lanes = self._safe_lanes
        if lanes is None:
            shunned = _where_hits_count(self.rules)
            lanes = self._safe_lanes = _lanes(self._root[1], self.roll.high, shunned)
        if board[BAR] and not lanes[BAR]:
            return 0
        return sum(map(operator.mul, board, lanes))

    def _units_playable(self, board: list[int], cap: int) -> int:
        """_units_playable of the double rolled, on a board of this turn (changed and
        restored) under the standard rules; the sum of the lanes answers first."""
        lanes = self._lanes
        if lanes is None:
            player, opponent, die = self._root[0], self._root[1], self.roll.high
            self._origins = _double_origins(player, opponent, die)  # before the lanes
            lanes = self._lanes = _lanes(opponent, die)
        if (lanes[BAR] or not board[BAR]) and sum(map(operator.mul, board, lanes)) >= cap:
            return cap
        return _units_playable(board, self.roll.high, self._origins, cap)

    def _listing(self, key: NodeKey) -> tuple[NodeKey, list[_Option], list[NodeKey | None]]:
        """The node, its edges in the search's order, and the nodes they lead to, if made."""
        listing = self._listed.get(id(key))
        if listing is None:
            options = self._options(key)
            # The entry keeps the node alive, so its id is not given to another.
            listing = self._listed[id(key)] = (key, options, [None] * len(options))
        return listing

    def _options(self, key: NodeKey) -> list[_Option]:
        """The edges out of a node, in the order the search takes them."""
        depth = self._units - len(key[2]) + 1  # the children's
        most = self.dice_used
        if depth < most and not self.roll.is_double:
            return self._root_options()  # depth 1 < most == 2: the root
        if not self._plain:
            return self._general_options(key, depth, most)
        if depth > most:
            return [(step, False, False) for step in _plain_steps(key)]
        if depth == most:
            # Every child ends a legal play (no V2 here), bar R9's smaller die.
            larger = self.roll.high if self._larger_only else 0
            return [(step, False, not larger or step.die == larger) for step in _plain_steps(key)]
        board = list(key[0])
        need = most - depth
        options = []
        for step in _plain_steps(key):
            origin, target = step.from_point, step.to_point
            board[origin] -= 1
            board[target] += 1
            good = self._units_playable(board, need) == need
            board[origin] += 1
            board[target] -= 1
            options.append((step, False, good))
        return options

    def _general_options(self, key: NodeKey, depth: int, most: int) -> list[_Option]:
        """_options where V1/V2 may bind: the children's nodes are searched, save where
        the board alone answers (no hit this turn yet, none that counts in reach)."""
        rules = self.rules
        moves = _next_moves(key, rules)
        if depth > most:
            return [(step, tainted_mover, False) for step, tainted_mover in moves]
        if depth == most:
            larger = self.roll.high if self._larger_only else 0
            return [
                (step, tainted_mover, (not larger or step.die == larger) and _ends_after(key, step))
                for step, tainted_mover in moves
            ]
        player, opponent, dice, taint, home_hits = key
        clean = not taint and not home_hits
        board = list(player)
        need = most - depth
        options = []
        for step, tainted_mover in moves:
            good = None
            if clean and not step.hit:  # the child is clean too
                index = dice.index(step.die)
                origin, target = step.from_point, step.to_point
                board[origin] -= 1
                board[target] += 1
                good = self._plainly_good(board, opponent, dice[:index] + dice[index + 1 :], need)
                board[origin] += 1
                board[target] -= 1
            if good is None:
                good = self._is_good(_child_key(key, step, tainted_mover, rules))
            options.append((step, tainted_mover, good))
        return options

    def _root_options(self) -> list[_Option]:
        """_options of the root of a roll that is not a double, when both dice can be
        played: a step is good when the other die can follow it (where V1/V2 may
        bind, a step that hits has its node searched instead)."""
        root = self._root
        player, opponent = root[0], root[1]
        dice = self.roll.units
        moves = self._root_moves or [_single_steps(player, opponent, die) for die in dice]
        # The points a plain step of each die starts from (not the bar, not off): it
        # stays open after a step of the other die, unless that takes the last checker.
        spare = [[] if player[BAR] else [o for o, t, _ in found if t] for found in moves]
        board = list(player)
        options: list[_Option] = []
        for die, found, other, others in (
            (dice[0], moves[0], dice[1], spare[1]),
            (dice[1], moves[1], dice[0], spare[0]),
        ):
            steps = _STEP[die]
            for origin, target, hit in found:
                if hit and not self._plain:
                    good = self._is_good(_child_key(root, steps[origin][hit], False, self.rules))
                elif len(others) > 1 or (others and (others[0] != origin or player[origin] > 1)):
                    good = True
                else:
                    board[origin] -= 1
                    board[target] += 1
                    good = _has_single_step(board, opponent, other)
                    board[origin] += 1
                    board[target] -= 1
                options.append((steps[origin][hit], False, good))
        return options

    # -- the search graph, for callers that diagnose (nard.core.explain) -------------------

    def _full_search(self) -> _Search:
        if self._search is None:
            self._search = _Search(self.position, self.roll, self.rules, keep_edges=True)
        return self._search

    @property
    def root(self) -> NodeKey:
        """The node before any step of this turn."""
        return self._root

    @property
    def nodes(self) -> Mapping[NodeKey, TurnNode]:
        """Every way the turn can stand, each with its steps so far, dice used and edges."""
        return self._full_search().nodes

    @property
    def legal_ends(self) -> Mapping[NodeKey, TurnNode]:
        """The nodes where a legal play ends (R8, R9, V2)."""
        return self._full_search().legal_ends

    def is_good(self, key: NodeKey) -> bool:
        """Whether a complete legal play can still be reached from this node."""
        return self._is_good(key)

    def advance(
        self, keys: Iterable[NodeKey], step: Step, *, good_only: bool = True
    ) -> list[tuple[Step, NodeKey]]:
        """The (edge, node) pairs ``step`` leads to from any of ``keys``.

        A step can lead to several nodes: a bear-off that either die can make, or,
        under V1, a move by the checker that hit or by another on the same point.
        """
        origin, target, die = step.from_point, step.to_point, step.die
        found: list[tuple[Step, NodeKey]] = []
        for key in keys:
            _, options, children = self._listing(key)
            for index, (edge, tainted_mover, good) in enumerate(options):
                if edge.from_point != origin or edge.to_point != target:
                    continue
                if (die and edge.die != die) or (good_only and not good):
                    continue
                child = children[index]
                if child is None:
                    child = children[index] = _child_key(key, edge, tainted_mover, self.rules)
                found.append((edge, child))
        if len(found) > 1:  # one pair per node, the first edge found to it
            first: dict[NodeKey, Step] = {}
            for edge, child in found:
                first.setdefault(child, edge)
            found = [(edge, child) for child, edge in first.items()]
        return found

    def walk(self, steps: Sequence[Step]) -> list[NodeKey] | None:
        """Every node the steps, made in this order, can lead to; None if one is not allowed."""
        keys = [self._root]
        for step in steps:
            keys = [child for _, child in self.advance(keys, step)]
            if not keys:
                return None
        return keys

    def _route(
        self, steps: Sequence[Step], accept: Callable[[NodeKey], bool] | None
    ) -> list[Step] | None:
        """The steps with dice and hits filled in, along a route that ends where
        ``accept`` says (None: anywhere, as every node a route reaches is good)."""
        return self._search_route(self._root, steps, 0, accept)

    def _search_route(
        self,
        key: NodeKey,
        steps: Sequence[Step],
        index: int,
        accept: Callable[[NodeKey], bool] | None,
    ) -> list[Step] | None:
        # A method, not a recursive closure: a closure that calls itself is a
        # reference cycle, garbage only the collector can free, on every step.
        if index == len(steps):
            return [] if accept is None or accept(key) else None
        for edge, child in self.advance((key,), steps[index]):
            rest = self._search_route(child, steps, index + 1, accept)
            if rest is not None:
                return [edge, *rest]
        return None

    def _good_edges(self, steps: Sequence[Step]) -> Iterator[Step]:
        """The good edges out of the nodes the steps lead to, repeats included."""
        keys = self.walk(steps)
        if keys is None:
            raise ValueError("the steps made so far do not lead to a legal play")
        for key in keys:
            for edge, _, good in self._listing(key)[1]:
                if good:
                    yield edge

    def next_steps(self, steps: Sequence[Step] = ()) -> list[Step]:
        """The steps that may come next, each keeping a complete legal play reachable."""
        seen: dict[tuple[Point, Point], Step] = {}
        for edge in self._good_edges(steps):
            seen.setdefault((edge.from_point, edge.to_point), edge)
        return list(seen.values())

    def destinations(self, steps: Sequence[Step] = ()) -> dict[Point, tuple[Point, ...]]:
        """Movable points and where each may go next: ``{from_point: (to_point, ...)}``."""
        result: dict[Point, list[Point]] = {}
        for edge in self._good_edges(steps):
            targets = result.get(edge.from_point)
            if targets is None:
                result[edge.from_point] = [edge.to_point]
            elif edge.to_point not in targets:
                targets.append(edge.to_point)
        return {origin: tuple(targets) for origin, targets in result.items()}

    def is_complete(self, steps: Sequence[Step]) -> bool:
        """Whether these steps make a whole legal play, so the turn can be confirmed."""
        keys = self.walk(steps)
        return keys is not None and any(self._is_end(key) for key in keys)

    def resolve(self, steps: Sequence[Step]) -> list[Step] | None:
        """The same steps with dice and hits filled in, if they are allowed in this order."""
        return self._route(steps, None)

    def complete_play(self, steps: Sequence[Step]) -> Play | None:
        """The play as made, if its steps in some order form a whole legal play."""
        for order in step_orders(steps):
            resolved = self._route(order, self._is_end)
            if resolved is not None:
                return Play(tuple(resolved))
        return None

    def example_play(self) -> Play:
        """One complete legal play (the first found)."""
        if self._plain:
            # The standard search finds the general search's plays, in its order.
            plays = _standard_plays(self.position, self.roll)[1]
            return plays[0] if plays else Play()
        return next(iter(self._full_search().plays().values()))


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


def is_legal(position: Position, roll: Roll, play: Play, rules: RuleSet = STANDARD) -> bool:
    """Whether ``play`` is a legal play of ``roll``: its steps, in some order, are
    allowed one by one and make a whole legal play (R5-R14, V1, V2).

    >>> from nard.core.board import Position
    >>> is_legal(Position.initial(), Roll(6, 4), Play((Step(24, 18), Step(18, 14))))
    True
    >>> is_legal(Position.initial(), Roll(6, 4), Play((Step(24, 18),)))
    False
    """
    guide = TurnGuide(position, roll, rules)
    if not play.steps:
        return guide.dice_used == 0
    return guide.complete_play(play.steps) is not None


def check_play(
    position: Position, roll: Roll, play: Play, rules: RuleSet = STANDARD
) -> Explanation | None:
    """None if the play is legal, else the explanation of why the rules refuse it."""
    from nard.core.explain import explain_play

    return explain_play(position, roll, play, rules)


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
