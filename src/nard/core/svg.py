"""Draw a board as SVG, in the spirit of python-chess's ``chess.svg``.

:func:`board` renders any :class:`Position` with, optionally, the dice, the
cube, the pip counts, arrows for a play, and point numbers from either side.
The board can be drawn for either side at the bottom (``orientation``) and
in either direction (``clockwise``), since which way the checkers run is a
display choice only (R2). Standard library only: the SVG is built as text.

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> svg = board(Position.initial(), roll=Roll(3, 1))
>>> svg.startswith("<svg") and svg.count('class="checker') == 30
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final
from xml.sax.saxutils import escape

from nard.core.board import BAR, CHECKERS_PER_SIDE, OFF, Point, Position, Side
from nard.core.dice import Roll
from nard.core.plays import Play, apply_step

# Geometry, in SVG user units; the whole drawing is scaled to ``size`` pixels wide.
POINT_WIDTH: Final = 40
CHECKER_RADIUS: Final = 18
STACK_SHOWN: Final = 5
"""Checkers drawn per point; a count is written on the last when there are more."""
HALF_HEIGHT: Final = STACK_SHOWN * 2 * CHECKER_RADIUS + 10
MIDDLE_GAP: Final = 50
BAR_WIDTH: Final = 50
TRAY_WIDTH: Final = 60
CUBE_COLUMN: Final = 56
MARGIN: Final = 26
"""Room above and below the board for the point numbers."""
BOARD_WIDTH: Final = 12 * POINT_WIDTH + BAR_WIDTH
BOARD_HEIGHT: Final = 2 * HALF_HEIGHT + MIDDLE_GAP
WIDTH: Final = CUBE_COLUMN + BOARD_WIDTH + TRAY_WIDTH
HEIGHT: Final = BOARD_HEIGHT + 2 * MARGIN

DEFAULT_COLORS: Final[dict[str, str]] = {
    "frame": "#5b3a1e",
    "board": "#e9d8b4",
    "point dark": "#8b4513",
    "point light": "#d2a56d",
    "bar": "#6f4722",
    "tray": "#6f4722",
    "checker white": "#fbfaf4",
    "checker black": "#2b2b2b",
    "checker edge": "#555555",
    "die": "#ffffff",
    "pip": "#111111",
    "cube": "#fff7e0",
    "text": "#222222",
    "arrow": "#1565c0",
}


class SvgWrapper(str):
    """An SVG string that notebooks display as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return self


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where things go for one orientation and direction."""

    bottom: Side
    clockwise: bool

    def column(self, point: Point) -> int:
        """Column 0..11 from the left of the bottom player's point 1..24."""
        column = 12 - point if point <= 12 else point - 13
        # Counter-clockwise: the bottom player's home board is bottom right.
        return 11 - column if self.clockwise else column

    def x(self, point: Point) -> float:
        """Centre x of a bottom-player point."""
        column = self.column(point)
        left = CUBE_COLUMN + column * POINT_WIDTH + (BAR_WIDTH if column >= 6 else 0)
        return left + POINT_WIDTH / 2

    @staticmethod
    def is_bottom_row(point: Point) -> bool:
        return point <= 12

    def checker_y(self, point: Point, slot: int) -> float:
        """Centre y of the ``slot``-th checker (0 at the edge) on a bottom-player point."""
        slot = min(slot, STACK_SHOWN - 1)
        offset = CHECKER_RADIUS + slot * 2 * CHECKER_RADIUS
        if self.is_bottom_row(point):
            return MARGIN + BOARD_HEIGHT - offset
        return MARGIN + offset

    @property
    def bar_x(self) -> float:
        return CUBE_COLUMN + 6 * POINT_WIDTH + BAR_WIDTH / 2

    @property
    def tray_x(self) -> float:
        """Centre x of the off tray, beside the bottom player's home board."""
        if self.clockwise:
            return CUBE_COLUMN / 2  # the cube column doubles as the tray on the left
        return CUBE_COLUMN + BOARD_WIDTH + TRAY_WIDTH / 2

    @property
    def cube_x(self) -> float:
        if self.clockwise:
            return CUBE_COLUMN + BOARD_WIDTH + TRAY_WIDTH / 2
        return CUBE_COLUMN / 2


