"""Quick match: pair waiting players by rating, in a window that widens while they wait.

A seeker accepts an opponent whose rating is within its window: 50 points at
first, 10 more each second, and anyone at all after a minute. Two seekers are
paired when each is within the other's window and they want the same match
(length and rules); the longest waiting is served first, with the closest
rating it accepts.

>>> a = Seeker(1, 1500.0, (1, "standard"), since=0.0)
>>> b = Seeker(2, 1700.0, (1, "standard"), since=0.0)
>>> pair([a, b], now=0.0)
[]
>>> pair([a, b], now=15.0) == [(a, b)]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BASE_WINDOW = 50.0
"""Rating points either way a new seeker accepts."""
WIDEN_PER_S = 10.0
"""How much wider the window gets each second of waiting."""
ANYONE_AFTER_S = 60.0
"""After this long a seeker accepts any rating."""

Terms = tuple[int, str]
"""What a seeker wants: the match length and the rules preset."""


@dataclass(frozen=True, slots=True)
class Seeker:
    player_id: int
    rating: float
    terms: Terms
    since: float
    """When the seeker started waiting (monotonic seconds)."""


def window(seeker: Seeker, now: float) -> float:
    """The rating difference ``seeker`` accepts at ``now``."""
    waited = max(0.0, now - seeker.since)
    if waited >= ANYONE_AFTER_S:
        return float("inf")
    return BASE_WINDOW + WIDEN_PER_S * waited


def pair(seekers: Sequence[Seeker], now: float) -> list[tuple[Seeker, Seeker]]:
    """The pairs to start now; each seeker is in at most one."""
    waiting = sorted(seekers, key=lambda seeker: (seeker.since, seeker.player_id))
    taken: set[int] = set()
    pairs: list[tuple[Seeker, Seeker]] = []
    for first in waiting:
        if first.player_id in taken:
            continue
        fits = [
            other
            for other in waiting
            if other.player_id not in taken
            and other.player_id != first.player_id
            and other.terms == first.terms
            and abs(other.rating - first.rating) <= min(window(first, now), window(other, now))
        ]
        if fits:
            second = min(fits, key=lambda other: (abs(other.rating - first.rating), other.since))
            taken.update((first.player_id, second.player_id))
            pairs.append((first, second))
    return pairs
