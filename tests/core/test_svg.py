"""nard.core.svg: the SVG board, read back with xml.etree."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from nard.core import svg
from nard.core.board import BAR, Position, Side
from nard.core.dice import Roll
from nard.core.plays import Play, Step

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    """Elements whose class list contains ``name``."""
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_document_is_svg_with_a_viewbox_and_size() -> None:
    root = parse(svg.board(Position.initial(), size=300))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == f"0 0 {svg.WIDTH} {svg.HEIGHT}"
    assert root.get("width") == "300"
    assert "width" not in parse(svg.board(Position.initial(), size=None)).attrib
    assert len(with_class(root, "point")) == 24


def test_initial_position_checkers_per_side_and_point() -> None:
    root = parse(svg.board(Position.initial()))
    for side in ("white", "black"):
        assert len(with_class(root, side)) >= 15
        checkers = [e for e in with_class(root, "checker") if side in e.get("class", "")]
        assert len(checkers) == 15
    # Seen from WHITE (bottom): its 5 checkers on its 6-point, BLACK's 5 on WHITE's 19-point.
    on_six = [e for e in with_class(root, "checker") if e.get("data-point") == "6"]
    assert len(on_six) == 5 and all("white" in e.get("class", "") for e in on_six)
    on_nineteen = [e for e in with_class(root, "checker") if e.get("data-point") == "19"]
    assert len(on_nineteen) == 5 and all("black" in e.get("class", "") for e in on_nineteen)


def test_tall_stacks_show_five_and_a_count() -> None:
    position = Position.from_points({6: 9}, {6: 15})
    root = parse(svg.board(position))
    on_six = [e for e in with_class(root, "checker") if e.get("data-point") == "6"]
    assert len(on_six) == 5
    labels = [e.text for e in with_class(root, "checker-count")]
    assert "9" in labels and "15" in labels


def test_bar_and_borne_off_checkers() -> None:
    position = Position.from_points({BAR: 2, 3: 1}, {BAR: 1, 20: 3}, turn=Side.BLACK)
    root = parse(svg.board(position))
    bar = [e for e in with_class(root, "checker") if e.get("data-point") == "bar"]
    assert sorted("black" in e.get("class", "") for e in bar) == [False, True, True]
    assert len(with_class(root, "off")) == 12 + 11
    assert len([e for e in with_class(root, "off") if "black" in e.get("class", "")]) == 12


def test_dice_and_doubles() -> None:
    root = parse(svg.board(Position.initial(), roll=Roll(6, 6)))
    dice = with_class(root, "die")
    assert [d.get("data-value") for d in dice] == ["6", "6"]
    assert len(list(dice[0].iter("{http://www.w3.org/2000/svg}circle"))) == 6
    assert not with_class(parse(svg.board(Position.initial())), "die")


@pytest.mark.parametrize(
    ("value", "owner", "shown", "owner_name"),
    [(1, None, "64", "centre"), (4, Side.BLACK, "4", "black"), (2, Side.WHITE, "2", "white")],
)
def test_cube(value: int, owner: Side | None, shown: str, owner_name: str) -> None:
    root = parse(svg.board(Position.initial(), cube_value=value, cube_owner=owner))
    [cube] = with_class(root, "cube")
    assert cube.get("data-owner") == owner_name and cube.get("data-value") == str(value)
    assert cube.find("svg:text", NS).text == shown  # type: ignore[union-attr]


def test_cube_sits_by_its_owner() -> None:
    def cube_y(owner: Side) -> float:
        root = parse(svg.board(Position.initial(), cube_value=2, cube_owner=owner))
        rect = with_class(root, "cube")[0].find("svg:rect", NS)
        assert rect is not None
        return float(rect.get("y", "0"))

    assert cube_y(Side.WHITE) > cube_y(Side.BLACK)  # WHITE sits at the bottom


def test_pip_counts() -> None:
    position = Position.from_points({6: 2, 1: 1}, {23: 1})
    root = parse(svg.board(position))
    counts = {e.get("class"): e.text for e in with_class(root, "pip-count")}
    assert counts == {"pip-count white": "13", "pip-count black": "23"}
    assert not with_class(parse(svg.board(position, pip_counts=False)), "pip-count")


def test_arrows_for_each_step_of_a_play() -> None:
    play = Play((Step(8, 5), Step(6, 5)))
    root = parse(svg.board(Position.initial(), play=play))
    arrows = with_class(root, "arrow")
    assert [(a.get("data-from"), a.get("data-to")) for a in arrows] == [("8", "5"), ("6", "5")]
    # Both arrows end on the 5-point, the second one stacked further in.
    assert arrows[0].get("x2") == arrows[1].get("x2")
    assert float(arrows[1].get("y2", "0")) < float(arrows[0].get("y2", "0"))


def test_arrows_from_the_bar_and_to_off() -> None:
    entering = Position.from_points({BAR: 1, 6: 14}, {6: 15})
    root = parse(svg.board(entering, play=Play((Step(BAR, 22), Step(6, 2)))))
    assert [a.get("data-from") for a in with_class(root, "arrow")] == ["25", "6"]
    bearing_off = Position.from_points({2: 1}, {6: 15})
    root = parse(svg.board(bearing_off, play=Play((Step(2, 0),))))
    [arrow] = with_class(root, "arrow")
    assert arrow.get("data-to") == "0"


def _numbers_by_x(root: ET.Element, bottom_row: bool) -> list[str]:
    labels = with_class(root, "point-number")
    ys = sorted({float(e.get("y", "0")) for e in labels})
    y = ys[-1] if bottom_row else ys[0]
    row = [e for e in labels if float(e.get("y", "0")) == y]
    return [e.text or "" for e in sorted(row, key=lambda e: float(e.get("x", "0")))]


def test_point_numbers_from_either_side() -> None:
    position = Position.initial(Side.WHITE)
    own = _numbers_by_x(parse(svg.board(position)), bottom_row=True)
    assert own == [str(n) for n in range(12, 0, -1)]
    theirs = _numbers_by_x(parse(svg.board(position, numbers=Side.BLACK)), bottom_row=True)
    assert theirs == [str(n) for n in range(13, 25)]
    top = _numbers_by_x(parse(svg.board(position)), bottom_row=False)
    assert top == [str(n) for n in range(13, 25)]


def test_both_directions() -> None:
    position = Position.initial()
    clockwise = _numbers_by_x(parse(svg.board(position, clockwise=True)), bottom_row=True)
    assert clockwise == [str(n) for n in range(1, 13)]


def test_orientation_puts_a_side_at_the_bottom() -> None:
    position = Position.initial(Side.WHITE)
    root = parse(svg.board(position, orientation=Side.BLACK))
    # BLACK at the bottom: its 6-point checkers are in the bottom row.
    on_six = [e for e in with_class(root, "checker") if e.get("data-point") == "6"]
    assert all("black" in e.get("class", "") for e in on_six)
    assert min(float(e.get("cy", "0")) for e in on_six) > svg.HEIGHT / 2


def test_custom_colours() -> None:
    root = parse(svg.board(Position.initial(), colors={"checker white": "#ff0000"}))
    whites = [e for e in with_class(root, "checker") if "white" in e.get("class", "")]
    assert {e.get("fill") for e in whites} == {"#ff0000"}


def test_notebook_display_hook() -> None:
    drawing = svg.board(Position.initial())
    assert drawing._repr_svg_() == drawing
