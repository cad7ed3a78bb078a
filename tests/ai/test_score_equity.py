"""Equity at the score: EMG by the match equity table, dead gammons, the cube's value."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nard.ai.cube import CubeState
from nard.ai.met import equity_after
from nard.ai.probabilities import Probabilities
from nard.ai.score_equity import ScoreEquity, cube_efficiency
from nard.core.board import Position, Side


@st.composite
def chances(draw: st.DrawFn) -> Probabilities:
    unit = st.floats(min_value=0.0, max_value=1.0)
    win = draw(unit)
    gammon = draw(unit) * win
    backgammon = draw(unit) * gammon
    lose_gammon = draw(unit) * (1.0 - win)
    lose_backgammon = draw(unit) * lose_gammon
    return Probabilities(win, gammon, backgammon, lose_gammon, lose_backgammon, side=Side.WHITE)


@st.composite
def match_states(draw: st.DrawFn) -> CubeState:
    length = draw(st.integers(min_value=1, max_value=15))
    score = (
        draw(st.integers(min_value=0, max_value=length - 1)),
        draw(st.integers(min_value=0, max_value=length - 1)),
    )
    crawford = length - 1 in score and draw(st.booleans())
    value = 1 if crawford else draw(st.sampled_from((1, 2, 4, 8, 16)))
    owner = None if value == 1 else draw(st.sampled_from((Side.WHITE, Side.BLACK)))
    return CubeState(value, owner, length, score, crawford)


@given(chances(), st.sampled_from((1, 2, 4, 8)))
def test_with_the_cube_past_both_scores_only_winning_counts(
    chances: Probabilities, value: int
) -> None:
    """A cube of 8 at 0-0 in a 5-point match: a single win takes the match, so a
    gammon adds nothing and the equity is 2 p - 1 (the issue's dead gammons)."""
    state = CubeState(value=value, match_length=min(value, 5) if value < 8 else 5)
    at_score = ScoreEquity(state, Side.WHITE)
    assert at_score.gammons_dead
    assert at_score.cubeless(chances) == pytest.approx(2 * chances.win - 1, abs=1e-9)


@given(match_states(), chances())
def test_emg_is_plus_one_for_a_won_cube_and_minus_one_for_a_lost_one(
    state: CubeState, chances: Probabilities
) -> None:
    at_score = ScoreEquity(state, Side.WHITE)
    away, opponent_away = state.away(Side.WHITE), state.away(Side.BLACK)
    win = equity_after(away, opponent_away, state.value, crawford=state.crawford)
    lose = equity_after(away, opponent_away, -state.value, crawford=state.crawford)
    assert at_score.to_emg(win) == pytest.approx(1.0)
    assert at_score.to_emg(lose) == pytest.approx(-1.0)
    value = at_score.cubeless(chances)
    assert at_score.to_mwc(value) == pytest.approx(at_score.match_chance(chances, state.value))
    # The other side sees the opposite.
    black = ScoreEquity(state, Side.BLACK)
    assert black.cubeless(chances) == pytest.approx(-value, abs=1e-9)


@given(match_states(), chances())
def test_our_cubeless_match_equity_is_bgsage_janowski_with_a_dead_cube(
    state: CubeState, chances: Probabilities
) -> None:
    from nard.ai.engine import BgsageEngine

    at_score = ScoreEquity(state, Side.WHITE)
    theirs = BgsageEngine.janowski(chances, state.situation(Side.WHITE), efficiency=0.0)
    assert at_score.cubeless(chances) == pytest.approx(theirs, abs=2e-5)


@given(chances())
def test_money_is_points_per_cube_and_jacoby_ignores_gammons_with_a_centred_cube(
    chances: Probabilities,
) -> None:
    plain = ScoreEquity(CubeState(), Side.WHITE).cubeless(chances)
    assert plain == pytest.approx(chances.equity())
    jacoby = ScoreEquity(CubeState(jacoby=True), Side.WHITE).cubeless(chances)
    assert jacoby == pytest.approx(chances.equity(gammons=False))
    owned = ScoreEquity(CubeState(value=2, owner=Side.BLACK, jacoby=True), Side.WHITE)
    assert owned.cubeless(chances) == pytest.approx(chances.equity())
    no_backgammons = ScoreEquity(CubeState(), Side.WHITE, backgammons=False)
    assert no_backgammons.cubeless(chances) == pytest.approx(chances.equity(backgammons=False))


def test_cube_decisions_are_in_units_of_the_current_cube() -> None:
    pytest.importorskip("bgsage")
    position = Position.initial()
    strong = Probabilities(0.75, 0.2, 0.01, 0.03, 0.0, side=Side.WHITE)
    money = ScoreEquity(CubeState(), Side.WHITE).cube_options(strong, position)
    assert money.double_pass == 1.0 and money.may_double
    # A take doubles the stake: twice the equity with the cube on the taker's side.
    owned = ScoreEquity(CubeState(value=2, owner=Side.BLACK), Side.WHITE)
    assert money.double_take == pytest.approx(2 * owned.cubeful(strong, position))
    match = ScoreEquity(CubeState(match_length=7, score=(2, 3)), Side.WHITE)
    options = match.cube_options(strong, position)
    assert options.double_pass == 1.0
    assert -1.0 < options.no_double < options.double_take


def test_no_double_in_the_crawford_game_nor_by_the_post_crawford_leader() -> None:
    crawford = ScoreEquity(CubeState(match_length=5, score=(4, 2), crawford=True), Side.BLACK)
    assert not crawford.may_double()
    post = CubeState(match_length=5, score=(4, 2))
    assert not ScoreEquity(post, Side.WHITE).may_double()
    assert ScoreEquity(post, Side.BLACK).may_double()


def test_cube_efficiency_is_gnubgs() -> None:
    assert cube_efficiency(Position.initial()) == 0.68
    bear_off = Position.from_points({6: 5, 5: 5}, {6: 5, 4: 5})
    assert cube_efficiency(bear_off) == 0.6
    long_race = Position.from_points({12: 15}, {12: 15})  # 180 pips: 0.55 + 0.225, at most 0.7
    assert cube_efficiency(long_race) == 0.7
    short_race = Position.from_points({8: 10}, {1: 15})  # 80 pips: 0.55 + 0.1 = 0.65
    assert cube_efficiency(short_race) == pytest.approx(0.65)
