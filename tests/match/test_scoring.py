"""Named scenarios for what games are worth (R15-R19, V4): gammons, backgammons,
the cube, drops, beavers, Jacoby and resignations."""

from __future__ import annotations

import pytest

from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.plays import Step
from nard.core.rules import STANDARD, Rule, RuleSet
from nard.match import (
    AcceptResignation,
    Beaver,
    Beavered,
    Cube,
    CubeActionError,
    CubeDropped,
    Double,
    Drop,
    EndReason,
    Game,
    GameOptions,
    GameOver,
    MakePlay,
    MakeStep,
    OpeningRoll,
    Phase,
    RefuseResignation,
    Resign,
    ResignAccepted,
    ResignOffered,
    ResignRefused,
    ResultKind,
    RollDice,
    Take,
    game_points,
)

W, B = Side.WHITE, Side.BLACK
V4 = STANDARD.with_(no_backgammon=True)
MONEY_JACOBY = GameOptions(jacoby=True)


def bear_off_last(
    loser: dict[int, int],
    *,
    cube: Cube | None = None,
    rules: RuleSet = STANDARD,
    options: GameOptions | None = None,
) -> tuple[Game, tuple[object, ...]]:
    """White, on roll with its last checker on its 2-point, bears it off; Black holds ``loser``."""
    position = Position.from_points({2: 1}, loser, turn=W)
    game = Game.from_position(position, rules, options, cube=cube)
    game, _ = game.apply(RollDice(W, Roll(6, 5)))
    (play,) = list(game.legal_plays)
    return game.apply(MakePlay(W, play))


@pytest.mark.parametrize(
    ("loser", "kind", "points"),
    [
        ({6: 14}, ResultKind.SINGLE, 1),  # one checker off: a single game
        ({6: 15}, ResultKind.GAMMON, 2),
        ({18: 1, 6: 14}, ResultKind.GAMMON, 2),  # White's 7-point is outside its home board
        ({25: 1, 6: 14}, ResultKind.BACKGAMMON, 3),  # on the bar
        ({19: 1, 6: 14}, ResultKind.BACKGAMMON, 3),  # in White's home board (White's 6-point)
        ({24: 1, 6: 14}, ResultKind.BACKGAMMON, 3),  # White's 1-point
    ],
)
def test_r15_result_kinds(loser: dict[int, int], kind: ResultKind, points: int) -> None:
    game, events = bear_off_last(loser)
    assert events[-1] == GameOver(W, kind, points, EndReason.BORNE_OFF)
    assert game.is_over and game.phase is Phase.OVER and game.winner is W
    assert game.result is not None and game.result.cube_value == 1


def test_r15_value_is_multiplied_by_the_cube() -> None:
    game, _ = bear_off_last({25: 1, 6: 14}, cube=Cube(4, W))
    assert game.result is not None and game.result.points == 12


def test_v4_backgammon_counts_as_gammon() -> None:
    _, events = bear_off_last({25: 1, 6: 14}, rules=V4, cube=Cube(2, B))
    assert events[-1] == GameOver(W, ResultKind.BACKGAMMON, 4, EndReason.BORNE_OFF)
    _, events = bear_off_last({6: 15}, rules=V4)
    assert events[-1] == GameOver(W, ResultKind.GAMMON, 2, EndReason.BORNE_OFF)


def test_r19_jacoby_gammons_count_only_after_a_double() -> None:
    _, events = bear_off_last({6: 15}, options=MONEY_JACOBY)
    assert events[-1] == GameOver(W, ResultKind.GAMMON, 1, EndReason.BORNE_OFF)
    _, events = bear_off_last({25: 1, 6: 14}, options=MONEY_JACOBY, cube=Cube(2, B))
    assert events[-1] == GameOver(W, ResultKind.BACKGAMMON, 6, EndReason.BORNE_OFF)
    # Automatic doubles turn the cube without a double: it is still centred.
    _, events = bear_off_last(
        {6: 15}, options=GameOptions(jacoby=True, automatic_doubles=1), cube=Cube(2)
    )
    assert events[-1] == GameOver(W, ResultKind.GAMMON, 2, EndReason.BORNE_OFF)


def test_r19_jacoby_after_a_taken_double_in_the_game() -> None:
    position = Position.from_points({1: 1}, {6: 15}, turn=W)
    game = Game.from_position(position, options=MONEY_JACOBY)
    assert game.jacoby_applies
    game = game.apply_all([Double(W), Take(B), RollDice(W, Roll(2, 1))]).game
    assert not game.jacoby_applies
    game, events = game.apply(MakePlay(W, next(iter(game.legal_plays))))
    assert events[-1] == GameOver(W, ResultKind.GAMMON, 4, EndReason.BORNE_OFF)


