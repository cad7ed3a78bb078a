"""Resignations (R16): the bot accepts what is worth at least playing on, and
offers the smallest result it is sure to lose when its game is hopeless."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("bgsage")

from nard.ai.bot import Bot, Level
from nard.ai.bot_actions import choose_action
from nard.ai.resign import resignation_offer, should_accept
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.match.actions import (
    AcceptResignation,
    OpeningRoll,
    RefuseResignation,
    Resign,
    RollDice,
)
from nard.match.cube import Cube
from nard.match.events import GameOver
from nard.match.game import Game, Phase
from nard.match.scoring import EndReason, ResultKind

BOT = Bot(Level("clean 0-ply", 0, 0.0, "no noise, for tests"))

# WHITE, on roll, bears off its last five checkers in at most three rolls;
# BLACK has fifteen checkers left, none home and none in WHITE's home board:
# WHITE surely wins a gammon and never a backgammon.
GAMMON_SURE = Position.from_points({1: 5}, {13: 5, 14: 5, 18: 5})
# With BLACK on roll, its five checkers on WHITE's 2-point get one roll to
# leave before WHITE is off: a sure backgammon.
BACKGAMMON_SURE = Position.from_points({1: 2}, {13: 5, 14: 5, 23: 5})
# WHITE finishes in two rolls, BLACK (with six off) needs at least three:
# only a single is at stake.
SINGLE_ONLY = Position.from_points({1: 2, 2: 2}, {6: 5, 5: 4})


def _offered(position: Position, by: Side, kind: ResultKind, **game_args: object) -> Game:
    game = Game.from_position(position, **game_args)  # type: ignore[arg-type]
    return game.apply(Resign(by, kind)).game


def test_a_sure_gammon_is_not_given_up_for_a_single() -> None:
    for kind, accepted in (
        (ResultKind.SINGLE, False),
        (ResultKind.GAMMON, True),
        (ResultKind.BACKGAMMON, True),
    ):
        game = _offered(GAMMON_SURE, Side.BLACK, kind)
        assert should_accept(BOT, game, Side.WHITE) is accepted, kind
        action = choose_action(BOT, game, Side.WHITE)
        assert isinstance(action, AcceptResignation if accepted else RefuseResignation)


def test_any_resignation_of_a_game_about_even_is_accepted() -> None:
    game = _offered(Position.initial(), Side.BLACK, ResultKind.SINGLE)
    assert should_accept(BOT, game, Side.WHITE)


def test_the_cube_and_the_match_score_set_the_price() -> None:
    # At double match point a single wins the match as surely as a gammon.
    dmp = _offered(GAMMON_SURE, Side.BLACK, ResultKind.SINGLE, match_length=3, score=(2, 2))
    assert should_accept(BOT, dmp, Side.WHITE)
    # Needing 2 points with the cube on 2, a single (2 points) is the match too.
    two_away = _offered(
        GAMMON_SURE,
        Side.BLACK,
        ResultKind.SINGLE,
        match_length=5,
        score=(3, 0),
        cube=Cube(2, Side.BLACK),
    )
    assert should_accept(BOT, two_away, Side.WHITE)
    # Needing 4 there, the gammon matters: a single is refused.
    four_away = _offered(
        GAMMON_SURE,
        Side.BLACK,
        ResultKind.SINGLE,
        match_length=5,
        score=(1, 0),
        cube=Cube(2, Side.BLACK),
    )
    assert not should_accept(BOT, four_away, Side.WHITE)


def test_the_hopeless_side_offers_the_smallest_result_it_is_sure_to_lose() -> None:
    # BLACK to roll in each position: seen from BLACK.
    gammon = Game.from_position(GAMMON_SURE.swap())
    assert resignation_offer(BOT, gammon, Side.BLACK) is ResultKind.GAMMON
    backgammon = Game.from_position(BACKGAMMON_SURE.swap())
    assert resignation_offer(BOT, backgammon, Side.BLACK) is ResultKind.BACKGAMMON
    single = Game.from_position(SINGLE_ONLY.swap())
    assert resignation_offer(BOT, single, Side.BLACK) is ResultKind.SINGLE
    assert resignation_offer(BOT, Game.from_position(Position.initial()), Side.WHITE) is None
    # Not while the opponent is to act, nor at another side's turn.
    assert resignation_offer(BOT, gammon, Side.WHITE) is None


def test_a_refused_offer_is_not_repeated() -> None:
    game = Game.from_position(SINGLE_ONLY.swap())
    action = choose_action(BOT, game, Side.BLACK)
    assert action == Resign(Side.BLACK, ResultKind.SINGLE)
    game = game.apply(action).game.apply(RefuseResignation(Side.WHITE)).game
    assert game.phase is Phase.ROLLING
    assert resignation_offer(BOT, game, Side.BLACK) is None
    assert choose_action(BOT, game, Side.BLACK) is None  # it rolls


def test_bot_games_end_by_a_resignation_of_the_sure_gammon() -> None:
    ended_by_resignation = 0
    for seed in range(3):
        rng = random.Random(seed)
        game = Game.from_position(GAMMON_SURE)
        while not game.is_over:
            if game.phase is Phase.OPENING:
                game = game.apply(OpeningRoll(rng.randint(1, 6), rng.randint(1, 6))).game
                continue
            side = game.to_act
            assert side is not None
            action = choose_action(BOT, game, side) or RollDice(
                side, Roll(rng.randint(1, 6), rng.randint(1, 6))
            )
            game = game.apply(action).game
        over = [e for e in game.history if isinstance(e, GameOver)][-1]
        assert (over.winner, over.kind) == (Side.WHITE, ResultKind.GAMMON)
        ended_by_resignation += over.reason is EndReason.RESIGNED
    assert ended_by_resignation == 3
