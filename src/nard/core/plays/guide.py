"""Step-by-step play: which steps may come next so that a legal play stays reachable.

:class:`TurnGuide` answers from the graph of the customs search
(:mod:`nard.core.plays.customs`), making only the nodes it is asked about; where
V1/V2 cannot bind it answers from the board alone, with the standard rules'
counting (:mod:`nard.core.plays.standard`).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence

from nard.core.board import BAR, Point, Position
from nard.core.dice import Roll
from nard.core.plays.customs import (
    CustomsSearch,
    NodeKey,
    TurnNode,
    child_key,
    customs_may_bind,
    ends_after,
    is_valid_end,
    may_hit_where_it_counts,
    next_moves,
    root_key,
    where_hits_count,
)
from nard.core.plays.play import Play, Step, step_orders
from nard.core.plays.standard import Doubles, die_lanes, standard_plays
from nard.core.plays.steps import STEP, DieStep, die_steps, has_die_step
from nard.core.rules import STANDARD, RuleSet

_Option = tuple[Step, bool, bool]
"""An edge out of a node: (step, whether the checker it moves has hit this turn
(V1), whether a complete legal play stays reachable after it)."""


def _plain_steps(key: NodeKey) -> list[Step]:
    """The steps out of a node with no checker marked by V1, in the search's order
    (what next_moves gives there)."""
    player, opponent, dice = key.player, key.opponent, key.dice
    steps: list[Step] = []
    for index, die in enumerate(dice):
        if die not in dice[:index]:
            table = STEP[die]
            steps += [table[origin][hit] for origin, _, hit in die_steps(player, opponent, die)]
    return steps


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

    # The guide answers from the graph of CustomsSearch(keep_edges=True), but makes only
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
        self._root = root_key(position, roll)
        self._units = len(roll.units)
        self._plain = not (rules.has_move_customs and customs_may_bind(position, roll, rules))
        self._most = -1  # dice_used, once known
        self._larger_only = False  # R9: a play ends after the larger die only
        self._root_moves: list[list[DieStep]] = []  # each die's, not a double
        # A double's lanes and its walks (_units_playable), once needed.
        self._lanes: list[int] | None = None
        self._safe_lanes: list[int] | None = None  # blots where hits count shunned
        self._doubles: Doubles | None = None
        # The nodes listed so far, by identity (hashing a node costs more than listing
        # its edges): the node, its edges, and the node each edge leads to once made.
        self._listed: dict[int, tuple[NodeKey, list[_Option], list[NodeKey | None]]] = {}
        self._good: dict[NodeKey, bool] = {}
        self._search: CustomsSearch | None = None

    def __reduce__(self) -> tuple[type[TurnGuide], tuple[Position, Roll, RuleSet]]:
        # What the guide has worked out is keyed by id(), which means nothing in
        # another process (a game sent to the bot's) or a copy: send what makes it.
        return TurnGuide, (self.position, self.roll, self.rules)

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
                return self._units_playable(list(root.player), 4), False
            return self._deepest(root, {}), False
        player, opponent = root.player, root.opponent
        moves = self._root_moves = [die_steps(player, opponent, die) for die in roll.units]
        board = list(player)
        for found, second in zip(moves, (roll.low, roll.high), strict=True):
            for origin, target, hit in found:
                if hit and not self._plain:
                    continue  # V1/V2 may bind after it: left to the search below
                board[origin] -= 1
                board[target] += 1
                both = has_die_step(board, opponent, second)
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
            step.die == roll.high and is_valid_end(child_key(root, step, mover, rules))
            for step, mover in next_moves(root, rules)
        )

    def _any_step(self, key: NodeKey) -> bool:
        """Whether any step can be made from this node."""
        if key.taint:  # V1 may hold checkers back
            return any(True for _ in next_moves(key, self.rules))
        player, opponent = key.player, key.opponent
        return any(has_die_step(player, opponent, die) for die in set(key.dice))

    def _deepest(self, key: NodeKey, memo: dict[NodeKey, int]) -> int:
        """The most dice used at a node where a play may stop (V2) reachable from ``key``."""
        depth = self._units - len(key.dice)
        best = depth if is_valid_end(key) else -1
        if depth == self._units - 1 and not key.home_hits:
            # No step can cover a home point hit before (V2): any step ends a play.
            if self._any_step(key):
                best = self._units
        elif self.roll.is_double and not key.taint and not key.home_hits and self._clean_reach(key):
            # The standard rules' graph from here on, where every node may end a play.
            best = depth + self._units_playable(list(key.player), len(key.dice))
        elif (
            self.roll.is_double
            and not key.taint
            and not key.home_hits
            and self._units_unhitting(list(key.player)) >= len(key.dice)
        ):
            best = self._units  # by steps that never hit where V1/V2 would bind
        elif depth < self._units:
            rules = self.rules
            for step, tainted_mover in next_moves(key, rules):
                child = child_key(key, step, tainted_mover, rules)
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
        return not may_hit_where_it_counts(key.player, key.opponent, sum(key.dice), self.rules)

    def _is_end(self, key: NodeKey) -> bool:
        """Whether a legal play ends at this node (R8, R9, V2)."""
        dice = key.dice
        if self._units - len(dice) != self.dice_used or not is_valid_end(key):
            return False
        return not self._larger_only or dice == (self.roll.low,)

    def _is_good(self, key: NodeKey) -> bool:
        """Whether a legal play can still be completed from this node."""
        good = self._good.get(key)
        if good is None:
            depth = self._units - len(key.dice)
            most = self.dice_used
            if depth >= most:
                good = self._is_end(key)  # later nodes use more dice than a legal play
            elif not depth:
                good = True  # the root leads to every node, legal ends included
            elif depth == most - 1 and not key.home_hits and not self._larger_only:
                good = self._any_step(key)  # no step can cover a home point hit (V2)
            else:
                if not key.taint and not key.home_hits:
                    good = self._plainly_good(
                        list(key.player), key.opponent, key.dice, most - depth
                    )
                if good is None:
                    rules = self.rules
                    good = any(
                        self._is_good(child_key(key, step, tainted_mover, rules))
                        for step, tainted_mover in next_moves(key, rules)
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
            return any(has_die_step(board, opponent, die) for die in set(dice))
        if may_hit_where_it_counts(board, opponent, sum(dice), self.rules):
            # Steps that hit nowhere it counts keep to the standard rules' graph.
            return True if self._units_unhitting(board) >= need else None
        # The standard rules' graph from here on; only a double has units to spare.
        return self._units_playable(board, need) == need

    def _units_unhitting(self, board: list[int]) -> int:
        """How many units of the double rolled a board of this turn surely lets the
        mover play without hitting where V1/V2 would bind: its lanes' sum."""
        lanes = self._safe_lanes
        if lanes is None:
            shunned = where_hits_count(self.rules)
            lanes = self._safe_lanes = die_lanes(self._root.opponent, self.roll.high, shunned)
        if board[BAR] and not lanes[BAR]:
            return 0
        return sum(map(operator.mul, board, lanes))

    def _units_playable(self, board: list[int], cap: int) -> int:
        """How many units of the double rolled a board of this turn (changed and
        restored) lets the mover play, up to ``cap``, under the standard rules; the
        sum of the lanes answers first."""
        lanes = self._lanes
        if lanes is None:
            player, opponent, die = self._root.player, self._root.opponent, self.roll.high
            self._doubles = Doubles(player, opponent, die)  # before the lanes
            lanes = self._lanes = die_lanes(opponent, die)
        if (lanes[BAR] or not board[BAR]) and sum(map(operator.mul, board, lanes)) >= cap:
            return cap
        assert self._doubles is not None
        return self._doubles.units(board, cap)

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
        depth = self._units - len(key.dice) + 1  # the children's
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
        board = list(key.player)
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
        moves = next_moves(key, rules)
        if depth > most:
            return [(step, tainted_mover, False) for step, tainted_mover in moves]
        if depth == most:
            larger = self.roll.high if self._larger_only else 0
            return [
                (step, tainted_mover, (not larger or step.die == larger) and ends_after(key, step))
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
                good = self._is_good(child_key(key, step, tainted_mover, rules))
            options.append((step, tainted_mover, good))
        return options

    def _root_options(self) -> list[_Option]:
        """_options of the root of a roll that is not a double, when both dice can be
        played: a step is good when the other die can follow it (where V1/V2 may
        bind, a step that hits has its node searched instead)."""
        root = self._root
        player, opponent = root.player, root.opponent
        dice = self.roll.units
        moves = self._root_moves or [die_steps(player, opponent, die) for die in dice]
        # The points a plain step of each die starts from (not the bar, not off): it
        # stays open after a step of the other die, unless that takes the last checker.
        spare = [[] if player[BAR] else [o for o, t, _ in found if t] for found in moves]
        board = list(player)
        options: list[_Option] = []
        for die, found, other, others in (
            (dice[0], moves[0], dice[1], spare[1]),
            (dice[1], moves[1], dice[0], spare[0]),
        ):
            steps = STEP[die]
            for origin, target, hit in found:
                if hit and not self._plain:
                    good = self._is_good(child_key(root, steps[origin][hit], False, self.rules))
                elif len(others) > 1 or (others and (others[0] != origin or player[origin] > 1)):
                    good = True
                else:
                    board[origin] -= 1
                    board[target] += 1
                    good = has_die_step(board, opponent, other)
                    board[origin] += 1
                    board[target] -= 1
                options.append((steps[origin][hit], False, good))
        return options

    # -- the search graph, for callers that diagnose (nard.core.explain) -------------------

    def _full_search(self) -> CustomsSearch:
        if self._search is None:
            self._search = CustomsSearch(self.position, self.roll, self.rules, keep_edges=True)
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
                    child = children[index] = child_key(key, edge, tainted_mover, self.rules)
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

    def _good_edges(self, steps: Sequence[Step]) -> list[Step]:
        """The good edges out of the nodes the steps lead to, repeats included."""
        keys = self.walk(steps)
        if keys is None:
            raise ValueError("the steps made so far do not lead to a legal play")
        return [edge for key in keys for edge, _, good in self._listing(key)[1] if good]

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
            # The standard search finds the customs search's plays, in its order.
            plays = standard_plays(self.position, self.roll)[1]
            return plays[0] if plays else Play()
        return next(iter(self._full_search().plays().values()))
