"""What a game's history costs the garbage collector, with and without interning.

Plays random games (seeded; half the turns step by step, half as whole plays)
and prints the container objects the finished games keep (what every pass of
the cycle collector has to look at) per play, and the time per
``Game.apply``, once with a :class:`nard.match.interning.Interner` (as the game
server applies actions) and once without::

    python -m bench.history_objects [--games 50]
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Sequence

from nard.match import (
    Action,
    ConfirmPlay,
    Game,
    MakePlay,
    MakeStep,
    Phase,
    PlayMade,
    SeededDice,
)
from nard.match.interning import Interner


def random_action(game: Game, rng: random.Random, dice: SeededDice) -> Action:
    if game.phase in (Phase.OPENING, Phase.ROLLING):
        return game.roll_action(dice)
    side = game.to_act
    assert side is not None and game.phase is Phase.PLAYING
    if game.can_confirm:
        return ConfirmPlay(side)
    if game.steps or rng.random() < 0.5:
        return MakeStep(side, rng.choice(game.next_steps()))
    return MakePlay(side, rng.choice(list(game.legal_plays)))


def play_games(count: int, interner: Interner | None) -> list[Game]:
    games = []
    for seed in range(count):
        rng, dice, game = random.Random(seed), SeededDice(seed), Game.new()
        while game.result is None:
            game = game.apply(random_action(game, rng, dice), interner=interner).game
        games.append(game)
    return games


def measure(count: int, interner: Interner | None) -> tuple[float, float, int]:
    play_games(3, interner)  # warm the interner, which outlives games
    gc.collect()
    before = len(gc.get_objects())
    games = play_games(count, interner)
    gc.collect()
    kept = len(gc.get_objects()) - before
    plays = sum(isinstance(event, PlayMade) for game in games for event in game.history)
    actions = [game.actions for game in games]
    start = time.perf_counter()
    for log in actions:
        Game.new().apply_all(log, interner=interner)
    per_action = (time.perf_counter() - start) / sum(map(len, actions)) * 1e6
    return kept / plays, per_action, plays


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args(argv)
    for label, interner in (("interned", Interner()), ("as made", None)):
        per_play, per_action, plays = measure(args.games, interner)
        print(
            f"{label:>9}: {per_play:.1f} tracked objects kept per play "
            f"({plays} plays in {args.games} games), Game.apply {per_action:.1f} µs/action"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
