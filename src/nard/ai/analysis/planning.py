"""What to analyse in a game: its decisions in order, read off the match timeline
(:mod:`nard.match.timeline`), before any evaluation."""

from __future__ import annotations

from dataclasses import dataclass, field

from nard.ai.analysis.decisions import CubeChoice, DecisionKind
from nard.ai.bot_actions import cube_state
from nard.ai.cube import CubeState
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.plays import Play
from nard.core.rules import RuleSet
from nard.match.actions import Beaver, Double, Drop, RollDice, Take
from nard.match.game import Game, Phase
from nard.match.timeline import Moment, walk_game

_ANSWERS = {Take: CubeChoice.TAKE, Drop: CubeChoice.DROP, Beaver: CubeChoice.BEAVER}


@dataclass(frozen=True, slots=True)
class PlayedRoll:
    """A roll and what was played with it (NO_PLAY when nothing could be, R10)."""

    move: int
    side: Side
    position: Position
    roll: Roll
    play: Play
    cube: CubeState
    rules: RuleSet
    opening: bool


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """A cube decision: ``side`` doubles or not (DOUBLE), or answers a double (TAKE)."""

    move: int
    side: Side
    kind: DecisionKind
    position: Position
    cube: CubeState
    choice: CubeChoice
    rules: RuleSet


PlannedItem = PlayedRoll | CubeDecision


@dataclass(frozen=True, slots=True)
class GamePlan:
    """Game ``number`` and its decisions to analyse, in order."""

    number: int
    game: Game
    items: tuple[PlannedItem, ...] = field(default=())


def plan_game(number: int, game: Game, *, cube: bool) -> GamePlan:
    """The decisions of ``game`` to analyse (cube decisions when ``cube``), in order."""
    items: list[PlannedItem] = []
    for moment in walk_game(game, number):
        if cube:
            items.extend(_cube_decisions(moment))
        turn = moment.turn
        if turn is not None:
            items.append(
                PlayedRoll(
                    turn.move,
                    turn.side,
                    turn.start,
                    turn.roll,
                    turn.play,
                    cube_state(moment.before),
                    game.rules,
                    turn.opening,
                )
            )
    return GamePlan(number, game, tuple(items))


def _cube_decisions(moment: Moment) -> list[CubeDecision]:
    """The cube decision ``moment``'s action made: to double or roll on, or the answer."""
    action, before, move = moment.action, moment.before, moment.moves + 1
    rules = before.rules
    if isinstance(action, Double | RollDice) and before.phase is Phase.ROLLING:
        side = action.side
        if not before.can_double(side):
            return []
        choice = CubeChoice.DOUBLE if isinstance(action, Double) else CubeChoice.NO_DOUBLE
        view = before.view(side)
        return [
            CubeDecision(move, side, DecisionKind.DOUBLE, view, cube_state(before), choice, rules)
        ]
    if isinstance(action, Take | Drop | Beaver):
        view = before.view(action.side.other)
        choice = _ANSWERS[type(action)]
        return [
            CubeDecision(
                move, action.side, DecisionKind.TAKE, view, cube_state(before), choice, rules
            )
        ]
    return []
