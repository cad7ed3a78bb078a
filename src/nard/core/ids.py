"""Position and match identifiers: gnubg's Position ID and Match ID, and XG's XGID.

**Position ID** (14 characters). gnubg writes a bit string: for each side, for
its points 1..24 then its bar, as many 1s as checkers there and then a 0; the
bits fill 10 bytes least significant bit first, and the bytes are written in
Base64. gnubg's manual says the side on roll comes first, but gnubg's code
(``PositionID`` writes ``anBoard[0]`` first, and ``anBoard[1]`` is the side
that moves) and every ID it prints put the side *not* on roll first; we follow
the code, so our IDs are gnubg's IDs.

>>> from nard.core.board import Position
>>> encode_position_id(Position.initial())
'4HPwATDgc/ABMA'
>>> lone = Position.from_points({6: 1}, {24: 2})
>>> encode_position_id(lone)
'AACAAQEAAAAAAA'
>>> decode_position_id('AACAAQEAAAAAAA') == lone
True

**Match ID** (12 characters): cube, score, match length, dice and whose
decision it is, as the 66-bit key of gnubg's manual ("A technical description
of the Match ID") plus the Jacoby bit gnubg has added since, see
:class:`MatchState`.

>>> MatchState().id()
'MAEAAAAAAAAE'
>>> decode_match_id('cAgAAAAAAAAA').game_state
<GameState.NONE: 0>

**XGID** (eXtreme Gammon): the board as 26 letters from the bottom player's
side plus nine colon-separated fields, see :class:`Xgid`.

Sides: :data:`Side.WHITE` is gnubg's player 0 (``O``, drawn on top) and
:data:`Side.BLACK` gnubg's player 1 (``X``, at the bottom). XG's bottom player
is gnubg's player 1 (gnubg's own XGID import maps them so), hence ``BLACK``.
"""

from __future__ import annotations

import binascii
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Final

from nard.core.board import BAR, CHECKERS_PER_SIDE, OFF, POINTS, Position, Side
from nard.core.dice import Roll
from nard.core.errors import InvalidIdError

__all__ = [
    "CubeOffer",
    "GameState",
    "MatchState",
    "Resignation",
    "Xgid",
    "decode_match_id",
    "decode_position_id",
    "encode_match_id",
    "encode_position_id",
    "format_gnubg_id",
    "format_xgid",
    "parse_gnubg_id",
    "parse_xgid",
]

_BASE64: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
POSITION_ID_LENGTH: Final = 14
MATCH_ID_LENGTH: Final = 12
_POSITION_KEY_BYTES: Final = 10
_MATCH_KEY_BYTES: Final = 9
_MAX_CUBE_LOG: Final = 15
_FIELD_15: Final = (1 << 15) - 1


# -- Base64 as gnubg writes it -----------------------------------------------------------


def _to_base64(key: int, size: int) -> str:
    """``size`` little-endian bytes of ``key`` in Base64 without padding."""
    raw = key.to_bytes(size, "little")
    return binascii.b2a_base64(raw, newline=False).decode("ascii").rstrip("=")


def _from_base64(text: str, length: int, size: int, what: str) -> int:
    """The key an ID of ``length`` Base64 characters holds, as an int (little endian)."""
    if not isinstance(text, str):
        raise InvalidIdError(f"a {what} is a string, not {type(text).__name__}")
    text = text.strip()
    if len(text) != length:
        raise InvalidIdError(f"a {what} has {length} characters, {text!r} has {len(text)}")
    for index, char in enumerate(text):
        if char not in _BASE64:
            raise InvalidIdError(
                f"character {char!r} at index {index} of {what} {text!r} is not Base64"
            )
    padded = text + "=" * (-len(text) % 4)
    raw = binascii.a2b_base64(padded)[:size]
    key = int.from_bytes(raw, "little")
    # Base64 of 10 bytes leaves 4 spare bits in the last character; gnubg never
    # sets them, so an ID that does is a typo, not another position.
    if _to_base64(key, size) != text:
        raise InvalidIdError(f"{what} {text!r} has bits set past its {size} bytes")
    return key


# -- Position ID ---------------------------------------------------------------------------


