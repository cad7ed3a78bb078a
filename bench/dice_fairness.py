"""Chi-square fairness check of the dice sources over many rolls.

Counts the 36 ordered outcomes of two dice and prints Pearson's statistic (35
degrees of freedom) and its p-value for each source: the provably fair dice
(with a random or given server seed), the seeded dice and the system dice. A
p-value below about 0.001 would be suspicious; a fair source gives a p-value
spread uniformly over (0, 1) from run to run.

    python -m bench.dice_fairness [ROLLS] [SERVER_SEED_HEX]
"""

from __future__ import annotations

import secrets
import sys
import time
from collections.abc import Callable, Iterator

from nard.match.dice import SeededDice, SystemDice
from nard.match.fair import derive_roll
from nard.match.stats import dice_chi_square

ROLLS = 1_000_000


def _fair_draws(server_seed: bytes, rolls: int) -> Iterator[tuple[int, int]]:
    return (derive_roll(server_seed, ["bench"], n) for n in range(rolls))


def _repeat(roll: Callable[[], tuple[int, int]], rolls: int) -> Iterator[tuple[int, int]]:
    return (roll() for _ in range(rolls))


def main(argv: list[str]) -> int:
    rolls = int(argv[0]) if argv else ROLLS
    server_seed = bytes.fromhex(argv[1]) if len(argv) > 1 else secrets.token_bytes(32)
    sources = {
        f"FairDice (seed {server_seed.hex()[:16]}...)": _fair_draws(server_seed, rolls),
        "SeededDice(2026)": _repeat(SeededDice(2026).roll, rolls),
        "SystemDice": _repeat(SystemDice().roll, rolls),
    }
    print(f"{rolls:,} rolls each, 36 outcomes, 35 degrees of freedom")
    for name, draws in sources.items():
        started = time.perf_counter()
        result = dice_chi_square(draws)
        seconds = time.perf_counter() - started
        print(
            f"{name:40} chi-square {result.statistic:8.2f}  p-value {result.p_value:.4f}"
            f"  ({seconds:.1f} s)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
