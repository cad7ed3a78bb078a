"""The FIBS rating formula: how a finished match moves both players' ratings.

The formula every online backgammon player can check by hand (docs/ratings.md
works an example). For a match of ``length`` points between ratings that differ
by ``D``, the chance that the lower-rated player wins (the upset) is

    P_upset = 1 / (10 ** (D * sqrt(length) / 2000) + 1)

The winner gains, and the loser loses, ``4 * sqrt(length)`` times the chance
the loser had of winning. A player with little experience (the sum of the
lengths of the matches played before, under 400) moves faster: their change
is multiplied by ``5 - experience / 100``.

>>> change = rate_match(Rated(1500.0, 0), Rated(1500.0, 0), length=1)
>>> change.winner, change.loser
(Rated(rating=1510.0, experience=1), Rated(rating=1490.0, experience=1))
"""

from __future__ import annotations

import math
from dataclasses import dataclass

INITIAL_RATING = 1500.0
"""Where every account starts, as on FIBS."""
BOOST_UNTIL = 400
"""Experience (points of match play) from which a player's changes are no longer boosted."""


@dataclass(frozen=True, slots=True)
class Rated:
    """A player's rating and experience (the points of the rated matches they finished)."""

    rating: float = INITIAL_RATING
    experience: int = 0


@dataclass(frozen=True, slots=True)
class RatingChange:
    """Both players after a rated match, and the arithmetic that got them there."""

    winner: Rated
    loser: Rated
    loser_chance: float
    """The a-priori chance the loser would win the match."""
    base_change: float
    """``4 * sqrt(length) * loser_chance``, before the experience boosts."""
    winner_boost: float
    loser_boost: float


def win_chance(rating: float, opponent: float, length: int) -> float:
    """The chance that a player rated ``rating`` wins a ``length``-point match."""
    _check_length(length)
    difference = rating - opponent
    return 1.0 / (math.pow(10.0, -difference * math.sqrt(length) / 2000.0) + 1.0)


def experience_boost(experience: int) -> float:
    """How much faster a player with this much experience moves (1 from 400 on)."""
    if experience < 0:
        raise ValueError(f"experience cannot be negative, not {experience}")
    return max(1.0, 5.0 - experience / 100.0)


def rate_match(winner: Rated, loser: Rated, length: int) -> RatingChange:
    """Both players' new ratings after ``winner`` beat ``loser`` over ``length`` points.

    Money sessions are unrated; a match that ended early (resignation, drop,
    claim, time-out) is rated at its full length, as FIBS does.
    """
    loser_chance = win_chance(loser.rating, winner.rating, length)
    base = 4.0 * math.sqrt(length) * loser_chance
    winner_boost = experience_boost(winner.experience)
    loser_boost = experience_boost(loser.experience)
    return RatingChange(
        winner=Rated(winner.rating + base * winner_boost, winner.experience + length),
        loser=Rated(loser.rating - base * loser_boost, loser.experience + length),
        loser_chance=loser_chance,
        base_change=base,
        winner_boost=winner_boost,
        loser_boost=loser_boost,
    )


def _check_length(length: int) -> None:
    if not 1 <= length <= 64:
        raise ValueError(f"a rated match is 1 to 64 points long, not {length}")
