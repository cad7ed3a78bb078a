"""Time the bear-off database's construction (nard.ai.bearoff.build) and show a few entries.

.venv/bin/python bench/bearoff.py --repeat 3
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import numpy as np

from nard.ai.bearoff import MAX_ROLLS, BearoffDatabase, all_homes, build


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    times = []
    for _ in range(args.repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        tables = build()
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
    best_wall = min(t[0] for t in times)
    best_cpu = min(t[1] for t in times)
    size = sum(t.nbytes for t in tables.values()) / 2**20
    print(f"{len(all_homes())} home boards, 3 tables of {MAX_ROLLS} entries ({size:.0f} MiB)")
    print(f"build: best of {args.repeat}: {best_wall:.2f} s wall, {best_cpu:.2f} s CPU")
    table = BearoffDatabase(tables)
    rolls = np.arange(MAX_ROLLS)
    for home in ((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 15), (3, 3, 3, 2, 2, 2), (0, 2, 3, 3, 3, 4)):
        first = float(rolls @ table.first_off_distribution(home))
        print(
            f"  {home}: {table.expected_rolls(home):.4f} rolls to bear off, "
            f"{first:.4f} to the first checker off"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
