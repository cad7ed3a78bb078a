"""Equity at the score: plays, cube decisions and luck valued as GNU Backgammon values them.

In a match every outcome is worth the chance to win the match it leaves
(:mod:`nard.ai.met`), and a chance is shown as gnubg's EMG, the
*equivalent-to-money-game* equity: ``(2 mwc - (W + L)) / (W - L)`` where W and L
are the match chances after winning or losing the cube's value. So +1 is a
won cube, -1 a lost one, and errors read like money errors; a gammon is worth
what it adds to the chance of winning the match, nothing when a single win
already takes the match (dead gammons). In money play equities are points
per unit cube, gammons counted unless the Jacoby rule holds with a centred
cube, and backgammons counted as gammons under V4.

The cube is valued as gnubg's evaluation at 0 plies does (the cubeful
equity on top of cubeless chances, whatever depth found the chances):

* **live cube**: Janowski's interpolation between the dead cube (the cubeless
  equity) and a fully live cube, weighted by the cube efficiency x
  (gnubg's ``Cl2CfMoney``/``Cl2CfMatch``, computed by the engine:
  :meth:`~nard.ai.engine.BgsageEngine.janowski`), with the cube's value
  and position; x is gnubg's ``EvalEfficiency``: 0.68 while there is
  contact, 0.6 in a bear-off (both sides home), in a race 0.55 + 0.00125 ×
  the pips of the side on roll, kept within 0.6..0.7;
* **dead cube**: the cubeless equity at the score where the cube cannot
  be used: the Crawford game, a cube that already wins the match for both
  sides, both sides two away (gnubg's ``fDoCubeful``);
* **after a play** the opponent is on roll and may double: its equity is
  the better of not doubling and doubling (taken or passed, whichever its
  opponent prefers), as gnubg scores a play with a cube decision at the
  leaf; the player's equity is the opposite;
* **cube decisions**: no double with the cube as it is; double/take with
  the cube doubled and the opponent owning it, expressed at the current
  cube's value; double/pass +1.

>>> from nard.ai.cube import CubeState
>>> from nard.ai.probabilities import Probabilities
>>> from nard.core.board import Side
>>> chances = Probabilities(0.7, 0.4, 0.0, 0.0, 0.0, side=Side.WHITE)
>>> money = ScoreEquity(CubeState(), Side.WHITE)
>>> round(money.cubeless(chances), 3)
0.8
>>> dead = ScoreEquity(CubeState(value=8, match_length=5), Side.WHITE)
>>> dead.gammons_dead, round(dead.cubeless(chances), 3)  # 2 x 0.7 - 1: gammons worth nothing
(True, 0.4)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from nard.ai.cube import CubeState
from nard.ai.met import equity_after
from nard.ai.probabilities import Probabilities
from nard.core.board import BAR, HOME_BOARD, Position, Side
from nard.match.cube import CubeOwnership

if TYPE_CHECKING:
    from nard.ai.engine import BgsageEngine

CONTACT_EFFICIENCY: Final = 0.68
"""gnubg's cube efficiency while there is contact (``rContactX``, ``rCrashedX``)."""
BEAR_OFF_EFFICIENCY: Final = 0.6
"""gnubg's cube efficiency when both sides bear off (``rOSCubeX``, ``rTSCubeX``)."""
RACE_EFFICIENCY: Final = (0.55, 0.00125, 0.6, 0.7)
"""gnubg's race efficiency: base, per pip of the side on roll, least, most."""


def cube_efficiency(position: Position) -> float:
    """gnubg's cube efficiency x of ``position`` (the side on roll's point of view).

    >>> cube_efficiency(Position.initial())
    0.68
    """
    if Probabilities.of_finished(position) is not None:
        return 0.0
    if position.is_contact():
        return CONTACT_EFFICIENCY
    if _home(position.player) and _home(position.opponent):
        return BEAR_OFF_EFFICIENCY
    base, per_pip, least, most = RACE_EFFICIENCY
    return min(most, max(least, base + per_pip * position.pip_counts()[0]))


def _home(checkers: tuple[int, ...]) -> bool:
    """Whether every checker still in play is on the home board."""
    return not any(checkers[point] for point in range(HOME_BOARD.stop, BAR + 1))


@dataclass(frozen=True, slots=True)
class CubeOptions:
    """The three equities of a cube decision for the side on roll, in EMG at the current cube."""

    no_double: float
    double_take: float
    double_pass: float
    may_double: bool