def encode_position_id(position: Position) -> str:
    """The gnubg Position ID of ``position`` (the side on roll's checkers written last)."""
    key = 0
    bit = 0
    for side in (position.opponent, position.player):
        for point in range(1, BAR + 1):
            count = side[point]
            key |= ((1 << count) - 1) << bit
            bit += count + 1
    return _to_base64(key, _POSITION_KEY_BYTES)


def decode_position_id(text: str, *, turn: Side = Side.WHITE) -> Position:
    """The position a gnubg Position ID describes, with ``turn`` the side on roll.

    The ID does not say which side is on roll, only that its checkers are the
    second half of the key.

    >>> decode_position_id('4HPwATDgc/ABMA', turn=Side.BLACK).turn
    <Side.BLACK: 1>
    >>> decode_position_id('4HPwATDgc/ABM')
    Traceback (most recent call last):
    ...
    nard.core.errors.InvalidIdError: a Position ID has 14 characters, '4HPwATDgc/ABM' has 13
    """
    key = _from_base64(text, POSITION_ID_LENGTH, _POSITION_KEY_BYTES, "Position ID")
    counts = [[0] * (BAR + 1), [0] * (BAR + 1)]
    half = 0
    point = 1
    for bit in range(8 * _POSITION_KEY_BYTES):
        if key >> bit & 1:
            if half == 2:
                raise InvalidIdError(f"Position ID {text!r} has checkers past the second bar")
            counts[half][point] += 1
        elif half < 2:
            point += 1
            if point > BAR:
                half += 1
                point = 1
    if half < 2:
        raise InvalidIdError(
            f"Position ID {text!r} holds more than {2 * CHECKERS_PER_SIDE} checkers"
        )
    names = ("the side not on roll", "the side on roll")
    for name, side in zip(names, counts, strict=True):
        on_board = sum(side)
        if on_board > CHECKERS_PER_SIDE:
            raise InvalidIdError(
                f"Position ID {text!r} gives {name} {on_board} checkers;"
                f" a side has {CHECKERS_PER_SIDE}"
            )
        side[OFF] = CHECKERS_PER_SIDE - on_board
    opponent, player = counts
    try:
        return Position(tuple(player), tuple(opponent), turn)
    except ValueError as error:
        raise InvalidIdError(f"Position ID {text!r} is not a position: {error}") from error


# -- Match ID ---------------------------------------------------------------------------------


class GameState(IntEnum):
    """Where the game stands (gnubg's ``gamestate``)."""

    NONE = 0
    """No game started."""
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4
    """Ended by a dropped double."""


class Resignation(IntEnum):
    """A resignation on offer, by what it concedes (R16)."""

    NONE = 0
    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


def _log2_cube(value: int, what: str, limit: int = _MAX_CUBE_LOG) -> int:
    if type(value) is not int or value < 1 or value & (value - 1):
        raise ValueError(f"{what} is a power of two, not {value!r}")
    exponent = value.bit_length() - 1
    if exponent > limit:
        raise ValueError(f"{what} {value} is over 2**{limit}")
    return exponent


@dataclass(frozen=True, slots=True)
class MatchState:
    """What a gnubg Match ID records, besides the checkers.

    ``player_on_roll`` is the side who rolls or rolled this turn (the Match ID's
    "dice owner"); ``turn`` the side who must act now: it differs while a double
    or a resignation waits for the other side's answer. ``score`` is indexed by
    :class:`Side`; ``match_length`` 0 means a money game. ``jacoby`` is gnubg's
    newer 67th bit (written inverted, so IDs from before it read as Jacoby on).

    >>> state = MatchState(cube_value=2, cube_owner=Side.BLACK, player_on_roll=Side.BLACK,
    ...                    turn=Side.BLACK, dice=Roll(5, 2), match_length=7, score=(2, 4))
    >>> state.id()
    'UYnqACAAIAAE'
    >>> MatchState.from_id('UYnqACAAIAAE') == state
    True
    """

    cube_value: int = 1
    cube_owner: Side | None = None
    """None while the cube is centred."""
    player_on_roll: Side = Side.WHITE
    crawford: bool = False
    game_state: GameState = GameState.PLAYING
    turn: Side = Side.WHITE
    double_offered: bool = False
    resignation: Resignation = Resignation.NONE
    dice: Roll | None = None
    """None until the player on roll has rolled."""
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        _log2_cube(self.cube_value, "the cube value")
        if len(self.score) != 2:
            raise ValueError(f"the score is two numbers (WHITE, BLACK), not {self.score!r}")
        for name, value in (
            ("match length", self.match_length),
            ("score", self.score[0]),
            ("score", self.score[1]),
        ):
            if type(value) is not int or not 0 <= value <= _FIELD_15:
                raise ValueError(f"{name} {value!r} does not fit gnubg's 15 bits (0..{_FIELD_15})")
        if self.crawford and not self.match_length:
            raise ValueError("a money game (match length 0) has no Crawford game (R19)")

    @classmethod
    def from_id(cls, match_id: str) -> MatchState:
        """Decode a gnubg Match ID; see :func:`decode_match_id`."""
        return decode_match_id(match_id)

    def id(self) -> str:
        """The gnubg Match ID of this state."""
        return encode_match_id(self)