@pytest.mark.parametrize("value", [1, 2, 4, 8, 16, 32])
def test_r18_drop_loses_the_value_before_the_double(value: int) -> None:
    owner = None if value == 1 else B
    game = Game.from_position(Position.initial(turn=B), cube=Cube(value, owner))
    game, events = game.apply(Double(B))
    game, events = game.apply(Drop(W))
    assert events == (
        CubeDropped(W, value),
        GameOver(B, ResultKind.SINGLE, value, EndReason.DROPPED),
    )
    assert game.cube == Cube(value, owner)
    assert game.result is not None and game.result.reason.rule is Rule.R18


@pytest.mark.parametrize("value", [1, 2, 4, 8, 16, 32])
def test_r18_take_at_each_level(value: int) -> None:
    game = Game.from_position(Position.initial(turn=B), cube=Cube(value, B if value > 1 else None))
    game, _ = game.apply_all([Double(B), Take(W)])
    assert game.cube == Cube(2 * value, W) and game.turn is B and game.phase is Phase.ROLLING


def test_r19_beaver() -> None:
    options = GameOptions(beavers=True)
    game = Game.from_position(Position.initial(turn=W), options=options)
    game, _ = game.apply(Double(W))
    assert game.can_beaver(B) and not game.can_beaver(W)
    game, events = game.apply(Beaver(B))
    assert events == (Beavered(B, 4),)
    assert game.cube == Cube(4, B) and (game.phase, game.turn) == (Phase.ROLLING, W)
    assert not game.can_double(W)  # the beaver keeps the cube
    game, _ = game.apply(RollDice(W, Roll(3, 1)))
    game, _ = game.apply(MakePlay(W, next(iter(game.legal_plays))))
    assert game.can_double(B)


def test_r19_beaver_stops_below_64() -> None:
    options = GameOptions(beavers=True)
    game = Game.from_position(Position.initial(turn=W), options=options, cube=Cube(16, W))
    game, _ = game.apply_all([Double(W), Beaver(B)])
    assert game.cube == Cube(64, B)
    game = Game.from_position(Position.initial(turn=W), options=options, cube=Cube(32, W))
    game, _ = game.apply(Double(W))
    with pytest.raises(CubeActionError, match="past 64"):
        game.apply(Beaver(B))


def test_r19_beavers_only_when_agreed() -> None:
    game, _ = Game.from_position(Position.initial(turn=W)).apply(Double(W))
    assert not game.can_beaver(B)
    with pytest.raises(CubeActionError) as info:
        game.apply(Beaver(B))
    assert info.value.rule is Rule.R19
    with pytest.raises(ValueError, match="money play"):
        Game.new(options=GameOptions(beavers=True), match_length=3)


@pytest.mark.parametrize(
    ("kind", "rules", "options", "cube", "points"),
    [
        (ResultKind.SINGLE, STANDARD, None, Cube(), 1),
        (ResultKind.GAMMON, STANDARD, None, Cube(), 2),
        (ResultKind.BACKGAMMON, STANDARD, None, Cube(), 3),
        (ResultKind.GAMMON, STANDARD, None, Cube(4, B), 8),
        (ResultKind.BACKGAMMON, V4, None, Cube(), 2),
        (ResultKind.GAMMON, STANDARD, MONEY_JACOBY, Cube(), 1),
        (ResultKind.GAMMON, STANDARD, MONEY_JACOBY, Cube(2, W), 4),
    ],
)
def test_r16_resignation_accepted(
    kind: ResultKind, rules: RuleSet, options: GameOptions | None, cube: Cube, points: int
) -> None:
    game = Game.from_position(Position.initial(turn=W), rules, options, cube=cube)
    game, events = game.apply(Resign(W, kind))
    assert events == (ResignOffered(W, kind),)
    assert game.phase is Phase.RESIGNATION_OFFERED and game.to_act is B
    game, events = game.apply(AcceptResignation(B))
    assert events == (ResignAccepted(B, kind), GameOver(B, kind, points, EndReason.RESIGNED))
    assert game.winner is B


@pytest.mark.parametrize("kind", list(ResultKind))
def test_r16_resignation_refused_play_goes_on(kind: ResultKind) -> None:
    game, _ = Game.new().apply(OpeningRoll(6, 1))
    game, _ = game.apply(MakeStep(W, Step(13, 7)))
    # The opponent may offer to resign during White's turn, too.
    game, _ = game.apply(Resign(B, kind))
    with pytest.raises(ValueError):
        game.apply(MakeStep(W, Step(8, 7)))  # play waits for the answer
    game, events = game.apply(RefuseResignation(W))
    assert events == (ResignRefused(W, kind),)
    assert game.phase is Phase.PLAYING and game.steps == (Step(13, 7),)
    game, _ = game.apply(MakeStep(W, Step(8, 7)))
    assert game.can_confirm


def test_game_points_table() -> None:
    assert [game_points(kind, cube_value=1) for kind in ResultKind] == [1, 2, 3]
    assert [game_points(kind, cube_value=1, rules=V4) for kind in ResultKind] == [1, 2, 2]
    assert [game_points(kind, cube_value=2, jacoby=True) for kind in ResultKind] == [2, 2, 2]
