"""The text board: layout, stacks, bar, side on roll; read back, it gives the position."""

from __future__ import annotations

from hypothesis import given

from nard.core.board import BAR, OFF, Position, Side
from nard.core.diagram import SYMBOLS, draw
from tests.core.conftest import game_positions
from tests.core.test_ids import positions

TOP = [*range(13, 19), BAR, *range(19, 25)]
"""Columns of the top half, left to right (BAR: the bar column)."""
BOTTOM = [*range(12, 6, -1), BAR, *range(6, 0, -1)]


def column(line: str, index: int) -> str:
    """The 3-character cell of column ``index`` (0..12, the bar is 6) in a board row."""
    start = 2 + 3 * index + (index > 5) + (index > 6)
    return line[start : start + 3]


def read_back(text: str) -> Position:
    """Rebuild the position from the diagram alone (an independent reader)."""
    lines = text.splitlines()
    me_symbol = lines[7].split()[-3]
    them_symbol = SYMBOLS[Side.WHITE] if me_symbol == SYMBOLS[Side.BLACK] else SYMBOLS[Side.BLACK]
    turn = Side.WHITE if me_symbol == SYMBOLS[Side.WHITE] else Side.BLACK
    player: dict[int, int] = {}
    opponent: dict[int, int] = {}

    def stack(rows: list[str], index: int) -> tuple[str, int]:
        cells = [column(row, index).strip() for row in rows]
        symbols = [cell for cell in cells[:4] if cell]
        if cells[4].isdigit():
            return cells[0], int(cells[4])
        return (cells[0], len(symbols) + (cells[4] != "")) if symbols else ("", 0)

    halves = ((lines[2:7], TOP), (list(reversed(lines[8:13])), BOTTOM))
    for rows, points in halves:
        for index, point in enumerate(points):
            symbol, count = stack(rows, index)
            if not count:
                continue
            if point == BAR:
                (opponent if rows is halves[0][0] else player)[BAR] = count
            elif symbol == me_symbol:
                player[point] = count
            else:
                assert symbol == them_symbol
                opponent[25 - point] = count
    return Position.from_points(player, opponent, turn=turn)


def test_str_of_a_position_is_its_diagram() -> None:
    position = Position.initial()
    assert str(position) == draw(position)
    lines = draw(position).splitlines()
    assert len(lines) == 14
    assert lines[0] == " Position ID: 4HPwATDgc/ABMA"
    assert lines[1].startswith(" +13-14-15-16-17-18------19-20-21-22-23-24-+")
    assert lines[13].startswith(" +12-11-10--9--8--7-------6--5--4--3--2--1-+")


def test_side_on_roll_is_at_the_bottom_with_its_letter() -> None:
    white = draw(Position.initial(Side.WHITE)).splitlines()
    black = draw(Position.initial(Side.BLACK)).splitlines()
    assert white[7].endswith("O on roll")
    assert white[13].endswith("O: WHITE")
    assert black[7].endswith("X on roll")
    assert black[1].endswith("O: WHITE")
    # The side on roll's 6-point (five checkers) is bottom right of the bar.
    assert column(white[12], 7).strip() == "O"
    assert column(black[12], 7).strip() == "X"


def test_tall_stacks_show_their_count_next_to_the_bar() -> None:
    position = Position.from_points({6: 10, 5: 5}, {1: 6})
    lines = draw(position).splitlines()
    assert column(lines[8], 7).strip() == "10"  # 6-point, fifth row (next to the bar)
    assert column(lines[8], 8).strip() == "O"  # exactly five: the letter
    assert column(lines[6], 12).strip() == "6"  # the opponent's 6 on the mover's 24
    assert [column(lines[row], 7).strip() for row in range(9, 13)] == ["O"] * 4


def test_bar_checkers_opponent_on_top() -> None:
    position = Position.from_points({BAR: 2, 6: 3}, {BAR: 1, 24: 1})
    lines = draw(position).splitlines()
    assert column(lines[2], 6).strip() == "X"
    assert column(lines[3], 6).strip() == ""
    assert [column(lines[row], 6).strip() for row in (12, 11, 10)] == ["O", "O", ""]


def test_pips_and_borne_off_beside_the_board() -> None:
    position = Position.from_points({6: 2}, {3: 1})
    lines = draw(position).splitlines()
    assert lines[2].endswith("pips 3, off 14")
    assert lines[12].endswith("pips 12, off 13")


def test_no_trailing_spaces() -> None:
    assert all(line == line.rstrip() for line in draw(Position.initial()).splitlines())


@given(game_positions())
def test_diagram_reads_back_to_the_position_in_games(position: Position) -> None:
    assert read_back(draw(position)) == position


@given(positions())
def test_diagram_reads_back_to_any_position(position: Position) -> None:
    text = draw(position)
    assert read_back(text) == position
    assert position.id() in text
    assert f"off {position.player[OFF]}" in text.splitlines()[12]
