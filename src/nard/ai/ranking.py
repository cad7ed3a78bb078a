"""Rank the legal plays of a roll by the positions they lead to.

The candidates are exactly nard.core's legal plays (:class:`LegalPlays`), so
ranking follows whatever rule set is in force, Iranian customs included; the
evaluator only judges the resulting positions (wildbg's "compare positions,
not moves").

With a deeper search, every candidate is first scored by the quick
``filter_evaluator`` and only the best few (gnubg's "tiny" move filter: at
most :data:`FILTER_MAX_PLAYS`, within :data:`FILTER_WINDOW` of the best) are
searched deeper. A ``middle_evaluator`` (1 ply before a 2-ply search) then
narrows them again to :data:`MIDDLE_MAX_PLAYS` within :data:`MIDDLE_WINDOW`,
as gnubg's filters do before its deepest ply. Searched plays rank above the
rest.

>>> from nard.ai.evaluator import PipCountEvaluator
>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> ranked = rank_plays(Position.initial(), Roll(6, 5), evaluator=PipCountEvaluator())
>>> ranked[0].equity_loss, all(a.equity >= b.equity for a, b in zip(ranked, ranked[1:]))
(0.0, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, TypeAlias

from nard.ai.evaluator import Evaluator, evaluate_after
from nard.ai.probabilities import Probabilities
from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.plays import LegalPlays, Play
from nard.core.rules import STANDARD, RuleSet

EquityFunction: TypeAlias = Callable[[Probabilities, Position], float]
"""Values a play from the chances of the side that played and the position it reached."""

FILTER_MAX_PLAYS: Final = 5
"""How many plays the quick filter passes to the deeper search."""
FILTER_WINDOW: Final = 0.08
"""Plays further than this (in equity) below the quick best are not searched deeper."""
MIDDLE_MAX_PLAYS: Final = 2
"""How many plays the middle stage passes to the deepest search."""
MIDDLE_WINDOW: Final = 0.04
"""Plays further than this below the middle stage's best are not searched deepest."""


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """One legal play with its resulting position and how good it looks.

    ``probabilities`` and ``equity`` are from the side that plays;
    ``equity_loss`` is how much worse than the best play it is (0 for the
    best); ``searched`` tells whether it was scored by the deep evaluator
    (True) or only by the quick filter. Quick and deep scores are not on the
    same footing, so an unsearched play's loss can even be negative; gnubg
    shows its filtered-out plays the same way.
    """

    play: Play
    after: Position
    probabilities: Probabilities
    equity: float
    equity_loss: float
    searched: bool


def rank_plays(
    position: Position,
    roll: Roll,
    rules: RuleSet = STANDARD,
    *,
    evaluator: Evaluator,
    filter_evaluator: Evaluator | None = None,
    middle_evaluator: Evaluator | None = None,
    gammons: bool = True,
    equity: EquityFunction | None = None,
) -> list[RankedPlay]:
    """Every legal play of ``roll``, best first; empty when the turn passes (R10).

    Plays are valued by cubeless equity: ``gammons=False`` values every win as
    single (Jacoby with a centred cube); a rule set with V4 counts backgammons
    as gammons. ``equity`` replaces that measure, e.g. by a cube- and
    score-aware one (:meth:`nard.ai.score_equity.ScoreEquity.play`).
    """
    candidates = list(LegalPlays(position, roll, rules).items())
    if not candidates:
        return []
    backgammons = not rules.no_backgammon

    def score(chances: Sequence[Probabilities], afters: Sequence[Position]) -> list[float]:
        if equity is not None:
            return [equity(c, a) for c, a in zip(chances, afters, strict=True)]
        return [c.equity(gammons=gammons, backgammons=backgammons) for c in chances]

    afters = [after for _, after in candidates]
    if filter_evaluator is None or len(candidates) == 1:
        chances = evaluate_after(evaluator, afters, before=position)
        values = score(chances, afters)
        return _ranked(candidates, chances, values, searched=[True] * len(candidates))

    quick = evaluate_after(filter_evaluator, afters, before=position)
    quick_equity = score(quick, afters)
    chosen = _best(range(len(candidates)), quick_equity, FILTER_WINDOW, FILTER_MAX_PLAYS)
    chances = list(quick)
    values = list(quick_equity)
    if middle_evaluator is not None and len(chosen) > 1:
        middle_afters = [afters[i] for i in chosen]
        middle = evaluate_after(middle_evaluator, middle_afters, before=position)
        for i, c, v in zip(chosen, middle, score(middle, middle_afters), strict=True):
            chances[i], values[i] = c, v
        chosen = _best(chosen, values, MIDDLE_WINDOW, MIDDLE_MAX_PLAYS)
    deep_afters = [afters[i] for i in chosen]
    deep = evaluate_after(evaluator, deep_afters, before=position)
    searched = [False] * len(candidates)
    for i, deep_chances, deep_value in zip(chosen, deep, score(deep, deep_afters), strict=True):
        chances[i], values[i], searched[i] = deep_chances, deep_value, True
    return _ranked(candidates, chances, values, searched)


def _best(indices: Sequence[int], equity: Sequence[float], window: float, most: int) -> list[int]:
    """The best ``most`` of ``indices`` by ``equity``, within ``window`` of the best."""
    order = sorted(indices, key=lambda i: -equity[i])
    top = equity[order[0]]
    return [i for i in order if top - equity[i] <= window][:most]


def _ranked(
    candidates: Sequence[tuple[Play, Position]],
    chances: Sequence[Probabilities],
    equity: Sequence[float],
    searched: Sequence[bool],
) -> list[RankedPlay]:
    # Searched plays first, then by equity; ties keep nard.core's order, so the
    # ranking is deterministic.
    order = sorted(range(len(candidates)), key=lambda i: (not searched[i], -equity[i]))
    best = equity[order[0]]
    return [
        RankedPlay(
            play=candidates[i][0],
            after=candidates[i][1],
            probabilities=chances[i],
            equity=equity[i],
            equity_loss=best - equity[i],
            searched=searched[i],
        )
        for i in order
    ]
