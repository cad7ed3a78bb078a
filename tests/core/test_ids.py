"""gnubg Position ID / Match ID and XGID: known IDs, round trips, gnubg as a reference."""

from __future__ import annotations

import binascii
import importlib
import types
from collections.abc import Callable

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from nard.core.board import BAR, Position, Side
from nard.core.dice import Roll
from nard.core.errors import InvalidIdError
from nard.core.ids import (
    CubeOffer,
    GameState,
    MatchState,
    Resignation,
    Xgid,
    decode_match_id,
    decode_position_id,
    encode_match_id,
    encode_position_id,
    format_gnubg_id,
    parse_gnubg_id,
    parse_xgid,
)


def _gnubg() -> types.ModuleType | None:
    try:
        return importlib.import_module("gnubg")
    except ImportError:
        return None


gnubg = _gnubg()
needs_gnubg = pytest.mark.skipif(
    gnubg is None, reason="the gnubg package (GNU Backgammon's Python bindings) is not installed"
)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any position a game can reach or not: up to 15 checkers a side, points not shared."""
    player: dict[int, int] = {}
    for _ in range(draw(st.integers(0, 15))):
        point = draw(st.integers(1, BAR))
        player[point] = player.get(point, 0) + 1
    opponent: dict[int, int] = {}
    free = [q for q in range(1, BAR + 1) if q == BAR or not player.get(25 - q)]
    for _ in range(draw(st.integers(0, 15))):
        point = draw(st.sampled_from(free))
        opponent[point] = opponent.get(point, 0) + 1
    turn = draw(st.sampled_from(Side))
    return Position.from_points(player, opponent, turn=turn)


rolls = st.builds(Roll, st.integers(1, 6), st.integers(1, 6))


@st.composite
def match_states(draw: st.DrawFn) -> MatchState:
    length = draw(st.sampled_from([0, 1, 3, 5, 7, 11, 25]))
    limit = max(length, 1) * 2
    return MatchState(
        cube_value=2 ** draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from([None, Side.WHITE, Side.BLACK])),
        player_on_roll=draw(st.sampled_from(Side)),
        crawford=draw(st.booleans()) if length else False,
        game_state=draw(st.sampled_from(GameState)),
        turn=draw(st.sampled_from(Side)),
        double_offered=draw(st.booleans()),
        resignation=draw(st.sampled_from(Resignation)),
        dice=draw(st.none() | rolls),
        match_length=length,
        score=(draw(st.integers(0, limit)), draw(st.integers(0, limit))),
        jacoby=draw(st.booleans()),
    )


# -- Position ID -------------------------------------------------------------------------


def test_starting_position_id() -> None:
    assert encode_position_id(Position.initial()) == "4HPwATDgc/ABMA"
    assert Position.initial().id() == "4HPwATDgc/ABMA"
    assert decode_position_id("4HPwATDgc/ABMA") == Position.initial()


def test_side_not_on_roll_is_written_first_like_gnubg() -> None:
    # One checker of the side on roll on its 6-point; two opposing checkers on
    # their 24-point. gnubg (anBoard[0] first) prints 'AACAAQEAAAAAAA' for this.
    lone = Position.from_points({6: 1}, {24: 2})
    assert encode_position_id(lone) == "AACAAQEAAAAAAA"
    assert encode_position_id(lone.swap()) == "IAAAAAAABgAAAA"


def test_decode_sets_the_side_on_roll_from_the_argument() -> None:
    position = decode_position_id("4HPwATDgc/ABMA", turn=Side.BLACK)
    assert position.turn is Side.BLACK
    assert Position.from_id("4HPwATDgc/ABMA", turn=Side.BLACK) == position


def test_bar_and_borne_off_checkers() -> None:
    position = Position.from_points({BAR: 2, 3: 4}, {BAR: 1, 24: 3})
    decoded = decode_position_id(encode_position_id(position))
    assert decoded == position
    assert decoded.player[0] == 9
    assert decoded.opponent[BAR] == 1


@given(positions())
def test_position_id_round_trip(position: Position) -> None:
    text = encode_position_id(position)
    assert len(text) == 14
    assert decode_position_id(text, turn=position.turn) == position


@needs_gnubg
@settings(max_examples=200)
@given(positions())
def test_position_id_matches_gnubg(position: Position) -> None:
    assert gnubg is not None
    board = (position.opponent[1:], position.player[1:])
    assert encode_position_id(position) == gnubg.positionid(board)
    decoded = gnubg.positionfromid(encode_position_id(position))
    assert tuple(decoded[1]) == position.player[1:]
    assert tuple(decoded[0]) == position.opponent[1:]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4HPwATDgc/ABM", "has 14 characters"),
        ("4HPwATDgc/ABMAA", "has 14 characters"),
        ("4HPwATDgc/AB!A", "'!' at index 12"),
        ("4HPwATDgc/ABMB", "bits set past"),
        ("//////////////", "bits set past"),
        # 31 checkers leave only 49 zeros: the second bar is never reached.
        (lambda: _id_from_bits("1" * 31 + "0" * 49), "more than 30"),
        # All 50 zeros, then a stray checker after the second bar.
        (lambda: _id_from_bits("0" * 50 + "1"), "past the second bar"),
        # 16 checkers on the side not on roll's 1-point.
        (lambda: _id_from_bits("1" * 16 + "0" * 50), "not on roll 16 checkers"),
        (lambda: _id_from_bits("0" * 25 + "1" * 16 + "0" * 25), "side on roll 16 checkers"),
    ],
)
def test_malformed_position_ids(text: str | Callable[[], str], message: str) -> None:
    with pytest.raises(InvalidIdError, match=message):
        decode_position_id(text if isinstance(text, str) else text())


def _id_from_bits(bits: str) -> str:
    """An ID from a bit string written in key order (bit 0 first)."""
    key = sum(1 << index for index, bit in enumerate(bits) if bit == "1")
    raw = key.to_bytes(10, "little")
    return binascii.b2a_base64(raw, newline=False).decode().rstrip("=")


def test_all_checkers_borne_off_is_a_position() -> None:
    position = decode_position_id("AAAAAAAAAAAAAA")
    assert position.borne_off() == (15, 15)
    assert encode_position_id(position) == "AAAAAAAAAAAAAA"


def test_position_id_where_both_sides_hold_a_point_is_refused() -> None:
    # The side on roll on its 1-point and the opponent on its 24-point: one point.
    with pytest.raises(InvalidIdError, match="both sides"):
        decode_position_id(_id_with(player={1: 1}, opponent={24: 1}))


def _id_with(player: dict[int, int], opponent: dict[int, int]) -> str:
    """Encode by hand (bypassing Position's checks) to build invalid IDs."""
    bits = "".join(
        "1" * side.get(point, 0) + "0" for side in (opponent, player) for point in range(1, BAR + 1)
    )
    return _id_from_bits(bits)


def test_non_string_id_is_refused() -> None:
    with pytest.raises(InvalidIdError, match="is a string"):
        decode_position_id(12345)  # type: ignore[arg-type]


# -- Match ID -------------------------------------------------------------------------------


def test_match_id_known_values_from_gnubg() -> None:
    # Produced by gnubg.matchid(cubeinfo(2, 1, 1, 7, (2, 4), 0, 0), posinfo(1, 0, 0, 1, (5, 2))).
    state = MatchState(
        cube_value=2,
        cube_owner=Side.BLACK,
        player_on_roll=Side.BLACK,
        turn=Side.BLACK,
        dice=Roll(5, 2),
        match_length=7,
        score=(2, 4),
    )
    assert encode_match_id(state) == "UYnqACAAIAAE"
    assert decode_match_id("UYnqACAAIAAE") == state
    # Money game, no game started, Jacoby on (gnubg's default cubeinfo/posinfo).
    assert decode_match_id("MAAAAAAAAAAA") == MatchState(game_state=GameState.NONE, jacoby=True)


def test_match_id_fields_decode_per_the_manual() -> None:
    # 'cAgAAAAAAAAA': cube 1 centred, player 1 on roll and to act, no game yet.
    state = decode_match_id("cAgAAAAAAAAA")
    assert state.cube_value == 1
    assert state.cube_owner is None
    assert state.player_on_roll is Side.BLACK
    assert state.turn is Side.BLACK
    assert state.game_state is GameState.NONE
    assert state.dice is None
    assert state.match_length == 0


def test_match_id_dice_are_written_larger_first() -> None:
    assert MatchState(dice=Roll(2, 5)).id() == MatchState(dice=Roll(5, 2)).id()


@given(match_states())
def test_match_id_round_trip(state: MatchState) -> None:
    text = state.id()
    assert len(text) == 12
    assert MatchState.from_id(text) == state


@needs_gnubg
@settings(max_examples=200)
@given(match_states())
def test_match_id_matches_gnubg(state: MatchState) -> None:
    assert gnubg is not None
    # gnubg's cubeinfo refuses a score that has already reached the match length.
    assume(not state.match_length or max(state.score) < state.match_length)
    # ... and keeps no score at all for money play.
    assume(state.match_length or state.score == (0, 0))
    owner = -1 if state.cube_owner is None else int(state.cube_owner)
    cube = gnubg.cubeinfo(
        state.cube_value,
        owner,
        int(state.player_on_roll),
        state.match_length,
        state.score,
        int(state.crawford),
        0,
    )
    cube["jacoby"] = int(state.jacoby)
    dice = (state.dice.high, state.dice.low) if state.dice else (0, 0)
    pos = gnubg.posinfo(
        int(state.turn),
        int(state.resignation),
        int(state.double_offered),
        int(state.game_state),
        dice,
    )
    assert state.id() == gnubg.matchid(cube, pos)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("MAEAAAAAAAA", "has 12 characters"),
        ("MAEAAAAAAA?E", "'\\?' at index 10"),
        ("MIELAAAAAAAE", "die 7"),
        ("IAEAAAAAAAAE", "cube owner bits 10"),
        ("MAcAAAAAAAAE", "game state 7"),
        (lambda: _match_id(dice=(3, 0)), "only one die is set \\(3, 0\\)"),
        (lambda: _match_id(crawford=1), "no Crawford"),
        (lambda: _match_id(crawford=1, length=5), None),
    ],
)
def test_malformed_match_ids(text: str | Callable[[], str], message: str | None) -> None:
    text = text if isinstance(text, str) else text()
    if message is None:
        assert decode_match_id(text).crawford
        return
    with pytest.raises(InvalidIdError, match=message):
        decode_match_id(text)


