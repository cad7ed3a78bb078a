"""A random player for whole-game tests: picks a random action the game accepts."""

from __future__ import annotations

import random
from dataclasses import dataclass

from nard.core.board import Side
from nard.match import (
    AcceptResignation,
    Action,
    Beaver,
    ConfirmPlay,
    DiceSource,
    Double,
    Drop,
    Game,
    MakePlay,
    MakeStep,
    Phase,
    RefuseResignation,
    Resign,
    ResultKind,
    Take,
    UndoStep,
)


class RecordingDice:
    """Wraps a dice source and keeps every draw, to compare with a match's record."""

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.draws: list[tuple[int, int]] = []

    def roll(self) -> tuple[int, int]:
        draw = self.source.roll()
        self.draws.append(draw)
        return draw

    def opening_roll(self) -> tuple[int, int]:
        draw = self.source.opening_roll()
        self.draws.append(draw)
        return draw


@dataclass
class RandomPlayer:
    """Chooses random legal actions; the probabilities shape what games look like."""

    rng: random.Random
    double: float = 0.1
    take: float = 0.7
    beaver: float = 0.3
    resign: float = 0.004
    accept: float = 0.5
    stepwise: float = 0.5
    undo: float = 0.15

    def choose(self, game: Game, dice: DiceSource) -> Action:
        rng = self.rng
        phase = game.phase
        if phase is Phase.OPENING:
            return game.roll_action(dice)
        if phase in (Phase.ROLLING, Phase.PLAYING) and rng.random() < self.resign:
            return Resign(rng.choice(list(Side)), rng.choice(list(ResultKind)))
        side = game.to_act
        assert side is not None
        if phase is Phase.ROLLING:
            if game.can_double(side) and rng.random() < self.double:
                return Double(side)
            return game.roll_action(dice)
        if phase is Phase.PLAYING:
            return self._play(game, side)
        if phase is Phase.CUBE_OFFERED:
            if game.can_beaver(side) and rng.random() < self.beaver:
                return Beaver(side)
            return Take(side) if rng.random() < self.take else Drop(side)
        if phase is Phase.RESIGNATION_OFFERED:
            if rng.random() < self.accept:
                return AcceptResignation(side)
            return RefuseResignation(side)
        raise AssertionError(f"no action in phase {phase}")

    def _play(self, game: Game, side: Side) -> Action:
        rng = self.rng
        if game.steps and rng.random() < self.undo:
            return UndoStep(side)
        if game.can_confirm:
            return ConfirmPlay(side)
        if game.steps or rng.random() < self.stepwise:
            return MakeStep(side, rng.choice(game.next_steps()))
        return MakePlay(side, rng.choice(list(game.legal_plays)))
