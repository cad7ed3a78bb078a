"""The Jellyfish ``.mat`` match text, as GNU Backgammon writes and reads it.

This module is the format layer only: it turns the text into a neutral
:class:`MatMatch` (games, each a list of cells in the two players' columns)
and back, knowing nothing of the rules. :mod:`nard.match.mat_conversion` binds it
to match records and the rules engine, which checks every play.

The layout follows gnubg's ``ExportGameJF`` (``export.c``): a score line
``" %-31s%s : %d"``, move lines ``"%3d) %-27s "`` with the second player's
cell from column 33, plays written one die at a time with the bar as 25 and
off as 0 (``25/22 6/0``), a ``*`` after the first landing on a blot, cube
cells `` Doubles => 2``, `` Takes``, `` Drops`` and ``Wins N point(s)``
lines, a ``Wins`` line also standing for an accepted resignation. Reading
follows ``ImportMatVariation``/``ParseMatMove`` (``import.c``) and also
accepts ``bar``/``off``, chained and combined steps (``24/18*/13``,
``13/7(2)``), ``and the match``, XG's ``Cannot Move`` and ``???``, and the
``Beavers => N`` cell that gnubg reads as a beaver.

>>> text = '''
...  3 point match
...
...  Game 1
...  Alice : 0                      Bob : 0
...   1) 31: 8/5 6/5                 42: 8/4 6/4
...   2)  Doubles => 2                Drops
...       Wins 1 point
... '''
>>> match = parse_mat(text)
>>> match.length, match.games[0].players
(3, ('Alice', 'Bob'))
>>> [entry.cell for entry in match.games[0].entries][2:]
[MatDouble(cube=2), MatDrop(), MatWin(points=1, match=False)]
>>> format_mat(match).splitlines()[5]  # gnubg ends a play with a space
'  1) 31: 8/5 6/5                 42: 8/4 6/4 '
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Final, TypeAlias

BAR_NUMBER: Final = 25
"""How a ``.mat`` play writes the bar (the mover's point 25)."""
OFF_NUMBER: Final = 0
"""How a ``.mat`` play writes bearing off."""

RIGHT_COLUMN: Final = 33
"""Where gnubg starts the second player's cell on a move line."""


class MatFileError(ValueError):
    """A ``.mat`` text that cannot be read; ``line`` is the 1-based line number."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.reason = message
        self.line = line
        super().__init__(message if line is None else f"line {line}: {message}")


# -- the neutral structure -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatStep:
    """A checker movement as written, in the mover's numbering (25 bar, 0 off).

    It may span more than one die (``24/13`` for 6-5); the rules layer splits it.

    >>> str(MatStep(25, 22, hit=True)), str(MatStep(6, 0))
    ('25/22*', '6/0')
    """

    from_point: int
    to_point: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{self.from_point}/{self.to_point}{'*' if self.hit else ''}"


@dataclass(frozen=True, slots=True)
class MatRoll:
    """A roll and the play made with it; no steps: no play was possible.

    ``played`` is False when the player rolled and then resigned without
    playing (gnubg's "set dice" record), which gnubg lays out differently.
    """

    dice: tuple[int, int]
    steps: tuple[MatStep, ...] = ()
    played: bool = True

    def text(self) -> str:
        """The cell as gnubg writes it: every step followed by a space, but a fourth."""
        written = "".join(f"{step} " if n < 3 else str(step) for n, step in enumerate(self.steps))
        return f"{self.dice[0]}{self.dice[1]}: {written}"


@dataclass(frozen=True, slots=True)
class MatDouble:
    """An offer to double; ``cube`` is the value offered (2, 4, 8 ...)."""

    cube: int

    def text(self) -> str:
        return f" Doubles => {self.cube}"


@dataclass(frozen=True, slots=True)
class MatBeaver:
    """The doubled player takes and redoubles at once, keeping the cube (money play);
    ``cube`` is the value it then shows. gnubg reads it without a following take."""

    cube: int

    def text(self) -> str:
        return f" Beavers => {self.cube}"


@dataclass(frozen=True, slots=True)
class MatTake:
    """The double is taken."""

    def text(self) -> str:
        return " Takes"


@dataclass(frozen=True, slots=True)
class MatDrop:
    """The double is dropped (the next ``Wins`` cell says for how much)."""

    def text(self) -> str:
        return " Drops"


@dataclass(frozen=True, slots=True)
class MatWin:
    """The player of this column wins ``points``; before the game is over it
    records the opponent's accepted resignation."""

    points: int
    match: bool = False

    def text(self) -> str:
        plural = "" if self.points == 1 else "s"
        suffix = " and the match" if self.match else ""
        return f"Wins {self.points} point{plural}{suffix}"


MatCell: TypeAlias = MatRoll | MatDouble | MatBeaver | MatTake | MatDrop | MatWin


@dataclass(frozen=True, slots=True)
class MatEntry:
    """One cell of a game: ``player`` 0 is the left column, 1 the right one."""

    player: int
    cell: MatCell
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class MatGame:
    """One game: its number, the names and the score before it, its cells in order."""

    number: int
    players: tuple[str, str]
    score: tuple[int, int]
    entries: tuple[MatEntry, ...] = ()
    line: int = field(default=0, compare=False)
    score_line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class MatMatch:
    """A whole ``.mat`` file; ``length`` 0 is a money session.

    ``headers`` are the ``; [Key "value"]`` lines in order, ``comments`` the
    other comment lines before the match.
    """

    length: int
    games: tuple[MatGame, ...] = ()
    headers: tuple[tuple[str, str], ...] = ()
    comments: tuple[str, ...] = ()

    def header(self, key: str) -> str | None:
        """The value of the first header named ``key`` (case-insensitive), if any."""
        wanted = key.casefold()
        return next((value for name, value in self.headers if name.casefold() == wanted), None)


# -- reading ----------------------------------------------------------------------------

_MATCH_LINE = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME_LINE = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_HEADER = re.compile(r'^\[\s*([^"\]]*?)\s+"(.*)"\s*\]$')
_SCORE_LINE = re.compile(r"^\s*(.*?)\s*:\s*(\d+)\s+(.*?)\s*:\s*(\d+)\s*$")
_NUMBER = re.compile(r"\s*(\d+)\)")
_ROLL = re.compile(r"(\d)(\d):")
_DOUBLE = re.compile(r"doubles\s*=>\s*(\d+)", re.IGNORECASE)
_BEAVER = re.compile(r"beavers\s*=>\s*(\d+)", re.IGNORECASE)
_TAKE = re.compile(r"takes\b", re.IGNORECASE)
_DROP = re.compile(r"drops\b", re.IGNORECASE)
_WIN = re.compile(r"wins\s+(\d+)\s+points?(\s+and\s+the\s+match)?", re.IGNORECASE)
_STEP = re.compile(r"(bar|\d{1,2})((?:/(?:off|\d{1,2})\*?)+)(?:\((\d)\))?(?=\s|$)", re.IGNORECASE)
_NO_PLAY = re.compile(r"(?:cannot\s+move|\?{3,4})", re.IGNORECASE)
_SPLIT_COLUMN: Final = 20
"""A lone cell starting at or after this column belongs to the second player."""


def parse_mat(text: str) -> MatMatch:
    """Read a ``.mat`` text; a :class:`MatFileError` names the first bad line."""
    lines = text.splitlines()
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0][1:]  # XG writes a byte order mark
    numbered = list(enumerate(lines, start=1))
    headers: list[tuple[str, str]] = []
    comments: list[str] = []
    length: int | None = None
    index = 0
    while index < len(numbered):
        number, line = numbered[index]
        index += 1
        stripped = line.strip()
        if not stripped:
            continue
        if stripped[0] in ";#":
            body = stripped[1:].strip()
            header = _HEADER.match(body)
            if header:
                headers.append((header.group(1), header.group(2)))
            elif body:
                comments.append(body)
            continue
        found = _MATCH_LINE.match(line)
        if not found:
            raise MatFileError(f"expected ' N point match', found {stripped!r}", number)
        length = int(found.group(1))
        break
    if length is None:
        raise MatFileError("no ' N point match' line: not a .mat file")
    games = tuple(_read_games(numbered[index:]))
    return MatMatch(length, games, tuple(headers), tuple(comments))


def _read_games(numbered: list[tuple[int, str]]) -> Iterator[MatGame]:
    game: MatGame | None = None
    entries: list[MatEntry] = []
    expect_score = False
    for number, line in numbered:
        stripped = line.strip()
        if not stripped:
            continue
        if expect_score:
            game = _score_line(game, stripped, number)
            expect_score = False
            continue
        start = _GAME_LINE.match(line)
        if start:
            if game is not None:
                yield replace(game, entries=mark_unplayed(entries))
            game = MatGame(int(start.group(1)), ("", ""), (0, 0), line=number)
            entries = []
            expect_score = True
            continue
        if stripped[0] in ";#":
            if stripped[1:].lstrip().lower().startswith("set pos"):
                raise MatFileError("position edits ('; Set Pos=') cannot be replayed", number)
            continue
        if game is None:
            raise MatFileError(f"expected ' Game 1', found {stripped!r}", number)
        entries.extend(_move_line(line, number))
    if expect_score:
        raise MatFileError("the file ends before the score line of a game")
    if game is not None:
        yield replace(game, entries=mark_unplayed(entries))


def _score_line(game: MatGame | None, stripped: str, number: int) -> MatGame:
    assert game is not None
    found = _SCORE_LINE.match(stripped)
    if not found or not found.group(1) or not found.group(3):
        raise MatFileError(
            f"expected a score line 'name : n   name : n', found {stripped!r}", number
        )
    players = (found.group(1), found.group(3))
    score = (int(found.group(2)), int(found.group(4)))
    return replace(game, players=players, score=score, score_line=number)


def _move_line(line: str, number: int) -> list[MatEntry]:
    position = 0
    prefix = _NUMBER.match(line)
    if prefix:
        position = prefix.end()
    cells: list[tuple[int, MatCell]] = []
    while True:
        while position < len(line) and line[position].isspace():
            position += 1
        if position >= len(line):
            break
        start = position
        cell, position = _cell(line, position, number)
        cells.append((start, cell))
    # A Wins cell belongs to the column it stands in; gnubg sometimes writes it
    # on the line of a roll that was not played (``62:       Wins 1 point``).
    wins = [(start, cell) for start, cell in cells if isinstance(cell, MatWin)]
    others = [(start, cell) for start, cell in cells if not isinstance(cell, MatWin)]
    misplaced = bool(wins and others and wins[0][0] < others[-1][0])
    if len(others) > 2 or len(wins) > 1 or misplaced:
        raise MatFileError(f"more than two cells on a move line: {line.strip()!r}", number)
    entries = [
        MatEntry(column, cell, number)
        for column, (_, cell) in enumerate(others)
        if len(others) == 2
    ]
    if len(others) == 1:
        start, cell = others[0]
        entries.append(MatEntry(1 if start >= _SPLIT_COLUMN else 0, cell, number))
    if wins:
        start, cell = wins[0]
        entries.append(MatEntry(1 if start >= _SPLIT_COLUMN else 0, cell, number))
    return entries


def _cell(line: str, position: int, number: int) -> tuple[MatCell, int]:
    roll = _ROLL.match(line, position)
    if roll:
        dice = (int(roll.group(1)), int(roll.group(2)))
        if not all(1 <= die <= 6 for die in dice):
            raise MatFileError(f"a die shows 1..6, not {roll.group(0)!r}", number)
        steps, position = _steps(line, roll.end(), number)
        return MatRoll(dice, steps), position
    for pattern, make in (
        (_DOUBLE, lambda m: MatDouble(int(m.group(1)))),
        (_BEAVER, lambda m: MatBeaver(int(m.group(1)))),
        (_TAKE, lambda m: MatTake()),
        (_DROP, lambda m: MatDrop()),
        (_WIN, lambda m: MatWin(int(m.group(1)), bool(m.group(2)))),
    ):
        found = pattern.match(line, position)
        if found:
            return make(found), found.end()
    word = line[position:].split()[0]
    raise MatFileError(f"unknown text {word!r} in {line.strip()!r}", number)


def _steps(line: str, position: int, number: int) -> tuple[tuple[MatStep, ...], int]:
    steps: list[MatStep] = []
    while True:
        cursor = position
        while cursor < len(line) and line[cursor] in " \t":
            cursor += 1
        skipped = _NO_PLAY.match(line, cursor)
        if skipped and not steps:
            position = skipped.end()
            continue
        found = _STEP.match(line, cursor)
        if not found:
            return tuple(steps), position
        steps.extend(_chain(found, number))
        position = found.end()


def _chain(found: re.Match[str], number: int) -> list[MatStep]:
    """``24/18*/13(2)`` -> two copies of 24/18*, 18/13."""
    points = [_point(found.group(1))]
    hits = [False]
    for part in found.group(2).split("/")[1:]:
        hits.append(part.endswith("*"))
        points.append(_point(part.rstrip("*")))
    steps = []
    for origin, target, hit in zip(points, points[1:], hits[1:], strict=False):
        if not 1 <= origin <= BAR_NUMBER or not OFF_NUMBER <= target <= 24 or target >= origin:
            raise MatFileError(
                f"{found.group(0)!r} does not move from a higher to a lower point", number
            )
        steps.append(MatStep(origin, target, hit))
    repeat = int(found.group(3) or 1)
    if not 1 <= repeat <= 4:
        raise MatFileError(f"a step is repeated 1..4 times, not {repeat}", number)
    return steps * repeat


def _point(text: str) -> int:
    word = text.lower()
    if word == "bar":
        return BAR_NUMBER
    if word == "off":
        return OFF_NUMBER
    return int(word)


def mark_unplayed(entries: Sequence[MatEntry]) -> tuple[MatEntry, ...]:
    """Mark the rolls written without a play that were (most likely) not played:
    those followed by a ``Wins`` line (a roll, then a resignation) and one that
    ends an unfinished game. gnubg lays these out differently from a roll that
    cannot move; the rules layer tells the two apart anyway.
    """
    marked = list(entries)
    for index, entry in enumerate(marked):
        after = marked[index + 1] if index + 1 < len(marked) else None
        if (
            isinstance(entry.cell, MatRoll)
            and not entry.cell.steps
            and (after is None or isinstance(after.cell, MatWin))
        ):
            marked[index] = replace(entry, cell=replace(entry.cell, played=False))
    return tuple(marked)


# -- writing ----------------------------------------------------------------------------


def one_line(text: str) -> str:
    """``text`` made safe for one field of a line: every character that could end the
    line (all that :meth:`str.splitlines` breaks at) or hide in it (controls,
    bidirectional overrides) becomes U+FFFD, so no field can forge another line.

    >>> one_line("Ann\\n 1 point match\\r\\u2028x\\u202ey")
    'Ann� 1 point match��x�y'
    """
    return "".join(_REPLACEMENT if _unsafe(char) else char for char in text)


_REPLACEMENT = "\ufffd"


def _unsafe(char: str) -> bool:
    category = unicodedata.category(char)
    return category in ("Cc", "Zl", "Zp") or (category == "Cf" and char not in "\u200c\u200d")


def format_mat(match: MatMatch) -> str:
    """The ``.mat`` text of a match, laid out as gnubg's ``export match mat`` does.

    Every free-text field (header keys and values, comments, player names) goes
    through :func:`one_line`.
    """
    out: list[str] = []
    for key, value in match.headers:
        out.append(f'; [{one_line(key)} "{one_line(value)}"]\n')
    if match.comments:
        out.append("\n")
        out.extend(f"; {one_line(comment)}\n" for comment in match.comments)
    out.append("\n")
    out.append(f" {match.length} point match\n\n")
    for game in match.games:
        out.append(_format_game(game))
    return "".join(out)


def score_line_name(name: str) -> str:
    """A player's name as the score line shows it: ``:`` becomes ``-``.

    gnubg reads a score-line name up to its first colon, so "bot:beginner"
    would come back as "bot" and spoil the other name; the headers keep the
    exact name. Like every field, it stays on its line (:func:`one_line`).

    >>> score_line_name("bot:beginner")
    'bot-beginner'
    """
    return one_line(name).replace(":", "-")


def _format_game(game: MatGame) -> str:
    out = [f" Game {game.number}\n"]
    first, second = (score_line_name(name) for name in game.players)
    left = f"{first} : {game.score[0]}"
    gap = "" if len(left) < 31 else " "  # gnubg would run the names together here
    out.append(f" {left:<31}{gap}{second} : {game.score[1]}\n")
    writer = _LineWriter()
    entries = game.entries
    index = 0
    while index < len(entries):
        entry = entries[index]
        after = entries[index + 1] if index + 1 < len(entries) else None
        if (
            isinstance(entry.cell, MatDrop)
            and entry.player == 0
            and after is not None
            and isinstance(after.cell, MatWin)
            and after.player == 1
        ):
            # gnubg writes a first-column drop and the win in one cell.
            writer.cell(0, f"{entry.cell.text()}{'':23}{after.cell.text()}")
            writer.blank_line()
            index += 2
            continue
        if isinstance(entry.cell, MatWin):
            writer.win(entry.player, entry.cell.text())
        elif isinstance(entry.cell, MatRoll) and not entry.cell.played:
            writer.unplayed_roll(entry.player, entry.cell.text())
        else:
            writer.cell(entry.player, entry.cell.text())
        index += 1
    writer.close()
    out.append(writer.text())
    return "".join(out)


class _LineWriter:
    """The column bookkeeping of gnubg's ``ExportGameJF`` loop."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.number = 1
        self.open = False  # a first-column cell waits for its second column
        self.unplayed: int | None = None  # who ends the open line with a roll not played

    def cell(self, player: int, text: str) -> None:
        if player == 0:
            self.close()
            self.parts.append(f"{self.number:3d}) {text:<27} ")
            self.open = True
        else:
            if not self.open:
                self.parts.append(f"{self.number:3d}) {'':<27} ")
            self.parts.append(f"{text}\n")
            self.open = False
            self.number += 1

    def unplayed_roll(self, player: int, text: str) -> None:
        if player == 0:
            self.close()
            self.parts.append(f"{self.number:3d}) {text:<3}")
        else:
            if not self.open:
                self.parts.append(f"{self.number:3d}) {'':<27} ")
            self.parts.append(text)
        self.open = True
        self.unplayed = player

    def win(self, player: int, text: str) -> None:
        if player == 0 or self.unplayed == 1:
            # gnubg would put some of these on the roll's line, where no reader
            # can tell the columns apart; a line of its own says who won.
            self.close()
        if player == 0:
            self.parts.append(f"      {text}\n\n")
        elif self.open and self.unplayed == 0:
            self.parts.append(f"{'':24}{text}\n\n")
        elif self.open:
            self.parts.append(f" {text}\n\n")
        else:
            self.parts.append(f"{'':34}{text}\n\n")
        self.open = False
        self.unplayed = None

    def blank_line(self) -> None:
        self.parts.append("\n\n")
        self.open = False
        self.unplayed = None

    def close(self) -> None:
        if self.open:
            self.parts.append("\n")
            self.open = False
            self.unplayed = None
            self.number += 1

    def text(self) -> str:
        return "".join(self.parts)
