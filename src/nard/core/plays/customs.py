"""The search under any rules, the Iranian customs included (R8, R9, V1, V2).

A node is one way the turn can stand after some steps. Its key holds the two
sides' checkers, the dice still to play and, under V1/V2, which checkers have
hit and on which home points hits were made, so that equal keys really are
interchangeable and each is expanded once. :class:`CustomsSearch` expands
every node; :class:`~nard.core.plays.guide.TurnGuide` expands only those it
is asked about.

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> from nard.core.rules import IRANIAN
>>> search = CustomsSearch(Position.initial(), Roll(3, 1), IRANIAN, keep_edges=False)
>>> search.most_dice(), len(search.plays())
(2, 16)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from nard.core.board import BAR, OFF, Position
from nard.core.dice import Roll
from nard.core.plays.play import Play, Step, set_play_steps
from nard.core.plays.steps import STEP, die_steps
from nard.core.rules import EscapeScope, RuleSet

Board = tuple[tuple[int, ...], tuple[int, ...]]
"""A resulting position's checkers: (player, opponent), the same side still on roll."""


class NodeKey(NamedTuple):
    """A way the turn can stand, as the searches tell nodes apart."""

    player: tuple[int, ...]
    """The mover's checkers."""
    opponent: tuple[int, ...]
    """The opponent's checkers, in their own numbering."""
    dice: tuple[int, ...]
    """The dice (units of a double) still to play."""
    taint: tuple[int, ...]
    """V1: how many of the checkers on each point have hit this turn (() if none)."""
    home_hits: frozenset[int]
    """V2: the home points where a blot was hit this turn."""


_Fields = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], frozenset[int]]
"""A NodeKey's fields as a plain tuple, equal to the NodeKey and with its hash."""

NO_TAINT: tuple[int, ...] = ()
NO_HITS: frozenset[int] = frozenset()

# NodeKey's generated __new__ costs five times a tuple's, and the searches make
# a node for every edge.
_new_tuple = tuple.__new__


def root_key(position: Position, roll: Roll) -> NodeKey:
    """The node before any step of the turn."""
    return _new_tuple(NodeKey, (position.player, position.opponent, roll.units, NO_TAINT, NO_HITS))


@dataclass(slots=True)
class TurnNode:
    """One way the turn can stand: the steps that reached it first, the dice they
    used, and (when the search keeps them) the edges to the next states."""

    steps: tuple[Step, ...]
    used: tuple[int, ...]
    children: list[tuple[Step, NodeKey]]


def next_moves(key: NodeKey, rules: RuleSet) -> Iterator[tuple[Step, bool]]:
    """The edges out of a node, in the order the search takes them: each step, with
    whether the checker it moves is one that has hit this turn (V1)."""
    player, opponent, dice, taint, _ = key
    escape_rule = rules.escape_after_hit
    for index, die in enumerate(dice):
        if die in dice[:index]:
            continue
        steps = STEP[die]
        for origin, target, hit in die_steps(player, opponent, die):
            if not taint:
                yield steps[origin][hit], False
                continue
            for tainted_mover in (False, True) if escape_rule and taint[origin] else (False,):
                if tainted_mover and player[target] and target != OFF:
                    continue  # V1: a checker that hit may not land on its own checkers
                if not tainted_mover and taint[origin] == player[origin]:
                    continue  # every checker here has hit: only a tainted one can move
                yield steps[origin][hit], tainted_mover


def child_key(key: NodeKey, step: Step, tainted_mover: bool, rules: RuleSet) -> NodeKey:
    """The node that a step out of ``key`` (as :func:`next_moves` gives it) leads to."""
    dice = key.dice
    index = dice.index(step.die)
    rest = dice[:index] + dice[index + 1 :]
    child = _child(key, step.from_point, step.to_point, step.hit, tainted_mover, rest, rules)
    return _new_tuple(NodeKey, child)


def _child(
    key: NodeKey,
    origin: int,
    target: int,
    hit: bool,
    tainted_mover: bool,
    rest: tuple[int, ...],
    rules: RuleSet,
) -> _Fields:
    """The node after moving a checker from ``origin`` to ``target`` with the dice
    ``rest`` left to play, as the plain tuple of its fields (a plain tuple finds
    its equal NodeKey in a dict, and costs less to make)."""
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
            taint = tuple(marks) if any(marks) else NO_TAINT
    if hit and rules.no_home_cover_after_hit and target <= 6:
        home_hits = home_hits | {target}
    return (tuple(moved), opponent, rest, taint, home_hits)


def is_valid_end(key: NodeKey) -> bool:
    """Whether a play may stop here as far as V2 goes: no home point hit this turn
    holds two or more of the mover's checkers."""
    hits = key.home_hits
    return not hits or not any(key.player[point] >= 2 for point in hits)


