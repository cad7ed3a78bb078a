"""Conversions between nard positions and bgsage boards, and legal-play agreement."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nard.ai.convert import board_key, from_board, to_board
from nard.core.board import BAR, OFF, Position, Side
from nard.core.dice import Roll
from nard.core.plays import LegalPlays
from nard.core.rules import STANDARD
from tests.ai.games import random_positions

bgsage = pytest.importorskip("bgsage")

POSITIONS = random_positions(seed=7, count=3000)


@st.composite
def arbitrary_positions(draw: st.DrawFn) -> Position:
    """Any legal arrangement (R1), reachable in a game or not: bars, home boards, trays."""
    slots = st.integers(0, 25) | st.integers(0, 6)  # extra weight on home and off
    player = [0] * 26
    for slot in draw(st.lists(slots, min_size=15, max_size=15)):
        player[slot] += 1
    opponent = [0] * 26
    for slot in draw(st.lists(slots, min_size=15, max_size=15)):
        blocked = 1 <= slot <= 24 and player[25 - slot]
        opponent[OFF if blocked else slot] += 1
    return Position(tuple(player), tuple(opponent), draw(st.sampled_from(Side)))


def test_initial_position_is_bgsage_starting_board() -> None:
    assert to_board(Position.initial()) == list(bgsage.STARTING_BOARD)


@pytest.mark.parametrize("turn", list(Side))
def test_round_trip_keeps_position_and_side_on_roll(turn: Side) -> None:
    for position, _ in POSITIONS[:1000]:
        position = position if position.turn is turn else position.swap()
        assert from_board(to_board(position), turn=turn) == position


def test_board_round_trip_from_bgsage_side() -> None:
    for position, _ in POSITIONS[:500]:
        board = to_board(position)
        assert to_board(from_board(board, turn=Side.BLACK)) == board


def test_swap_is_bgsage_flip() -> None:
    for position, _ in POSITIONS[:1000]:
        assert to_board(position.swap()) == bgsage.flip_board(to_board(position))


def test_bar_and_borne_off_counts() -> None:
    position = Position.from_points({BAR: 2, 3: 1}, {BAR: 1, 20: 3})
    board = to_board(position)
    assert board[25] == 2  # side on roll's bar
    assert board[0] == 1  # opposing bar, a positive count
    assert board[3] == 1
    assert board[5] == -3  # opponent's 20-point is the mover's 5-point
    back = from_board(board, turn=Side.WHITE)
    assert back.player[OFF] == 12 and back.opponent[OFF] == 11
    assert back.player[BAR] == 2 and back.opponent[BAR] == 1


def test_pip_counts_agree_with_bgsage() -> None:
    import bgbot_cpp

    for position, _ in POSITIONS[:1000]:
        assert tuple(bgbot_cpp.pip_counts(to_board(position))) == position.pip_counts()


@pytest.mark.parametrize(
    ("loser", "value"),
    [({1: 15}, 2), ({24: 1, 1: 14}, 3), ({BAR: 1, 1: 14}, 3), ({1: 14}, 1)],
)
def test_r15_game_over_agrees_with_bgsage(loser: dict[int, int], value: int) -> None:
    finished = Position.from_points({}, loser)
    # bgsage reports the result for the side whose perspective the board has.
    assert bgsage.check_game_over(to_board(finished)) == value
    assert bgsage.check_game_over(to_board(finished.swap())) == -value


@pytest.mark.parametrize(
    "board",
    [[0] * 25, [0] * 26 + [0], [0] * 25 + [-1], [16] + [0] * 25, [0] * 24 + [16, 0]],
)
def test_from_board_refuses_non_boards(board: list[int]) -> None:
    with pytest.raises(ValueError):
        from_board(board, turn=Side.WHITE)


def test_legal_plays_agree_with_bgsage_on_random_positions() -> None:
    """R5-R14: every resulting position nard allows, bgsage allows, and no other.

    When no die can be played (R10) nard lists no play while bgsage lists the
    unchanged board as the one "move"; both mean the turn passes.
    """
    disagreements = []
    passes = 0
    for position, roll in POSITIONS:
        board = to_board(position)
        ours = {
            board_key(to_board(after)) for _, after in LegalPlays(position, roll, STANDARD).items()
        }
        if not ours:
            passes += 1
            ours = {board_key(board)}
        theirs = {board_key(b) for b in bgsage.possible_moves(board, roll.high, roll.low)}
        if ours != theirs:
            disagreements.append((position, roll, ours - theirs, theirs - ours))
    assert not disagreements, disagreements[:3]
    assert passes > 0  # the sample does exercise R10


@settings(max_examples=400, deadline=None)
@given(arbitrary_positions(), st.integers(1, 6), st.integers(1, 6))
def test_legal_plays_agree_with_bgsage_on_arbitrary_positions(
    position: Position, first: int, second: int
) -> None:
    """The same agreement on positions no game may reach (both sides on the bar, ...)."""
    assert from_board(to_board(position), turn=position.turn) == position
    if position.is_game_over():
        return
    roll = Roll(first, second)
    board = to_board(position)
    ours = {board_key(to_board(after)) for _, after in LegalPlays(position, roll).items()}
    theirs = {board_key(b) for b in bgsage.possible_moves(board, roll.high, roll.low)}
    assert (ours or {board_key(board)}) == theirs