def _match_id(*, dice: tuple[int, int] = (0, 0), crawford: int = 0, length: int = 0) -> str:
    """A Match ID built field by field from the manual's layout (centred 1-cube, playing)."""
    fields = [(4, 0), (2, 3), (1, 0), (1, crawford), (3, 1), (1, 0), (1, 0), (2, 0)]
    fields += [(3, dice[0]), (3, dice[1]), (15, length), (15, 0), (15, 0), (1, 1)]
    key = 0
    bit = 0
    for width, value in fields:
        key |= value << bit
        bit += width
    raw = key.to_bytes(9, "little")
    return binascii.b2a_base64(raw, newline=False).decode().rstrip("=")


@pytest.mark.parametrize(
    "kwargs",
    [
        {"cube_value": 3},
        {"cube_value": 2**16},
        {"score": (-1, 0)},
        {"match_length": 2**15},
        {"crawford": True},
    ],
)
def test_impossible_match_states_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        MatchState(**kwargs)  # type: ignore[arg-type]


def test_gnubg_id_pairs_position_and_match() -> None:
    state = MatchState(player_on_roll=Side.BLACK, turn=Side.BLACK, dice=Roll(3, 1))
    position = Position.from_points({6: 2, BAR: 1}, {24: 1}, turn=Side.BLACK)
    text = format_gnubg_id(position, state)
    assert text == f"{position.id()}:{state.id()}"
    assert parse_gnubg_id(text) == (position, state)
    assert parse_gnubg_id(f"  {text}  ") == (position, state)
    with pytest.raises(ValueError, match="on roll"):
        format_gnubg_id(position.swap(), state)
    with pytest.raises(InvalidIdError, match="no ':'"):
        parse_gnubg_id(position.id())


