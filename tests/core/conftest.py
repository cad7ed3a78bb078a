"""Fixtures and hypothesis strategies for the rules engine's tests.

Positions come from random games: each side picks a uniformly random legal
play. Games are cached per seed, so a strategy only picks a game and a turn.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import strategies as st

from nard.core.board import OFF, Position
from nard.core.dice import Roll
from nard.core.plays import LegalPlays
from nard.core.rules import IRANIAN, STANDARD, EscapeScope, RuleSet
from tests.core.reference import Sample, all_rolls, random_game_samples

V1_BOARD = STANDARD.with_(escape_after_hit=True, escape_scope=EscapeScope.BOARD)
"""V1 alone, with the scope that binds any hitting checker (entering included)."""

RULE_SETS: dict[str, RuleSet] = {"standard": STANDARD, "iranian": IRANIAN, "v1-board": V1_BOARD}

GAMES = 40
"""How many cached random games the hypothesis strategy draws from."""

CORPUS_SIZE = 5000


@cache
def random_game(seed: int) -> tuple[Position, ...]:
    """Every position met in one random game (side on roll's view), start included."""
    rng = random.Random(seed)
    position = Position.initial()
    seen = [position]
    while position.player[OFF] < 15 and position.opponent[OFF] < 15:
        roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
        results = sorted(
            (after.player, after.opponent) for _, after in LegalPlays(position, roll).items()
        )
        if results:
            player, opponent = rng.choice(results)
            position = Position(player, opponent, position.turn)
        if position.player[OFF] == 15:
            break
        position = position.swap()
        seen.append(position)
    return tuple(seen)


@st.composite
def game_positions(draw: st.DrawFn) -> Position:
    """A position from a random game (any phase: contact, bar, race, bear-off)."""
    game = random_game(draw(st.integers(0, GAMES - 1)))
    return game[draw(st.integers(0, len(game) - 1))]


rolls = st.sampled_from(list(all_rolls()))
rule_sets = st.sampled_from(list(RULE_SETS.values()))


@cache
def corpus() -> tuple[Sample, ...]:
    """The fixed-seed corpus the reference comparison runs on."""
    return tuple(random_game_samples(CORPUS_SIZE))


@pytest.fixture(scope="session")
def samples() -> tuple[Sample, ...]:
    return corpus()