def board(
    position: Position,
    *,
    roll: Roll | None = None,
    play: Play | None = None,
    cube_value: int | None = None,
    cube_owner: Side | None = None,
    orientation: Side | None = None,
    numbers: Side | None = None,
    clockwise: bool = False,
    pip_counts: bool = True,
    size: int | None = 600,
    colors: dict[str, str] | None = None,
) -> SvgWrapper:
    """The board of ``position`` as an SVG document.

    ``roll`` draws the dice on the side on roll's half; ``play`` draws an
    arrow for each of its steps (a play of the side on roll); ``cube_value``
    draws the cube, in the middle when ``cube_owner`` is None, else by its
    owner (a centred cube shows 64, as on a real cube). ``orientation`` is
    the side at the bottom (default: the side on roll); ``numbers`` the side
    whose numbering labels the points (default: the side at the bottom).
    ``clockwise`` puts the bottom side's home board on the left, so its
    checkers run clockwise. ``size`` is the width in pixels (None: unscaled).
    """
    bottom = position.turn if orientation is None else orientation
    layout = _Layout(bottom, clockwise)
    palette = {**DEFAULT_COLORS, **(colors or {})}
    parts = [_header(position, size), *_frame(layout, palette)]
    parts.extend(_point_numbers(layout, bottom if numbers is None else numbers, palette))
    parts.extend(_checkers(position, layout, palette))
    if pip_counts:
        parts.extend(_pip_counts(position, layout, palette))
    if cube_value is not None:
        parts.extend(_cube(cube_value, cube_owner, layout, palette))
    if roll is not None:
        parts.extend(_dice(roll, position.turn is bottom, layout, palette))
    if play is not None:
        parts.extend(_arrows(position, play, layout, palette))
    parts.append("</svg>")
    return SvgWrapper("\n".join(parts))


# -- pieces ------------------------------------------------------------------------------


def _header(position: Position, size: int | None) -> str:
    scale = "" if size is None else f' width="{size}" height="{round(size * HEIGHT / WIDTH)}"'
    title = escape(f"{position.turn.name.lower()} on roll")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f"{scale}>\n<title>{title}</title>\n"
        "<defs><marker "
        'id="arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/>'
        "</marker></defs>"
    )


def _frame(layout: _Layout, palette: dict[str, str]) -> Iterator[str]:
    top, bottom_edge = MARGIN, MARGIN + BOARD_HEIGHT
    yield (
        f'<rect class="frame" x="0" y="{top - 6}" width="{WIDTH}" height="{BOARD_HEIGHT + 12}" '
        f'fill="{palette["frame"]}"/>'
    )
    yield (
        f'<rect class="board" x="{CUBE_COLUMN}" y="{top}" width="{BOARD_WIDTH}" '
        f'height="{BOARD_HEIGHT}" fill="{palette["board"]}"/>'
    )
    for point in range(1, 25):
        x = layout.x(point)
        half = POINT_WIDTH / 2
        if layout.is_bottom_row(point):
            tip = bottom_edge - HALF_HEIGHT
            shape = f"{x - half},{bottom_edge} {x + half},{bottom_edge} {x},{tip}"
        else:
            tip = top + HALF_HEIGHT
            shape = f"{x - half},{top} {x + half},{top} {x},{tip}"
        fill = palette["point dark"] if point % 2 else palette["point light"]
        yield f'<polygon class="point" data-point="{point}" points="{shape}" fill="{fill}"/>'
    yield (
        f'<rect class="bar" x="{layout.bar_x - BAR_WIDTH / 2}" y="{top}" width="{BAR_WIDTH}" '
        f'height="{BOARD_HEIGHT}" fill="{palette["bar"]}"/>'
    )
    yield (
        f'<rect class="tray" x="{layout.tray_x - TRAY_WIDTH / 2 + 4}" y="{top}" '
        f'width="{TRAY_WIDTH - 8}" height="{BOARD_HEIGHT}" fill="{palette["tray"]}"/>'
    )


