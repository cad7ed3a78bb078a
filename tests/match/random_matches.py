"""Whole matches played by random players from a seed, for record round trips."""

from __future__ import annotations

import random

from nard.core.rules import STANDARD, RuleSet
from nard.match import DiceSource, GameOptions, Match, SeededDice
from tests.match.players import RandomPlayer

MAX_ACTIONS = 4_000


def random_match(
    seed: int,
    length: int | None = 1,
    rules: RuleSet = STANDARD,
    options: GameOptions | None = None,
    *,
    dice: DiceSource | None = None,
    max_actions: int = MAX_ACTIONS,
    resign: float = 0.01,
) -> Match:
    """A match played with random legal actions (beavers only where allowed),
    stopped after ``max_actions`` if it has not ended by then."""
    player = RandomPlayer(random.Random(seed), resign=resign)
    source = SeededDice(seed) if dice is None else dice
    match = Match.new(length, rules, options)
    for _ in range(max_actions):
        if match.game is None:
            break
        match = match.apply(player.choose(match.game, source)).match
    return match
