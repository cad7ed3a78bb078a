"""The visible moments of a match, made from its timeline (:mod:`nard.match.timeline`).

A :class:`Frame` is what a replay or a move list shows: a game's start, an
opening roll, a roll, a pass, a play, a cube action, a resignation, a result.
An action makes none (a step, an undo) or several (a play that ends the game
makes the play, the result and the next game's start). ``move`` follows the
analysis' numbering: the turns of the game played or passed, counting the one
under way, so an analysed decision names the frames it belongs to.

>>> from nard.core.board import Side
>>> from nard.core.plays import Play, Step
>>> from nard.match.actions import Double, Drop, MakePlay, OpeningRoll
>>> from nard.match.record import MatchRecord
>>> record = MatchRecord(actions=(
...     OpeningRoll(white=3, black=1),
...     MakePlay(Side.WHITE, Play((Step(8, 5), Step(6, 5)))),
...     Double(Side.BLACK),
...     Drop(Side.WHITE),
... ), length=3)
>>> [(f.number, f.move, f.kind.value, f.seq) for f in record_frames(record)]
... # doctest: +NORMALIZE_WHITESPACE
[(1, 0, 'start', 0), (1, 1, 'roll', 1), (1, 1, 'play', 2), (1, 2, 'double', 3),
 (1, 2, 'drop', 4), (1, 1, 'result', 4), (2, 0, 'start', 4)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from nard.core.board import Side
from nard.core.plays import Play
from nard.match.events import (
    Beavered,
    CubeDropped,
    CubeOffered,
    CubeTaken,
    DiceRolled,
    GameOver,
    GameStarted,
    OpeningRolled,
    PlayMade,
    ResignAccepted,
    ResignOffered,
    ResignRefused,
    TurnPassed,
)
from nard.match.game import Game
from nard.match.match import Match
from nard.match.record import MatchRecord
from nard.match.scoring import GameResult, ResultKind
from nard.match.timeline import Moment, current_game, walk_record


class FrameKind(StrEnum):
    """What a frame shows."""

    START = "start"
    OPENING_TIE = "opening_tie"
    ROLL = "roll"
    PASS = "pass"
    PLAY = "play"
    DOUBLE = "double"
    TAKE = "take"
    BEAVER = "beaver"
    DROP = "drop"
    RESIGN = "resign"
    RESIGN_ACCEPTED = "resign_accepted"
    RESIGN_REFUSED = "resign_refused"
    RESULT = "result"


@dataclass(frozen=True, slots=True)
class Frame:
    """One visible moment of game ``number``.

    ``game`` is the game as the moment leaves it (its board, cube and the score
    before it; for a result, the finished game); ``side`` acted (the winner of a
    result; None for a start or a tied opening roll); ``dice`` are the turn's
    (larger first), on the opening roll, rolls, passes and plays only;
    ``opening`` is White's and Black's opening dice; ``play`` only on a play;
    ``resignation`` the level offered, on a resignation; ``seq`` the action that
    made the moment (0 for the first game's start).
    """

    number: int
    move: int
    kind: FrameKind
    side: Side | None
    game: Game
    seq: int
    dice: tuple[int, int] | None = None
    opening: tuple[int, int] | None = None
    play: Play | None = None
    result: GameResult | None = None
    resignation: ResultKind | None = None


_CUBE = {
    CubeOffered: FrameKind.DOUBLE,
    CubeTaken: FrameKind.TAKE,
    Beavered: FrameKind.BEAVER,
    CubeDropped: FrameKind.DROP,
}
_ANSWERS = {ResignAccepted: FrameKind.RESIGN_ACCEPTED, ResignRefused: FrameKind.RESIGN_REFUSED}


def start_frame(match: Match) -> Frame:
    """The first game's start, before any action."""
    game = match.games[0] if match.games else current_game(match)
    return Frame(1, 0, FrameKind.START, None, game, 0)


def moment_frames(moment: Moment) -> list[Frame]:
    """The frames ``moment`` made, in order (none for a step or an undo)."""
    frames: list[Frame] = []
    moves = moment.moves
    number, game, seq = moment.number, moment.after, moment.seq
    events = moment.events
    for index, event in enumerate(events):
        frame = None
        if isinstance(event, OpeningRolled):
            dice = (event.white, event.black)
            if event.starter is None:
                frame = Frame(number, moves, FrameKind.OPENING_TIE, None, game, seq, opening=dice)
            else:
                high = (max(dice), min(dice))
                frame = Frame(
                    number, moves + 1, FrameKind.ROLL, event.starter, game, seq, high, dice
                )
        elif isinstance(event, DiceRolled):
            passes = index + 1 < len(events) and isinstance(events[index + 1], TurnPassed)
            if not passes:
                dice = (event.roll.high, event.roll.low)
                frame = Frame(number, moves + 1, FrameKind.ROLL, event.side, game, seq, dice)
        elif isinstance(event, TurnPassed | PlayMade):
            moves += 1
            dice = (event.roll.high, event.roll.low)
            if isinstance(event, TurnPassed):
                frame = Frame(number, moves, FrameKind.PASS, event.side, game, seq, dice)
            else:
                frame = Frame(
                    number, moves, FrameKind.PLAY, event.side, game, seq, dice, play=event.play
                )
        elif isinstance(event, CubeOffered | CubeTaken | Beavered | CubeDropped):
            frame = Frame(number, moves + 1, _CUBE[type(event)], event.side, game, seq)
        elif isinstance(event, ResignOffered):
            frame = Frame(
                number, moves, FrameKind.RESIGN, event.side, game, seq, resignation=event.kind
            )
        elif isinstance(event, ResignAccepted | ResignRefused):
            frame = Frame(number, moves, _ANSWERS[type(event)], event.side, game, seq)
        elif isinstance(event, GameOver):
            frame = Frame(
                number, moves, FrameKind.RESULT, event.winner, game, seq, result=game.result
            )
        elif isinstance(event, GameStarted):
            following = moment.next_game
            assert following is not None
            frame = Frame(event.number, 0, FrameKind.START, None, following, seq)
        if frame is not None:
            frames.append(frame)
    return frames


def frames_of(moments: Iterable[Moment]) -> Iterator[Frame]:
    """The frames of every moment, in order."""
    for moment in moments:
        yield from moment_frames(moment)


def record_frames(record: MatchRecord) -> list[Frame]:
    """Every frame of ``record``: the first game's start, then each action's."""
    return [start_frame(record.new_match()), *frames_of(walk_record(record))]
