"""An exact one-sided bear-off database, computed by nard itself.

For every way of placing up to 15 checkers on the six home points (54,264
positions, the empty board included) it holds three distributions of the
number of rolls, each for play that minimises that number's expectation:

* ``off``: rolls to bear off every checker (R14);
* ``first_off``: rolls to bear off the first checker, for saving a gammon
  (0 once a checker is off, so only 15-checker positions carry information);
* ``escape``: rolls until no checker is left in a six-point zone that a die
  may leave by any number at least the distance, the zone being the
  opponent's home board, for saving a backgammon (R15).

Positions are counted from the edge: ``(c1, ..., c6)`` has ``c1`` checkers on
the 1-point. Generation goes through the positions in order of pip count,
so every position a roll can reach is finished before the one it starts
from; see docs/bearoff.md for the method, the figures and the checks. The
tables are built once (seconds, :func:`build`) and cached on disk
(:func:`load`).

>>> table = BearoffDatabase.shared()
>>> table.off_distribution((1, 0, 0, 0, 0, 0))[:3].tolist()
[0.0, 1.0, 0.0]
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from itertools import combinations_with_replacement
from pathlib import Path
from typing import ClassVar, Final, TypeAlias

import numpy as np
import numpy.typing as npt

HOME_POINTS: Final = 6
MAX_CHECKERS: Final = 15
MAX_ROLLS: Final = 32
"""Length of each distribution; the last entry takes any longer tail (never reached
by a position of the table in practice: 15 checkers need at most 30 rolls)."""
VERSION: Final = 1
"""Bumped whenever the stored tables would change, so old caches are rebuilt."""

Home: TypeAlias = tuple[int, int, int, int, int, int]
Distribution: TypeAlias = npt.NDArray[np.float64]

ROLLS: Final = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The 21 distinct rolls, higher die second."""
ROLL_WEIGHTS: Final = np.array([1 / 36 if a == b else 2 / 36 for a, b in ROLLS])


def all_homes() -> list[Home]:
    """Every home board of 0..15 checkers, by pip count, then in a fixed order."""
    homes: list[Home] = []
    for checkers in range(MAX_CHECKERS + 1):
        for points in combinations_with_replacement(range(1, HOME_POINTS + 1), checkers):
            counts = [0] * HOME_POINTS
            for point in points:
                counts[point - 1] += 1
            homes.append((counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]))
    homes.sort(key=lambda home: (pips(home), home))
    return homes


def pips(home: Sequence[int]) -> int:
    """The pip count of a home board."""
    return sum(point * count for point, count in enumerate(home, start=1))


def successors(homes: npt.NDArray[np.int64], *, escape: bool) -> npt.NDArray[np.int64]:
    """``result[i, d - 1, p - 1]``: the index of the home one die ``d`` reaches
    from home ``i`` by moving a checker from point ``p``; -1 where it cannot.

    Bearing off (R14) a checker moves ``d`` pips, or leaves with an exact die,
    or with a larger one from the highest occupied point. Escaping
    (``escape``), any die at least the distance takes it out. The empty home
    reaches itself.
    """
    count = len(homes)
    powers = (MAX_CHECKERS + 1) ** np.arange(HOME_POINTS, dtype=np.int64)
    keys = homes @ powers
    sorter = np.argsort(keys)
    occupied = homes > 0
    points = np.arange(1, HOME_POINTS + 1)
    highest = np.where(occupied.any(axis=1), (occupied * points).max(axis=1), 0)
    result = np.full((count, 6, HOME_POINTS), -1, dtype=np.int64)
    for die in range(1, 7):
        for point in points:
            allowed = occupied[:, point - 1]
            if not escape and point < die:
                allowed = allowed & (highest == point)
            moved = homes[allowed].copy()
            moved[:, point - 1] -= 1
            if point > die:
                moved[:, point - die - 1] += 1
            found = sorter[np.searchsorted(keys, moved @ powers, sorter=sorter)]
            result[allowed, die - 1, point - 1] = found
    empty = np.flatnonzero(~occupied.any(axis=1))
    result[empty, :, 0] = empty[:, None]
    return result


