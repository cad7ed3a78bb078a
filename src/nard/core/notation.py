"""Play notation as GNU Backgammon writes it: ``"24/18 13/11*"``, ``"bar/22"``, ``"6/off"``.

:func:`format_play` writes a play the way gnubg's ``FormatMove`` does. Checkers
are interchangeable, so a step that ends where another starts is one checker
moving on: ``8/6 6/2`` is written ``8/2``. A point passed on the way is shown
only when the checker hit there (``13/7*/1``). Moves are ordered by starting
point, highest first; equal moves are counted (``8/5(2)``); a hit is starred
once per point.

>>> from nard.core.plays import Play, Step
>>> format_play(Play((Step(13, 7, hit=True), Step(7, 1), Step(13, 7), Step(7, 1))))
'13/7*/1(2)'
>>> format_play(Play((Step(6, 2), Step(8, 6))))
'8/2'
>>> format_play(Play())
'Cannot move'

:func:`parse_play` reads that notation back, and more: upper or lower case,
``25`` for the bar and ``0`` for off, ``-`` as well as ``/``, Persian digits
and the Persian words بار (bar) and بیرون (off).
Given the position and the roll, it splits a move over several dice
(``24/14`` with 6-4, :mod:`nard.core.moves`) the way the rules allow and fills
in hits and dice.

>>> parse_play("24/18 13/11*")
Play((Step(24, 18), Step(13, 11, hit=True)))
>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> parse_play("24/14", Position.initial(), Roll(6, 4))
Play((Step(24, 18, die=6), Step(18, 14, die=4)))
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Final

from nard.core.board import BAR, OFF, Point, Position
from nard.core.dice import Roll
from nard.core.digits import latin_digits
from nard.core.errors import AmbiguousPlayError, IllegalPlayError, InvalidPlayError
from nard.core.moves import Move, expansions
from nard.core.plays import NO_PLAY, Play, Step, TurnGuide, apply_play, apply_step, check_play
from nard.core.rules import STANDARD, RuleSet

__all__ = [
    "NO_PLAY_TEXT",
    "format_play",
    "format_point",
    "format_step",
    "parse_play",
    "written_moves",
]

NO_PLAY_TEXT: Final = "Cannot move"
"""How the empty play is written: gnubg's words for a turn with no legal step (R10)."""

_NO_PLAY_WORDS: Final = frozenset({"", "cannot move", "can't move", "no move", "no play", "pass"})
_MAX_STEPS: Final = 4


def format_point(point: Point) -> str:
    """A point as notation writes it: ``bar``, ``off`` or its number."""
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


def format_step(step: Step) -> str:
    """One step, ``from/to`` with ``*`` for a hit.

    >>> format_step(Step(25, 20, hit=True)), format_step(Step(3, 0))
    ('bar/20*', '3/off')
    """
    star = "*" if step.hit else ""
    return f"{format_point(step.from_point)}/{format_point(step.to_point)}{star}"


def format_play(play: Play | Sequence[Step]) -> str:
    """The play in gnubg's canonical notation (see the module docstring).

    Hits are taken from the steps' ``hit`` flags, which the legal play
    generator and :func:`parse_play` with a position fill in.
    """
    steps = play.steps if isinstance(play, Play) else tuple(play)
    if not steps:
        return NO_PLAY_TEXT
    hit_points = {step.to_point for step in steps if step.hit and step.to_point != OFF}
    # gnubg's order: starting point, then landing point, both highest first.
    ordered = sorted(steps, key=lambda step: (-step.from_point, -step.to_point))
    paths = [[step.from_point, step.to_point] for step in ordered]
    alive = [True] * len(paths)
    for i, path in enumerate(paths):
        if not alive[i]:
            continue
        for j in range(i + 1, len(paths)):
            if alive[j] and path[-1] == paths[j][0]:
                if path[-1] in hit_points:
                    path.append(paths[j][1])  # keep the point where it hit
                else:
                    path[-1] = paths[j][1]
                alive[j] = False
    counted: list[tuple[list[int], int]] = []
    for path, live in zip(paths, alive, strict=True):
        if not live:
            continue
        for index, (seen, count) in enumerate(counted):
            if seen == path:
                counted[index] = (seen, count + 1)
                break
        else:
            counted.append((path, 1))
    starred: set[int] = set()
    words = []
    for path, count in counted:
        parts = [format_point(path[0])]
        for point in path[1:-1]:
            parts.append(f"{format_point(point)}*")
            starred.add(point)
        end = path[-1]
        parts.append(format_point(end))
        if end in hit_points and end not in starred:
            parts[-1] += "*"
            starred.add(end)
        word = "/".join(parts)
        words.append(f"{word}({count})" if count > 1 else word)
    return " ".join(words)