def _point_numbers(layout: _Layout, numbers: Side, palette: dict[str, str]) -> Iterator[str]:
    for point in range(1, 25):
        label = point if numbers is layout.bottom else 25 - point
        y = MARGIN + BOARD_HEIGHT + 18 if layout.is_bottom_row(point) else MARGIN - 10
        yield (
            f'<text class="point-number" x="{layout.x(point)}" y="{y}" font-size="14" '
            f'text-anchor="middle" fill="{palette["text"]}">{label}</text>'
        )


def _sides(position: Position, layout: _Layout) -> Iterator[tuple[Side, tuple[int, ...], bool]]:
    """Each side with its checkers and whether it sits at the bottom."""
    yield position.turn, position.player, position.turn is layout.bottom
    yield position.turn.other, position.opponent, position.turn.other is layout.bottom


def _to_bottom(point: Point, at_bottom: bool) -> Point:
    """A side's own point number in the bottom player's numbering."""
    return point if at_bottom else 25 - point


def _checker(x: float, y: float, side: Side, palette: dict[str, str], extra: str = "") -> str:
    color = palette[f"checker {side.name.lower()}"]
    return (
        f'<circle class="checker {side.name.lower()}"{extra} cx="{x}" cy="{y}" '
        f'r="{CHECKER_RADIUS}" fill="{color}" stroke="{palette["checker edge"]}" '
        'stroke-width="1.5"/>'
    )


def _count_label(x: float, y: float, count: int, side: Side, palette: dict[str, str]) -> str:
    ink = palette["checker black"] if side is Side.WHITE else palette["checker white"]
    return (
        f'<text class="checker-count" x="{x}" y="{y + 5}" font-size="15" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}">{count}</text>'
    )


def _checkers(position: Position, layout: _Layout, palette: dict[str, str]) -> Iterator[str]:
    for side, checkers, at_bottom in _sides(position, layout):
        for own_point in range(1, 25):
            count = checkers[own_point]
            point = _to_bottom(own_point, at_bottom)
            x = layout.x(point)
            for slot in range(min(count, STACK_SHOWN)):
                extra = f' data-point="{point}"'
                yield _checker(x, layout.checker_y(point, slot), side, palette, extra)
            if count > STACK_SHOWN:
                yield _count_label(
                    x, layout.checker_y(point, STACK_SHOWN - 1), count, side, palette
                )
        # The bar: the bottom side's checkers wait on the upper half, where they enter.
        on_bar = checkers[BAR]
        for slot in range(min(on_bar, 3)):
            step = 2 * CHECKER_RADIUS * (slot + 1)
            y = MARGIN + BOARD_HEIGHT / 2 + (-step if at_bottom else step)
            yield _checker(layout.bar_x, y, side, palette, ' data-point="bar"')
        if on_bar > 3:
            y = MARGIN + BOARD_HEIGHT / 2 + (-6 if at_bottom else 6) * CHECKER_RADIUS
            yield _count_label(layout.bar_x, y, on_bar, side, palette)
        yield from _borne_off(checkers[OFF], side, at_bottom, layout, palette)


def _borne_off(
    count: int, side: Side, at_bottom: bool, layout: _Layout, palette: dict[str, str]
) -> Iterator[str]:
    thickness = (HALF_HEIGHT - 10) / CHECKERS_PER_SIDE
    color = palette[f"checker {side.name.lower()}"]
    for i in range(count):
        y = MARGIN + BOARD_HEIGHT - (i + 1) * thickness if at_bottom else MARGIN + i * thickness
        yield (
            f'<rect class="off {side.name.lower()}" x="{layout.tray_x - 20}" y="{y:.1f}" '
            f'width="40" height="{thickness - 1:.1f}" fill="{color}" '
            f'stroke="{palette["checker edge"]}" stroke-width="0.5"/>'
        )


def _pip_counts(position: Position, layout: _Layout, palette: dict[str, str]) -> Iterator[str]:
    mine, theirs = position.pip_counts()
    for side, pips, at_bottom in (
        (position.turn, mine, position.turn is layout.bottom),
        (position.turn.other, theirs, position.turn.other is layout.bottom),
    ):
        y = MARGIN + BOARD_HEIGHT + 18 if at_bottom else MARGIN - 10
        yield (
            f'<text class="pip-count {side.name.lower()}" x="{layout.tray_x}" y="{y}" '
            f'font-size="13" text-anchor="middle" fill="{palette["text"]}">{pips}</text>'
        )


