"""A frozen copy of ``nard.core.plays.TurnGuide`` as it stood before it was made lazy.

The equivalence test (tests/core/test_turn_guide_equivalence.py) and the
benchmark (bench/guide.py) compare the live guide with this one: it walks every
distinct turn state up front (``_Search(keep_edges=True)``) and settles which
nodes keep a legal play reachable, deepest first. Do not speed it up: its only
job is to be the behaviour the live guide must keep.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from nard.core.board import BAR, OFF, Point, Position
from nard.core.dice import Roll
from nard.core.plays import Play, Step
from nard.core.plays.steps import STEP
from nard.core.rules import STANDARD, EscapeScope, RuleSet

_new = object.__new__
_set_steps = Play.__dict__["steps"].__set__
_Board = tuple[tuple[int, ...], tuple[int, ...]]


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
                    child = self._child(key, origin, target, hit, tainted_mover, rest)
                    step = STEP[die][origin][hit]
                    if self.keep_edges:
                        node.children.append((step, child))
                    if child not in self.nodes:
                        self._expand(child, (*steps, step), (*used, die))

    def _child(
        self,
        key: NodeKey,
        origin: int,
        target: int,
        hit: bool,
        tainted_mover: bool,
        rest: tuple[int, ...],
    ) -> NodeKey:
        player, opponent, _, taint, home_hits = key
        moved = list(player)
        moved[origin] -= 1
        moved[target] += 1
        if hit:
            beaten = list(opponent)
            beaten[25 - target] = 0
            beaten[BAR] += 1
            opponent = tuple(beaten)
        rules = self.rules
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

    def _legal_ends(self) -> dict[NodeKey, TurnNode]:
        """The nodes where a legal play ends (R8, R9, V2)."""
        ends = {
            key: node
            for key, node in self.nodes.items()
            if not key[4] or not any(key[0][point] >= 2 for point in key[4])  # V2
        }
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


class ReferenceGuide:
    """Partial-play guidance for a UI (seed 004, docs/rules.md#software).

    Given the steps already made this turn, it offers only the next steps that
    keep a complete legal play reachable, and says when the turn is complete.

    >>> from nard.core.board import Position
    >>> guide = ReferenceGuide(Position.initial(), Roll(6, 5))
    >>> sorted(guide.destinations(()).items())
    [(8, (2, 3)), (13, (7, 8)), (24, (18,))]
    >>> guide.is_complete([Step(24, 18), Step(18, 13)])
    True
    """

    def __init__(self, position: Position, roll: Roll, rules: RuleSet = STANDARD) -> None:
        self.position = position
        self.roll = roll
        self.rules = rules
        self._search = _Search(position, roll, rules, keep_edges=True)
        self._good = self._good_nodes()

    def _good_nodes(self) -> set[NodeKey]:
        """Nodes from which some legal play can still be completed."""
        good: set[NodeKey] = set(self._search.legal_ends)
        nodes = self._search.nodes
        # Children always use more dice than parents: settle nodes deepest first.
        for key in sorted(nodes, key=lambda k: -len(nodes[k].used)):
            if key not in good and any(child in good for _, child in nodes[key].children):
                good.add(key)
        return good

    @property
    def dice_used(self) -> int:
        """How many dice (units) a complete legal play uses (R8)."""
        return self._search.most_dice()

    # -- the search graph, for callers that diagnose (nard.core.explain) -------------------

    @property
    def root(self) -> NodeKey:
        """The node before any step of this turn."""
        return self._search.root

    @property
    def nodes(self) -> Mapping[NodeKey, TurnNode]:
        """Every way the turn can stand, each with its steps so far, dice used and edges."""
        return self._search.nodes

    @property
    def legal_ends(self) -> Mapping[NodeKey, TurnNode]:
        """The nodes where a legal play ends (R8, R9, V2)."""
        return self._search.legal_ends

    def is_good(self, key: NodeKey) -> bool:
        """Whether a complete legal play can still be reached from this node."""
        return key in self._good

    def advance(
        self, keys: Iterable[NodeKey], step: Step, *, good_only: bool = True
    ) -> list[tuple[Step, NodeKey]]:
        """The (edge, node) pairs ``step`` leads to from any of ``keys``.

        A step can lead to several nodes: a bear-off that either die can make, or,
        under V1, a move by the checker that hit or by another on the same point.
        """
        found: dict[NodeKey, Step] = {}
        for key in keys:
            for edge, child in self._search.nodes[key].children:
                if edge != step or (step.die and edge.die != step.die):
                    continue
                if good_only and child not in self._good:
                    continue
                found.setdefault(child, edge)
        return [(edge, child) for child, edge in found.items()]

    def walk(self, steps: Sequence[Step]) -> list[NodeKey] | None:
        """Every node the steps, made in this order, can lead to; None if one is not allowed."""
        keys = [self._search.root]
        for step in steps:
            keys = [child for _, child in self.advance(keys, step)]
            if not keys:
                return None
        return keys

    def _route(self, steps: Sequence[Step], accept: Collection[NodeKey]) -> list[Step] | None:
        """The steps with dice and hits filled in, along a route that ends in ``accept``."""

        def search(key: NodeKey, index: int) -> list[Step] | None:
            if index == len(steps):
                return [] if key in accept else None
            for edge, child in self.advance((key,), steps[index]):
                rest = search(child, index + 1)
                if rest is not None:
                    return [edge, *rest]
            return None

        return search(self._search.root, 0)

    def next_steps(self, steps: Sequence[Step] = ()) -> list[Step]:
        """The steps that may come next, each keeping a complete legal play reachable."""
        keys = self.walk(steps)
        if keys is None:
            raise ValueError("the steps made so far do not lead to a legal play")
        seen: dict[Step, Step] = {}
        for key in keys:
            for edge, child in self._search.nodes[key].children:
                if child in self._good and edge not in seen:
                    seen[edge] = edge
        return list(seen.values())

    def destinations(self, steps: Sequence[Step] = ()) -> dict[Point, tuple[Point, ...]]:
        """Movable points and where each may go next: ``{from_point: (to_point, ...)}``."""
        result: dict[Point, list[Point]] = {}
        for step in self.next_steps(steps):
            result.setdefault(step.from_point, []).append(step.to_point)
        return {origin: tuple(targets) for origin, targets in result.items()}

    def is_complete(self, steps: Sequence[Step]) -> bool:
        """Whether these steps make a whole legal play, so the turn can be confirmed."""
        keys = self.walk(steps)
        return keys is not None and any(key in self._search.legal_ends for key in keys)

    def resolve(self, steps: Sequence[Step]) -> list[Step] | None:
        """The same steps with dice and hits filled in, if they are allowed in this order."""
        return self._route(steps, self._good)

    def complete_play(self, steps: Sequence[Step]) -> Play | None:
        """The play as made, if its steps in some order form a whole legal play."""
        for order in step_orders(steps):
            resolved = self._route(order, self._search.legal_ends)
            if resolved is not None:
                return Play(tuple(resolved))
        return None

    def example_play(self) -> Play:
        """One complete legal play (the first found)."""
        return next(iter(self._search.plays().values()))


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