class _Bits:
    """gnubg's bit fields: field bits are written least significant first."""

    def __init__(self, key: int = 0) -> None:
        self.key = key
        self.position = 0

    def put(self, width: int, value: int) -> None:
        self.key |= (value & ((1 << width) - 1)) << self.position
        self.position += width

    def take(self, width: int) -> int:
        value = self.key >> self.position & ((1 << width) - 1)
        self.position += width
        return value


def encode_match_id(state: MatchState) -> str:
    """The 12-character gnubg Match ID of ``state``."""
    bits = _Bits()
    bits.put(4, _log2_cube(state.cube_value, "the cube value"))
    bits.put(2, 3 if state.cube_owner is None else int(state.cube_owner))
    bits.put(1, int(state.player_on_roll))
    bits.put(1, int(state.crawford))
    bits.put(3, int(state.game_state))
    bits.put(1, int(state.turn))
    bits.put(1, int(state.double_offered))
    bits.put(2, int(state.resignation))
    # gnubg writes the larger die first, as Roll stores them.
    bits.put(3, state.dice.high if state.dice else 0)
    bits.put(3, state.dice.low if state.dice else 0)
    bits.put(15, state.match_length)
    bits.put(15, state.score[Side.WHITE])
    bits.put(15, state.score[Side.BLACK])
    bits.put(1, int(not state.jacoby))
    return _to_base64(bits.key, _MATCH_KEY_BYTES)


def decode_match_id(text: str) -> MatchState:
    """The :class:`MatchState` a gnubg Match ID describes.

    >>> decode_match_id('MAEAAAAAAAAE').cube_owner is None
    True
    >>> decode_match_id('MIELAAAAAAAE')
    Traceback (most recent call last):
    ...
    nard.core.errors.InvalidIdError: Match ID 'MIELAAAAAAAE': die 7 is not 0 (not rolled) or 1..6
    """
    bits = _Bits(_from_base64(text, MATCH_ID_LENGTH, _MATCH_KEY_BYTES, "Match ID"))
    cube_log = bits.take(4)
    owner = bits.take(2)
    on_roll = bits.take(1)
    crawford = bits.take(1)
    game_state = bits.take(3)
    turn = bits.take(1)
    doubled = bits.take(1)
    resigned = bits.take(2)
    dice = bits.take(3), bits.take(3)
    match_length = bits.take(15)
    score = bits.take(15), bits.take(15)
    jacoby = not bits.take(1)

    def bad(reason: str) -> InvalidIdError:
        return InvalidIdError(f"Match ID {text!r}: {reason}")

    if owner == 2:
        raise bad("cube owner bits 10 name no player (00, 01 or 11 for centred)")
    if game_state > max(GameState):
        raise bad(f"game state {game_state} is not 0..{int(max(GameState))}")
    for die in dice:
        if die > 6:
            raise bad(f"die {die} is not 0 (not rolled) or 1..6")
    if (dice[0] == 0) != (dice[1] == 0):
        raise bad(f"only one die is set ({dice[0]}, {dice[1]})")
    try:
        return MatchState(
            cube_value=1 << cube_log,
            cube_owner=None if owner == 3 else Side(owner),
            player_on_roll=Side(on_roll),
            crawford=bool(crawford),
            game_state=GameState(game_state),
            turn=Side(turn),
            double_offered=bool(doubled),
            resignation=Resignation(resigned),
            dice=Roll(*dice) if dice[0] else None,
            match_length=match_length,
            score=score,
            jacoby=jacoby,
        )
    except ValueError as error:
        raise bad(str(error)) from error