def _cube(
    value: int, owner: Side | None, layout: _Layout, palette: dict[str, str]
) -> Iterator[str]:
    side = 44
    if owner is None:
        y = MARGIN + BOARD_HEIGHT / 2
    elif owner is layout.bottom:
        y = MARGIN + BOARD_HEIGHT - side / 2 - 6
    else:
        y = MARGIN + side / 2 + 6
    shown = 64 if owner is None and value == 1 else value
    owner_name = "centre" if owner is None else owner.name.lower()
    x = layout.cube_x
    yield (
        f'<g class="cube" data-value="{value}" data-owner="{owner_name}">'
        f'<rect x="{x - side / 2}" y="{y - side / 2}" width="{side}" height="{side}" rx="6" '
        f'fill="{palette["cube"]}" stroke="{palette["text"]}" stroke-width="2"/>'
        f'<text x="{x}" y="{y + 8}" font-size="22" font-weight="bold" text-anchor="middle" '
        f'fill="{palette["text"]}">{shown}</text></g>'
    )


_PIPS: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _dice(
    roll: Roll, roller_at_bottom: bool, layout: _Layout, palette: dict[str, str]
) -> Iterator[str]:
    """The two dice in the middle strip: over the bottom side's home half when it rolls,
    over the other half otherwise."""
    side = 40
    # Between points 3 and 4 (home half) or 9 and 10 (outer half), bottom numbering.
    near = (3, 4) if roller_at_bottom else (9, 10)
    half_centre = (layout.x(near[0]) + layout.x(near[1])) / 2
    y = MARGIN + BOARD_HEIGHT / 2
    for i, value in enumerate((roll.high, roll.low)):
        x = half_centre + (i - 0.5) * (side + 12)
        pips = "".join(
            f'<circle cx="{x + dx * 11}" cy="{y + dy * 11}" r="4" fill="{palette["pip"]}"/>'
            for dx, dy in _PIPS[value]
        )
        yield (
            f'<g class="die" data-value="{value}"><rect x="{x - side / 2}" y="{y - side / 2}" '
            f'width="{side}" height="{side}" rx="7" fill="{palette["die"]}" '
            f'stroke="{palette["text"]}" stroke-width="1.5"/>{pips}</g>'
        )


def _arrows(
    position: Position, play: Play, layout: _Layout, palette: dict[str, str]
) -> Iterator[str]:
    at_bottom = position.turn is layout.bottom
    current = position
    for step in play.steps:
        start = _spot(current.player, step.from_point, at_bottom, layout, leaving=True)
        end = _spot(current.player, step.to_point, at_bottom, layout, leaving=False)
        yield (
            f'<line class="arrow" data-from="{step.from_point}" data-to="{step.to_point}" '
            f'x1="{start[0]:.1f}" y1="{start[1]:.1f}" x2="{end[0]:.1f}" y2="{end[1]:.1f}" '
            f'stroke="{palette["arrow"]}" stroke-width="5" stroke-opacity="0.8" '
            'marker-end="url(#arrowhead)"/>'
        )
        current = apply_step(current, step)


def _spot(
    checkers: tuple[int, ...], own_point: Point, at_bottom: bool, layout: _Layout, *, leaving: bool
) -> tuple[float, float]:
    """Where an arrow starts (the top checker) or ends (the next free slot)."""
    if own_point == BAR:
        return layout.bar_x, MARGIN + BOARD_HEIGHT / 2
    if own_point == OFF:
        y = MARGIN + BOARD_HEIGHT - HALF_HEIGHT / 2 if at_bottom else MARGIN + HALF_HEIGHT / 2
        return layout.tray_x, y
    point = _to_bottom(own_point, at_bottom)
    slot = checkers[own_point] - 1 if leaving else checkers[own_point]
    return layout.x(point), layout.checker_y(point, max(slot, 0))
