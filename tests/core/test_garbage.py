"""Generating plays leaves nothing for the cycle collector.

A game server asks for the plays and the guide of every roll of every game; a
reference cycle made on the way (a closure that calls itself, a node that
points back to its search) is garbage that only a collector pass frees, and
every pass pauses every game. So none is made: with the collector off, a
collection after generating finds nothing unreachable.
"""

from __future__ import annotations

import gc

import pytest

from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.plays import LegalPlays, TurnGuide
from nard.core.rules import RuleSet
from tests.core.conftest import RULE_SETS
from tests.core.reference import Sample


def unreachable_after(samples: list[tuple[Position, Roll]], rules: RuleSet) -> int:
    """The objects a collection finds unreachable after generating for ``samples``."""
    gc.collect()
    gc.disable()
    try:
        for position, roll in samples:
            LegalPlays(position, roll, rules)
            guide = TurnGuide(position, roll, rules)
            guide.destinations(())
            for step in guide.next_steps(())[:3]:
                guide.destinations((step,))
                guide.is_complete((step,))
            guide.example_play()
        return gc.collect()
    finally:
        gc.enable()


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_doubles_leave_no_cyclic_garbage(name: str, samples: tuple[Sample, ...]) -> None:
    doubles = [(s.position, s.roll) for s in samples if s.roll.is_double][:200]
    assert unreachable_after(doubles, RULE_SETS[name]) == 0


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_other_rolls_leave_no_cyclic_garbage(name: str, samples: tuple[Sample, ...]) -> None:
    others = [(s.position, s.roll) for s in samples if not s.roll.is_double][:200]
    assert unreachable_after(others, RULE_SETS[name]) == 0