def format_gnubg_id(position: Position, state: MatchState) -> str:
    """gnubg's combined ``PositionID:MatchID``; the position is seen by the player on roll.

    >>> format_gnubg_id(Position.initial(), MatchState())
    '4HPwATDgc/ABMA:MAEAAAAAAAAE'
    """
    if position.turn != state.player_on_roll:
        raise ValueError(
            f"the position has {position.turn.name} on roll,"
            f" the match state {state.player_on_roll.name}"
        )
    return f"{encode_position_id(position)}:{encode_match_id(state)}"


def parse_gnubg_id(text: str) -> tuple[Position, MatchState]:
    """Read gnubg's ``PositionID:MatchID``; the position's turn is the match's player on roll."""
    head, colon, tail = text.strip().partition(":")
    if not colon:
        raise InvalidIdError(f"a gnubg ID is 'PositionID:MatchID', {text!r} has no ':'")
    state = decode_match_id(tail.strip())
    return decode_position_id(head.strip(), turn=state.player_on_roll), state


# -- XGID ---------------------------------------------------------------------------------------


class CubeOffer(Enum):
    """XGID's dice field when a cube decision is pending instead of a roll."""

    NONE = "00"
    DOUBLE = "D"
    BEAVER = "B"
    RACCOON = "R"


_XGID_PREFIX: Final = "XGID="
_XG_SIDE: Final = {1: Side.BLACK, -1: Side.WHITE}
"""XG's "turn" values: 1 is the bottom player (gnubg's player 1), -1 the top."""
_XG_CODE: Final = {side: code for code, side in _XG_SIDE.items()}


@dataclass(frozen=True, slots=True)
class Xgid:
    """An XGID: ``XGID=board:cube:owner:turn:dice:score1:score2:rules:length:maxcube``.

    ``position`` is seen from the side on roll (XG's "turn"). XG's bottom
    player, score 1 and cube owner 1 are :data:`Side.BLACK`; the top player
    is :data:`Side.WHITE`. In a match the rules field is the Crawford flag; in
    a money game it is Jacoby (1) plus beavers (2). ``max_cube`` is written as
    its base-2 logarithm.

    >>> xgid = Xgid.parse('XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10')
    >>> xgid.position == Position.initial(Side.BLACK), xgid.dice
    (True, Roll(5, 2))
    >>> xgid.format()
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10'
    """

    position: Position
    cube_value: int = 1
    cube_owner: Side | None = None
    dice: Roll | None = None
    offer: CubeOffer = CubeOffer.NONE
    score: tuple[int, int] = (0, 0)
    """Indexed by :class:`Side`."""
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    match_length: int = 0
    max_cube: int = 1024

    def __post_init__(self) -> None:
        _log2_cube(self.cube_value, "the cube value", limit=62)
        _log2_cube(self.max_cube, "the maximum cube", limit=62)
        if self.dice is not None and self.offer is not CubeOffer.NONE:
            raise ValueError("an XGID holds either a roll or a pending cube offer, not both")
        if len(self.score) != 2 or any(type(s) is not int or s < 0 for s in self.score):
            raise ValueError(f"the score is two counts (WHITE, BLACK), not {self.score!r}")
        if type(self.match_length) is not int or self.match_length < 0:
            raise ValueError(f"the match length is 0 (money) or more, not {self.match_length!r}")
        if self.match_length and (self.jacoby or self.beavers):
            raise ValueError("Jacoby and beavers belong to money games (match length 0)")
        if self.crawford and not self.match_length:
            raise ValueError("a money game (match length 0) has no Crawford game (R19)")

    @property
    def turn(self) -> Side:
        """The side on roll (or doubling, when ``offer`` is set)."""
        return self.position.turn

    @classmethod
    def parse(cls, text: str) -> Xgid:
        """Read an XGID, with or without its ``XGID=`` prefix."""
        return parse_xgid(text)

    def format(self) -> str:
        """The XGID text, with its ``XGID=`` prefix."""
        return format_xgid(self)

    def __str__(self) -> str:
        return format_xgid(self)

    def match_state(self) -> MatchState:
        """The same cube, score and dice as a gnubg :class:`MatchState`, as gnubg's
        ``set xgid`` reads them: a pending double passes the turn to the other side.

        >>> Xgid.parse('-b----E-C---eE---c-e----B-:1:0:1:D:2:0:0:5:10').match_state().id()
        'cRGgAAAAEAAE'
        """
        if self.offer in (CubeOffer.BEAVER, CubeOffer.RACCOON):
            raise ValueError(f"a gnubg Match ID has no {self.offer.name.lower()} state")
        doubled = self.offer is CubeOffer.DOUBLE
        return MatchState(
            cube_value=self.cube_value,
            cube_owner=self.cube_owner,
            player_on_roll=self.turn,
            crawford=self.crawford,
            game_state=GameState.PLAYING,
            turn=self.turn.other if doubled else self.turn,
            double_offered=doubled,
            dice=self.dice,
            match_length=self.match_length,
            score=self.score,
            jacoby=self.jacoby,
        )


