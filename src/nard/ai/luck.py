"""The luck of a roll, gnubg's way.

The luck of a roll is the equity after the best play of that roll minus the
average of the same over every roll that could have come (the 21 rolls,
doubles weighted 1/36 and the others 2/36), all seen by the side that
rolls. So luck averages to zero over the rolls, and a roll that gains more
than its fellows is lucky. The starter's opening roll is never a double
(R4), so its luck is measured against the 15 non-doubles only (gnubg's
``LuckFirst`` also counts which side the opening dice make start; we
judge only the starter's roll). gnubg judges luck with the quick 0-ply
evaluation, cubeful and at the score; so do we (the analysis passes its
measure of equity at the score), whatever depth the plays are analysed at.

Marks use gnubg's default thresholds (``arLuckLevel`` in gnubg.c): above
+0.6 very lucky, above +0.3 lucky, below -0.3 unlucky, below -0.6 very
unlucky.

>>> from nard.ai.evaluator import PipCountEvaluator
>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> evaluator = PipCountEvaluator()
>>> luck = roll_luck(Position.initial(), Roll(6, 6), evaluator=evaluator)
>>> luck > 0, luck_kind(luck)
(True, <LuckKind.LUCKY: 'lucky'>)
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Final

from nard.ai.evaluator import Evaluator, evaluate_after
from nard.ai.ranking import EquityFunction, rank_plays
from nard.core.board import Position
from nard.core.dice import ALL_ROLLS, Roll
from nard.core.rules import STANDARD, RuleSet

LUCKY: Final = 0.3
"""gnubg's LUCK_GOOD / LUCK_BAD threshold, in equity."""
VERY_LUCKY: Final = 0.6
"""gnubg's LUCK_VERYGOOD / LUCK_VERYBAD threshold, in equity."""


class LuckKind(StrEnum):
    """gnubg's five luck marks of a roll."""

    VERY_UNLUCKY = "very unlucky"
    UNLUCKY = "unlucky"
    NONE = "none"
    LUCKY = "lucky"
    VERY_LUCKY = "very lucky"


def luck_kind(luck: float) -> LuckKind:
    """The mark of a roll whose luck is ``luck`` (gnubg's ``Luck()``).

    >>> [luck_kind(x).value for x in (0.7, 0.4, 0.0, -0.31, -0.61)]
    ['very lucky', 'lucky', 'none', 'unlucky', 'very unlucky']
    """
    if luck > VERY_LUCKY:
        return LuckKind.VERY_LUCKY
    if luck > LUCKY:
        return LuckKind.LUCKY
    if luck < -VERY_LUCKY:
        return LuckKind.VERY_UNLUCKY
    if luck < -LUCKY:
        return LuckKind.UNLUCKY
    return LuckKind.NONE


def roll_equities(
    position: Position,
    rules: RuleSet = STANDARD,
    *,
    evaluator: Evaluator,
    gammons: bool = True,
    equity: EquityFunction | None = None,
    opening: bool = False,
) -> dict[Roll, float]:
    """The equity of the side on roll after its best play, for every roll.

    ``opening`` leaves the doubles out (the starter's opening roll, R4). A
    roll with no legal play (R10) leaves the board as it is. ``equity``
    replaces the cubeless measure, as in :func:`~nard.ai.ranking.rank_plays`
    (the analysis values luck at the score with it).
    """
    backgammons = not rules.no_backgammon
    equities: dict[Roll, float] = {}
    stay: float | None = None
    for roll, _ in ALL_ROLLS:
        if opening and roll.is_double:
            continue
        ranked = rank_plays(
            position, roll, rules, evaluator=evaluator, gammons=gammons, equity=equity
        )
        if ranked:
            equities[roll] = ranked[0].equity
            continue
        if stay is None:
            [chances] = evaluate_after(evaluator, [position])
            if equity is None:
                stay = chances.equity(gammons=gammons, backgammons=backgammons)
            else:
                stay = equity(chances, position)
        equities[roll] = stay
    return equities


def average_equity(equities: Mapping[Roll, float]) -> float:
    """The mean of per-roll equities, each roll weighted by its chance."""
    weights = {roll: weight for roll, weight in ALL_ROLLS if roll in equities}
    total = sum(weights.values())
    return sum(equities[roll] * weight for roll, weight in weights.items()) / total


def roll_luck(
    position: Position,
    roll: Roll,
    rules: RuleSet = STANDARD,
    *,
    evaluator: Evaluator,
    gammons: bool = True,
    equity: EquityFunction | None = None,
    opening: bool = False,
) -> float:
    """The luck of ``roll`` for the side on roll in ``position`` (see the module doc)."""
    equities = roll_equities(
        position, rules, evaluator=evaluator, gammons=gammons, equity=equity, opening=opening
    )
    if roll not in equities:
        raise ValueError(f"{roll} cannot be the opening roll (R4)")
    return equities[roll] - average_equity(equities)
