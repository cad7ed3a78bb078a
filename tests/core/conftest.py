"""Fixtures and hypothesis strategies for the rules engine's tests.

Positions come from random games: each side picks a uniformly random legal
play. Games are cached per seed, so a strategy only picks a game and a turn.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache

import pytest
from hypothesis import strategies as st

from nard.core.board import OFF, Position
from nard.core.dice import Roll
from nard.core.plays import LegalPlays, Play, Step
from nard.core.rules import IRANIAN, STANDARD, EscapeScope, RuleSet
from tests.core.reference import (
    Sample,
    all_rolls,
    apply_steps,
    random_game_samples,
    reference_plays,
)

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


# -- hand-built positions and exact play sets -------------------------------------------

Steps = Sequence[tuple[int, int]]


def at(mine: dict[int, int], theirs: dict[int, int], *, theirs_on_bar: int = 0) -> Position:
    """A position from the mover's point of view: ``theirs`` maps the MOVER's point
    numbers to opposing checkers (so ``{2: 1}`` is a blot on the mover's 2-point);
    checkers not placed are borne off. Point 25 in ``mine`` is the mover's bar."""
    opponent = {25 - point: count for point, count in theirs.items()}
    if theirs_on_bar:
        opponent[25] = theirs_on_bar
    return Position.from_points(mine, opponent)


def play(*steps: tuple[int, int]) -> Play:
    """A play from ``(from, to)`` pairs (bar 25, off 0)."""
    return Play(tuple(Step(origin, target) for origin, target in steps))


def assert_plays(
    position: Position, roll: Roll, expected: Iterable[Steps], rules: RuleSet = STANDARD
) -> LegalPlays:
    """The legal plays are exactly ``expected`` (as resulting positions), for the
    engine and for the reference alike, and each expected play is ``in`` them."""
    expected = list(expected)
    boards = {apply_steps(position, steps) for steps in expected}
    legal = LegalPlays(position, roll, rules)
    found = {(after.player, after.opponent) for _, after in legal.items()}
    assert found == boards, f"engine: {[str(p) for p in legal]}"
    assert reference_plays(position, roll, rules) == boards, "the reference disagrees"
    for steps in expected:
        assert play(*steps) in legal, f"{steps} should be legal"
    if not expected:
        assert legal.dice_used == 0
        assert play() in legal
    else:
        assert play() not in legal
    return legal


@st.composite
def scattered_positions(draw: st.DrawFn) -> Position:
    """A position with the checkers dropped at random, not reached by play: many
    blots, crowded bars and home boards, so hits, V1 and V2 come up constantly.
    Half the time the mover has every checker home (or off), to bear off."""
    home_only = draw(st.booleans())
    slots = list(range(7)) if home_only else list(range(26))  # 0 off, 25 bar
    mine = draw(st.lists(st.sampled_from(slots), min_size=15, max_size=15))
    player = [mine.count(point) for point in range(26)]
    free = [0, 25] + [point for point in range(1, 25) if not player[point]]
    theirs = draw(st.lists(st.sampled_from(free), min_size=15, max_size=15))
    opponent = [0] * 26
    for point in theirs:
        opponent[point if point in (0, 25) else 25 - point] += 1
    return Position(tuple(player), tuple(opponent))