def ends_after(key: NodeKey, step: Step) -> bool:
    """``is_valid_end`` of the node a step out of ``key`` leads to, without making
    it: a hit made by the step itself leaves one checker on its point."""
    hits = key.home_hits
    if not hits:
        return True
    player, origin, target = key.player, step.from_point, step.to_point
    return not any(player[p] + (p == target) - (p == origin) >= 2 for p in hits)


def customs_may_bind(position: Position, roll: Roll, rules: RuleSet) -> bool:
    """Whether V1 or V2 may change the plays of this roll. Both start from a hit
    (V2 and V1 with scope ``home``: a hit on the home board), so they cannot
    when no checker is in reach of an opposing blot where a hit would count (the
    caller asks only when ``rules.has_move_customs``)."""
    reach = 4 * roll.high if roll.is_double else roll.high + roll.low
    return may_hit_where_it_counts(position.player, position.opponent, reach, rules)


def may_hit_where_it_counts(
    player: Sequence[int], opponent: Sequence[int], reach: int, rules: RuleSet
) -> bool:
    """Whether a checker stands within ``reach`` pips of an opposing blot where a
    hit would bring V1 or V2 in (the home board; for V1 with scope ``board``,
    anywhere). Steps never move the opponent's checkers, only take blots away."""
    for point in where_hits_count(rules):
        if opponent[25 - point] == 1 and any(player[point + 1 : point + reach + 1]):
            return True
    return False


def where_hits_count(rules: RuleSet) -> range:
    """The mover's points where a hit brings V1 or V2 in."""
    board_wide = rules.escape_after_hit and rules.escape_scope is EscapeScope.BOARD
    return range(1, 25 if board_wide else 7)


class CustomsSearch:
    """Every way to play a roll step by step, each distinct turn state expanded once."""

    def __init__(self, position: Position, roll: Roll, rules: RuleSet, *, keep_edges: bool) -> None:
        self.position = position
        self.roll = roll
        self.rules = rules
        self.keep_edges = keep_edges
        self.nodes: dict[NodeKey, TurnNode] = {}
        self.root = root_key(position, roll)
        self._expand(self.root, (), ())
        self.legal_ends = self._legal_ends()

    def _expand(self, key: NodeKey, steps: tuple[Step, ...], used: tuple[int, ...]) -> None:
        # The loops of next_moves, written out: LegalPlays takes this search under
        # V1/V2, where a generator's cost would show.
        node = TurnNode(steps, used, [])
        nodes = self.nodes
        nodes[key] = node
        edges = node.children if self.keep_edges else None
        player, opponent, dice, taint, home_hits = key
        rules = self.rules
        escape_rule = rules.escape_after_hit
        for index, die in enumerate(dice):
            if die in dice[:index]:
                continue
            rest = dice[:index] + dice[index + 1 :]
            die_step = STEP[die]
            for origin, target, hit in die_steps(player, opponent, die):
                movers = (False, True) if escape_rule and taint and taint[origin] else (False,)
                for tainted_mover in movers:
                    if tainted_mover and player[target] and target != OFF:
                        continue  # V1: a checker that hit may not land on its own checkers
                    if not tainted_mover and taint and taint[origin] == player[origin]:
                        continue  # every checker here has hit: only a tainted one can move
                    step = die_step[origin][hit]
                    if hit or tainted_mover:
                        found = _child(key, origin, target, hit, tainted_mover, rest, rules)
                    else:  # _child's commonest case: only the checkers and dice change
                        moved = list(player)
                        moved[origin] -= 1
                        moved[target] += 1
                        found = (tuple(moved), opponent, rest, taint, home_hits)
                    # Most edges lead to a node made before: looked up as the plain
                    # tuple, a NodeKey is made only for a new node or a kept edge.
                    if edges is not None:
                        child = _new_tuple(NodeKey, found)
                        edges.append((step, child))
                        if child not in nodes:
                            self._expand(child, (*steps, step), (*used, die))
                    elif found not in nodes:
                        self._expand(_new_tuple(NodeKey, found), (*steps, step), (*used, die))

    def _legal_ends(self) -> dict[NodeKey, TurnNode]:
        """The nodes where a legal play ends (R8, R9, V2)."""
        ends = {key: node for key, node in self.nodes.items() if is_valid_end(key)}  # V2
        most = max(len(node.used) for node in ends.values())
        ends = {key: node for key, node in ends.items() if len(node.used) == most}
        if most == 1 and not self.roll.is_double:
            larger = {key: node for key, node in ends.items() if node.used[0] == self.roll.high}
            ends = larger or ends
        return ends

    def plays(self) -> dict[Board, Play]:
        """One play per resulting position, in the order found."""
        found: dict[Board, Play] = {}
        new = object.__new__
        for key, node in self.legal_ends.items():
            board = (key.player, key.opponent)
            if board not in found:
                play = found[board] = new(Play)
                set_play_steps(play, node.steps)
        return found

    def most_dice(self) -> int:
        """How many dice (units) every legal play uses."""
        return len(next(iter(self.legal_ends.values())).used)
