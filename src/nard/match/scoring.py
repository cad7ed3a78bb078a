"""What a finished game is worth (docs/rules.md R15, R16, R18, R19, V3, V4).

>>> from nard.core.board import Position, Side
>>> position = Position.from_points({}, {19: 1, 6: 14}, turn=Side.WHITE)  # White is off
>>> result_kind(position)
<ResultKind.BACKGAMMON: 'backgammon'>
>>> game_points(ResultKind.BACKGAMMON, cube_value=2)
6
>>> from nard.core.rules import STANDARD
>>> game_points(ResultKind.BACKGAMMON, cube_value=2, rules=STANDARD.with_(no_backgammon=True))
4
>>> game_points(ResultKind.GAMMON, cube_value=1, jacoby=True)
1
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from nard.core.board import BAR, OFF, Position, Side
from nard.core.rules import STANDARD, Rule, RuleSet


class ResultKind(StrEnum):
    """How a game is won (R15): the base value is 1, 2 or 3 points."""

    SINGLE = "single"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"

    @property
    def base_points(self) -> int:
        """Points before the cube: single 1, gammon 2, backgammon 3 (R15)."""
        return _BASE[self]


_BASE = {ResultKind.SINGLE: 1, ResultKind.GAMMON: 2, ResultKind.BACKGAMMON: 3}


class EndReason(StrEnum):
    """Why a game ended."""

    BORNE_OFF = "borne_off"
    """The winner bore off all 15 checkers (R3)."""
    DROPPED = "dropped"
    """The loser dropped a double (R18)."""
    RESIGNED = "resigned"
    """The loser resigned and the winner accepted (R16)."""

    @property
    def rule(self) -> Rule:
        return {"borne_off": Rule.R3, "dropped": Rule.R18, "resigned": Rule.R16}[self.value]


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game: who won, how, and the points it is worth.

    ``kind`` is what happened on the board (or was resigned); ``points`` is what it
    scores after the cube, the Jacoby rule and V4. ``wins_match`` is set when V3
    makes a gammon win the whole match.
    """

    winner: Side
    kind: ResultKind
    points: int
    reason: EndReason
    cube_value: int
    wins_match: bool = False


def result_kind(position: Position) -> ResultKind:
    """How the side on roll in ``position``, who has borne off every checker, has won (R15).

    A gammon when the loser has borne off no checker; a backgammon when, besides,
    a losing checker is on the bar or in the winner's home board (the loser's
    points 19-24).
    """
    loser = position.opponent
    if loser[OFF]:
        return ResultKind.SINGLE
    if loser[BAR] or any(loser[19:25]):
        return ResultKind.BACKGAMMON
    return ResultKind.GAMMON


def game_points(
    kind: ResultKind,
    *,
    cube_value: int,
    rules: RuleSet = STANDARD,
    jacoby: bool = False,
) -> int:
    """The points a win of ``kind`` scores (R15) times the cube.

    V4 (``rules.no_backgammon``) counts a backgammon as a gammon; ``jacoby`` says
    the Jacoby rule applies to this game (money play, cube never turned), so
    gammons and backgammons count as single games (R19).
    """
    base = kind.base_points
    if rules.no_backgammon and kind is ResultKind.BACKGAMMON:
        base = ResultKind.GAMMON.base_points
    if jacoby:
        base = ResultKind.SINGLE.base_points
    return base * cube_value


def wins_whole_match(kind: ResultKind, *, rules: RuleSet, match_play: bool) -> bool:
    """Whether V3 (``rules.gammon_wins_match``) makes this win take the whole match.

    >>> wins_whole_match(ResultKind.GAMMON, rules=STANDARD.with_(gammon_wins_match=True),
    ...                  match_play=True)
    True
    >>> wins_whole_match(ResultKind.SINGLE, rules=STANDARD.with_(gammon_wins_match=True),
    ...                  match_play=True)
    False
    """
    return match_play and rules.gammon_wins_match and kind is not ResultKind.SINGLE