def _xg_board(position: Position) -> str:
    """The 26 board letters: top bar, the bottom player's points 1..24, bottom bar."""
    bottom, top = (
        (position.player, position.opponent)
        if position.turn is Side.BLACK
        else (position.opponent, position.player)
    )

    def letter(count: int, base: str) -> str:
        return chr(ord(base) + count - 1) if count else "-"

    cells = [letter(top[BAR], "a")]
    for point in range(1, POINTS + 1):
        if bottom[point]:
            cells.append(letter(bottom[point], "A"))
        else:
            cells.append(letter(top[25 - point], "a"))
    cells.append(letter(bottom[BAR], "A"))
    return "".join(cells)


def format_xgid(xgid: Xgid) -> str:
    """The XGID text of ``xgid``, with its ``XGID=`` prefix."""
    # In a match the field is the Crawford flag; in a money game Jacoby + 2 * beavers.
    money_rules = int(xgid.jacoby) + 2 * int(xgid.beavers)
    rules = int(xgid.crawford) if xgid.match_length else money_rules
    dice = f"{xgid.dice.high}{xgid.dice.low}" if xgid.dice else xgid.offer.value
    owner = 0 if xgid.cube_owner is None else _XG_CODE[xgid.cube_owner]
    fields = (
        _xg_board(xgid.position),
        str(xgid.cube_value.bit_length() - 1),
        str(owner),
        str(_XG_CODE[xgid.turn]),
        dice,
        str(xgid.score[Side.BLACK]),
        str(xgid.score[Side.WHITE]),
        str(rules),
        str(xgid.match_length),
        str(xgid.max_cube.bit_length() - 1),
    )
    return _XGID_PREFIX + ":".join(fields)


_XGID_FIELDS: Final = (
    "board",
    "cube value",
    "cube owner",
    "turn",
    "dice",
    "score 1",
    "score 2",
    "Crawford/Jacoby",
    "match length",
    "maximum cube",
)


def _xg_int(text: str, value: str, field: str, allowed: range) -> int:
    stripped = value.strip()
    digits = stripped[1:] if stripped.startswith("-") else stripped
    if not digits.isascii() or not digits.isdigit():
        raise InvalidIdError(f"XGID {text!r}: {field} {value!r} is not a whole number")
    number = int(stripped)
    if number not in allowed:
        raise InvalidIdError(
            f"XGID {text!r}: {field} {number} is not {allowed.start}..{allowed.stop - 1}"
        )
    return number


