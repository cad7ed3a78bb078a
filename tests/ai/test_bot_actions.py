"""The bot drives nard.match games: cube actions and plays are accepted by the game."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("bgsage")

from nard.ai.bot import Bot, Level
from nard.ai.bot_actions import choose_action, cube_state
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.rules import IRANIAN, STANDARD, RuleSet
from nard.match.actions import Double, MakePlay, OpeningRoll, RollDice
from nard.match.cube import Cube
from nard.match.game import Game, Phase
from nard.match.options import GameOptions

CLEAN_0PLY = Level("clean 0-ply", 0, 0.0, "no noise, for tests")


def drive(game: Game, bots: dict[Side, Bot], rng: random.Random) -> tuple[Game, int]:
    """Play ``game`` to the end with the bots; returns it and how many doubles were offered."""
    doubles = 0
    for _ in range(2000):
        if game.is_over:
            return game, doubles
        if game.phase is Phase.OPENING:
            game = game.apply(OpeningRoll(rng.randint(1, 6), rng.randint(1, 6))).game
            continue
        side = game.to_act
        assert side is not None
        action = choose_action(bots[side], game, side)
        if action is None:
            assert game.phase is Phase.ROLLING
            action = RollDice(side, Roll(rng.randint(1, 6), rng.randint(1, 6)))
        doubles += isinstance(action, Double)
        if isinstance(action, MakePlay):
            assert action.play in game.legal_plays
        game = game.apply(action).game
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("rules", "options"),
    [
        (STANDARD, GameOptions()),
        (STANDARD, GameOptions(jacoby=True, beavers=True)),
        (IRANIAN, GameOptions()),
    ],
    ids=["money", "jacoby-beavers", "iranian"],
)
def test_bots_finish_money_games(rules: RuleSet, options: GameOptions) -> None:
    bots = {side: Bot(CLEAN_0PLY) for side in Side}
    for seed in range(2):
        game, doubles = drive(Game.new(rules, options), bots, random.Random(seed))
        assert game.is_over and game.winner is not None
        if not rules.cube:
            assert doubles == 0


def test_bots_play_a_match_game_with_the_cube() -> None:
    bots = {side: Bot(CLEAN_0PLY) for side in Side}
    game, _ = drive(Game.new(match_length=5, score=(2, 3)), bots, random.Random(3))
    assert game.is_over


def test_no_double_in_the_crawford_game() -> None:
    bots = {side: Bot(CLEAN_0PLY) for side in Side}
    game = Game.new(match_length=5, score=(4, 0), crawford=True)
    _, doubles = drive(game, bots, random.Random(4))
    assert doubles == 0


def test_cube_state_reads_the_game() -> None:
    race = Position.from_points({6: 5, 5: 5, 4: 5}, {6: 5, 5: 4, 9: 3, 10: 3})
    game = Game.from_position(race, cube=Cube(2, Side.WHITE), match_length=7, score=(1, 4))
    state = cube_state(game)
    assert (state.value, state.owner, state.match_length, state.score) == (2, Side.WHITE, 7, (1, 4))
    bot = Bot(CLEAN_0PLY)
    assert choose_action(bot, game, Side.BLACK) is None  # not BLACK's turn
    assert choose_action(bot, game, Side.WHITE) == Double(Side.WHITE)
