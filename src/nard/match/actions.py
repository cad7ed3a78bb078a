"""What players do: the actions a :class:`~nard.match.game.Game` accepts.

Actions are frozen dataclasses. Every action but the opening roll names the
side that acts, so the game can refuse one made out of turn. Dice come in the
actions: the game never rolls them itself (see :mod:`nard.match.dice`).

>>> from nard.core.board import Side
>>> from nard.core.dice import Roll
>>> RollDice(Side.WHITE, Roll(3, 1))
RollDice(side=<Side.WHITE: 0>, roll=Roll(3, 1))
"""

from __future__ import annotations

from dataclasses import dataclass

from nard.core.board import Side
from nard.core.dice import Roll
from nard.core.plays import Play, Step
from nard.match.scoring import ResultKind


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action."""


@dataclass(frozen=True, slots=True)
class OpeningRoll(Action):
    """Each side rolls one die (R4); equal numbers are rolled again."""

    white: int
    black: int


@dataclass(frozen=True, slots=True)
class SideAction(Action):
    """An action taken by one side."""

    side: Side


@dataclass(frozen=True, slots=True)
class RollDice(SideAction):
    """The side on turn rolls both dice."""

    roll: Roll


@dataclass(frozen=True, slots=True)
class MakePlay(SideAction):
    """A whole turn at once; replaces any steps made so far and ends the turn."""

    play: Play


@dataclass(frozen=True, slots=True)
class MakeStep(SideAction):
    """One die's checker movement; the turn stays open until :class:`ConfirmPlay`."""

    step: Step


@dataclass(frozen=True, slots=True)
class UndoStep(SideAction):
    """Take back the last step of this turn (before it is confirmed)."""


@dataclass(frozen=True, slots=True)
class ConfirmPlay(SideAction):
    """End the turn with the steps made; they must make a whole legal play."""


@dataclass(frozen=True, slots=True)
class Double(SideAction):
    """Offer to double, before rolling (R17)."""


@dataclass(frozen=True, slots=True)
class Take(SideAction):
    """Accept a double: the cube doubles and the taker owns it (R18)."""


@dataclass(frozen=True, slots=True)
class Drop(SideAction):
    """Refuse a double: lose the game at the value before the double (R18)."""


@dataclass(frozen=True, slots=True)
class Beaver(SideAction):
    """Take a double and redouble at once, keeping the cube (money play, R19)."""


@dataclass(frozen=True, slots=True)
class Resign(SideAction):
    """Offer to lose the game as a single, gammon or backgammon (R16)."""

    kind: ResultKind = ResultKind.SINGLE


@dataclass(frozen=True, slots=True)
class AcceptResignation(SideAction):
    """Accept the opponent's resignation: the game ends (R16)."""


@dataclass(frozen=True, slots=True)
class RefuseResignation(SideAction):
    """Refuse the opponent's resignation: the game goes on (R16)."""
