"""Resignations (R16): when the bot accepts one, and when it offers one.

The bot accepts an offer only when what it is offered (a single, gammon or
backgammon, times the cube, as the game would score it) is worth at least
what it expects from playing on: its cubeless equity in money play, its
match-winning chance at the score in a match. It offers to resign when its
position is hopeless: it (all but) cannot win, and then it offers the
smallest result it is sure to lose, never one its opponent refused already.

>>> from nard.ai.probabilities import Probabilities
>>> from nard.core.board import Side
>>> lost = Probabilities(0.0, 0.0, 0.0, 1.0, 0.2, side=Side.WHITE)
>>> sure_loss(lost)
<ResultKind.GAMMON: 'gammon'>
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from nard.ai.probabilities import Probabilities
from nard.core.board import Side
from nard.match.events import ResignRefused
from nard.match.game import Game, Phase
from nard.match.scoring import ResultKind, game_points, wins_whole_match

if TYPE_CHECKING:
    from nard.ai.bot import Bot

SURE: Final = 0.999
"""A chance at least this high counts as certain (and one below 1 - SURE as none)."""
_ORDER: Final = (ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.BACKGAMMON)


def chances_now(bot: Bot, game: Game, side: Side) -> Probabilities:
    """``side``'s chances in ``game`` as ``bot`` judges them: before the roll of
    the side on turn, or after its best play when its dice are out."""
    assert game.turn is not None
    rolled = game.phase is Phase.PLAYING or (
        game.phase is Phase.RESIGNATION_OFFERED and game.resume_phase is Phase.PLAYING
    )
    if rolled and game.turn_start is not None and game.roll is not None:
        ranked = bot.rank_plays(game.turn_start, game.roll, game.rules)
        if ranked:
            return ranked[0].probabilities.pov(side)
        return bot.evaluate(game.turn_start.swap()).pov(side)
    return bot.evaluate(game.view(game.turn)).pov(side)


def outcome_worth(game: Game, winner: Side, kind: ResultKind, side: Side) -> float:
    """What the game ending with ``winner`` winning ``kind`` is worth to ``side``:
    points in money play (the cube and the Jacoby rule applied), the match-winning
    chance in a match."""
    points = game_points(
        kind, cube_value=game.cube.value, rules=game.rules, jacoby=game.jacoby_applies
    )
    if game.match_length is None:
        return float(points if winner is side else -points)
    if wins_whole_match(kind, rules=game.rules, match_play=True):
        return 1.0 if winner is side else 0.0
    score = list(game.score)
    score[winner] += points
    away = game.match_length - score[side]
    opponent_away = game.match_length - score[side.other]
    if away <= 0 or opponent_away <= 0:
        return 1.0 if away <= 0 else 0.0
    # The next game is the Crawford game when this one first leaves a side
    # needing one point.
    before = [game.match_length - s for s in game.score]
    crawford_next = not game.crawford and 1 not in before and 1 in (away, opponent_away)
    from nard.ai.engine import BgsageEngine

    return BgsageEngine.match_equity(away, opponent_away, crawford=crawford_next)


def expected_worth(game: Game, chances: Probabilities, side: Side) -> float:
    """``side``'s expected worth of playing the game out (see :func:`outcome_worth`)."""
    mine = chances.pov(side)
    outcomes = (
        (side, ResultKind.SINGLE, mine.win - mine.win_gammon),
        (side, ResultKind.GAMMON, mine.win_gammon - mine.win_backgammon),
        (side, ResultKind.BACKGAMMON, mine.win_backgammon),
        (side.other, ResultKind.SINGLE, mine.lose - mine.lose_gammon),
        (side.other, ResultKind.GAMMON, mine.lose_gammon - mine.lose_backgammon),
        (side.other, ResultKind.BACKGAMMON, mine.lose_backgammon),
    )
    return sum(
        max(chance, 0.0) * outcome_worth(game, winner, kind, side)
        for winner, kind, chance in outcomes
    )


def should_accept(bot: Bot, game: Game, side: Side) -> bool:
    """Whether ``bot``, playing ``side``, accepts the resignation offered to it."""
    assert game.resignation is not None
    offered = outcome_worth(game, side, game.resignation.kind, side)
    expected = expected_worth(game, chances_now(bot, game, side), side)
    return offered >= expected - 1e-9


def sure_loss(chances: Probabilities) -> ResultKind | None:
    """The biggest result the side of ``chances`` is sure to lose; None while it can win."""
    if chances.win > 1.0 - SURE:
        return None
    if chances.lose_backgammon >= SURE:
        return ResultKind.BACKGAMMON
    if chances.lose_gammon >= SURE:
        return ResultKind.GAMMON
    return ResultKind.SINGLE


def resignation_offer(bot: Bot, game: Game, side: Side) -> ResultKind | None:
    """The resignation ``bot``, playing ``side`` and about to roll, offers; None to play on.

    It offers only what it is sure to lose and more than the opponent has
    already refused in this game (a refused offer is not repeated).
    """
    if game.to_act is not side or game.phase is not Phase.ROLLING or not game.can_resign(side):
        return None
    kind = sure_loss(chances_now(bot, game, side))
    if kind is None:
        return None
    if kind is ResultKind.BACKGAMMON and game.rules.no_backgammon:
        kind = ResultKind.GAMMON
    refused = [e.kind for e in game.history if isinstance(e, ResignRefused) and e.side is not side]
    if refused and _ORDER.index(kind) <= max(_ORDER.index(k) for k in refused):
        return None
    return kind