def solve(
    homes: npt.NDArray[np.int64], steps: npt.NDArray[np.int64], done: npt.NDArray[np.bool_]
) -> npt.NDArray[np.int64]:
    """For each home and roll (:data:`ROLLS`), the index of the home where the play
    that minimises the expected number of rolls to reach a ``done`` home takes it.

    Homes are handled a pip count at a time (every step lowers the count), all
    homes of one count together. A roll's best play is found over every order
    of its dice without listing the plays: ``reach[k][i, d - 1]`` is the best
    (expected rolls, home) that ``k + 1`` steps of die ``d`` lead to from home ``i``.
    """
    count = len(homes)
    sentinel = count  # an impossible step points here and is never the best
    steps = np.where(steps < 0, sentinel, steps)
    mean = np.zeros(count + 1)
    mean[sentinel] = np.inf
    value = [np.full((count + 1, 6), np.inf) for _ in range(3)]
    target = [np.full((count + 1, 6), sentinel, dtype=np.int64) for _ in range(3)]
    best = np.zeros((count, len(ROLLS)), dtype=np.int64)
    pip_counts = homes @ np.arange(1, HOME_POINTS + 1)
    for level in range(int(pip_counts.max()) + 1):
        rows = np.flatnonzero(pip_counts == level)
        finished = rows[done[rows]]
        playing = rows[~done[rows]]
        best[finished] = finished[:, None]
        mean[finished] = 0.0
        if len(playing):
            here = np.arange(len(playing))
            total = np.zeros(len(playing))
            for r, (low, high) in enumerate(ROLLS):
                if low == high:
                    options = steps[playing, low - 1]
                    values = value[2][options, low - 1]
                    targets = target[2][options, low - 1]
                else:
                    first, second = steps[playing, low - 1], steps[playing, high - 1]
                    values = np.hstack([value[0][first, high - 1], value[0][second, low - 1]])
                    targets = np.hstack([target[0][first, high - 1], target[0][second, low - 1]])
                choice = values.argmin(axis=1)
                best[playing, r] = targets[here, choice]
                total += ROLL_WEIGHTS[r] * values[here, choice]
            mean[playing] = 1.0 + total
        for k in range(3):
            for d in range(6):
                options = steps[rows, d]
                if k == 0:
                    values, targets = mean[options], options
                else:
                    values, targets = value[k - 1][options, d], target[k - 1][options, d]
                choice = values.argmin(axis=1)
                value[k][rows, d] = values[np.arange(len(rows)), choice]
                target[k][rows, d] = targets[np.arange(len(rows)), choice]
            # A done home stays done whatever the dice (it is its own best).
            value[k][finished] = 0.0
            target[k][finished] = finished[:, None]
    return best


def distributions(
    homes: npt.NDArray[np.int64], best: npt.NDArray[np.int64], done: npt.NDArray[np.bool_]
) -> npt.NDArray[np.float64]:
    """The distribution of the number of rolls of each home, given each roll's best
    play: a done home needs 0; another needs one more than where its roll takes it.

    Filled a pip count at a time, all homes of one count in one array operation.
    """
    table = np.zeros((len(homes), MAX_ROLLS), dtype=np.float64)
    table[done, 0] = 1.0
    pip_counts = homes @ np.arange(1, HOME_POINTS + 1)
    for level in range(1, int(pip_counts.max()) + 1):
        rows = np.flatnonzero((pip_counts == level) & ~done)
        if not len(rows):
            continue
        mixed = np.einsum("r,hrn->hn", ROLL_WEIGHTS, table[best[rows]])
        shifted = np.zeros_like(mixed)
        shifted[:, 1:] = mixed[:, :-1]
        shifted[:, -1] += mixed[:, -1]
        table[rows] = shifted
    return table


