"""The bot's actions in a :class:`nard.match.game.Game`.

The bot itself takes plain values (:class:`~nard.ai.cube.CubeState`); this
module reads them off a game and turns the bot's choices into the game's
actions (double, take, drop, beaver, play). Dice stay with the caller: the
game never rolls them itself.

>>> from nard.core.board import Position, Side
>>> from nard.match.game import Game
>>> game = Game.from_position(Position.initial(turn=Side.BLACK))
>>> state = cube_state(game)
>>> state.value, state.owner, state.is_money
(1, None, True)
"""

from __future__ import annotations

from nard.ai.bot import Bot
from nard.ai.cube import CubeState
from nard.ai.resign import resignation_offer, should_accept
from nard.core.board import Side
from nard.match.actions import (
    AcceptResignation,
    Action,
    Beaver,
    Double,
    Drop,
    MakePlay,
    RefuseResignation,
    Resign,
    Take,
)
from nard.match.game import Game, Phase


def cube_state(game: Game) -> CubeState:
    """The cube and score of ``game`` as the bot's plain values."""
    return CubeState(
        value=game.cube.value,
        owner=game.cube.owner,
        match_length=game.match_length or 0,
        score=game.score if game.match_length else (0, 0),
        crawford=game.crawford,
        jacoby=game.options.jacoby,
        beaver=game.options.beavers,
    )


def choose_action(bot: Bot, game: Game, side: Side) -> Action | None:
    """What ``bot``, playing ``side``, does now; None when it has nothing to decide.

    Before rolling it may resign a hopeless game or double (None means: roll
    the dice). Doubled, it takes, beavers or drops. With the dice out it makes
    its whole play. Offered a resignation, it accepts only what is worth at
    least playing on (:mod:`nard.ai.resign`).
    """
    if game.to_act is not side:
        return None
    if game.phase is Phase.RESIGNATION_OFFERED:
        return (
            AcceptResignation(side) if should_accept(bot, game, side) else RefuseResignation(side)
        )
    if game.phase is Phase.ROLLING:
        offer = resignation_offer(bot, game, side)
        if offer is not None:
            return Resign(side, offer)
        if game.can_double(side) and bot.should_double(game.view(side), cube_state(game)):
            return Double(side)
        return None
    if game.phase is Phase.CUBE_OFFERED:
        doubler_view = game.view(side.other)
        state = cube_state(game)
        if not bot.should_take(doubler_view, state):
            return Drop(side)
        if game.can_beaver(side) and bot.should_beaver(doubler_view, state):
            return Beaver(side)
        return Take(side)
    if game.phase is Phase.PLAYING:
        assert game.turn_start is not None and game.roll is not None
        play = bot.choose_play(game.turn_start, game.roll, game.rules, cube=cube_state(game))
        return MakePlay(side, play)
    return None