@needs_gnubg
def test_gnubg_id_matches_gnubg() -> None:
    assert gnubg is not None
    position = Position.from_points({6: 2, BAR: 1}, {24: 1}, turn=Side.BLACK)
    state = MatchState(player_on_roll=Side.BLACK, turn=Side.BLACK, dice=Roll(3, 1))
    cube = gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0, 0)
    cube["jacoby"] = 0
    expected = gnubg.gnubgid(
        (position.opponent[1:], position.player[1:]), cube, gnubg.posinfo(1, 0, 0, 1, (3, 1))
    )
    assert format_gnubg_id(position, state) == expected


# -- XGID ----------------------------------------------------------------------------------------

START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"


def test_xgid_starting_position() -> None:
    xgid = parse_xgid(START_XGID)
    assert xgid.position == Position.initial(Side.BLACK)
    assert xgid.turn is Side.BLACK
    assert xgid.dice == Roll(5, 2)
    assert xgid.cube_value == 1
    assert xgid.cube_owner is None
    assert xgid.score == (0, 0)
    assert xgid.match_length == 0
    assert xgid.max_cube == 1024
    assert xgid.format() == START_XGID
    assert str(xgid) == START_XGID


def test_xgid_top_player_on_roll_is_white_and_board_stays_absolute() -> None:
    # The top player (lower-case) has a checker on the bar and is on roll.
    text = "XGID=a-----E-C---eE---c-e----B-:1:-1:-1:31:2:3:1:7:10"
    xgid = parse_xgid(text)
    assert xgid.turn is Side.WHITE
    assert xgid.position.player[BAR] == 1
    assert xgid.position.opponent[6] == 5
    assert xgid.cube_value == 2
    assert xgid.cube_owner is Side.WHITE
    assert xgid.score == (3, 2)  # (WHITE = top = score 2, BLACK = bottom = score 1)
    assert xgid.crawford is True
    assert xgid.match_length == 7
    assert xgid.format() == text


