"""The evaluator protocol and the pip-count evaluator."""

from __future__ import annotations

from nard.ai.evaluator import Evaluator, PipCountEvaluator, PlayEvaluator, evaluate_after
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.plays import LegalPlays
from tests.ai.games import random_positions

EVALUATOR = PipCountEvaluator()


def test_pip_count_evaluator_is_an_evaluator_but_needs_no_before() -> None:
    assert isinstance(EVALUATOR, Evaluator)
    assert not isinstance(EVALUATOR, PlayEvaluator)


def test_chances_are_for_the_side_on_roll_and_deterministic() -> None:
    positions = [p for p, _ in random_positions(seed=1, count=200)]
    first = EVALUATOR.evaluate(positions)
    assert first == EVALUATOR.evaluate(positions)
    for position, chances in zip(positions, first, strict=True):
        assert chances.side is position.turn
        assert 0 <= chances.win <= 1


def test_race_leader_is_favourite_and_symmetry_holds() -> None:
    ahead = Position.from_points({6: 5, 5: 5}, {6: 5, 5: 5, 4: 5})
    [leader] = EVALUATOR.evaluate([ahead])
    [trailer] = EVALUATOR.evaluate([ahead.swap()])
    assert leader.win > 0.5 > trailer.win
    [white] = EVALUATOR.evaluate([Position.initial(Side.WHITE)])
    [black] = EVALUATOR.evaluate([Position.initial(Side.BLACK)])
    assert white.win == black.win > 0.5  # the side on roll is ahead by half a roll


def test_finished_games_get_their_certain_result() -> None:
    finished = Position.from_points({}, {13: 15}, turn=Side.BLACK)
    [chances] = EVALUATOR.evaluate([finished])
    assert (chances.win, chances.win_gammon, chances.win_backgammon) == (1, 1, 0)


def test_evaluate_after_takes_the_view_of_the_side_that_played() -> None:
    position = Position.initial(Side.BLACK)
    afters = [after for _, after in LegalPlays(position, Roll(6, 5)).items()]
    results = evaluate_after(EVALUATOR, afters)
    direct = EVALUATOR.evaluate([a.swap() for a in afters])
    for after, mine, theirs in zip(afters, results, direct, strict=True):
        assert mine.side is Side.BLACK is after.turn
        assert mine == theirs.flipped()


def test_evaluate_after_knows_a_bear_off_that_wins() -> None:
    last = Position.from_points({1: 1}, {6: 15})
    [(_, after)] = list(LegalPlays(last, Roll(2, 1)).items())
    [chances] = evaluate_after(EVALUATOR, [after])
    assert chances.win == 1 and chances.win_gammon == 1
