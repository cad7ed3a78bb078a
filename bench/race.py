"""Race checker play judged by GNU Backgammon: nard's choices against gnubg 0-ply's.

Race positions (no contact left, two or more legal plays) come from games the
0-ply bot plays against itself with a little noise and a fixed seed, at most
a few from each game. For each, nard's play at each ``--levels`` level and
gnubg's 0-ply play are judged by gnubg at ``--judge-plies`` (2 by default):
the loss of a play is the judge's equity of its best play minus that of the
play, cubeless money. Prints the mean loss of each player with its standard
error (in thousandths of a point), and of nard minus gnubg 0-ply paired
position by position, for all positions and split into "both home" (nard's
bear-off database is exact there) and "not both home". The judge shares
gnubg 0-ply's networks, which if anything favours gnubg 0-ply.

Needs the ``gnubg`` Python module (the judge).

    .venv/bin/python bench/race.py --positions 300 --levels advanced expert
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import gnubg

from nard.ai.bot import LEVELS, Bot, Level
from nard.ai.engine import BgsageEngine
from nard.ai.probabilities import Probabilities
from nard.ai.race import race_probabilities
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.plays import LegalPlays, Play, apply_play


def race_decisions(
    count: int, seed: int, engine: BgsageEngine, per_game: int = 4
) -> list[tuple[Position, Roll]]:
    """``count`` race (position, roll) pairs with at least two legal plays."""
    rng = random.Random(seed)
    sampler = Bot(Level("sampler", 0, 0.05, "0-ply, a little noise"), engine=engine, seed=seed)
    found: list[tuple[Position, Roll]] = []
    while len(found) < count:
        position = Position.initial(rng.choice(list(Side)))
        in_game: list[tuple[Position, Roll]] = []
        while not position.is_game_over():
            roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
            if not position.is_contact() and len(LegalPlays(position, roll)) >= 2:
                in_game.append((position, roll))
            position = apply_play(position, sampler.choose_play(position, roll))
            if not position.is_game_over():
                position = position.swap()
        found.extend(rng.sample(in_game, min(per_game, len(in_game))))
    return found[:count]


def _context(plies: int) -> Any:
    return gnubg.evalcontext(0, plies, 0, 1, 0.0)


def judged_equity(after: Position, plies: int) -> float:
    """The judge's cubeless equity for the side that played into ``after``."""
    finished = Probabilities.of_finished(after)
    if finished is not None:
        return finished.pov(after.turn).equity()
    board = gnubg.positionfromid(after.swap().id())
    return -float(gnubg.evaluate(board, gnubg.cubeinfo(), _context(plies))[5])


def judge_all(position: Position, roll: Roll, plies: int) -> tuple[dict[Play, float], Play]:
    """The judge's equities of the plays worth judging, and gnubg 0-ply's choice.

    Every legal play gets gnubg's 0-ply equity (its 0-ply choice is the best of
    them); the best 8 within 0.16 of it (gnubg's own filter) then get the
    judge's ``plies``. (gnubg's Python module cuts a move tuple at the first
    bear-off, so plays are compared by the positions they reach.)
    """
    afters = dict(LegalPlays(position, roll).items())
    quick = {play: judged_equity(after, 0) for play, after in afters.items()}
    ranked = sorted(quick, key=lambda play: -quick[play])
    top = quick[ranked[0]]
    judged = {
        play: judged_equity(afters[play], plies) for play in ranked[:8] if top - quick[play] <= 0.16
    }
    return judged, ranked[0]


def _mean_se(values: Sequence[float]) -> str:
    """Mean ± standard error, in thousandths of a point."""
    milli = [1000 * v for v in values]
    if len(milli) < 2:
        return f"{statistics.fmean(milli) if milli else 0.0:.3f}"
    se = statistics.stdev(milli) / math.sqrt(len(milli))
    return f"{statistics.fmean(milli):.3f} ± {se:.3f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", nargs="*", default=["expert"], choices=list(LEVELS))
    parser.add_argument("--judge-plies", type=int, default=2)
    args = parser.parse_args(argv)

    engine = BgsageEngine(threads=1)
    started = time.perf_counter()
    sample = race_decisions(args.positions, args.seed, engine)
    bots = {name: Bot(LEVELS[name], engine=engine, seed=args.seed) for name in args.levels}
    # nard's network alone, without noise: the like of gnubg 0-ply.
    bots["nard 0-ply"] = Bot(Level("nard 0-ply", 0, 0.0, "no noise"), engine=engine)
    players = [*args.levels, "nard 0-ply", "gnubg 0-ply"]
    losses: dict[str, list[float]] = {name: [] for name in players}
    home: list[bool] = []
    for position, roll in sample:
        judged, gnubg_choice = judge_all(position, roll, args.judge_plies)
        chosen = {name: bot.choose_play(position, roll) for name, bot in bots.items()}
        chosen["gnubg 0-ply"] = gnubg_choice
        for play in chosen.values():
            if play not in judged:
                judged[play] = judged_equity(apply_play(position, play), args.judge_plies)
        best = max(judged.values())
        for name, play in chosen.items():
            losses[name].append(best - judged[play])
        home.append(race_probabilities(position) is not None)
    elapsed = time.perf_counter() - started

    print(
        f"{len(sample)} race decisions (seed {args.seed}; {sum(home)} both home), "
        f"judged by gnubg {args.judge_plies}-ply, cubeless money, {elapsed:.0f}s"
    )
    print("mean equity loss per decision, thousandths of a point ± 1 SE")
    print(f"{'player':<14} {'all':>18} {'both home':>18} {'not both home':>18}")
    for name in players:
        split = [
            losses[name],
            [x for x, h in zip(losses[name], home, strict=True) if h],
            [x for x, h in zip(losses[name], home, strict=True) if not h],
        ]
        print(f"{name:<14} " + " ".join(f"{_mean_se(part):>18}" for part in split))
    for name in [*args.levels, "nard 0-ply"]:
        diff = [a - b for a, b in zip(losses[name], losses["gnubg 0-ply"], strict=True)]
        print(f"{name} - gnubg 0-ply (paired): {_mean_se(diff)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
