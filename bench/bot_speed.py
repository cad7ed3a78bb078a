"""Seconds per decision of each bot level on a fixed set of positions.

The positions come from games the 0-ply bot plays against itself with a
fixed seed; only real decisions (two or more legal plays) are timed. Prints,
per level, the median, 95th percentile and maximum wall-clock time of
``Bot.choose_play``, and the median CPU time of the process (all threads),
which shows how much of the wall time other programs on the machine took.

    .venv/bin/python bench/bot_speed.py --positions 200
    .venv/bin/python bench/bot_speed.py --levels advanced expert --threads 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from nard.ai.bot import LEVELS, Bot, Level
from nard.ai.engine import BgsageEngine
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.plays import LegalPlays, apply_play


def decision_positions(count: int, seed: int, engine: BgsageEngine) -> list[tuple[Position, Roll]]:
    """``count`` (position, roll) pairs with at least two legal plays, from self-play."""
    rng = random.Random(seed)
    bot = Bot(Level("sampler", 0, 0.05, "0-ply with a little noise"), engine=engine, seed=seed)
    found: list[tuple[Position, Roll]] = []
    while len(found) < count:
        position = Position.initial(rng.choice(list(Side)))
        while not position.is_game_over():
            roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
            if len(LegalPlays(position, roll)) >= 2:
                found.append((position, roll))
            position = apply_play(position, bot.choose_play(position, roll))
            if not position.is_game_over():
                position = position.swap()
    rng.shuffle(found)
    return found[:count]


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", nargs="*", default=list(LEVELS), choices=list(LEVELS))
    parser.add_argument("--threads", type=int, default=0, help="engine threads (0: all cores)")
    args = parser.parse_args(argv)

    engine = BgsageEngine(threads=args.threads)
    sample = decision_positions(args.positions, args.seed, engine)
    print(f"{len(sample)} decisions, seed {args.seed}, engine threads {args.threads or 'all'}")
    print(
        f"{'level':<13} {'plies':>5} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'cpu med':>8}"
    )
    for name in args.levels:
        bot = Bot(LEVELS[name], engine=engine, seed=args.seed)
        bot.choose_play(*sample[0])  # warm up: load the search of this depth
        wall: list[float] = []
        cpu: list[float] = []
        for position, roll in sample:
            w0, c0 = time.perf_counter(), time.process_time()
            bot.choose_play(position, roll)
            wall.append(time.perf_counter() - w0)
            cpu.append(time.process_time() - c0)
        print(
            f"{name:<13} {bot.level.plies:>5} {statistics.median(wall) * 1e3:>10.1f} "
            f"{percentile(wall, 0.95) * 1e3:>8.1f} {max(wall) * 1e3:>8.1f} "
            f"{statistics.median(cpu) * 1e3:>8.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
