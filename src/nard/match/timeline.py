"""One walk through a match: every action with the game before and after it.

The analysis plans its work on it, the ``.mat`` writer lays out its cells
from it, the server loads games and makes the frames its viewers see from
it (:mod:`nard.match.frames`). A :class:`Moment` is one action: the game it
met, the game it left, the events between, and the turns of the game played
or passed before it; a :class:`Turn` is a roll and what was played with it.

>>> from nard.core.board import Side
>>> from nard.core.dice import Roll
>>> from nard.core.plays import Play, Step
>>> from nard.match.actions import MakePlay, OpeningRoll, RollDice
>>> from nard.match.record import MatchRecord
>>> record = MatchRecord(actions=(
...     OpeningRoll(white=3, black=1),
...     MakePlay(Side.WHITE, Play((Step(8, 5), Step(6, 5)))),
...     RollDice(Side.BLACK, Roll(6, 5)),
... ), length=3)
>>> [(m.seq, m.number, m.moves, m.turn and m.turn.notation) for m in walk_record(record)]
[(1, 1, 0, None), (2, 1, 0, '8/5 6/5'), (3, 1, 1, None)]
>>> last(walk_record(record)).after.phase
<Phase.PLAYING: 'playing'>
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.notation import format_play
from nard.core.plays import NO_PLAY, Play, apply_play
from nard.match.actions import Action
from nard.match.cube import Cube
from nard.match.errors import GameError
from nard.match.events import Event, GameStarted, PlayMade, TurnPassed
from nard.match.game import Game
from nard.match.interning import Interner
from nard.match.match import Match
from nard.match.options import OpeningRule
from nard.match.record import MatchRecord, RecordError


@dataclass(frozen=True, slots=True)
class Turn:
    """A roll of ``side`` and what was played with it (NO_PLAY when nothing could be, R10).

    ``start`` is the board when the dice were rolled and ``end`` the board after
    the play, both seen from ``side``; ``move`` counts the game's turns from 1;
    ``cube`` is the cube the turn was played under; ``opening`` says the dice
    were the opening roll's (the standard opening rule: never a double).
    """

    number: int
    move: int
    side: Side
    roll: Roll
    start: Position
    play: Play
    cube: Cube
    opening: bool

    @property
    def passed(self) -> bool:
        """Whether no die of the roll could be played."""
        return not self.play.steps

    @property
    def end(self) -> Position:
        """The board after the play, seen from the side that played."""
        return apply_play(self.start, self.play)

    @property
    def notation(self) -> str:
        """The play in gnubg notation, in the mover's numbering (``""`` for a pass)."""
        return format_play(self.play)


@dataclass(frozen=True, slots=True)
class Moment:
    """One action of a walk and what it did.

    ``seq`` numbers the actions of the walk from 1 (a match record's action
    ``seq - 1``, the server's log ``seq``); ``number`` is the game the action
    belongs to, ``before`` and ``after`` that game around it (``after`` is the
    finished game when the action ended it); ``events`` are the match's, the
    next game's start included; ``moves`` counts the turns of the game played
    or passed before the action; ``match`` is the match after it (None in a
    walk of one game).
    """

    seq: int
    number: int
    action: Action
    before: Game
    after: Game
    events: tuple[Event, ...]
    moves: int
    match: Match | None = None

    @property
    def turn(self) -> Turn | None:
        """The turn this action ended, if it ended one (a play, or a roll that passed)."""
        for event in self.events:
            if isinstance(event, PlayMade | TurnPassed):
                start, play = self.before.turn_start, NO_PLAY
                if isinstance(event, TurnPassed) or start is None:
                    start = self.before.view(event.side)
                else:
                    play = event.play
                opening = self.moves == 0 and self.before.options.opening is OpeningRule.STANDARD
                return Turn(
                    self.number,
                    self.moves + 1,
                    event.side,
                    event.roll,
                    start,
                    play,
                    self.before.cube,
                    opening,
                )
        return None

    @property
    def moves_after(self) -> int:
        """The turns of the game played or passed once the action is done."""
        return self.moves + sum(isinstance(e, PlayMade | TurnPassed) for e in self.events)

    @property
    def next_game(self) -> Game | None:
        """The game this action started (it ended the one before), if any."""
        if self.match is None or not any(isinstance(e, GameStarted) for e in self.events):
            return None
        return self.match.game

    @property
    def pips(self) -> tuple[int, int]:
        """White's and Black's pip counts after the action."""
        return pips(self.after)