def build() -> dict[str, npt.NDArray[np.float64]]:
    """Compute the three tables (see the module docstring), as float64 arrays
    indexed like :func:`all_homes`."""
    homes = np.array(all_homes(), dtype=np.int64)
    checkers = homes.sum(axis=1)
    bearing_off = successors(homes, escape=False)
    tables: dict[str, npt.NDArray[np.float64]] = {}
    for name, steps, done in (
        ("off", bearing_off, checkers == 0),
        ("first_off", bearing_off, checkers < MAX_CHECKERS),
        ("escape", successors(homes, escape=True), checkers == 0),
    ):
        tables[name] = distributions(homes, solve(homes, steps, done), done)
    return tables


def cache_path() -> Path:
    """Where the tables are kept: ``$NARD_CACHE_DIR``, else the user's cache folder."""
    root = os.environ.get("NARD_CACHE_DIR")
    if root:
        return Path(root) / f"bearoff-v{VERSION}.npz"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "nard" / f"bearoff-v{VERSION}.npz"


def load(path: Path | None = None) -> dict[str, npt.NDArray[np.float64]]:
    """The tables from the cache, built and stored there first if missing or unreadable.

    Written to a temporary file and renamed, so processes starting together
    never read half a file.
    """
    path = cache_path() if path is None else path
    try:
        with np.load(path) as stored:
            return {name: stored[name].astype(np.float64) for name in stored.files}
    except (OSError, ValueError, KeyError):
        pass
    tables = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        with partial.open("wb") as sink:
            np.savez_compressed(
                sink,
                off=tables["off"].astype(np.float32),
                first_off=tables["first_off"].astype(np.float32),
                escape=tables["escape"].astype(np.float32),
            )
        partial.replace(path)
    except OSError:
        pass  # no writable cache: the next process builds the tables again
    return tables


class BearoffDatabase:
    """Lookups in the three tables by home board ``(c1, ..., c6)``."""

    _shared: ClassVar[BearoffDatabase | None] = None
    _lock: ClassVar = threading.Lock()

    def __init__(self, tables: dict[str, npt.NDArray[np.float64]]) -> None:
        self._index = {home: i for i, home in enumerate(all_homes())}
        self._off = tables["off"]
        self._first_off = tables["first_off"]
        self._escape = tables["escape"]

    @classmethod
    def shared(cls) -> BearoffDatabase:
        """One database per process, loaded (or built) on first use."""
        with cls._lock:
            if cls._shared is None:
                cls._shared = cls(load())
            return cls._shared

    def off_distribution(self, home: Sequence[int]) -> Distribution:
        """P(all checkers are off after exactly n rolls), n = 0 .. MAX_ROLLS - 1."""
        return np.asarray(self._off[self._row(home)], dtype=np.float64)

    def first_off_distribution(self, home: Sequence[int]) -> Distribution:
        """P(the first checker is off after exactly n rolls); a board with fewer than
        15 checkers has one off already (n = 0)."""
        return np.asarray(self._first_off[self._row(home)], dtype=np.float64)

    def escape_distribution(self, zone: Sequence[int]) -> Distribution:
        """P(no checker is left in the zone after exactly n rolls), ``zone[k]``
        checkers being ``k + 1`` pips from leaving it."""
        return np.asarray(self._escape[self._row(zone)], dtype=np.float64)

    def expected_rolls(self, home: Sequence[int]) -> float:
        """The mean number of rolls to bear off every checker."""
        return float(np.dot(np.arange(MAX_ROLLS), self.off_distribution(home)))

    def _row(self, home: Sequence[int]) -> int:
        key = _as_home(home)
        return self._index[key]


def _as_home(counts: Sequence[int]) -> Home:
    if len(counts) != HOME_POINTS or any(c < 0 for c in counts) or sum(counts) > MAX_CHECKERS:
        raise ValueError(f"a home board is 6 counts of 0..15 checkers in all, not {tuple(counts)}")
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
