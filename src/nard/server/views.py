"""What clients see: a match's state and its events as plain JSON data.

The board is given per side in that side's own numbering (index 0 borne off,
1..24 points, 25 the bar), as :class:`nard.core.board.Position` keeps it.
``guide`` is the partial-play guidance of the dice being played
(:class:`nard.core.plays.TurnGuide`): where each checker may go next after the
steps made so far, and whether the turn can be confirmed.

>>> from nard.match import Match
>>> state = match_state(Match.new(3))
>>> state["game"]["phase"], state["match"]["length"], state["guide"]
('opening', 3, None)
>>> state["game"]["board"]["white"][24], state["game"]["board"]["black"][6]
(2, 5)
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from nard.core.board import Side
from nard.core.dice import Roll
from nard.core.plays import Play, Step
from nard.match.events import Event
from nard.match.game import Game, Phase
from nard.match.match import Match

_ACTION_NAMES = {
    "OpeningRoll": "roll",
    "RollDice": "roll",
    "MakePlay": "play",
    "MakeStep": "step",
    "UndoStep": "undo",
    "ConfirmPlay": "confirm",
    "Double": "double",
    "Take": "take",
    "Drop": "drop",
    "Beaver": "beaver",
    "Resign": "resign",
    "AcceptResignation": "accept_resignation",
    "RefuseResignation": "refuse_resignation",
}


def side_name(side: Side | None) -> str | None:
    return None if side is None else side.name.lower()


def step_data(step: Step) -> dict[str, Any]:
    return {"from": step.from_point, "to": step.to_point, "die": step.die, "hit": step.hit}


def _plain(value: Any) -> Any:
    if isinstance(value, Side):
        return side_name(value)
    if isinstance(value, Roll):
        return [value.high, value.low]
    if isinstance(value, Step):
        return step_data(value)
    if isinstance(value, Play):
        return [step_data(step) for step in value.steps]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


def _snake(name: str) -> str:
    return "".join(f"_{char.lower()}" if char.isupper() else char for char in name).lstrip("_")


def event_data(event: Event) -> dict[str, Any]:
    """An event as ``{"type": "dice_rolled", ...fields}``.

    >>> from nard.match.events import DiceRolled
    >>> event_data(DiceRolled(Side.BLACK, Roll(6, 4)))
    {'type': 'dice_rolled', 'side': 'black', 'roll': [6, 4]}
    """
    assert is_dataclass(event)
    data: dict[str, Any] = {"type": _snake(type(event).__name__)}
    for item in fields(event):
        data[item.name] = _plain(getattr(event, item.name))
    return data


def _guide(game: Game) -> dict[str, Any] | None:
    if game.phase is not Phase.PLAYING:
        return None
    guide = game.guide
    destinations = guide.destinations(game.steps)
    return {
        "destinations": {str(point): list(targets) for point, targets in destinations.items()},
        "can_confirm": game.can_confirm,
        "can_undo": bool(game.steps),
        "dice_used": guide.dice_used,
    }


def game_state(game: Game) -> dict[str, Any]:
    """One game's state: board, dice, steps of this turn, cube, phase, result."""
    white = game.view(Side.WHITE)
    result = game.result
    to_act = game.to_act
    return {
        "phase": game.phase.value,
        "turn": side_name(game.turn),
        "to_act": side_name(to_act),
        "board": {"white": list(white.player), "black": list(white.opponent)},
        "position_id": game.position.id(),
        "dice": None if game.roll is None else [game.roll.high, game.roll.low],
        "steps": [step_data(step) for step in game.steps],
        "cube": {"value": game.cube.value, "owner": side_name(game.cube.owner)},
        "crawford": game.crawford,
        "resignation": None
        if game.resignation is None
        else {"side": side_name(game.resignation.side), "kind": game.resignation.kind.value},
        "result": None
        if result is None
        else {
            "winner": side_name(result.winner),
            "kind": result.kind.value,
            "points": result.points,
            "reason": result.reason.value,
        },
        "actions": {
            side_name(side): sorted(
                {_ACTION_NAMES[kind.__name__] for kind in game.available_actions(side)}
            )
            for side in Side
        },
    }


def match_state(match: Match) -> dict[str, Any]:
    """The whole state a client needs: the match, the game being played, the guide."""
    game = match.game if match.game is not None else match.games[-1]
    return {
        "match": {
            "length": match.length,
            "score": list(match.score),
            "game_number": len(match.games) + (match.game is not None),
            "crawford": match.is_crawford,
            "over": match.is_over,
            "winner": side_name(match.winner),
        },
        "game": game_state(game),
        "guide": _guide(game),
    }