def pips(game: Game) -> tuple[int, int]:
    """White's and Black's pip counts in ``game``."""
    return game.view(Side.WHITE).pip_counts()


def turns_played(game: Game) -> int:
    """The turns of ``game`` played or passed so far."""
    return sum(isinstance(event, PlayMade | TurnPassed) for event in game.history)


def current_game(match: Match) -> Game:
    """The game in progress, or the last one once the match is over."""
    return match.game if match.game is not None else match.games[-1]


def advance(
    match: Match,
    action: Action,
    *,
    seq: int,
    moves: int | None = None,
    interner: Interner | None = None,
) -> Moment:
    """``action`` applied to ``match``, as the moment ``seq`` of its walk.

    ``moves`` is the turns of the game in progress played before (counted from
    its history when None). A :class:`~nard.match.errors.GameError` says the
    rules refuse the action.
    """
    before = current_game(match)
    number = len(match.games) + 1
    after_match, events = match.apply(action, interner=interner)
    after = after_match.games[-1] if len(after_match.games) > len(match.games) else after_match.game
    assert after is not None
    done = turns_played(before) if moves is None else moves
    return Moment(seq, number, action, before, after, events, done, after_match)


def walk(
    match: Match,
    actions: Iterable[Action],
    *,
    seq: int = 0,
    interner: Interner | None = None,
) -> Iterator[Moment]:
    """Each of ``actions`` applied in turn from ``match``, numbered after ``seq``.

    A :class:`~nard.match.record.RecordError` names the first action the rules
    refuse (its index among ``actions``).
    """
    moves = turns_played(current_game(match)) if match.game is not None else 0
    for index, action in enumerate(actions):
        try:
            moment = advance(match, action, seq=seq + index + 1, moves=moves, interner=interner)
        except GameError as error:
            raise RecordError(str(error), action=index) from error
        yield moment
        assert moment.match is not None
        match = moment.match
        moves = 0 if moment.next_game is not None else moment.moves_after


def walk_record(record: MatchRecord, *, interner: Interner | None = None) -> Iterator[Moment]:
    """Every action of ``record``, from the match before its first."""
    return walk(record.new_match(), record.actions, interner=interner)


def walk_game(game: Game, number: int = 1) -> Iterator[Moment]:
    """Every action of ``game`` replayed from its opening, under its own settings."""
    state = Game.new(
        game.rules,
        game.options,
        match_length=game.match_length,
        score=game.score,
        crawford=game.crawford,
    )
    moves = 0
    for index, action in enumerate(game.actions):
        before = state
        try:
            state, events = before.apply(action)
        except GameError as error:
            raise RecordError(str(error), action=index) from error
        moment = Moment(index + 1, number, action, before, state, events, moves)
        yield moment
        moves = moment.moves_after


def last(moments: Iterable[Moment]) -> Moment:
    """The last moment of a walk (a :class:`ValueError` when it is empty)."""
    found: Moment | None = None
    for found in moments:  # noqa: B007 - only the last one is wanted
        pass
    if found is None:
        raise ValueError("the walk has no actions")
    return found


def replay(match: Match, actions: Iterable[Action], *, interner: Interner | None = None) -> Match:
    """The match after ``actions``, walked from ``match``."""
    for moment in walk(match, actions, interner=interner):
        assert moment.match is not None
        match = moment.match
    return match
