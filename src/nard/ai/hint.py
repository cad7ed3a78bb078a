"""Hints: the legal plays ranked by the engine, and the cube decision.

A play hint lists every legal play, best first, each with its equity, its
win / gammon / backgammon chances and its equity loss against the best
play. A cube hint gives the no-double, double/take and double/pass
equities with the right action.

>>> from nard.ai.evaluator import PipCountEvaluator
>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> hints = hint_plays(Position.initial(), Roll(3, 1), evaluator=PipCountEvaluator())
>>> len(hints), hints[0].equity_loss
(16, 0.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nard.ai.cube import (
    CubeAnalysis,
    CubeState,
    analyse_cube,
    cube_aware_equity,
    gammons_count,
)
from nard.ai.evaluator import Evaluator
from nard.ai.race import RaceEvaluator
from nard.ai.ranking import RankedPlay, rank_plays
from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.rules import STANDARD, RuleSet

if TYPE_CHECKING:
    from nard.ai.engine import BgsageEngine

DEFAULT_HINT_PLIES = 1
"""Hints look one roll ahead unless asked otherwise: quick and much better than 0 plies."""


def hint_plays(
    position: Position,
    roll: Roll,
    rules: RuleSet = STANDARD,
    *,
    plies: int = DEFAULT_HINT_PLIES,
    evaluator: Evaluator | None = None,
    engine: BgsageEngine | None = None,
    cube: CubeState | None = None,
    limit: int | None = None,
) -> list[RankedPlay]:
    """Every legal play of ``roll`` (or the best ``limit``), best first, with equities.

    Uses bgsage searching ``plies`` deep unless ``evaluator`` is given. With
    ``cube``, bgsage values the plays knowing the cube and the match score;
    another evaluator only drops gammons under the Jacoby rule.
    """
    filter_evaluator = middle_evaluator = None
    equity = None
    if evaluator is None:
        if engine is None:
            from nard.ai.engine import BgsageEngine

            engine = BgsageEngine.shared()
        evaluator = RaceEvaluator(engine.evaluator(plies))
        filter_evaluator = RaceEvaluator(engine.evaluator(0)) if plies else None
        if plies >= 2:
            middle_evaluator = RaceEvaluator(engine.evaluator(1))
        if cube is not None:
            equity = cube_aware_equity(cube, position.turn, engine=engine)
    ranked = rank_plays(
        position,
        roll,
        rules,
        evaluator=evaluator,
        filter_evaluator=filter_evaluator,
        middle_evaluator=middle_evaluator,
        gammons=gammons_count(cube),
        equity=equity,
    )
    return ranked if limit is None else ranked[:limit]


def hint_cube(
    position: Position,
    state: CubeState,
    *,
    plies: int = DEFAULT_HINT_PLIES,
    engine: BgsageEngine | None = None,
) -> CubeAnalysis:
    """The cube decision of the side on roll: no double, double/take, double/pass equities."""
    return analyse_cube(position, state, plies=plies, engine=engine)
