"""Cube decisions (R17-R19): rules of the cube, and the engine's sanity."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from nard.ai.bot_actions import cube_state
from nard.ai.cube import (
    CubeAction,
    CubeState,
    analyse_cube,
    gammons_count,
    is_dead_cube,
)
from nard.core.board import BAR, Position, Side
from nard.match.cube import Cube, CubeOwnership, CubeSituation
from nard.match.game import Game
from nard.match.options import GameOptions

if TYPE_CHECKING:
    from nard.ai.engine import BgsageEngine

# The side on roll leads a race 75 pips to 84: a double, and a take.
CLOSE_RACE = Position.from_points({6: 5, 5: 5, 4: 5}, {6: 4, 5: 4, 4: 4, 8: 3})
# It leads 75 to 107: double and pass.
BIG_RACE = Position.from_points({6: 5, 5: 5, 4: 5}, {6: 5, 5: 4, 9: 3, 10: 3})
# Three opposing checkers on the bar against a closed board: gammon likely.
BLITZ = Position.from_points(
    {1: 2, 2: 2, 3: 2, 4: 3, 5: 3, 6: 2, 13: 1}, {BAR: 3, 6: 5, 5: 4, 4: 3}
)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"value": 3},
        {"value": 0},
        {"value": 128},
        {"match_length": 5, "score": (5, 0)},
        {"score": (-1, 0)},
        {"crawford": True},
        {"match_length": 5, "score": (3, 2), "crawford": True},
    ],
)
def test_impossible_cube_states_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        CubeState(**kwargs)  # type: ignore[arg-type]


def test_r17_only_the_owner_or_either_side_with_a_centred_cube_may_double() -> None:
    assert CubeState().may_double(Side.WHITE) and CubeState().may_double(Side.BLACK)
    owned = CubeState(value=2, owner=Side.WHITE)
    assert owned.may_double(Side.WHITE) and not owned.may_double(Side.BLACK)
    assert not CubeState(value=64, owner=Side.WHITE).may_double(Side.WHITE)


def test_r19_no_double_in_the_crawford_game_but_again_after_it() -> None:
    crawford = CubeState(match_length=5, score=(4, 1), crawford=True)
    assert not crawford.may_double(Side.BLACK)
    post = CubeState(match_length=5, score=(4, 2))
    assert post.is_post_crawford and post.may_double(Side.BLACK)


def test_dead_cube_in_a_match() -> None:
    state = CubeState(value=2, owner=Side.WHITE, match_length=5, score=(3, 0))
    assert is_dead_cube(state, Side.WHITE) and not is_dead_cube(state, Side.BLACK)
    assert not is_dead_cube(CubeState(value=32, owner=Side.WHITE), Side.WHITE)


def test_r19_jacoby_gammons_count_only_after_a_double() -> None:
    assert not gammons_count(CubeState(jacoby=True))
    assert gammons_count(CubeState(jacoby=True, value=2, owner=Side.BLACK))
    assert gammons_count(CubeState()) and gammons_count(None)
    assert gammons_count(CubeState(match_length=3, jacoby=True))


def test_a_match_games_cube_situation_seen_from_each_seat() -> None:
    game = Game.from_position(CLOSE_RACE, cube=Cube(2, Side.BLACK), match_length=5, score=(4, 2))
    state = cube_state(game)
    assert state.situation(Side.WHITE) == CubeSituation(
        value=2, owner=CubeOwnership.OPPONENT, away=1, opponent_away=3
    )
    assert state.situation(Side.BLACK) == CubeSituation(
        value=2, owner=CubeOwnership.PLAYER, away=3, opponent_away=1
    )


def test_a_money_games_customs_reach_the_situation_and_a_matchs_never_do() -> None:
    money = Game.from_position(CLOSE_RACE, options=GameOptions(jacoby=True, beavers=True))
    seen = cube_state(money).situation(Side.WHITE)
    assert seen.is_money and seen.jacoby and seen.beaver and seen.owner is CubeOwnership.CENTRED
    in_a_match = CubeState(match_length=3, jacoby=True, beaver=True).situation(Side.WHITE)
    assert not (in_a_match.jacoby or in_a_match.beaver)


def test_owner_in_the_engine_words() -> None:
    state = CubeState(value=2, owner=Side.BLACK)
    assert state.owner_seen_by(Side.BLACK) == "player"
    assert state.owner_seen_by(Side.WHITE) == "opponent"
    assert CubeState().owner_seen_by(Side.WHITE) == "centered"


# -- the engine's decisions (bgsage at 0 plies) ---------------------------------------------

needs_engine = pytest.mark.usefixtures("engine")


@pytest.fixture(scope="module")
def engine() -> BgsageEngine:
    pytest.importorskip("bgsage")
    from nard.ai.engine import BgsageEngine

    return BgsageEngine.shared()


@needs_engine
def test_huge_race_lead_at_money_is_double_pass() -> None:
    analysis = analyse_cube(BIG_RACE, CubeState())
    assert analysis.action is CubeAction.DOUBLE_PASS
    assert analysis.double_pass == pytest.approx(1.0)
    assert analysis.double_take > analysis.double_pass > analysis.no_double
    assert analysis.best_equity == pytest.approx(1.0)


@needs_engine
def test_close_race_lead_is_double_take() -> None:
    analysis = analyse_cube(CLOSE_RACE, CubeState())
    assert analysis.action is CubeAction.DOUBLE_TAKE
    assert analysis.no_double < analysis.double_take < analysis.double_pass


@needs_engine
def test_clearly_losing_side_does_not_double() -> None:
    for position in (BIG_RACE.swap(), CLOSE_RACE.swap(), Position.initial()):
        analysis = analyse_cube(position, CubeState())
        assert not analysis.should_double
        assert analysis.action is CubeAction.NO_DOUBLE


@needs_engine
def test_too_good_to_double_unless_jacoby_makes_gammons_worthless() -> None:
    assert analyse_cube(BLITZ, CubeState()).action is CubeAction.TOO_GOOD
    assert analyse_cube(BLITZ, CubeState(jacoby=True)).action is CubeAction.DOUBLE_PASS


@needs_engine
def test_r19_beaver_when_the_double_is_wrong_and_beavers_are_on() -> None:
    trailing = CLOSE_RACE.swap()
    assert analyse_cube(trailing, CubeState(beaver=True)).should_beaver
    assert not analyse_cube(trailing, CubeState()).should_beaver
    assert not analyse_cube(CLOSE_RACE, CubeState(beaver=True)).should_beaver


@needs_engine
def test_r19_crawford_forbids_and_post_crawford_trailer_doubles() -> None:
    # The side on roll (WHITE) trails 0-4 in a 5-point match.
    crawford = analyse_cube(CLOSE_RACE, CubeState(match_length=5, score=(0, 4), crawford=True))
    assert not crawford.may_double and not crawford.should_double
    post = analyse_cube(CLOSE_RACE, CubeState(match_length=5, score=(0, 4)))
    assert post.should_double and post.should_take


@needs_engine
def test_cube_owned_by_the_opponent_means_no_double() -> None:
    analysis = analyse_cube(BIG_RACE, CubeState(value=2, owner=Side.BLACK))
    assert not analysis.may_double and analysis.action is CubeAction.NO_DOUBLE


@needs_engine
def test_match_score_changes_the_decision() -> None:
    """At 2-away/5-away the close race is already a pass; at money a take."""
    match = analyse_cube(CLOSE_RACE, CubeState(match_length=5, score=(3, 0)))
    assert match.action is CubeAction.DOUBLE_PASS
    assert analyse_cube(CLOSE_RACE, CubeState()).action is CubeAction.DOUBLE_TAKE


@needs_engine
def test_bot_cube_answers_follow_the_analysis() -> None:
    from nard.ai.bot import EXPERT, Bot

    bot = Bot(EXPERT)
    assert bot.should_double(CLOSE_RACE, CubeState())
    assert bot.should_take(CLOSE_RACE, CubeState())
    assert bot.should_double(BIG_RACE, CubeState())
    assert not bot.should_take(BIG_RACE, CubeState())
    assert not bot.should_double(Position.initial(), CubeState())
    assert bot.should_beaver(CLOSE_RACE.swap(), CubeState(beaver=True))


@needs_engine
def test_r19_post_crawford_trailer_too_good_is_never_labelled_double_pass() -> None:
    # WHITE on roll needs 3 in a 5-point match, BLACK needs 1 after the
    # Crawford game; WHITE wins about 95% with many gammons, so passing a
    # double would give it less than playing on for the gammon.
    position = Position.from_id("b2sEABx5bwMAAA")
    analysis = analyse_cube(position, CubeState(match_length=5, score=(2, 4)))
    assert analysis.no_double > analysis.double_pass
    assert not analysis.should_double
    assert analysis.action is CubeAction.TOO_GOOD
    assert analysis.best_equity == analysis.no_double
