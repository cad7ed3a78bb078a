"""Races judged with the bear-off database: exact when both sides are home,
backgammon and gammon saves seen, and the cube on exact chances."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from nard.ai.cube import CubeState, analyse_cube
from nard.ai.probabilities import Probabilities
from nard.ai.race import RaceEvaluator, is_race, race_probabilities, refine_race
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.notation import format_play, parse_play
from nard.core.plays import apply_play

if TYPE_CHECKING:
    from nard.ai.engine import BgsageEngine

# WHITE on roll with 55, seven checkers on BLACK's 3-point; BLACK has five on
# its 1-point and finishes in two or three rolls. 22/17(4) leaves three
# checkers that escape in time about half the time; anything else, hardly ever.
BACKGAMMON_SAVE = Position.from_id("HwAAAADpMfgDAA")


@pytest.fixture(scope="module")
def engine() -> BgsageEngine:
    pytest.importorskip("bgsage")
    from nard.ai.engine import BgsageEngine

    return BgsageEngine.shared()


def test_both_home_is_exact_and_one_side_outside_is_not() -> None:
    # One checker on the 6-point against one on the 1-point: the side on roll
    # wins only by bearing off at once, 27 rolls of 36 (not 21, 31, 41, 32, 11).
    home = Position.from_points({6: 1}, {1: 1}, turn=Side.BLACK)
    chances = race_probabilities(home)
    assert chances is not None and chances.side is Side.BLACK
    assert chances.win == pytest.approx(27 / 36) and chances.win_gammon == 0.0
    outside = Position.from_points({8: 1, 1: 2}, {5: 4})
    assert is_race(outside) and race_probabilities(outside) is None
    assert not is_race(Position.initial())


def test_a_finished_race_has_certain_chances() -> None:
    chances = race_probabilities(Position.from_points({1: 1}, {6: 15}))
    assert chances is not None
    # One checker on the 1-point comes off at once; the other side has none off.
    assert chances.as_tuple() == pytest.approx((1.0, 1.0, 0.0, 0.0, 0.0))


def test_no_gammon_once_the_loser_has_borne_off_and_no_backgammon_out_of_the_zone() -> None:
    position = Position.from_points({1: 5}, {13: 5, 14: 5, 2: 2})  # BLACK has 3 off
    guess = Probabilities(0.99, 0.4, 0.1, 0.0, 0.0, side=Side.WHITE)
    refined = refine_race(position, guess)
    assert refined.win_gammon == 0.0 and refined.win_backgammon == 0.0
    none_behind = Position.from_points({1: 5}, {13: 8, 14: 7})
    refined = refine_race(none_behind, guess)
    assert refined.win_backgammon == 0.0 and refined.win_gammon >= 0.4


@pytest.mark.usefixtures("engine")
def test_the_bot_saves_the_backgammon() -> None:
    from nard.ai.bot import ADVANCED, EXPERT, Bot
    from nard.ai.hint import hint_plays

    roll = Roll(5, 5)
    for level in (EXPERT, ADVANCED):
        play = Bot(level, seed=3).choose_play(BACKGAMMON_SAVE, roll)
        assert format_play(play) == "22/17(4)"
    best = hint_plays(BACKGAMMON_SAVE, roll, plies=0)[0]
    assert format_play(best.play) == "22/17(4)"
    assert best.probabilities.lose_backgammon == pytest.approx(0.514, abs=0.01)


def test_backgammon_chances_agree_with_gnubg(engine: BgsageEngine) -> None:
    gnubg = pytest.importorskip("gnubg")
    evaluator = RaceEvaluator(engine.evaluator(0))
    for text in ("22/17(4)", "22/12 22/17 11/6", "22/17(3) 11/6"):
        after = apply_play(BACKGAMMON_SAVE, parse_play(text, BACKGAMMON_SAVE, Roll(5, 5)))
        [ours] = evaluator.evaluate([after.swap()])
        theirs = gnubg.evaluate(
            gnubg.positionfromid(after.swap().id()),
            gnubg.cubeinfo(),
            gnubg.evalcontext(0, 0, 0, 1, 0.0),
        )
        assert ours.as_tuple() == pytest.approx(tuple(theirs[:5]), abs=0.01), text


@pytest.mark.usefixtures("engine")
def test_the_cube_in_a_bear_off_uses_the_exact_chances() -> None:
    position = Position.from_points({6: 2, 5: 2, 4: 2, 3: 2}, {6: 2, 5: 3, 4: 2, 2: 2})
    analysis = analyse_cube(position, CubeState())
    assert analysis.probabilities == race_probabilities(position)
    assert analysis.best_equity == pytest.approx(
        max(analysis.no_double, min(analysis.double_take, analysis.double_pass))
    )
