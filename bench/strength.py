"""Playing strength: cubeless money sessions between two players, duplicate dice.

Each pair of games uses one dice sequence twice: first player A sits WHITE,
then player B does, with the same rolls for the same seat, which cancels
much of the luck. Prints A's points per game with its standard error (over
pairs), wins and gammons.

Players: a bot level (beginner ... expert) or ``pubeval``.

    .venv/bin/python bench/strength.py expert pubeval --pairs 200
    .venv/bin/python bench/strength.py advanced intermediate --pairs 300 --jobs 2

Measured on the 2-core development machine (shared, loaded), 2026-11-29,
standard rules, player A's points per game ± 1 standard error:

    A            B             pairs  seed   A ppg
    casual       beginner        300     1   +1.083 ± 0.062
    intermediate casual          200     2   +0.573 ± 0.070
    advanced     intermediate    300     2   +0.333 ± 0.058
    expert       advanced        300     2   +0.345 ± 0.053
    expert       pubeval         200     1   +0.600 ± 0.064
    expert       pubeval         300     2   +0.750 ± 0.052
    2-ply        expert           60     2   -0.033 ± 0.108
    2-ply        expert          120     3   -0.067 ± 0.080

The 2-ply level ("world_class") showed no measurable gain over expert and was dropped.

Under the Iranian preset (every play checked legal with --check):

    expert       pubeval          50     3   +0.730 ± 0.133
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol

from nard.ai.bot import LEVELS, Bot, Level
from nard.ai.engine import BgsageEngine
from nard.ai.probabilities import Probabilities
from nard.ai.pubeval import PubEval
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.plays import Play, apply_play, is_legal
from nard.core.rules import RuleSet


class Player(Protocol):
    def choose_play(self, position: Position, roll: Roll, rules: RuleSet) -> Play: ...


def make_player(name: str, seed: int, engine: BgsageEngine | None) -> Player:
    if name == "pubeval":
        return PubEval()
    return Bot(Level.named(name), engine=engine, seed=seed)


def dice_sequence(seed: int, length: int = 400) -> list[Roll]:
    """A fixed sequence of rolls; the first is an opening roll, never a double (R4)."""
    rng = random.Random(seed)
    first = Roll(rng.randint(1, 6), rng.randint(1, 6))
    while first.is_double:
        first = Roll(rng.randint(1, 6), rng.randint(1, 6))
    return [first] + [Roll(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(length - 1)]


def play_one(
    white: Player, black: Player, dice: Sequence[Roll], rules: RuleSet, check: bool
) -> int:
    """Points won by WHITE (negative: lost), cubeless (R15); WHITE rolls first."""
    position = Position.initial(Side.WHITE)
    players = {Side.WHITE: white, Side.BLACK: black}
    extra = random.Random(len(dice))
    for turn in range(10_000):
        roll = dice[turn] if turn < len(dice) else Roll(extra.randint(1, 6), extra.randint(1, 6))
        play = players[position.turn].choose_play(position, roll, rules)
        if check and not is_legal(position, roll, play, rules):
            raise AssertionError(f"illegal play {play!r} in {position!r} with {roll}")
        position = apply_play(position, play)
        outcome = Probabilities.of_finished(position)
        if outcome is not None:
            points = 1 + int(outcome.win_gammon) + int(outcome.win_backgammon)
            if rules.no_backgammon:
                points = min(points, 2)
            return points if outcome.side is Side.WHITE else -points
        position = position.swap()
    raise RuntimeError("game did not end")


_ENGINE: BgsageEngine | None = None


def play_pair(args: tuple[str, str, int, str, bool]) -> tuple[int, int]:
    """Both seatings on one dice sequence: A's points as WHITE, then as BLACK."""
    global _ENGINE
    name_a, name_b, seed, rules_name, check = args
    if _ENGINE is None:
        _ENGINE = BgsageEngine(threads=1)
    rules = RuleSet.preset(rules_name)
    dice = dice_sequence(seed)
    a1, b1 = make_player(name_a, seed, _ENGINE), make_player(name_b, seed + 1, _ENGINE)
    first = play_one(a1, b1, dice, rules, check)
    a2, b2 = make_player(name_a, seed, _ENGINE), make_player(name_b, seed + 1, _ENGINE)
    second = -play_one(b2, a2, dice, rules, check)
    return first, second


def main(argv: Sequence[str] | None = None) -> int:
    names = [*LEVELS, "pubeval"]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", choices=names)
    parser.add_argument("b", choices=names)
    parser.add_argument("--pairs", type=int, default=100, help="duplicate game pairs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--rules", default="standard", choices=["standard", "iranian"])
    parser.add_argument("--check", action="store_true", help="assert every play is legal")
    args = parser.parse_args(argv)

    work = [
        (args.a, args.b, args.seed * 1_000_003 + i, args.rules, args.check)
        for i in range(args.pairs)
    ]
    started = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play_pair, work, chunksize=4))
    else:
        results = [play_pair(w) for w in work]
    elapsed = time.perf_counter() - started

    games = [g for pair in results for g in pair]
    pair_means = [(x + y) / 2 for x, y in results]
    ppg = statistics.fmean(games)
    se = statistics.stdev(pair_means) / math.sqrt(len(pair_means)) if len(results) > 1 else 0.0
    wins = sum(g > 0 for g in games) / len(games)
    gammons = sum(abs(g) >= 2 for g in games) / len(games)
    print(
        f"{args.a} vs {args.b} ({args.rules}, cubeless money, {len(games)} games in "
        f"{len(results)} duplicate pairs, seed {args.seed}, {elapsed:.0f}s)"
    )
    print(f"  {args.a}: {ppg:+.3f} ppg ± {se:.3f} (1 SE); wins {wins:.1%}; gammons+ {gammons:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
