"""Playing strength: cubeless money sessions between two players, duplicate dice.

Each pair of games uses one dice sequence twice: first player A sits WHITE,
then player B does, with the same rolls for the same seat, which cancels
much of the luck. Prints A's points per game with its standard error (over
pairs), wins and gammons, and how many pairs would bring the standard error
to 0.05 (enough to see a gap of 0.1 ppg at two standard errors).

Players: a bot level (beginner ... world_class) or ``pubeval``. Pairs run in
``--jobs`` worker processes (one engine thread each). With ``--out FILE``
every finished pair is appended to FILE as a JSON line at once, and a rerun
with the same arguments and FILE plays only the pairs still missing, so a
long run can be stopped and resumed.

    .venv/bin/python bench/strength.py expert pubeval --pairs 200
    .venv/bin/python bench/strength.py world_class expert --pairs 1000 --jobs 16 \
        --seed 7 --out data/wc-vs-expert.jsonl

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

    world_class  expert           78     7   +0.071 ± 0.085   (expert 1-ply in races)
    world_class  expert          400     8   +0.006 ± 0.040
    world_class  expert         1000    11   +0.027 ± 0.024   (2026-12-01, 60 min, 2 jobs)

(The 2-ply rows are the earlier plain 2-ply search, before world_class's
filters. One pair's standard deviation is 0.75 to 0.80, so 1,000 pairs give a
standard error of 0.024: world_class's 1,000 pairs put it +0.027 ± 0.024 ahead
of expert, about one standard error, so no margin is shown; pooled with the
400 pairs of seed 8, +0.021 ± 0.020. A margin of 0.07 ppg or more is ruled out
at two standard errors.)
Under the Iranian preset (every play checked legal with --check):

    expert       pubeval          50     3   +0.730 ± 0.133
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
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


def _done_pairs(path: Path | None, key: dict[str, object]) -> dict[int, tuple[int, int]]:
    """Pairs already played into ``path`` under the same settings, by index."""
    done: dict[int, tuple[int, int]] = {}
    if path is None or not path.exists():
        return done
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if all(record.get(name) == value for name, value in key.items()):
            done[record["pair"]] = (record["first"], record["second"])
    return done


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
    parser.add_argument("--out", type=Path, help="append each pair here; resume from it")
    args = parser.parse_args(argv)

    key: dict[str, object] = {"a": args.a, "b": args.b, "seed": args.seed, "rules": args.rules}
    results = _done_pairs(args.out, key)
    work = [
        (args.a, args.b, args.seed * 1_000_003 + i, args.rules, args.check)
        for i in range(args.pairs)
        if i not in results
    ]
    index = {w[2]: w[2] - args.seed * 1_000_003 for w in work}
    sink = args.out.open("a") if args.out else None
    started = time.perf_counter()
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        futures = {pool.submit(play_pair, w): w[2] for w in work}
        for future in as_completed(futures):
            pair = index[futures[future]]
            results[pair] = future.result()
            if sink is not None:
                record = {**key, "pair": pair, "first": results[pair][0]}
                sink.write(json.dumps({**record, "second": results[pair][1]}) + "\n")
                sink.flush()
    if sink is not None:
        sink.close()
    elapsed = time.perf_counter() - started

    played = [results[i] for i in sorted(results) if i < args.pairs]
    games = [g for pair in played for g in pair]
    pair_means = [(x + y) / 2 for x, y in played]
    ppg = statistics.fmean(games)
    sd = statistics.stdev(pair_means) if len(played) > 1 else 0.0
    se = sd / math.sqrt(len(pair_means)) if len(played) > 1 else 0.0
    wins = sum(g > 0 for g in games) / len(games)
    gammons = sum(abs(g) >= 2 for g in games) / len(games)
    print(
        f"{args.a} vs {args.b} ({args.rules}, cubeless money, {len(games)} games in "
        f"{len(played)} duplicate pairs, seed {args.seed}; {len(work)} played now in "
        f"{elapsed:.0f}s)"
    )
    print(f"  {args.a}: {ppg:+.3f} ppg ± {se:.3f} (1 SE); wins {wins:.1%}; gammons+ {gammons:.1%}")
    if sd:
        print(f"  pairs for SE 0.05: {math.ceil((sd / 0.05) ** 2)} (pair SD {sd:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
