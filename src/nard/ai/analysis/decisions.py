"""One analysed decision: gnubg's thresholds and marks, what was decided, the choices."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from nard.ai.cube import CubeState
from nard.ai.luck import LuckKind, luck_kind
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.plays import Play

DOUBTFUL: Final = 0.03
"""GNU Backgammon 1.07's doubtful threshold (``show analysis``): a loss above it is marked."""
BAD: Final = 0.06
"""GNU Backgammon 1.07's bad threshold."""
VERY_BAD: Final = 0.12
"""GNU Backgammon 1.07's very bad threshold."""


class Mark(StrEnum):
    """gnubg's marks of a decision by its equity loss."""

    NONE = "none"
    DOUBTFUL = "doubtful"
    BAD = "bad"
    VERY_BAD = "very bad"


MARKED: Final = (Mark.DOUBTFUL, Mark.BAD, Mark.VERY_BAD)


def mark(loss: float) -> Mark:
    """The mark of a decision losing ``loss`` equity (gnubg's ``Skill()``).

    >>> [mark(x).value for x in (0.0, 0.03, 0.04, 0.1, 0.2)]
    ['none', 'none', 'doubtful', 'bad', 'very bad']
    """
    if loss > VERY_BAD:
        return Mark.VERY_BAD
    if loss > BAD:
        return Mark.BAD
    if loss > DOUBTFUL:
        return Mark.DOUBTFUL
    return Mark.NONE


class DecisionKind(StrEnum):
    """What was decided: a play of the dice, to double or not, or the answer to a double."""

    PLAY = "play"
    DOUBLE = "double"
    TAKE = "take"


class CubeChoice(StrEnum):
    """The cube actions a decision can choose among."""

    NO_DOUBLE = "no double"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    BEAVER = "beaver"


@dataclass(frozen=True, slots=True)
class Alternative:
    """One legal play of a marked decision's roll as the analysis ranked it.

    ``position_id`` is the board the play leads to (two orders of the same
    steps are one play); ``equity`` is the player's, on the same footing as
    the decision's; ``searched`` says whether the deep evaluator judged it
    (an unsearched play was filtered out as clearly worse).
    """

    play: str
    position_id: str
    equity: float
    searched: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "play": self.play,
            "position_id": self.position_id,
            "equity": round(self.equity, 6),
            "searched": self.searched,
        }


@dataclass(frozen=True, slots=True)
class Decision:
    """One analysed decision of ``side``.

    ``position`` is the board the decision was made on, seen from the side
    on roll: for a play the board when the dice were rolled, for a cube
    decision the doubler's board before rolling (also for the taker, as
    gnubg shows it). ``move`` counts the turns of the game from 1 (each
    side's turn counts); a cube decision belongs to the turn it precedes.
    ``alternatives`` is the ranking of every legal play, best first, kept for
    marked plays only (a puzzle of the mistake is checked against it).
    ``equity`` and ``best_equity`` are ``side``'s; ``loss`` is their
    difference, never negative. ``forced`` decisions (one legal play or none,
    obvious cube actions) do not count in the error rate. ``luck`` is the
    luck of the roll (plays only, when analysed). ``cubeful`` says whether
    the equities account for the cube and the match score.
    """

    game: int
    move: int
    side: Side
    kind: DecisionKind
    position: Position
    cube: CubeState
    chosen: str
    best: str
    equity: float
    best_equity: float
    loss: float
    forced: bool
    cubeful: bool
    roll: Roll | None = None
    play: Play | None = None
    best_play: Play | None = None
    luck: float | None = None
    alternatives: tuple[Alternative, ...] = ()

    @property
    def mark(self) -> Mark:
        """gnubg's mark of this decision."""
        return Mark.NONE if self.forced else mark(self.loss)

    @property
    def luck_kind(self) -> LuckKind | None:
        """gnubg's luck mark of the roll; None when not analysed or not a play."""
        return None if self.luck is None else luck_kind(self.luck)

    @property
    def position_id(self) -> str:
        """The gnubg Position ID of :attr:`position`."""
        return self.position.id()

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {
            "game": self.game,
            "move": self.move,
            "side": self.side.name.lower(),
            "kind": self.kind.value,
            "position_id": self.position_id,
            "roll": None if self.roll is None else [self.roll.high, self.roll.low],
            "cube": {"value": self.cube.value, "owner": side_name(self.cube.owner)},
            "chosen": self.chosen,
            "best": self.best,
            "chosen_steps": steps_of(self.play),
            "best_steps": steps_of(self.best_play),
            "equity": round(self.equity, 6),
            "best_equity": round(self.best_equity, 6),
            "loss": round(self.loss, 6),
            "mark": self.mark.value,
            "forced": self.forced,
            "cubeful": self.cubeful,
            "luck": None if self.luck is None else round(self.luck, 6),
            "luck_kind": None if self.luck_kind is None else self.luck_kind.value,
            "plays": [alternative.to_dict() for alternative in self.alternatives],
        }


def steps_of(play: Play | None) -> list[dict[str, int]]:
    """A play's steps in the mover's numbering, as the page draws them (none for a cube
    decision or no play)."""
    return [] if play is None else [{"from": s.from_point, "to": s.to_point} for s in play]


def side_name(side: Side | None) -> str | None:
    return None if side is None else side.name.lower()
