"""What happened: the events a game or match emits, in order.

Every event is a frozen dataclass. A game keeps all of its events as its
history (:attr:`nard.match.game.Game.history`), which is enough to rebuild it:
every roll, step, play, cube action and resignation is there.

>>> from nard.core.board import Side
>>> from nard.core.dice import Roll
>>> DiceRolled(Side.BLACK, Roll(6, 6))
DiceRolled(side=<Side.BLACK: 1>, roll=Roll(6, 6))
"""

from __future__ import annotations

from dataclasses import dataclass

from nard.core.board import Side
from nard.core.dice import Roll
from nard.core.plays import Play, Step
from nard.match.scoring import EndReason, ResultKind


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of every event."""


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """A match began a game; ``number`` counts from 1 and ``score`` is before it."""

    number: int
    score: tuple[int, int]
    crawford: bool


@dataclass(frozen=True, slots=True)
class OpeningRolled(Event):
    """The opening roll (R4): one die each; ``starter`` is None on a tie."""

    white: int
    black: int
    starter: Side | None


@dataclass(frozen=True, slots=True)
class AutomaticDouble(Event):
    """Tied opening dice turned the cube, which stays centred (money play, R19)."""

    value: int


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """A side rolled both dice (or, under the standard opening, got the opening dice)."""

    side: Side
    roll: Roll


@dataclass(frozen=True, slots=True)
class StepMade(Event):
    """One step of the turn, with ``die`` and ``hit`` filled in."""

    side: Side
    step: Step


@dataclass(frozen=True, slots=True)
class StepUndone(Event):
    """The last step of the turn was taken back."""

    side: Side
    step: Step


@dataclass(frozen=True, slots=True)
class PlayMade(Event):
    """A side's turn ended with this play (steps with ``die`` and ``hit`` filled in)."""

    side: Side
    roll: Roll
    play: Play


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """No die of the roll can be played, so the turn passes (R10)."""

    side: Side
    roll: Roll


@dataclass(frozen=True, slots=True)
class CubeOffered(Event):
    """A side offered to double; ``value`` is the cube value if taken."""

    side: Side
    value: int


@dataclass(frozen=True, slots=True)
class CubeTaken(Event):
    """The doubled side took; the cube shows ``value`` and belongs to ``side``."""

    side: Side
    value: int


@dataclass(frozen=True, slots=True)
class CubeDropped(Event):
    """The doubled side dropped and loses ``value`` times the result (R18)."""

    side: Side
    value: int


@dataclass(frozen=True, slots=True)
class Beavered(Event):
    """The doubled side beavered; the cube shows ``value`` and belongs to ``side``."""

    side: Side
    value: int


@dataclass(frozen=True, slots=True)
class ResignOffered(Event):
    """``side`` offered to resign a game of ``kind`` (R16)."""

    side: Side
    kind: ResultKind


@dataclass(frozen=True, slots=True)
class ResignAccepted(Event):
    """``side`` accepted the opponent's resignation of ``kind``."""

    side: Side
    kind: ResultKind


@dataclass(frozen=True, slots=True)
class ResignRefused(Event):
    """``side`` refused the opponent's resignation of ``kind``; play goes on."""

    side: Side
    kind: ResultKind


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended: ``points`` are what it scores (cube, Jacoby and V4 applied)."""

    winner: Side
    kind: ResultKind
    points: int
    reason: EndReason
    wins_match: bool = False


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    """The match ended; ``score`` is final, indexed by side."""

    winner: Side
    score: tuple[int, int]
