"""The frames of a match as the wire carries them (``GET /api/games/{id}/frames``,
``update.frames``): one visible moment each, made once on the server from the
match's timeline (:mod:`nard.match.frames`) so no page replays the rules."""

from __future__ import annotations

from typing import Literal

from nard.server.protocol.views import (
    BoardView,
    CubeView,
    GameResultView,
    ResultKindName,
    SideName,
    StepView,
    View,
)

FrameKindName = Literal[
    "start",
    "opening_tie",
    "roll",
    "pass",
    "play",
    "double",
    "take",
    "beaver",
    "drop",
    "resign",
    "resign_accepted",
    "resign_refused",
    "result",
]


class FrameView(View):
    """One visible moment of a match (see docs/protocol.md)."""

    game: int
    """The number of the game in the match, from 1."""
    move: int
    """The turns of the game played or passed, counting the one under way (the
    analysis' numbering: a decision's ``move`` names the frames it belongs to)."""
    kind: FrameKindName
    side: SideName | None
    """Who acted: the winner of a result; None for a start or a tied opening roll."""
    dice: tuple[int, int] | None
    """The turn's dice, larger first (opening roll, roll, pass, play); else None."""
    opening: tuple[int, int] | None
    """White's and Black's opening dice (the opening's roll, a tie); else None."""
    play: str | None
    """The play in gnubg notation, in the mover's numbering; only for a play."""
    steps: list[StepView]
    """The play's steps, for arrows; empty unless a play."""
    cube: CubeView
    board: BoardView
    pips: tuple[int, int]
    """White's and Black's pip counts after this moment."""
    score: tuple[int, int]
    """The match score (White, Black) at the start of this game."""
    result: GameResultView | None
    """How the game ended; only for a result."""
    resignation: ResultKindName | None
    """The level offered; only for a resignation."""
    seq: int
    """The action (log ``seq``) that made this moment; 0 for the first game's start."""


class FramesPublic(View):
    """``GET /api/games/{id}/frames``: every frame of the match up to action ``seq``."""

    seq: int
    frames: list[FrameView]
