"""Matches and money sessions: score, Crawford and post-Crawford (R19), V3, the end."""

from __future__ import annotations

import pytest

from nard.core.board import Side
from nard.core.rules import STANDARD, Rule
from nard.match import (
    AcceptResignation,
    Action,
    Double,
    GameOptions,
    GameOver,
    GameOverError,
    GameStarted,
    MakePlay,
    Match,
    MatchOver,
    OpeningRoll,
    Resign,
    ResultKind,
    Take,
)

W, B = Side.WHITE, Side.BLACK
V3 = STANDARD.with_(gammon_wins_match=True)


def lose(loser: Side, kind: ResultKind = ResultKind.SINGLE) -> list[Action]:
    """The actions of a game that ``loser`` resigns right after the opening roll."""
    return [OpeningRoll(6, 1), Resign(loser, kind), AcceptResignation(loser.other)]


def test_score_and_next_game() -> None:
    match, events = Match.new(5).apply_all(lose(B, ResultKind.GAMMON))
    assert events[-2:] == (
        GameOver(W, ResultKind.GAMMON, 2, events[-2].reason),  # type: ignore[attr-defined]
        GameStarted(2, (2, 0), False),
    )
    assert match.score == (2, 0) and match.awarded == (2,) and len(match.games) == 1
    assert match.game is not None and match.game.score == (2, 0)
    assert match.away(W) == 3 and match.away(B) == 5


def first_play(match: Match) -> Action:
    """The first legal play of the side playing in the match's current game."""
    game = match.game
    assert game is not None and game.turn is not None
    return MakePlay(game.turn, next(iter(game.legal_plays)))


def test_r19_crawford_game_then_post_crawford() -> None:
    match = Match.new(3).apply_all(lose(B, ResultKind.GAMMON)).match
    assert match.score == (2, 0) and match.is_crawford and not match.is_post_crawford
    match = match.apply(OpeningRoll(1, 6)).match  # Black starts the Crawford game
    match = match.apply(first_play(match)).match
    assert match.game is not None and not match.game.can_double(W)
    match = match.apply_all([Resign(W), AcceptResignation(B)]).match
    assert match.score == (2, 1) and not match.is_crawford and match.is_post_crawford
    match = match.apply(OpeningRoll(6, 1)).match
    match = match.apply(first_play(match)).match
    assert match.game is not None and match.game.can_double(B)  # doubling is back
    match = match.apply_all([Double(B), Take(W)]).match
    assert match.game is not None and match.game.cube.value == 2


def test_r19_crawford_game_refuses_the_cube() -> None:
    match = Match.new(3).apply_all([*lose(B, ResultKind.GAMMON), OpeningRoll(6, 1)]).match
    game = match.game
    assert game is not None and game.crawford
    match = match.apply(first_play(match)).match
    assert match.game is not None and not match.game.can_double(B)
    with pytest.raises(ValueError) as info:
        match.apply(Double(B))
    assert getattr(info.value, "rule", None) is Rule.R19


def test_crawford_game_is_played_once() -> None:
    match = Match.new(5).apply_all(lose(B, ResultKind.BACKGAMMON) + lose(B)).match
    assert match.score == (4, 0) and match.is_crawford
    match = match.apply_all(lose(W)).match
    assert match.score == (4, 1) and match.is_post_crawford
    match = match.apply_all(lose(W, ResultKind.BACKGAMMON)).match
    assert match.score == (4, 4) and not match.is_crawford  # both one away: still post-Crawford
    assert [game.crawford for game in match.all_games()] == [False, False, True, False, False]


def test_no_crawford_when_the_rule_is_off() -> None:
    match = Match.new(3, crawford_rule=False).apply_all(lose(B, ResultKind.GAMMON)).match
    assert not match.is_crawford and not match.is_post_crawford


def test_match_ends_exactly_when_a_player_reaches_n() -> None:
    match = Match.new(3).apply_all(lose(B) + lose(B)).match
    assert match.score == (2, 0) and not match.is_over
    match, events = match.apply_all(lose(B))
    assert match.is_over and match.winner is W and match.game is None
    assert events[-1] == MatchOver(W, (3, 0))
    with pytest.raises(GameOverError):
        match.apply(OpeningRoll(6, 1))


def test_score_may_pass_n() -> None:
    match = Match.new(3).apply_all(lose(B) + lose(B, ResultKind.BACKGAMMON)).match
    assert match.score == (4, 0) and match.winner is W


def test_v3_gammon_wins_the_whole_match() -> None:
    match, events = Match.new(7, V3).apply_all(lose(W, ResultKind.GAMMON))
    assert match.score == (0, 7) and match.winner is B and match.awarded == (7,)
    game_over = next(event for event in events if isinstance(event, GameOver))
    assert game_over.wins_match and game_over.points == 2
    single = Match.new(7, V3).apply_all(lose(W)).match
    assert single.score == (0, 1) and not single.is_over


def test_v3_cube_gammon_worth_more_than_needed_keeps_its_points() -> None:
    match = Match.new(3, V3).apply(OpeningRoll(6, 1)).match
    match = match.apply(first_play(match)).match
    match, events = match.apply_all(
        [Double(B), Take(W), Resign(B, ResultKind.GAMMON), AcceptResignation(W)]
    )
    assert isinstance(events[-1], MatchOver)
    assert match.awarded == (4,) and match.score == (4, 0) and match.winner is W


def test_money_session_never_ends_and_allows_money_options() -> None:
    options = GameOptions(jacoby=True, beavers=True, automatic_doubles=1)
    match = Match.new(None, options=options)
    for _ in range(5):
        match = match.apply_all(lose(B, ResultKind.GAMMON)).match
    assert match.score == (5, 0)  # Jacoby: gammons count single with the cube centred
    assert not match.is_over and match.away(W) is None
    assert not match.is_crawford and len(match.games) == 5


def test_match_refuses_money_options_and_bad_lengths() -> None:
    with pytest.raises(ValueError):
        Match.new(5, options=GameOptions(jacoby=True))
    with pytest.raises(ValueError):
        Match.new(0)


def test_each_game_records_its_rules_and_options() -> None:
    options = GameOptions(lower_starts=True)
    match = Match.new(5, V3, options).apply_all(lose(B) + lose(W)).match
    for game in match.all_games():
        assert game.rules == V3 and game.options == options and game.match_length == 5
    assert [game.score for game in match.all_games()] == [(0, 0), (1, 0), (1, 1)]


def test_match_dice_rolls_span_all_games() -> None:
    match = Match.new(5).apply_all([OpeningRoll(2, 2), *lose(B), *lose(W)]).match
    assert match.dice_rolls() == ((2, 2), (6, 1), (6, 1))
