"""Positions from random games, for the agreement and play tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.plays import LegalPlays
from nard.core.rules import STANDARD, RuleSet


def random_roll(rng: random.Random) -> Roll:
    return Roll(rng.randint(1, 6), rng.randint(1, 6))


def random_game(rng: random.Random, rules: RuleSet = STANDARD) -> Iterator[tuple[Position, Roll]]:
    """Every (position, roll) of one game where both sides play uniformly at random."""
    position = Position.initial(turn=rng.choice([Side.WHITE, Side.BLACK]))
    while not position.is_game_over():
        roll = random_roll(rng)
        yield position, roll
        results = [after for _, after in LegalPlays(position, roll, rules).items()]
        if results:
            position = rng.choice(results)
        if not position.is_game_over():
            position = position.swap()


def random_positions(
    seed: int, count: int, rules: RuleSet = STANDARD
) -> list[tuple[Position, Roll]]:
    """``count`` (position, roll) pairs drawn from random games."""
    rng = random.Random(seed)
    found: list[tuple[Position, Roll]] = []
    while len(found) < count:
        found.extend(random_game(rng, rules))
    return found[:count]
