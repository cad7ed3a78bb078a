"""Races: chances from the bear-off database once no contact is left.

Both sides home (every checker on its own six home points or off): the chances
are exact, from the two one-sided distributions of :mod:`nard.ai.bearoff`.
The side on roll finishing in ``n`` rolls wins when the other needs at least
``n``; it wins a gammon when the other has not borne off a checker after
``n - 1`` rolls; no backgammon is possible.

Otherwise (no contact, someone still outside home) the wrapped evaluator's
race judgement stands, with the gammon and backgammon chances set from what
is certain or computable: none once the loser has a checker off or (for a
backgammon) has nothing left in the winner's home board, and, when the
winner is home, its backgammon chance exactly from its bear-off
distribution against the loser's escape distribution. This makes the bot
see backgammon saves (``HwAAAADpMfgDAA`` 55: 22/17(4)) that a network,
having met few such positions, does not. See docs/bearoff.md.

>>> from nard.core.board import Position
>>> ahead = Position.from_points({1: 2}, {6: 2})  # both home, on roll and finishing now
>>> chances = race_probabilities(ahead)
>>> chances.win, chances.win_gammon
(1.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from nard.ai.bearoff import BearoffDatabase, Distribution
from nard.ai.evaluator import Evaluator, evaluate_after
from nard.ai.probabilities import Probabilities
from nard.core.board import BAR, OFF, Position


def is_race(position: Position) -> bool:
    """Whether no checker can meet an opposing one any more (and the game goes on)."""
    return not position.is_contact() and not position.is_game_over()


def _home(side: tuple[int, ...]) -> tuple[int, ...] | None:
    """A side's home board (points 1..6) when every checker not off is there."""
    if any(side[7 : BAR + 1]):
        return None
    return side[1:7]


def _zone(side: tuple[int, ...]) -> tuple[int, ...]:
    """The side's checkers in the opponent's home board (its points 19..24), by
    distance from leaving it (point 19 is 1 pip away)."""
    return side[19:25]


def _at_least(distribution: Distribution) -> Distribution:
    """``result[n]`` = P(at least n rolls)."""
    return np.cumsum(distribution[::-1])[::-1]


def _beats(mine: Distribution, theirs_at_least: Distribution) -> float:
    """P(I finish in n rolls and they need at least n), I rolling first."""
    return float(np.dot(mine, theirs_at_least))


def _beaten(theirs: Distribution, mine_at_least: Distribution) -> float:
    """P(they finish in m rolls while I still need more than m), I rolling first."""
    later = np.append(mine_at_least[1:], 0.0)
    return float(np.dot(theirs, later))


def race_probabilities(
    position: Position, database: BearoffDatabase | None = None
) -> Probabilities | None:
    """The exact chances of the side on roll when both sides are home; None otherwise."""
    mine, theirs = _home(position.player), _home(position.opponent)
    if mine is None or theirs is None or position.is_game_over():
        return None
    table = BearoffDatabase.shared() if database is None else database
    my_off, their_off = table.off_distribution(mine), table.off_distribution(theirs)
    win = _beats(my_off, _at_least(their_off))
    gammon = lose_gammon = 0.0
    if position.opponent[OFF] == 0:
        gammon = _beats(my_off, _at_least(table.first_off_distribution(theirs)))
    if position.player[OFF] == 0:
        lose_gammon = _beaten(their_off, _at_least(table.first_off_distribution(mine)))
    return Probabilities.from_sequence([win, gammon, 0.0, lose_gammon, 0.0], side=position.turn)


def refine_race(
    position: Position, estimate: Probabilities, database: BearoffDatabase | None = None
) -> Probabilities:
    """``estimate`` of a race with a side still outside home, its gammons and
    backgammons corrected (see the module docstring)."""
    table = BearoffDatabase.shared() if database is None else database
    on_roll = estimate.pov(position.turn)
    win, gammon, backgammon, lose_gammon, lose_backgammon = on_roll.as_tuple()
    mine, theirs = _home(position.player), _home(position.opponent)
    if position.opponent[OFF]:
        gammon = backgammon = 0.0
    elif mine is not None:
        escape = table.escape_distribution(_zone(position.opponent))
        backgammon = _beats(table.off_distribution(mine), _at_least(escape))
        gammon = max(gammon, backgammon)
    elif not any(_zone(position.opponent)):
        backgammon = 0.0
    if position.player[OFF]:
        lose_gammon = lose_backgammon = 0.0
    elif theirs is not None:
        escape = table.escape_distribution(_zone(position.player))
        lose_backgammon = _beaten(table.off_distribution(theirs), _at_least(escape))
        lose_gammon = max(lose_gammon, lose_backgammon)
    elif not any(_zone(position.player)):
        lose_backgammon = 0.0
    win = min(max(win, gammon), 1.0 - lose_gammon)
    return Probabilities.from_sequence(
        [win, gammon, backgammon, lose_gammon, lose_backgammon], side=position.turn
    )


class RaceEvaluator:
    """Wraps an evaluator: races are judged with the bear-off database.

    Contact positions go to the wrapped evaluator unchanged.
    """

    def __init__(self, base: Evaluator, database: BearoffDatabase | None = None) -> None:
        self.base = base
        self._database = database

    @property
    def database(self) -> BearoffDatabase:
        """The bear-off database, loaded on first use."""
        if self._database is None:
            self._database = BearoffDatabase.shared()
        return self._database

    def evaluate(self, positions: Sequence[Position]) -> list[Probabilities]:
        """Chances of each position's side on roll, before it rolls."""
        results: list[Probabilities | None] = [
            race_probabilities(p, self.database) if is_race(p) else None for p in positions
        ]
        pending = [i for i, known in enumerate(results) if known is None]
        if pending:
            estimates = self.base.evaluate([positions[i] for i in pending])
            for i, estimate in zip(pending, estimates, strict=True):
                position = positions[i]
                results[i] = (
                    refine_race(position, estimate, self.database)
                    if is_race(position)
                    else estimate
                )
        return [r for r in results if r is not None]

    def evaluate_plays(self, before: Position, after: Sequence[Position]) -> list[Probabilities]:
        """Chances of the side that played ``before`` -> each of ``after``."""
        results: list[Probabilities | None] = []
        for position in after:
            exact = (
                race_probabilities(position.swap(), self.database) if is_race(position) else None
            )
            results.append(None if exact is None else exact.pov(position.turn))
        pending = [i for i, known in enumerate(results) if known is None]
        if pending:
            estimates = evaluate_after(self.base, [after[i] for i in pending], before=before)
            for i, estimate in zip(pending, estimates, strict=True):
                position = after[i]
                if is_race(position):
                    estimate = refine_race(position.swap(), estimate, self.database)
                results[i] = estimate.pov(position.turn)
        return [r for r in results if r is not None]

    def __repr__(self) -> str:
        return f"RaceEvaluator({self.base!r})"