# -- parsing ------------------------------------------------------------------------------

_TOKEN: Final = re.compile(
    r"\s*(?:(?P<point>[^\W\d_]+|\d+)|(?P<slash>[/\-])|(?P<star>\*)"
    r"|(?P<count>\(\s*\d*\s*\))|(?P<comma>,)|(?P<other>\S))"
)
_WORDS: Final = {"bar": BAR, "b": BAR, "off": OFF, "o": OFF, "بار": BAR, "بیرون": OFF}
"""Point words; the Persian ones are the UI's words for the bar and bearing off."""


class _Move:
    """One written move: points joined by slashes, each landing maybe starred."""

    def __init__(self) -> None:
        self.points: list[int] = []
        self.stars: list[bool] = []
        self.count = 1
        self.text = ""


def _point(token: str, text: str) -> int:
    if token.isdigit():
        number = int(token)
        if number <= BAR:
            return number
    elif token in _WORDS:
        return _WORDS[token]
    raise InvalidPlayError(f"{token!r} in {text!r} is not a point (1..24, bar or 25, off or 0)")


def _tokenize(text: str) -> list[_Move]:
    """Split the text into written moves, checking the syntax."""
    normal = latin_digits(text).lower()
    moves: list[_Move] = []
    current: _Move | None = None
    expecting_point = False
    for match in _TOKEN.finditer(normal):
        kind = match.lastgroup
        token = match.group(kind or 0).strip()
        if kind == "point":
            point = _point(token, text)
            if current is not None and expecting_point:
                current.points.append(point)
                current.stars.append(False)
            else:
                if current is not None and len(current.points) < 2:
                    raise InvalidPlayError(f"{current.text!r} in {text!r} has no destination")
                current = _Move()
                moves.append(current)
                current.points.append(point)
                current.stars.append(False)
            expecting_point = False
            current.text += token
        elif kind == "slash":
            if current is None or expecting_point or current.count > 1:
                raise InvalidPlayError(f"'/' in {text!r} does not follow a point")
            expecting_point = True
            current.text += "/"
        elif kind == "star":
            # A star only informs; it belongs to the point just written.
            if current is not None:
                current.stars[-1] = True
                current.text += "*"
        elif kind == "count":
            number = token[1:-1].strip()
            if current is None or expecting_point or len(current.points) < 2:
                raise InvalidPlayError(f"{token!r} in {text!r} does not follow a whole move")
            if not number.isdigit() or not 1 <= int(number) <= _MAX_STEPS:
                raise InvalidPlayError(f"{token!r} in {text!r} is not a count (1) to (4)")
            current.count = int(number)
            current.text += token
        elif kind == "comma":
            continue
        else:
            raise InvalidPlayError(f"{token!r} in {text!r} is not part of play notation")
    if current is not None and (expecting_point or len(current.points) < 2):
        raise InvalidPlayError(f"{current.text!r} in {text!r} has no destination")
    return moves


def written_moves(text: str) -> list[tuple[Point, Point]]:
    """The moves of ``text`` as the pairs of points written, in whatever direction:
    what to explain when :func:`parse_play` refuses a move (a backwards one, say).

    >>> written_moves("6/7 ۱۳/بیرون bar/22*")
    [(6, 7), (13, 0), (25, 22)]

    Raises :class:`InvalidPlayError` when ``text`` is not play notation.
    """
    return [pair for move in _tokenize(text) for pair in itertools.pairwise(move.points)]


def _segments(moves: list[_Move], text: str) -> list[tuple[int, int, bool]]:
    """The written moves as (from, to, hit) segments, repeats expanded."""
    segments: list[tuple[int, int, bool]] = []
    for move in moves:
        for copy in range(move.count):
            # Only one checker can hit a blot: a repeat's stars stay on the first copy.
            stars = move.stars[1:] if copy == 0 else [False] * (len(move.points) - 1)
            for (start, end), hit in zip(itertools.pairwise(move.points), stars, strict=True):
                if start == OFF:
                    raise InvalidPlayError(f"{move.text!r} in {text!r} moves a checker from off")
                if end == BAR:
                    raise InvalidPlayError(f"{move.text!r} in {text!r} moves a checker to the bar")
                if end >= start:
                    raise InvalidPlayError(
                        f"{move.text!r} in {text!r} moves backwards; checkers move from"
                        " higher to lower points"
                    )
                segments.append((start, end, hit))
    if len(segments) > _MAX_STEPS:
        raise InvalidPlayError(f"{text!r} has {len(segments)} steps; a play has at most 4")
    return segments


