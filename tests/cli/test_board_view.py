"""The terminal board: checkers where the numbering says, counts, bar, trays, cube, pips, score."""

from __future__ import annotations

import io

from rich.console import Console

from nard.cli.board_view import render_board, status_line
from nard.core.board import BAR, Position, Side
from nard.core.rules import IRANIAN
from nard.match import Cube, Double, Game, Phase
from nard.match.actions import OpeningRoll
from nard.match.options import GameOptions


def draw(game: Game, pov: Side, lang: str = "en", names: tuple[str, str] = ("Ann", "Bob")) -> str:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    console.print(render_board(game, pov=pov, names=names, lang=lang))  # type: ignore[arg-type]
    return out.getvalue()


def cell(text: str, point: int, row: int) -> str:
    """The 3-wide cell of ``point`` (as labelled), ``row`` stacks from the board's edge."""
    lines = text.splitlines()
    top = point >= 13
    order = [*range(13, 25)] if top else [*range(12, 0, -1)]
    slot = order.index(point)
    start = 2 + 3 * slot if slot < 6 else 27 + 3 * (slot - 6)
    labels = lines[1] if top else lines[15]
    assert labels[start : start + 3].strip() == str(point)
    line = lines[3 + row] if top else lines[13 - row]
    return line[start : start + 3]


def test_r2_starting_checkers_on_their_points_from_whites_side() -> None:
    text = draw(Game.from_position(Position.initial()), Side.WHITE)
    assert "O" in cell(text, 24, 0) and "O" in cell(text, 24, 1)
    assert cell(text, 24, 2).strip() == ""
    assert "O" in cell(text, 6, 4) and "X" in cell(text, 19, 4)
    assert "X" in cell(text, 1, 0) and "X" in cell(text, 12, 4)
    assert "points numbered from White's side" in text


def test_numbering_from_blacks_side_flips_the_board() -> None:
    text = draw(Game.from_position(Position.initial()), Side.BLACK)
    assert "X" in cell(text, 24, 0) and "O" in cell(text, 1, 0)
    assert "points numbered from Black's side" in text


def test_more_than_five_checkers_show_their_count() -> None:
    position = Position.from_points({6: 9, 5: 6}, {24: 15})
    text = draw(Game.from_position(position), Side.WHITE)
    assert cell(text, 6, 4).strip() == "9"
    assert cell(text, 5, 4).strip() == "6"
    assert "O" in cell(text, 6, 3)


def test_pips_bar_trays_cube_and_score() -> None:
    position = Position.from_points({BAR: 2, 6: 3}, {6: 5, 1: 1}, turn=Side.WHITE)
    game = Game.from_position(position, cube=Cube(4, Side.BLACK), match_length=7, score=(2, 1))
    text = draw(game, Side.WHITE)
    white_pips, black_pips = position.pip_counts()
    assert f"pips {white_pips}" in text and f"pips {black_pips}" in text
    assert "bar 2" in text  # White's checkers on the bar
    # ... drawn in the bar column where they enter, the top right seen from White.
    bar = [line.split("|")[2].strip() for line in text.splitlines()[3:14]]
    assert bar == ["O", "O", "", "", "", "BAR", "", "", "", "", ""]
    assert "off 10" in text and "off 9" in text
    assert "cube 4, Black's" in text
    assert "7-point match" in text and "Score: White 2, Black 1" in text
    assert "Ann (White) to roll" in text


def test_dice_and_doubling_status() -> None:
    game, _ = Game.new(match_length=3).apply(OpeningRoll(white=6, black=2))
    text = draw(game, Side.WHITE)
    assert "6-2" in text and "cube 1, centred" in text
    assert "Ann (White) to play 6-2" in text
    game = Game.from_position(Position.initial(turn=Side.BLACK), match_length=3)
    game, _ = game.apply(Double(Side.BLACK))
    assert game.phase is Phase.CUBE_OFFERED
    assert status_line(game, ("Ann", "Bob"), "en") == "Ann (White): take or drop the cube at 2?"


def test_persian_board_uses_persian_words_and_digits() -> None:
    text = draw(Game.from_position(Position.initial(), match_length=5), Side.WHITE, "fa")
    assert "پیپ ۱۶۷" in text and "داو ۱" in text and "بار" in text
    assert "مسابقهٔ ۵ امتیازی" in text
    # Point numbers stay ASCII so that columns line up.
    assert "13 14 15 16 17 18" in text


def test_persian_board_names_the_rules_in_force_in_persian() -> None:
    game = Game.from_position(
        Position.initial(),
        rules=IRANIAN.with_(no_backgammon=True),
        options=GameOptions(lower_starts=True),
    )
    persian = " ".join(draw(game, Side.WHITE, "fa").split())
    assert (
        "قوانین: V۱ فرار ممنوع (خانهٔ داخلی)، V۲ زدن و بستن ممنوع، V۴ بدون کوکس، بدون داو،"
        " عدد کوچک‌تر شروع می‌کند (قانون R۴)"
    ) in persian
    english = " ".join(draw(game, Side.WHITE).split())
    assert "rules: V1 (home), V2, V4, no cube, lower number starts (R4)" in english