def _xg_counts(text: str, board: str) -> tuple[list[int], list[int]]:
    """(bottom, top) counts, each in its own numbering, from the 26 board letters."""
    if len(board) != 26:
        raise InvalidIdError(f"XGID {text!r}: the board has 26 letters, not {len(board)}")
    bottom = [0] * (BAR + 1)
    top = [0] * (BAR + 1)
    for index, char in enumerate(board):
        if char == "-":
            continue
        if "A" <= char <= "P":
            side, count = bottom, ord(char) - ord("A") + 1
            point = BAR if index == 25 else index
            if index == 0:
                raise InvalidIdError(
                    f"XGID {text!r}: letter 1 is the top player's bar, {char!r} is a bottom checker"
                )
        elif "a" <= char <= "p":
            side, count = top, ord(char) - ord("a") + 1
            point = BAR if index == 0 else 25 - index
            if index == 25:
                raise InvalidIdError(
                    f"XGID {text!r}: letter 26 is the bottom player's bar,"
                    f" {char!r} is a top checker"
                )
        else:
            raise InvalidIdError(
                f"XGID {text!r}: board letter {index + 1} {char!r} is not '-', A-P or a-p"
            )
        side[point] = count
    for name, side in (("bottom", bottom), ("top", top)):
        on_board = sum(side)
        if on_board > CHECKERS_PER_SIDE:
            raise InvalidIdError(
                f"XGID {text!r}: the {name} player has {on_board} checkers;"
                f" a side has {CHECKERS_PER_SIDE}"
            )
        side[OFF] = CHECKERS_PER_SIDE - on_board
    return bottom, top


def parse_xgid(text: str) -> Xgid:
    """Read an XGID, with or without its ``XGID=`` prefix (any case).

    >>> parse_xgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:5:0:0:0:0:10')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nard.core.errors.InvalidIdError: XGID '...': dice '5' is not 00, D, B, R or two dice 1..6 ...
    """
    if not isinstance(text, str):
        raise InvalidIdError(f"an XGID is a string, not {type(text).__name__}")
    body = text.strip()
    if body[: len(_XGID_PREFIX)].upper() == _XGID_PREFIX:
        body = body[len(_XGID_PREFIX) :]
    fields = body.split(":")
    if len(fields) != len(_XGID_FIELDS):
        raise InvalidIdError(
            f"XGID {text!r} has {len(fields)} fields; it has {len(_XGID_FIELDS)}: "
            + ":".join(_XGID_FIELDS)
        )
    board, cube, owner, turn, dice, score1, score2, rules, length, max_cube = fields
    bottom, top = _xg_counts(text, board.strip())
    cube_log = _xg_int(text, cube, "cube value", range(0, 63))
    owner_code = _xg_int(text, owner, "cube owner", range(-1, 2))
    turn_code = _xg_int(text, turn, "turn", range(-1, 2))
    if turn_code == 0:
        raise InvalidIdError(f"XGID {text!r}: turn is 1 (bottom player) or -1 (top player), not 0")
    match_length = _xg_int(text, length, "match length", range(0, _FIELD_15 + 1))
    rules_code = _xg_int(text, rules, "Crawford/Jacoby", range(0, 2 if match_length else 4))
    max_log = _xg_int(text, max_cube, "maximum cube", range(0, 63))
    scores = {
        Side.BLACK: _xg_int(text, score1, "score 1", range(0, _FIELD_15 + 1)),
        Side.WHITE: _xg_int(text, score2, "score 2", range(0, _FIELD_15 + 1)),
    }
    dice_text = dice.strip().upper()
    roll: Roll | None = None
    offer = CubeOffer.NONE
    if dice_text in {pending.value for pending in CubeOffer}:
        offer = CubeOffer(dice_text)
    elif len(dice_text) == 2 and all(c in "123456" for c in dice_text):
        roll = Roll(int(dice_text[0]), int(dice_text[1]))
    else:
        raise InvalidIdError(
            f"XGID {text!r}: dice {dice!r} is not 00, D, B, R or two dice 1..6 such as 52"
        )
    side = _XG_SIDE[turn_code]
    player, opponent = (bottom, top) if side is Side.BLACK else (top, bottom)
    try:
        position = Position(tuple(player), tuple(opponent), side)
        return Xgid(
            position=position,
            cube_value=1 << cube_log,
            cube_owner=None if owner_code == 0 else _XG_SIDE[owner_code],
            dice=roll,
            offer=offer,
            score=(scores[Side.WHITE], scores[Side.BLACK]),
            crawford=bool(match_length and rules_code),
            jacoby=bool(not match_length and rules_code & 1),
            beavers=bool(not match_length and rules_code & 2),
            match_length=match_length,
            max_cube=1 << max_log,
        )
    except ValueError as error:
        raise InvalidIdError(f"XGID {text!r}: {error}") from error
