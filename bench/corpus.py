"""A fixed corpus of (position, roll) pairs for the benchmarks and cross-checks.

Random legal games under the standard rules, with a fixed seed: every turn's
position and roll is recorded, dances included, so the corpus holds contact and
race positions, checkers on the bar, bear-offs and doubles in the proportions
random play gives them. The move chosen each turn depends only on the set of
resulting positions (they are sorted before the random pick), not on the order
the generator lists them, so a faster generator builds the same corpus.

Run ``python -m bench.corpus`` to print its composition.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence

from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.plays import LegalPlays

Sample = tuple[Position, Roll]

SEED = 20261129
SIZE = 10_000
REPEAT = 3
"""A timing over the corpus counts each position as the best of this many calls."""


def build_corpus(size: int = SIZE, seed: int = SEED) -> list[Sample]:
    """``size`` (position, roll) pairs from random games, the same for the same seed."""
    rng = random.Random(seed)
    corpus: list[Sample] = []
    while len(corpus) < size:
        position = Position.initial()
        while not position.is_game_over() and len(corpus) < size:
            roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
            corpus.append((position, roll))
            results = sorted(
                (after for _, after in LegalPlays(position, roll).items()),
                key=lambda after: (after.player, after.opponent),
            )
            if results:
                position = rng.choice(results)
            position = position.swap()
    return corpus


def kinds(position: Position, roll: Roll) -> list[str]:
    """The categories a sample counts in (a sample may count in several)."""
    found = ["doubles" if roll.is_double else "non-doubles"]
    found.append("contact" if position.is_contact() else "race")
    if position.has_checkers_on_bar():
        found.append("on the bar")
    if position.can_bear_off():
        found.append("bearing off")
    return found


def composition(corpus: Sequence[Sample]) -> Counter[str]:
    """How many samples fall in each category, plus the dances (no legal play)."""
    counts: Counter[str] = Counter()
    for position, roll in corpus:
        counts.update(kinds(position, roll))
        if not LegalPlays(position, roll):
            counts["no legal play"] += 1
    return counts


def describe(corpus: Sequence[Sample]) -> str:
    """A short printable summary of the corpus."""
    games = sum(1 for position, _ in corpus if position == Position.initial())
    lines = [f"corpus: {len(corpus)} positions from {games} random games (seed {SEED})"]
    for kind, count in sorted(composition(corpus).items(), key=lambda item: -item[1]):
        lines.append(f"  {kind:<14} {count:>6}  {100 * count / len(corpus):5.1f}%")
    return "\n".join(lines)


if __name__ == "__main__":
    print(describe(build_corpus()))


def odd_positions(count: int, seed: int = 7) -> list[Position]:
    """Positions random games rarely reach: bear-offs with checkers still coming
    home, several checkers on the bar, few checkers left, for either side."""
    rng = random.Random(seed)
    choices = {
        "home": [1, 2, 3, 4, 5, 6, 6, 5, 7, 8, 25],
        "bar": [25, 25, 25, *range(1, 25)],
        "anywhere": list(range(1, 26)),
    }
    found: list[Position] = []
    while len(found) < count:
        sides = []
        for _ in range(2):
            points = rng.choice(list(choices.values()))
            counts = [0] * 26
            for _ in range(rng.randint(1, 15)):
                counts[rng.choice(points)] += 1
            counts[0] = 15 - sum(counts)
            sides.append(counts)
        player, opponent = sides
        for point in range(1, 25):  # points are not shared: those opponents are off
            if player[point] and opponent[25 - point]:
                opponent[0] += opponent[25 - point]
                opponent[25 - point] = 0
        found.append(Position(tuple(player), tuple(opponent)))
    return found


def best_of(call: Callable[..., object], *args: object, repeat: int = REPEAT) -> float:
    """The fastest of ``repeat`` calls of ``call(*args)``, in µs."""
    clock = time.perf_counter_ns
    best = 1 << 62
    for _ in range(repeat):
        start = clock()
        call(*args)
        best = min(best, clock() - start)
    return best / 1000


def summary(times: Sequence[float], corpus: Sequence[Sample]) -> dict[str, tuple[float, float]]:
    """Median and 95th percentile of per-position times, for doubles, other rolls and all."""
    doubles = [roll.is_double for _, roll in corpus]
    groups = {
        "doubles": [t for t, double in zip(times, doubles, strict=True) if double],
        "non-doubles": [t for t, double in zip(times, doubles, strict=True) if not double],
        "all": list(times),
    }
    return {
        name: (statistics.median(values), statistics.quantiles(values, n=20)[-1])
        for name, values in groups.items()
    }
