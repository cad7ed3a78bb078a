"""The match's events as clients see them: ``nard.match.events`` in snake case.

>>> from nard.core.board import Side
>>> from nard.core.dice import Roll
>>> from nard.match.events import DiceRolled
>>> event_view(DiceRolled(Side.BLACK, Roll(6, 4))).model_dump()
{'type': 'dice_rolled', 'side': 'black', 'roll': (6, 4)}
"""

from __future__ import annotations

from dataclasses import fields
from enum import Enum
from typing import Annotated, Literal, cast, overload

from pydantic import Field

from nard.core.board import Side
from nard.core.dice import Roll
from nard.core.plays import Play, Step
from nard.match import events
from nard.server.protocol.views import ResultKindName, SideName, StepView, View


class GameStartedView(View):
    type: Literal["game_started"] = "game_started"
    number: int
    score: tuple[int, int]
    crawford: bool


class OpeningRolledView(View):
    type: Literal["opening_rolled"] = "opening_rolled"
    white: int
    black: int
    starter: SideName | None


class AutomaticDoubleView(View):
    type: Literal["automatic_double"] = "automatic_double"
    value: int


class DiceRolledView(View):
    type: Literal["dice_rolled"] = "dice_rolled"
    side: SideName
    roll: tuple[int, int]


class StepMadeView(View):
    type: Literal["step_made"] = "step_made"
    side: SideName
    step: StepView


class StepUndoneView(View):
    type: Literal["step_undone"] = "step_undone"
    side: SideName
    step: StepView


class PlayMadeView(View):
    type: Literal["play_made"] = "play_made"
    side: SideName
    roll: tuple[int, int]
    play: list[StepView]


class TurnPassedView(View):
    type: Literal["turn_passed"] = "turn_passed"
    side: SideName
    roll: tuple[int, int]


class CubeOfferedView(View):
    type: Literal["cube_offered"] = "cube_offered"
    side: SideName
    value: int


class CubeTakenView(View):
    type: Literal["cube_taken"] = "cube_taken"
    side: SideName
    value: int


class CubeDroppedView(View):
    type: Literal["cube_dropped"] = "cube_dropped"
    side: SideName
    value: int


class BeaveredView(View):
    type: Literal["beavered"] = "beavered"
    side: SideName
    value: int


class ResignOfferedView(View):
    type: Literal["resign_offered"] = "resign_offered"
    side: SideName
    kind: ResultKindName


class ResignAcceptedView(View):
    type: Literal["resign_accepted"] = "resign_accepted"
    side: SideName
    kind: ResultKindName


class ResignRefusedView(View):
    type: Literal["resign_refused"] = "resign_refused"
    side: SideName
    kind: ResultKindName


class GameOverView(View):
    type: Literal["game_over"] = "game_over"
    winner: SideName
    kind: ResultKindName
    points: int
    reason: Literal["borne_off", "dropped", "resigned"]
    wins_match: bool


class MatchOverView(View):
    type: Literal["match_over"] = "match_over"
    winner: SideName
    score: tuple[int, int]


EventView = Annotated[
    GameStartedView
    | OpeningRolledView
    | AutomaticDoubleView
    | DiceRolledView
    | StepMadeView
    | StepUndoneView
    | PlayMadeView
    | TurnPassedView
    | CubeOfferedView
    | CubeTakenView
    | CubeDroppedView
    | BeaveredView
    | ResignOfferedView
    | ResignAcceptedView
    | ResignRefusedView
    | GameOverView
    | MatchOverView,
    Field(discriminator="type"),
]

VIEWS: dict[type[events.Event], type[View]] = {
    events.GameStarted: GameStartedView,
    events.OpeningRolled: OpeningRolledView,
    events.AutomaticDouble: AutomaticDoubleView,
    events.DiceRolled: DiceRolledView,
    events.StepMade: StepMadeView,
    events.StepUndone: StepUndoneView,
    events.PlayMade: PlayMadeView,
    events.TurnPassed: TurnPassedView,
    events.CubeOffered: CubeOfferedView,
    events.CubeTaken: CubeTakenView,
    events.CubeDropped: CubeDroppedView,
    events.Beavered: BeaveredView,
    events.ResignOffered: ResignOfferedView,
    events.ResignAccepted: ResignAcceptedView,
    events.ResignRefused: ResignRefusedView,
    events.GameOver: GameOverView,
    events.MatchOver: MatchOverView,
}
"""The view of each event class of :mod:`nard.match.events`."""

_FIELDS: dict[type[events.Event], tuple[str, ...]] = {}


@overload
def side_name(side: Side) -> SideName: ...
@overload
def side_name(side: Side | None) -> SideName | None: ...
def side_name(side: Side | None) -> SideName | None:
    if side is None:
        return None
    return "white" if side is Side.WHITE else "black"


def step_view(step: Step) -> StepView:
    return StepView(from_point=step.from_point, to_point=step.to_point, die=step.die, hit=step.hit)


def _plain(value: object) -> object:
    if isinstance(value, Side):
        return side_name(value)
    if isinstance(value, Roll):
        return (value.high, value.low)
    if isinstance(value, Step):
        return step_view(value)
    if isinstance(value, Play):
        return [step_view(step) for step in value.steps]
    if isinstance(value, Enum):
        return value.value
    return value


def event_view(event: events.Event) -> EventView:
    """The view of ``event``: its class's snake-case name as ``type``, and its fields."""
    kind = type(event)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(item.name for item in fields(event))
    plain = {name: _plain(getattr(event, name)) for name in names}
    return cast(EventView, VIEWS[kind](**plain))
