"""Invariants every game and match must keep after every action."""

from __future__ import annotations

from nard.core.board import CHECKERS_PER_SIDE, Side
from nard.core.dice import Roll
from nard.core.plays import Play, apply_play
from nard.match import (
    MAX_CUBE,
    Beavered,
    CubeActionError,
    CubeOffered,
    CubeTaken,
    Double,
    Game,
    GameOver,
    Match,
    Phase,
)

CUBE_VALUES = {2**k for k in range(7)}


def check_game(game: Game) -> None:
    position = game.position
    for checkers in (position.player, position.opponent):
        assert sum(checkers) == CHECKERS_PER_SIDE
        assert min(checkers) >= 0
    assert game.cube.value in CUBE_VALUES
    assert game.cube.value <= MAX_CUBE
    cube_events = [e for e in game.history if isinstance(e, CubeOffered | CubeTaken | Beavered)]
    if game.crawford or not game.rules.cube:
        assert not cube_events
        assert not game.can_double(Side.WHITE)
        assert not game.can_double(Side.BLACK)
    if not game.rules.cube:
        assert game.cube.value == 1
    if game.turn is not None:
        assert position.turn is game.turn
    if Phase.PLAYING in (game.phase, game.resume_phase):
        assert game.roll is not None and game.turn_start is not None
        assert position == apply_play(game.turn_start, Play(game.steps))
        assert game.guide.dice_used > 0  # R10: a turn with no legal play never waits
    else:
        assert game.roll is None and not game.steps
    game_overs = [e for e in game.history if isinstance(e, GameOver)]
    if game.is_over:
        assert game.result is not None
        assert len(game_overs) == 1 and game.history[-1] == game_overs[0]
        assert game_overs[0].points == game.result.points
    else:
        assert game.result is None and not game_overs


def check_crawford_refusal(game: Game) -> None:
    """In the Crawford game a double is refused with R19, whoever asks."""
    if game.crawford and game.phase is Phase.ROLLING and game.rules.cube:
        assert game.turn is not None
        try:
            game.apply(Double(game.turn))
        except CubeActionError as error:
            assert error.rule == "R19"
        else:
            raise AssertionError("a double was accepted in the Crawford game")


def check_match(match: Match) -> None:
    totals = [0, 0]
    crawford_seen = False
    for game, points in zip(match.games, match.awarded, strict=True):
        assert game.is_over and game.result is not None
        assert game.score == (totals[0], totals[1])
        assert game.rules == match.rules and game.options == match.options
        if game.result.wins_match:
            assert points >= game.result.points
        else:
            assert points == game.result.points
        totals[game.result.winner] += points
    assert (totals[0], totals[1]) == match.score
    for game in match.all_games():
        first_one_away = (
            match.length is not None
            and match.crawford_rule
            and match.length - 1 in game.score
            and not crawford_seen
        )
        assert game.crawford == first_one_away
        crawford_seen = crawford_seen or game.crawford
    if match.length is None:
        assert not match.is_over and match.game is not None
        return
    reached = [side for side in Side if match.score[side] >= match.length]
    if reached:
        assert match.is_over and match.game is None
        assert reached == [match.winner]
    else:
        assert not match.is_over and match.game is not None
        check_game(match.game)
        assert match.game.score == match.score


def same_draws(recorded: tuple[object, ...], draws: list[tuple[int, int]]) -> bool:
    if len(recorded) != len(draws):
        return False
    for record, draw in zip(recorded, draws, strict=True):
        expected: object = Roll(*draw) if isinstance(record, Roll) else draw
        if record != expected:
            return False
    return True
