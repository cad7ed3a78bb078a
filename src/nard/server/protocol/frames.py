"""The frames of a match as the wire carries them (``GET /api/games/{id}/frames``,
``update.frames``): one visible moment each, made once on the server from the
match's timeline (:mod:`nard.match.frames`) so no page replays the rules."""

from __future__ import annotations

from typing import Literal

from nard.core.board import Side
from nard.core.notation import format_play
from nard.match.frames import Frame, frames_of, start_frame
from nard.match.match import Match
from nard.match.record import MatchRecord
from nard.match.scoring import GameResult
from nard.match.timeline import walk_record
from nard.server.protocol.events import side_name, step_view
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


def result_view(result: GameResult) -> GameResultView:
    """How one game ended."""
    return GameResultView(
        winner=side_name(result.winner),
        kind=result.kind.value,
        points=result.points,
        reason=result.reason.value,
    )


def frame_view(frame: Frame) -> FrameView:
    """One frame of the match as the wire carries it."""
    game = frame.game
    white = game.view(Side.WHITE)
    play = frame.play
    return FrameView(
        game=frame.number,
        move=frame.move,
        kind=frame.kind.value,
        side=side_name(frame.side),
        dice=frame.dice,
        opening=frame.opening,
        play=None if play is None else format_play(play),
        steps=[] if play is None else [step_view(step) for step in play.steps],
        cube=CubeView(value=game.cube.value, owner=side_name(game.cube.owner)),
        board=BoardView(white=list(white.player), black=list(white.opponent)),
        pips=white.pip_counts(),
        score=game.score,
        result=None if frame.result is None else result_view(frame.result),
        resignation=None if frame.resignation is None else frame.resignation.value,
        seq=frame.seq,
    )


def match_frames(match: Match, *, after: int = -1) -> list[FrameView]:
    """The frames of ``match`` made by the actions after ``after`` (-1: all, the
    first game's start too), walked once from its record."""
    record = MatchRecord.from_match(match)
    found = [start_frame(record.new_match())] if after < 0 else []
    moments = walk_record(record)
    found.extend(frames_of(moment for moment in moments if moment.seq > after))
    return [frame_view(frame) for frame in found]
