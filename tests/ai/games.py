"""Positions from random games, for the agreement and play tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.plays import LegalPlays, Play, apply_play, is_legal
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


def play_game(
    choose: Callable[[Position, Roll], Play],
    rng: random.Random,
    rules: RuleSet = STANDARD,
    *,
    max_turns: int = 1000,
) -> tuple[Position, int]:
    """Play one game where ``choose`` picks every play; check each play is legal.

    Returns the final position and the number of turns.
    """
    position = Position.initial(turn=rng.choice([Side.WHITE, Side.BLACK]))
    for turn in range(1, max_turns + 1):
        roll = random_roll(rng)
        play = choose(position, roll)
        assert is_legal(position, roll, play, rules), (position.player, position.opponent, roll)
        position = apply_play(position, play)
        if position.is_game_over():
            return position, turn
        position = position.swap()
    raise AssertionError(f"no winner after {max_turns} turns")
