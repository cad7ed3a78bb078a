"""The turn guide against the frozen copy of the guide before it was made lazy.

``TurnGuide`` answers from a lazy search (R5-R14, V1, V2); the copy in
``_reference_guide.py`` walks every turn state up front. On positions from
random games and odd hand-made ones, under the standard rules, the Iranian
preset and V1 with board scope, both must give the same answers: the dice a
play uses, the steps offered (same steps, dice, hits and order) before any
step, after each first step and after each first two, whether steps make a
whole play, and how steps are resolved and completed, legal or not.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import pytest
from bench.corpus import build_corpus, odd_positions
from hypothesis import given, settings
from hypothesis import strategies as st

from nard.core.board import BAR, OFF, Position
from nard.core.dice import ALL_ROLLS, Roll
from nard.core.plays import Step, TurnGuide
from nard.core.rules import RuleSet
from tests.core._reference_guide import ReferenceGuide
from tests.core.conftest import RULE_SETS, rolls, rule_sets, scattered_positions

Sample = tuple[Position, Roll]
Answer = object


@cache
def samples() -> tuple[Sample, ...]:
    """3,000 (position, roll) pairs: random games, and odd positions with every roll."""
    odd = [(position, roll) for position in odd_positions(24, seed=5) for roll, _ in ALL_ROLLS]
    return (*build_corpus(3000 - len(odd)), *odd)


def shown(steps: Sequence[Step]) -> list[tuple[int, int, bool, int]]:
    """Steps with everything that tells them apart, hit and die included."""
    return [(step.from_point, step.to_point, step.hit, step.die) for step in steps]


def offered(
    guide: TurnGuide | ReferenceGuide, steps: Sequence[Step], *, destinations: bool = True
) -> list[Answer]:
    """The steps the guide offers after ``steps``, as steps and (unless told not to)
    as destinations."""
    try:
        found: list[Answer] = [shown(guide.next_steps(steps))]
        if destinations:
            found.append(list(guide.destinations(steps).items()))
    except ValueError as error:
        return [f"ValueError: {error}"]
    return found


def answers(guide: TurnGuide | ReferenceGuide, steps: Sequence[Step]) -> list[Answer]:
    """What the guide says about ``steps`` made so far."""
    resolved = guide.resolve(steps)
    complete = guide.complete_play(steps)
    return [
        *offered(guide, steps),
        guide.is_complete(steps),
        None if resolved is None else shown(resolved),
        None if complete is None else shown(complete.steps),
    ]


def odd_steps(position: Position, roll: Roll) -> list[Step]:
    """Steps the rules may refuse: each die from the highest checkers, too far, or off."""
    found = []
    player = position.player
    points = [point for point in range(BAR, 0, -1) if player[point]][:3]
    for origin in points:
        for distance in {roll.high, roll.low, roll.high + roll.low}:
            found.append(Step(origin, max(origin - distance, OFF)))
    return found


def compare(
    position: Position, roll: Roll, rules: RuleSet, rng: random.Random, *, every_pair: bool = True
) -> int:
    """Assert the two guides agree on this roll; return how many step sequences were asked.

    Without ``every_pair``, the second steps are tried after two of the first only.
    """
    guide = TurnGuide(position, roll, rules)
    reference = ReferenceGuide(position, roll, rules)
    where = f"{position.player} {position.opponent} roll {roll} rules {rules}"
    assert guide.dice_used == reference.dice_used, where
    assert guide.example_play() == reference.example_play(), where
    assert shown(guide.example_play().steps) == shown(reference.example_play().steps), where
    # Every first step and every first two: the steps offered and whether the play is whole.
    asked: list[tuple[Step, ...]] = [()]
    complete: list[tuple[Step, ...]] = []
    firsts = reference.next_steps(())
    followed = firsts if every_pair else rng.sample(firsts, min(len(firsts), 2))
    for first in firsts:
        prefixes: list[tuple[Step, ...]] = [(first,)]
        if first in followed:
            prefixes += [(first, second) for second in reference.next_steps((first,))]
        for steps in prefixes:
            # destinations() is read off next_steps(): asked after one step, it is enough.
            full = len(steps) == 1
            assert offered(guide, steps, destinations=full) == offered(
                reference, steps, destinations=full
            ), f"{where} after {steps}"
            whole = reference.is_complete(steps)
            assert guide.is_complete(steps) == whole, f"{where} after {steps}"
            asked.append(steps)
            if whole:
                complete.append(steps)
    # And everything else on a sample: whole plays in other orders, plays that stop
    # short, steps that are not offered.
    for steps in rng.sample(asked, min(len(asked), 8)):
        asked.append(tuple(reversed(steps)))
    for steps in rng.sample(complete, min(len(complete), 3)):
        asked.append(steps[:-1])
    extra = odd_steps(position, roll)
    for step in rng.sample(extra, min(len(extra), 3)):
        asked.append((step,))
    for steps in rng.sample(asked, min(len(asked), 3)):
        asked.append((*steps, rng.choice(extra)) if extra else steps)
    sample = [asked[0], *rng.sample(asked[1:], min(len(asked) - 1, 6))]
    for steps in sample:
        assert answers(guide, steps) == answers(reference, steps), f"{where} after {steps}"
    return len(asked)


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_guide_answers_as_the_full_search_did(name: str) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(name)
    # Every pair of first steps on a fifth of the rolls (a fifth of them doubles).
    asked = sum(
        compare(position, roll, rules, rng, every_pair=not index % 5)
        for index, (position, roll) in enumerate(samples())
    )
    assert asked > 10 * len(samples())


def edges(pairs: Sequence[tuple[Step, tuple[object, ...]]]) -> list[Answer]:
    """(step, node) pairs, with the steps' hits and dice (a node as a NodeKey or the
    reference's plain tuple)."""
    return [(shown([step]), key) for step, key in pairs]


def graph(nodes: Mapping[Any, object]) -> list[Answer]:
    """Each node with the steps that reached it first, the dice they used and its edges."""
    return [
        (key, shown(node.steps), node.used, edges(node.children))  # type: ignore[attr-defined]
        for key, node in nodes.items()
    ]


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_guide_graph_is_the_full_search_graph(name: str) -> None:
    """The search graph explain.py reads: the same nodes, edges, ends and good nodes."""
    rules = RULE_SETS[name]
    for position, roll in samples()[::25]:
        guide = TurnGuide(position, roll, rules)
        reference = ReferenceGuide(position, roll, rules)
        assert guide.root == reference.root
        assert graph(guide.nodes) == graph(reference.nodes)
        assert list(guide.legal_ends) == list(reference.legal_ends)
        # The guide's own keys (NodeKey), which the graphs' equality shows are the reference's.
        for key in guide.nodes:
            assert guide.is_good(key) == reference.is_good(key)
        for key, node in guide.nodes.items():
            for step, _ in node.children:
                for good_only in (True, False):
                    ours = guide.advance([key], step, good_only=good_only)
                    theirs = reference.advance([key], step, good_only=good_only)
                    assert edges(ours) == edges(theirs)


@settings(max_examples=150, deadline=None)
@given(scattered_positions(), rolls, rule_sets, st.randoms(use_true_random=False))
def test_guide_answers_as_the_full_search_did_anywhere(
    position: Position, roll: Roll, rules: RuleSet, rng: random.Random
) -> None:
    compare(position, roll, rules, rng)
