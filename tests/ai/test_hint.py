"""Hints: ranked plays and the cube hint."""

from __future__ import annotations

import itertools

import pytest

from nard.ai.cube import CubeAction, CubeState
from nard.ai.evaluator import PipCountEvaluator
from nard.ai.hint import hint_cube, hint_plays
from nard.ai.ranking import RankedPlay
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.plays import LegalPlays
from nard.core.rules import IRANIAN
from tests.ai.games import random_positions


def _check_ranking(position: Position, roll: Roll, hints: list[RankedPlay]) -> None:
    assert len(hints) == len(LegalPlays(position, roll))
    if not hints:
        return  # R10: the turn passes
    assert hints[0].equity_loss == 0
    searched = [h for h in hints if h.searched]
    for better, worse in itertools.pairwise(searched):
        assert better.equity >= worse.equity
    for h in searched:
        assert h.equity_loss == pytest.approx(hints[0].equity - h.equity)
        assert h.probabilities.side is position.turn
        assert h.equity == pytest.approx(h.probabilities.equity())


def test_hint_with_any_evaluator_ranks_every_legal_play() -> None:
    position = Position.initial(Side.BLACK)
    hints = hint_plays(position, Roll(3, 1), evaluator=PipCountEvaluator())
    _check_ranking(position, Roll(3, 1), hints)
    assert all(h.searched for h in hints)
    assert len(hint_plays(position, Roll(3, 1), evaluator=PipCountEvaluator(), limit=3)) == 3


@pytest.mark.parametrize("plies", [0, 1])
def test_engine_hint_ordering(plies: int) -> None:
    pytest.importorskip("bgsage")
    for position, roll in random_positions(seed=21, count=40):
        _check_ranking(position, roll, hint_plays(position, roll, plies=plies))


def test_opening_three_one_makes_the_five_point() -> None:
    pytest.importorskip("bgsage")
    from nard.core.plays import Play, Step

    [best] = hint_plays(Position.initial(), Roll(3, 1), plies=0, limit=1)
    assert best.play == Play((Step(8, 5), Step(6, 5)))
    assert 0.5 < best.probabilities.win < 0.6


def test_iranian_hint_lists_only_plays_legal_under_the_customs() -> None:
    pytest.importorskip("bgsage")
    position = Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {24: 1, 20: 1, 13: 5, 8: 3, 6: 5})
    hints = hint_plays(position, Roll(3, 1), IRANIAN, plies=0)
    assert len(hints) == len(LegalPlays(position, Roll(3, 1), IRANIAN))
    assert {h.play for h in hints} == set(LegalPlays(position, Roll(3, 1), IRANIAN))


def test_jacoby_hint_values_every_win_as_single() -> None:
    position = Position.initial()
    jacoby = CubeState(jacoby=True)
    hints = hint_plays(position, Roll(6, 5), evaluator=PipCountEvaluator(), cube=jacoby)
    for h in hints:
        assert h.equity == pytest.approx(h.probabilities.equity(gammons=False))


def test_at_double_match_point_only_winning_counts() -> None:
    """R19: at 1-away/1-away a gammon is worth no more than a single win."""
    pytest.importorskip("bgsage")
    dmp = CubeState(match_length=5, score=(4, 4))
    checked = 0
    for position, roll in random_positions(seed=23, count=60):
        hints = hint_plays(position, roll, plies=0, cube=dmp)
        if len(hints) < 2:
            continue
        best_win = max(h.probabilities.win for h in hints)
        assert hints[0].probabilities.win == pytest.approx(best_win, abs=1e-6)
        for h in hints:
            assert h.equity == pytest.approx(2 * h.probabilities.win - 1, abs=1e-5)
        checked += 1
    assert checked > 30


def test_money_cube_ownership_changes_the_values() -> None:
    pytest.importorskip("bgsage")
    position, roll = Position.initial(), Roll(6, 5)
    [centred] = hint_plays(position, roll, plies=0, cube=CubeState(), limit=1)
    [owned] = hint_plays(position, roll, plies=0, cube=CubeState(2, Side.WHITE), limit=1)
    [theirs] = hint_plays(position, roll, plies=0, cube=CubeState(2, Side.BLACK), limit=1)
    assert owned.equity > centred.equity > theirs.equity


def test_cube_hint_gives_the_three_equities() -> None:
    pytest.importorskip("bgsage")
    race = Position.from_points({6: 5, 5: 5, 4: 5}, {6: 4, 5: 4, 4: 4, 8: 3})
    cube = hint_cube(race, CubeState(), plies=0)
    assert cube.action is CubeAction.DOUBLE_TAKE
    assert cube.side is Side.WHITE
    assert cube.no_double < cube.double_take < cube.double_pass == pytest.approx(1.0)