class ScoreEquity:
    """Values chances for ``side`` at the cube and score of ``state`` (see the module doc).

    Its :meth:`play` is an :data:`~nard.ai.ranking.EquityFunction` for
    :func:`~nard.ai.ranking.rank_plays`. ``live_cube`` False values every
    position cubeless at the score (no engine needed); ``backgammons`` False
    counts a backgammon as a gammon (V4). The analysis calls it for every
    play of every roll, so the score is read once here.
    """

    __slots__ = (
        "_opponent",
        "away",
        "backgammons",
        "engine",
        "live_cube",
        "opponent_away",
        "side",
        "state",
    )

    def __init__(
        self,
        state: CubeState,
        side: Side,
        *,
        backgammons: bool = True,
        live_cube: bool = True,
        engine: BgsageEngine | None = None,
    ) -> None:
        self.state = state
        self.side = side
        self.backgammons = backgammons
        self.live_cube = live_cube
        self.engine = engine
        self.away = state.away(side)
        self.opponent_away = state.away(side.other)
        self._opponent: ScoreEquity | None = None

    def __repr__(self) -> str:
        return f"ScoreEquity({self.state!r}, {self.side!r})"

    @property
    def opponent(self) -> ScoreEquity:
        """The same measure for the other side."""
        if self._opponent is None:
            self._opponent = ScoreEquity(
                self.state,
                self.side.other,
                backgammons=self.backgammons,
                live_cube=self.live_cube,
                engine=self.engine,
            )
            self._opponent._opponent = self
        return self._opponent

    # -- the score ---------------------------------------------------------------------

    @property
    def gammons_dead(self) -> bool:
        """Whether a single win already takes the match for either side at this cube."""
        return not self.state.is_money and min(self.away, self.opponent_away) <= self.state.value

    def _outcome(self, points: int) -> float:
        """The match chance after winning (losing, if negative) ``points``."""
        return equity_after(self.away, self.opponent_away, points, crawford=self.state.crawford)

    def _win_lose(self, cube: int) -> tuple[float, float]:
        return self._outcome(cube), self._outcome(-cube)

    def to_emg(self, mwc: float, cube: int | None = None) -> float:
        """A match chance as EMG at ``cube`` (the current cube's value by default)."""
        win, lose = self._win_lose(self.state.value if cube is None else cube)
        return (2.0 * mwc - (win + lose)) / (win - lose)

    def to_mwc(self, emg: float, cube: int | None = None) -> float:
        """EMG at ``cube`` back to a match chance."""
        win, lose = self._win_lose(self.state.value if cube is None else cube)
        return (emg * (win - lose) + win + lose) / 2.0

    # -- values --------------------------------------------------------------------------

    def cubeless(self, chances: Probabilities, cube: int | None = None) -> float:
        """The cubeless equity of ``chances`` (turned to ``side``'s) at ``cube``, in EMG."""
        mine = chances.pov(self.side)
        if self.state.is_money:
            gammons = not (self.state.jacoby and self.state.owner is None)
            return mine.equity(gammons=gammons, backgammons=self.backgammons)
        value = self.state.value if cube is None else cube
        return self.to_emg(self.match_chance(mine, value), value)

    def match_chance(self, chances: Probabilities, cube: int) -> float:
        """The cubeless chance to win the match of ``side`` with ``chances`` at ``cube``."""
        mine = chances.pov(self.side)
        big = 3 if self.backgammons else 2
        wins = (mine.win - mine.win_gammon, mine.win_gammon - mine.win_backgammon)
        losses = (mine.lose - mine.lose_gammon, mine.lose_gammon - mine.lose_backgammon)
        return (
            wins[0] * self._outcome(cube)
            + wins[1] * self._outcome(2 * cube)
            + mine.win_backgammon * self._outcome(big * cube)
            + losses[0] * self._outcome(-cube)
            + losses[1] * self._outcome(-2 * cube)
            + mine.lose_backgammon * self._outcome(-big * cube)
        )

    def cubeful(
        self,
        chances: Probabilities,
        position: Position,
        *,
        doubled: bool = False,
        efficiency: float | None = None,
    ) -> float:
        """``side``'s cubeful equity (EMG at the current cube) in ``position``, ``side`` on roll.

        ``doubled``: with the cube doubled and owned by the opponent (a taken double).
        ``efficiency``: the position's cube efficiency, when already known.
        """
        state = self.state
        cube = state.value * 2 if doubled else state.value
        if efficiency is None:
            efficiency = cube_efficiency(position)
        dead = not self.live_cube or efficiency == 0.0 or self._dead_at(cube)
        if dead:
            value = self.cubeless(chances, cube)
        else:
            situation = state.situation(self.side)
            if doubled:  # the opponent took: it owns the doubled cube, Jacoby no longer applies
                situation = replace(
                    situation, value=cube, owner=CubeOwnership.OPPONENT, jacoby=False
                )
            value = self._engine().janowski(
                chances.pov(self.side), situation, efficiency=efficiency
            )
        if state.is_money:
            return value * cube / state.value
        if cube == state.value:
            return value
        return self.to_emg(self.to_mwc(value, cube))

    def _dead_at(self, cube: int) -> bool:
        if self.state.is_money:
            return False
        both_done = cube >= self.away and cube >= self.opponent_away
        return self.state.crawford or both_done or self.away == self.opponent_away == 2

    def may_double(self) -> bool:
        """Whether ``side``, on roll, may turn the cube to any effect (gnubg's ``GetDPEq``)."""
        state = self.state
        if not state.may_double(self.side):
            return False
        post_crawford_leader = state.is_post_crawford and self.away == 1
        return state.is_money or (state.value < self.away and not post_crawford_leader)

    def cube_options(self, chances: Probabilities, position: Position) -> CubeOptions:
        """No double, double/take and double/pass for ``side`` on roll in ``position``."""
        efficiency = cube_efficiency(position) if self.live_cube else 0.0
        return CubeOptions(
            no_double=self.cubeful(chances, position, efficiency=efficiency),
            double_take=self.cubeful(chances, position, doubled=True, efficiency=efficiency),
            double_pass=1.0,
            may_double=self.may_double(),
        )

    def on_roll(self, chances: Probabilities, position: Position) -> float:
        """``side``'s equity on roll, doubling when that is right (and allowed)."""
        options = self.cube_options(chances, position)
        doubled = min(options.double_take, options.double_pass)
        if options.may_double and doubled >= options.no_double:
            return doubled
        return options.no_double

    def play(self, chances: Probabilities, after: Position) -> float:
        """``side``'s equity after a play into ``after`` (``side`` still ``turn``, as
        :meth:`nard.core.plays.LegalPlays.items` gives it), ``chances`` from either side."""
        if not self.live_cube or Probabilities.of_finished(after) is not None:
            return self.cubeless(chances)
        return -self.opponent.on_roll(chances, after.swap())

    def _engine(self) -> BgsageEngine:
        if self.engine is not None:
            return self.engine
        from nard.ai.engine import BgsageEngine

        return BgsageEngine.shared()
