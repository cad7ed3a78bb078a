"""The match equity table: each side's chance to win a match from a score.

The table is Kazaross XG2 (Neil Kazaross, 2011: rolled out by eXtreme
Gammon to 9 points, the Rockwell-Kazaross table rolled out by GNU
Backgammon to 15 points, extended to 25), GNU Backgammon's default table;
``data/Kazaross-XG2.xml`` is gnubg's file ``met/Kazaross-XG2.xml`` as it
ships, with its notice. Beyond 25 points away a side's chances follow
David Montgomery's normal approximation, as gnubg extends its tables.

``away`` counts the points a side still needs. Before and in the Crawford
game the pre-Crawford table applies; once the Crawford game is over the
trailer's chances come from the post-Crawford row (the leader needs 1).

>>> round(match_equity(2, 1), 5), round(match_equity(1, 2), 5)
(0.32264, 0.67736)
>>> round(match_equity(1, 3, post_crawford=True), 5)
0.67736
>>> match_equity(0, 3), match_equity(4, 0)
(1.0, 0.0)
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Final

TABLE_FILE: Final = "Kazaross-XG2.xml"
"""gnubg's file name of the table, in ``nard/ai/data``."""

_STDDEV: Final = (1.24, 1.27, 1.47, 1.50, 1.60, 1.61, 1.66, 1.68, 1.70, 1.72)
"""Montgomery's standard deviation of one game's result, by points needed (1..10; 1.77 beyond)."""


@dataclass(frozen=True, slots=True)
class MatchEquityTable:
    """``pre[i][j]``: the chance of the side needing ``i + 1`` against ``j + 1``;
    ``post[j]``: the chance of the trailer needing ``j + 1`` after the Crawford game."""

    name: str
    pre: tuple[tuple[float, ...], ...]
    post: tuple[float, ...]

    @property
    def size(self) -> int:
        """The longest match the table holds (25)."""
        return len(self.pre)


@cache
def table() -> MatchEquityTable:
    """The Kazaross XG2 table, read once from the package's data."""
    root = ElementTree.fromstring(files("nard.ai").joinpath("data", TABLE_FILE).read_bytes())
    name = root.findtext("info/name") or TABLE_FILE

    def rows(tag: str) -> tuple[tuple[float, ...], ...]:
        found = root.find(tag)
        if found is None:
            raise ValueError(f"{TABLE_FILE} has no {tag}")
        return tuple(tuple(float(me.text or "") for me in row.iter("me")) for row in found)

    pre, (post,) = rows("pre-crawford-table"), rows("post-crawford-table")
    if any(len(row) != len(pre) for row in pre) or len(post) != len(pre):
        raise ValueError(f"{TABLE_FILE} is not a square table with one post-Crawford row")
    return MatchEquityTable(name, pre, post)


def match_equity(away: int, opponent_away: int, *, post_crawford: bool = False) -> float:
    """The chance that the side needing ``away`` points wins the match.

    ``post_crawford`` says the Crawford game has been played; it matters
    only when one side needs a single point.
    """
    if away <= 0:
        return 1.0
    if opponent_away <= 0:
        return 0.0
    met = table()
    if post_crawford and 1 in (away, opponent_away) and away != opponent_away:
        if away == 1:
            return 1.0 - _post(met, opponent_away)
        return _post(met, away)
    if away <= met.size and opponent_away <= met.size:
        return met.pre[away - 1][opponent_away - 1]
    return _montgomery(away, opponent_away)


def _post(met: MatchEquityTable, trailer_away: int) -> float:
    if trailer_away <= met.size:
        return met.post[trailer_away - 1]
    # Past the table the trailer's chances halve every two points, as they do at its end.
    halvings: float = (trailer_away - met.size) / 2
    return met.post[-1] * math.pow(0.5, halvings)


def _montgomery(away: int, opponent_away: int) -> float:
    """Montgomery's estimate for long matches: the score difference against a normal
    spread of sqrt(games) * the per-game deviation."""

    def deviation(points: int) -> float:
        return _STDDEV[points - 1] if points <= len(_STDDEV) else 1.77

    games = (away + opponent_away) / 2
    sigma = math.hypot(deviation(away), deviation(opponent_away)) * math.sqrt(games)
    return 0.5 * (1.0 + math.erf((opponent_away - away) / (sigma * math.sqrt(2))))


@cache
def equity_after(away: int, opponent_away: int, points: int, *, crawford: bool) -> float:
    """The chance to win the match after this game ends with ``points`` won (negative:
    lost) by the side needing ``away``, ``crawford`` telling whether this game is the
    Crawford game; the next game is post-Crawford once this one was Crawford or
    already post-Crawford (gnubg's ``getME``).

    >>> round(equity_after(5, 5, 8, crawford=False), 5), equity_after(5, 5, -8, crawford=False)
    (1.0, 0.0)
    >>> round(equity_after(3, 3, 2, crawford=False), 5)  # 1-away against 3-away, Crawford next
    0.75076
    """
    mine, theirs = away - max(points, 0), opponent_away - max(-points, 0)
    post = crawford or 1 in (away, opponent_away)
    return match_equity(mine, theirs, post_crawford=post)