def parse_play(
    text: str,
    position: Position | None = None,
    roll: Roll | None = None,
    *,
    rules: RuleSet = STANDARD,
) -> Play:
    """Read a play written in gnubg's notation (or looser, see the module docstring).

    Without a position, each written move becomes one step per slash, so
    ``24/14`` stays one step of 10 pips; stars give the hits. With a position,
    hits are filled in from the board. With a position and a roll the result
    is a legal play of that roll: a move longer than one die is split into
    dice (an unwritten point in between is taken not to be a hit, as gnubg
    would have written it, unless only a hitting split is legal), and
    :class:`IllegalPlayError` says why no legal play fits,
    :class:`AmbiguousPlayError` that several do.

    >>> parse_play("bar/22 6/off(2)")
    Play((Step(25, 22), Step(6, 0), Step(6, 0)))
    >>> parse_play("24/x")
    Traceback (most recent call last):
    ...
    nard.core.errors.InvalidPlayError: 'x' in '24/x' is not a point (1..24, bar or 25, off or 0)
    """
    if not isinstance(text, str):
        raise InvalidPlayError(f"play notation is a string, not {type(text).__name__}")
    if roll is not None and position is None:
        raise ValueError("parse_play needs the position to split a move over the dice of a roll")
    if " ".join(text.lower().split()) in _NO_PLAY_WORDS:
        if position is not None and roll is not None and TurnGuide(position, roll, rules).dice_used:
            raise _illegal(position, roll, NO_PLAY, rules, text)
        return NO_PLAY
    segments = _segments(_tokenize(text), text)
    written = [Step(start, end, hit) for start, end, hit in segments]
    if position is None:
        return Play(tuple(written))
    if roll is None:
        return _with_hits(position, written, text)
    return _legal_play(position, roll, segments, rules, text)


def _with_hits(position: Position, steps: list[Step], text: str) -> Play:
    """The steps with hits from the board, in the first order the board allows."""
    orders = itertools.chain([tuple(steps)], itertools.permutations(steps))
    for order in orders:
        board = position
        resolved = []
        for step in order:
            if not board.player[step.from_point]:
                break
            if step.to_point != OFF and board.opponent[25 - step.to_point] >= 2:
                break
            hit = step.to_point != OFF and board.opponent[25 - step.to_point] == 1
            resolved.append(Step(step.from_point, step.to_point, hit))
            board = apply_step(board, resolved[-1])
        else:
            return Play(tuple(resolved))
    raise IllegalPlayError(
        f"{text!r} cannot be played in {position.id()}: a checker it moves is not there"
        " or lands on a closed point (R5)"
    )


def _legal_play(
    position: Position,
    roll: Roll,
    segments: list[tuple[int, int, bool]],
    rules: RuleSet,
    text: str,
) -> Play:
    """The legal play the segments describe, split over the dice where needed."""
    guide = TurnGuide(position, roll, rules)
    units = roll.units
    moves = [Move(start, end) for start, end, _ in segments]
    quiet: list[tuple[Play, Position]] = []
    noisy: list[tuple[Play, Position]] = []
    for parts in expansions(moves, units):
        steps = [step for part in parts for step in part]
        if len(steps) > len(units):
            continue
        play = guide.complete_play(steps)
        if play is None:
            continue
        result = apply_play(position, play)
        implicit = {step.to_point for part in parts for step in part[:-1]}
        hits_unwritten = any(step.hit and step.to_point in implicit for step in play.steps)
        (noisy if hits_unwritten else quiet).append((play, result))
    found = quiet or noisy
    if not found:
        raise _illegal(position, roll, Play(tuple(Step(a, b) for a, b, _ in segments)), rules, text)
    results: dict[Position, Play] = {}
    for play, result in found:
        results.setdefault(result, play)
    if len(results) > 1:
        shown = ", ".join(format_play(play) for play in results.values())
        raise AmbiguousPlayError(
            f"{text!r} fits {len(results)} legal plays of {roll} in {position.id()}: {shown}"
        )
    return next(iter(results.values()))


def _illegal(
    position: Position, roll: Roll, play: Play, rules: RuleSet, text: str
) -> IllegalPlayError:
    explanation = check_play(position, roll, play, rules)
    reason = f" ({explanation})" if explanation is not None else ""
    return IllegalPlayError(
        f"{text!r} is not a legal play of {roll} in {position.id()}{reason}", explanation
    )
