"""Intake: a client's message becomes an action of :mod:`nard.match`.

This is where the acting seat is resolved (a hot-seat client holds both) and
the only place the dice are drawn: from the game's provably fair seed, or the
system's random source when fair dice are off. A step the core cannot even
name is refused here, with the core's explanation.
"""

from __future__ import annotations

from nard.core.board import Side
from nard.core.dice import Roll
from nard.core.explain import explain_move
from nard.core.plays import Play, Step
from nard.match.actions import (
    AcceptResignation,
    Action,
    Beaver,
    ConfirmPlay,
    Double,
    Drop,
    MakePlay,
    MakeStep,
    OpeningRoll,
    RefuseResignation,
    Resign,
    RollDice,
    Take,
    UndoStep,
)
from nard.match.dice import SystemDice
from nard.match.fair import derive_roll
from nard.match.game import Phase
from nard.match.scoring import ResultKind
from nard.server.games.live import SIDES, LiveGame
from nard.server.protocol import client
from nard.server.refusals import Refusal, RefusalCode

_SIMPLE = {
    client.UndoMessage: UndoStep,
    client.ConfirmMessage: ConfirmPlay,
    client.DoubleMessage: Double,
    client.TakeMessage: Take,
    client.DropMessage: Drop,
    client.BeaverMessage: Beaver,
    client.AcceptResignationMessage: AcceptResignation,
    client.RefuseResignationMessage: RefuseResignation,
}
"""Messages that name their action and nothing more."""


class Intake:
    def __init__(self) -> None:
        self._dice = SystemDice()

    def roll(self, live: LiveGame) -> tuple[int, int]:
        """The game's next dice: the fair seed's next draw, or the system's."""
        seed = live.setup.server_seed
        if seed is None:
            return self._dice.roll()
        draw = len(live.match.dice_rolls())
        return derive_roll(bytes.fromhex(seed), list(live.client_seeds), draw)

    @staticmethod
    def acting_side(live: LiveGame, player_id: int, wanted: str | None) -> Side:
        """The seat a player acts for: the one asked for, the only one, or the one to act."""
        sides = live.sides_of(player_id)
        if not sides:
            raise Refusal(RefusalCode.SPECTATOR)
        if wanted is not None:
            side = SIDES[wanted]
            if side not in sides:
                raise Refusal(RefusalCode.NOT_YOUR_SEAT, side=wanted)
            return side
        if len(sides) == 1:
            return sides[0]
        game = live.match.game
        to_act = None if game is None else game.to_act
        return to_act if to_act is not None else Side.WHITE

    def action(self, live: LiveGame, side: Side, message: client.ActionMessage) -> Action:
        """The action ``message`` asks for; the dice are drawn only for a roll due now."""
        game = live.match.game
        assert game is not None
        simple = _SIMPLE.get(type(message))
        if simple is not None:
            return simple(side)
        match message:
            case client.RollMessage():
                if game.phase is Phase.OPENING:
                    white, black = self.roll(live)
                    return OpeningRoll(white, black)
                if game.phase is Phase.ROLLING and game.to_act is side:
                    return RollDice(side, Roll(*self.roll(live)))
                # Let the game say why (out of turn, already rolled...); no dice are drawn.
                return RollDice(side, Roll(1, 1))
            case client.StepMessage():
                return MakeStep(side, _step(live, message.from_point, message.to_point))
            case client.PlayMessage():
                steps: list[Step] = []
                for origin, target in message.steps:
                    steps.append(_step(live, origin, target, made=steps))
                return MakePlay(side, Play(tuple(steps)))
            case client.ResignMessage():
                return Resign(side, ResultKind(message.kind))
        raise Refusal(RefusalCode.UNKNOWN_TYPE)


def _step(live: LiveGame, origin: int, target: int, *, made: list[Step] | None = None) -> Step:
    try:
        return Step(origin, target)
    except ValueError as error:
        game = live.match.game
        explanation = None
        if game is not None and game.phase is Phase.PLAYING and game.turn_start and game.roll:
            steps = list(game.steps) if made is None else made
            # A play's earlier steps are not checked yet and may lead nowhere legal
            # (``[[24, 23], [9, 17]]``): then this step is explained on its own.
            for before in (steps, []):
                try:
                    explanation = explain_move(
                        game.turn_start, game.roll, before, origin, target, game.rules
                    )
                    break
                except ValueError:
                    continue
        raise Refusal(
            RefusalCode.ILLEGAL_PLAY,
            explanation=explanation,
            rule=None if explanation is None else explanation.rule.value,
            why=str(error),
        ) from error
