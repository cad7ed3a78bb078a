"""The evaluator interface, and a trivial evaluator for tests.

An :class:`Evaluator` turns positions into :class:`Probabilities`. The
contract, one method, works on batches:

* each position is *before the roll*: the side on roll (``position.turn``)
  is about to roll the dice;
* each result is that side's chances (``result.side == position.turn``).

A bot compares the positions its legal plays lead to (the style of wildbg):
after a play the opponent is on roll, so it evaluates ``after.swap()`` and
reads the chances from its own side with ``.pov(me)``. :func:`evaluate_after`
does exactly that.

>>> from nard.core.board import Position
>>> [chances] = PipCountEvaluator().evaluate([Position.initial()])
>>> chances.side, round(chances.win, 3)
(<Side.WHITE: 0>, 0.537)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from nard.ai.probabilities import Probabilities
from nard.core.board import Position


@runtime_checkable
class Evaluator(Protocol):
    """Anything that estimates the chances of the side on roll, in batches."""

    def evaluate(self, positions: Sequence[Position]) -> list[Probabilities]:
        """The chances of each position's side on roll, before it rolls; same order."""
        ...


@runtime_checkable
class PlayEvaluator(Evaluator, Protocol):
    """An evaluator that judges the results of a play better knowing the position before it.

    bgsage picks its network by the game plan of the position before the
    play; given it, its ranking equals its own checker-play analysis.
    """

    def evaluate_plays(self, before: Position, after: Sequence[Position]) -> list[Probabilities]:
        """Chances of the side that played ``before`` -> each of ``after`` (that side's view)."""
        ...


def evaluate_after(
    evaluator: Evaluator, after: Sequence[Position], *, before: Position | None = None
) -> list[Probabilities]:
    """Chances of the side that just played, for positions right after a play.

    ``after`` holds positions as :meth:`nard.core.plays.LegalPlays.items` gives
    them: the side that played is still ``turn``. Finished games get their
    certain outcome instead of an estimate. ``before``, the position the play
    started from, goes to evaluators that use it (:class:`PlayEvaluator`).
    """
    results: list[Probabilities | None] = [Probabilities.of_finished(p) for p in after]
    pending = [i for i, known in enumerate(results) if known is None]
    if pending:
        if before is not None and isinstance(evaluator, PlayEvaluator):
            estimates = evaluator.evaluate_plays(before, [after[i] for i in pending])
        else:
            estimates = evaluator.evaluate([after[i].swap() for i in pending])
        for i, estimate in zip(pending, estimates, strict=True):
            results[i] = estimate
    return [r.pov(p.turn) for r, p in zip(results, after, strict=True) if r is not None]


class PipCountEvaluator:
    """A deterministic evaluator from the pip counts, for tests and as a floor.

    The win chance is a logistic curve of the pip count lead, with the side on
    roll credited half a roll's worth and every blot left while contact
    remains charged some pips (without that charge two such players hit each
    other forever). Gammon chances grow when the loser has borne off nothing
    and is far behind. It plays badly, but it is fast, needs no engine, and
    its answers are easy to predict.
    """

    ON_ROLL_PIPS = 4.0
    """The value of being on roll, in pips."""
    BLOT_PIPS = 10.0
    """The cost of a blot while contact remains, in pips."""
    SCALE = 0.08
    """Steepness of the logistic curve per pip of lead, scaled by race length."""

    def evaluate(self, positions: Sequence[Position]) -> list[Probabilities]:
        """Race-based chances of each position's side on roll."""
        return [self._one(position) for position in positions]

    def _one(self, position: Position) -> Probabilities:
        finished = Probabilities.of_finished(position)
        if finished is not None:
            return finished.pov(position.turn)
        mine, theirs = position.pip_counts()
        lead = theirs - mine + self.ON_ROLL_PIPS
        if position.is_contact():
            lead += self.BLOT_PIPS * (_blots(position.opponent) - _blots(position.player))
        # A lead of n pips matters more in a short race than in a long one.
        length = max(mine + theirs, 1) / 2
        win = 1.0 / (1.0 + math.exp(-self.SCALE * lead * 100.0 / (length + 50.0)))
        mine_off, theirs_off = position.borne_off()
        win_gammon = _gammon_chance(win, theirs_off, theirs)
        lose_gammon = _gammon_chance(1.0 - win, mine_off, mine)
        return Probabilities(
            win, win_gammon, win_gammon / 10, lose_gammon, lose_gammon / 10, side=position.turn
        )


def _blots(side: tuple[int, ...]) -> int:
    return sum(1 for point in range(1, 25) if side[point] == 1)


def _gammon_chance(win: float, loser_off: int, loser_pips: int) -> float:
    """A crude share of wins that are gammons: none once the loser has borne off."""
    if loser_off:
        return 0.0
    return win * min(1.0, max(0.0, (loser_pips - 60) / 200))
