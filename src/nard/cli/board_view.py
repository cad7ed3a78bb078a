"""The board for the terminal, drawn with rich: checkers, bar, off trays, dice,
cube, pip counts, score and whose turn it is.

Points are numbered from one side (``pov``): its home board is bottom right,
it moves from 24 (top right) round to 1 (bottom right) and bears off to the
right; its checkers enter from the bar at the top right. White's checkers
are ``O`` and Black's ``X`` whichever side the board is seen from; a point
with more than five checkers shows its count in the fifth row.

>>> import io
>>> from rich.console import Console
>>> from nard.match.game import Game
>>> from nard.core.board import Position, Side
>>> out = io.StringIO()
>>> console = Console(file=out, width=100, color_system=None)
>>> console.print(render_board(Game.from_position(Position.initial()), pov=Side.WHITE))
>>> print(out.getvalue().splitlines()[1])
  13 14 15 16 17 18        19 20 21 22 23 24
>>> "pips 167" in out.getvalue()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.console import Group
from rich.text import Text

from nard.cli.i18n import Lang, kind_name, listing, notation, number, rules_words, side_name, tr
from nard.core.board import BAR, OFF, Position, Side
from nard.core.messages import roll_text
from nard.core.notation import format_play
from nard.core.plays import Play
from nard.match.game import Game, Phase

MARKS: Final = {Side.WHITE: "O", Side.BLACK: "X"}
STYLES: Final = {Side.WHITE: "bold bright_white", Side.BLACK: "bold red"}
_ROWS: Final = 5
_FRAME: Final = "dim cyan"


def _cell(count: int, row: int, side: Side | None) -> Text:
    """One point's cell (3 wide) in stack row ``row`` (0 at the board's edge)."""
    if side is None or count <= row:
        # A dot on each empty point's edge keeps the columns easy to follow.
        return Text(" · " if row == 0 and count == 0 else "   ", style="dim")
    if row == _ROWS - 1 and count > _ROWS:
        return Text(f"{count:>2} ", style=STYLES[side])
    return Text(f" {MARKS[side]} ", style=STYLES[side])


def _occupant(view: Position, point: int, pov: Side) -> tuple[int, Side | None]:
    """How many checkers stand on ``point`` (pov numbering) and whose they are."""
    if view.player[point]:
        return view.player[point], pov
    theirs = view.opponent[25 - point]
    if theirs:
        return theirs, pov.other
    return 0, None


def _labels(points: Sequence[int], points_right: Sequence[int]) -> Text:
    left = "".join(f"{p:^3}" for p in points)
    right = "".join(f"{p:^3}" for p in points_right)
    return Text(f"  {left}       {right}".rstrip(), style="cyan")


def _half(
    view: Position, pov: Side, left: Sequence[int], right: Sequence[int], *, top: bool
) -> list[Text]:
    """The five stack rows of one half of the board, top or bottom."""
    lines: list[Text] = []
    rows = range(_ROWS) if top else reversed(range(_ROWS))
    # The pov side enters from the bar at the top right, the opponent at the bottom right.
    bar_side = pov if top else pov.other
    bar_count = view.player[BAR] if top else view.opponent[BAR]
    for row in rows:
        line = Text(" |", style=_FRAME)
        for point in left:
            line.append_text(_cell(*_count_row(view, point, pov, row)))
        line.append(" |", style=_FRAME)
        line.append_text(_cell(bar_count, row, bar_side) if bar_count else Text("   "))
        line.append("| ", style=_FRAME)
        for point in right:
            line.append_text(_cell(*_count_row(view, point, pov, row)))
        line.append("|", style=_FRAME)
        lines.append(line)
    return lines


def _count_row(view: Position, point: int, pov: Side, row: int) -> tuple[int, int, Side | None]:
    count, side = _occupant(view, point, pov)
    return count, row, side


def _cube_text(game: Game, lang: Lang) -> str:
    if not game.rules.cube:
        return tr(lang, "no-cube")
    if game.crawford:
        return tr(lang, "crawford-game")
    value = number(lang, game.cube.value)
    if game.cube.owner is None:
        return tr(lang, "cube-centred", value=value)
    return tr(lang, "cube-owned", value=value, owner=side_name(lang, game.cube.owner))


def _side_line(game: Game, side: Side, names: Sequence[str], lang: Lang) -> Text:
    view = game.view(side)
    pips, _ = view.pip_counts()
    line = Text(" ")
    line.append(MARKS[side], style=STYLES[side])
    line.append(f" {side_name(lang, side)}: {names[side]}", style="bold")
    off = number(lang, view.player[OFF])
    line.append(f"   {tr(lang, 'pips')} {number(lang, pips)}   {tr(lang, 'off')} {off}")
    if view.player[BAR]:
        line.append(f"   {tr(lang, 'bar')} {number(lang, view.player[BAR])}", style="yellow")
    if game.to_act is side:
        line.append("  ◀", style="bold green")
    return line


def dice_text(game: Game, lang: Lang) -> str:
    """The dice being played: ``6-4``, in Persian ``۶ و ۴`` or ``جفت ۳``."""
    if game.roll is None:
        return ""
    return roll_words(lang, game.roll.high, game.roll.low)


def roll_words(lang: Lang, high: int, low: int) -> str:
    """A roll as ``lang`` says it (the core's words: doubles are جفت in Persian)."""
    text = roll_text(high, low)
    return text.fa if lang == "fa" else text.en


def status_line(game: Game, names: Sequence[str], lang: Lang) -> str:
    """Who must act now and what they must do."""
    actor = game.to_act
    if actor is None:
        return ""
    name, side = names[actor], side_name(lang, actor)
    if game.phase is Phase.ROLLING:
        return tr(lang, "on-roll", name=name, side=side)
    if game.phase is Phase.PLAYING:
        return tr(lang, "to-play", name=name, side=side, roll=dice_text(game, lang))
    if game.phase is Phase.CUBE_OFFERED:
        value = number(lang, game.cube.value * 2)
        return tr(lang, "to-answer-cube", name=name, side=side, value=value)
    assert game.resignation is not None
    other = names[game.resignation.side]
    kind = kind_name(lang, game.resignation.kind)
    return tr(lang, "to-answer-resign", name=name, side=side, other=other, kind=kind)


def render_board(
    game: Game,
    *,
    pov: Side,
    names: Sequence[str] = ("White", "Black"),
    lang: Lang = "en",
) -> Group:
    """The whole board of ``game`` with points numbered from ``pov``'s side."""
    view = game.view(pov)
    top_left, top_right = range(13, 19), range(19, 25)
    bottom_left, bottom_right = range(12, 6, -1), range(6, 0, -1)
    lines: list[Text] = [_side_line(game, pov.other, names, lang)]
    lines.append(_labels(top_left, top_right))
    border = Text(" +" + "-" * 19 + "+---+" + "-" * 19 + "+", style=_FRAME)
    lines.append(border)
    top = _half(view, pov, top_left, top_right, top=True)
    bottom = _half(view, pov, bottom_left, bottom_right, top=False)
    # Margins to the right: the opponent's tray and cube above, pov's below.
    cube = _cube_text(game, lang)
    owner = game.cube.owner
    top[0].append(f"  {tr(lang, 'off')} {number(lang, view.opponent[OFF])}")
    bottom[-1].append(f"  {tr(lang, 'off')} {number(lang, view.player[OFF])}")
    if owner is pov.other:
        top[2].append(f"  [{cube}]", style="magenta")
    elif owner is pov:
        bottom[2].append(f"  [{cube}]", style="magenta")
    middle = Text(" |" + " " * 19 + "|", style=_FRAME)
    middle.append(tr(lang, "bar").upper()[:3].center(3), style="bold")
    middle.append("|" + " " * 19 + "|", style=_FRAME)
    if owner is None:
        middle.append(f"  [{cube}]", style="magenta")
    dice = dice_text(game, lang)
    if dice:
        middle.append(f"  {dice}", style="bold yellow")
    lines += [*top, middle, *bottom]
    lines.append(border)
    lines.append(_labels(bottom_left, bottom_right))
    lines.append(_side_line(game, pov, names, lang))
    lines.append(Text(" " + _match_line(game, lang), style="dim"))
    lines.append(Text(" " + tr(lang, "numbered-from", side=side_name(lang, pov)), style="dim"))
    if game.phase is Phase.PLAYING and game.steps:
        steps = notation(lang, format_play(Play(game.steps)))
        lines.append(Text(" " + tr(lang, "steps-so-far", steps=steps), style="yellow"))
    status = status_line(game, names, lang)
    if status:
        lines.append(Text(" " + status, style="bold green"))
    return Group(*lines)


def _match_line(game: Game, lang: Lang) -> str:
    white, black = game.score
    if game.match_length is None:
        target = tr(lang, "money")
    else:
        target = tr(lang, "match-to", length=game.match_length)
    parts = [target, tr(lang, "score", white=white, black=black)]
    described = rules_words(lang, game.rules, game.options)
    if described:
        parts.append(tr(lang, "rules-line", rules=listing(lang, described)))
    return " · ".join(parts)