def test_xgid_money_rules_field() -> None:
    xgid = parse_xgid("-b----E-C---eE---c-e----B-:2:1:1:D:0:0:3:0:8")
    assert xgid.offer is CubeOffer.DOUBLE
    assert xgid.dice is None
    assert xgid.jacoby and xgid.beavers
    assert xgid.cube_owner is Side.BLACK
    assert xgid.max_cube == 256
    assert xgid.format() == "XGID=-b----E-C---eE---c-e----B-:2:1:1:D:0:0:3:0:8"


def test_xgid_match_state_reads_like_gnubg_set_xgid() -> None:
    # Bottom player (BLACK) doubles to 2 at 2-0 in a 5-point match: WHITE must answer.
    state = parse_xgid("XGID=-b----E-C---eE---c-e----B-:1:0:1:D:2:0:0:5:10").match_state()
    assert state.player_on_roll is Side.BLACK
    assert state.turn is Side.WHITE
    assert state.double_offered
    assert state.cube_value == 2
    assert state.cube_owner is None
    assert state.score == (0, 2)
    assert state.match_length == 5
    assert state.dice is None
    assert state.id() == "cRGgAAAAEAAE"
    rolled = parse_xgid("XGID=-b----E-C---eE---c-e----B-:2:-1:-1:63:1:4:1:5:10").match_state()
    assert (rolled.turn, rolled.dice, rolled.cube_owner) == (Side.WHITE, Roll(6, 3), Side.WHITE)
    assert rolled.crawford
    assert rolled.score == (4, 1)
    with pytest.raises(ValueError, match="no beaver state"):
        parse_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:1:B:0:0:2:0:10").match_state()


def test_ids_may_carry_surrounding_spaces() -> None:
    assert decode_position_id(" 4HPwATDgc/ABMA\n") == Position.initial()
    assert decode_match_id(" MAEAAAAAAAAE ") == MatchState()


def test_xgid_lower_case_prefix_and_dice_order() -> None:
    xgid = parse_xgid("xgid=-b----E-C---eE---c-e----B-:0:0:1:25:0:0:0:0:10")
    assert xgid.dice == Roll(5, 2)
    assert Xgid.parse(xgid.format()) == xgid


@given(positions(), st.none() | rolls, st.sampled_from([0, 5]), st.booleans())
def test_xgid_round_trip(position: Position, roll: Roll | None, length: int, flag: bool) -> None:
    xgid = Xgid(
        position=position,
        cube_value=4,
        cube_owner=position.turn.other,
        dice=roll,
        score=(1, 2) if length else (0, 0),
        crawford=flag and bool(length),
        jacoby=flag and not length,
        match_length=length,
    )
    assert parse_xgid(xgid.format()) == xgid


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0", "has 9 fields"),
        ("XGID=-b----E-C---eE---c-e----B:0:0:1:52:0:0:0:0:10", "26 letters, not 25"),
        ("XGID=-b----E-C---eE---c-e----B?:0:0:1:52:0:0:0:0:10", "letter 26 '\\?'"),
        ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "top player's bar"),
        ("XGID=-b----E-C---eE---c-e----Ba:0:0:1:52:0:0:0:0:10", "bottom player's bar"),
        ("XGID=-b----P-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "bottom player has 26 checkers"),
        ("XGID=-b----E-C---eE---c-e----B-:x:0:1:52:0:0:0:0:10", "cube value 'x'"),
        ("XGID=-b----E-C---eE---c-e----B-:0:2:1:52:0:0:0:0:10", "cube owner 2"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:0:52:0:0:0:0:10", "not 0"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:0:0:10", "dice '72'"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:2:5:10", "Crawford/Jacoby 2"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:-1:0:0:0:10", "score 1 -1"),
        ("XGID=Eb----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "top player's bar"),
    ],
)
def test_malformed_xgids(text: str, message: str) -> None:
    with pytest.raises(InvalidIdError, match=message):
        parse_xgid(text)


def test_xgid_with_too_many_top_checkers_is_refused() -> None:
    with pytest.raises(InvalidIdError, match="the top player has 29 checkers"):
        parse_xgid("XGID=-p----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
