"""Doubling-cube decisions: double or not, take or drop, beaver (R17-R19).

The inputs are plain values in a :class:`CubeState` (cube value and owner,
match length and score, Crawford, Jacoby, beavers), so this module does not
depend on how :mod:`nard.match` stores a game; the side deciding sees them as
a :class:`~nard.match.cube.CubeSituation` (:meth:`CubeState.situation`). The
equities come from the engine (:meth:`nard.ai.engine.BgsageEngine.cube_answer`),
which knows money play with the Jacoby rule and beavers, and match play with
its match equity table, Crawford and post-Crawford games included.

>>> from nard.core.board import Side
>>> state = CubeState(value=2, owner=Side.BLACK)
>>> state.may_double(Side.WHITE), state.may_double(Side.BLACK)
(False, True)
>>> CubeState(match_length=5, score=(4, 2), crawford=True).away(Side.WHITE)
1
>>> state.situation(Side.WHITE)
CubeSituation(value=2, owner=<CubeOwnership.OPPONENT: 'opponent'>, away=0, opponent_away=0, \
crawford=False, jacoby=False, beaver=False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from nard.ai.probabilities import Probabilities
from nard.ai.race import is_race, race_probabilities
from nard.ai.ranking import EquityFunction
from nard.core.board import Position, Side
from nard.match.cube import Cube, CubeOwnership, CubeSituation

if TYPE_CHECKING:
    from nard.ai.engine import BgsageEngine


@dataclass(frozen=True, slots=True)
class CubeState:
    """Everything about the cube and the score that a cube decision depends on.

    ``owner`` is None while the cube is centred. ``match_length`` 0 means money
    play; otherwise ``score`` holds the points of WHITE and BLACK (indexed by
    :class:`Side`) and ``crawford`` says whether this game is the Crawford
    game. ``jacoby`` and ``beaver`` are money-play options (R19).
    """

    value: int = 1
    owner: Side | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False
    beaver: bool = False

    def __post_init__(self) -> None:
        Cube(self.value, self.owner)  # nard.match's Cube refuses a value no cube shows (R17)
        if self.match_length < 0 or any(s < 0 for s in self.score):
            raise ValueError("match length and scores are never negative")
        if self.match_length and any(s >= self.match_length for s in self.score):
            raise ValueError(f"score {self.score} already ends a {self.match_length}-point match")
        if self.crawford and not (self.match_length and self.match_length - 1 in self.score):
            raise ValueError("only a game where one side needs 1 point can be the Crawford game")

    @property
    def cube(self) -> Cube:
        """The cube as :mod:`nard.match` keeps it."""
        return Cube(self.value, self.owner)

    def may_double(self, side: Side) -> bool:
        """Whether the rules let ``side`` offer a double before rolling (R17, R19):
        the cube's position lets it (:meth:`nard.match.cube.Cube.may_double`) and
        this is not the Crawford game."""
        return self.cube.may_double(side) and not (self.match_length and self.crawford)

    @property
    def is_money(self) -> bool:
        """Whether this is money play (no match length)."""
        return self.match_length == 0

    def away(self, side: Side) -> int:
        """Points ``side`` still needs to win the match; 0 in money play."""
        return self.match_length - self.score[side] if self.match_length else 0

    @property
    def is_post_crawford(self) -> bool:
        """Whether a side needs one point and the Crawford game is over (R19)."""
        return not self.crawford and not self.is_money and 1 in (self.away(s) for s in Side)

    def owner_seen_by(self, side: Side) -> CubeOwnership:
        """The owner seen by ``side``: centred, ``side`` itself (player) or the opponent."""
        if self.owner is None:
            return CubeOwnership.CENTRED
        return CubeOwnership.PLAYER if self.owner is side else CubeOwnership.OPPONENT

    def situation(self, side: Side) -> CubeSituation:
        """The cube and the score as ``side`` sees them; Jacoby and beavers in money play only."""
        return CubeSituation(
            value=self.value,
            owner=self.owner_seen_by(side),
            away=self.away(side),
            opponent_away=self.away(side.other),
            crawford=self.crawford,
            jacoby=self.jacoby and self.is_money,
            beaver=self.beaver and self.is_money,
        )


def gammons_count(state: CubeState | None) -> bool:
    """Whether gammons count in the next game result: not under the Jacoby rule
    with the cube still centred (R19); always without a cube.

    >>> gammons_count(CubeState(jacoby=True)), gammons_count(None)
    (False, True)
    """
    return state is None or not (state.jacoby and state.is_money and state.owner is None)


def is_dead_cube(state: CubeState, side: Side) -> bool:
    """Whether doubling would gain ``side`` nothing: the cube already wins it the match."""
    return not state.is_money and state.value >= state.away(side)


class CubeAction(StrEnum):
    """The right cube action for the side on roll, and the answer it expects."""

    NO_DOUBLE = "no double"
    TOO_GOOD = "too good, play on"
    DOUBLE_TAKE = "double, take"
    DOUBLE_BEAVER = "double, beaver"
    DOUBLE_PASS = "double, pass"


@dataclass(frozen=True, slots=True)
class CubeAnalysis:
    """The cube decision of ``side``, the side on roll, before it rolls.

    The three equities are ``side``'s, in units of the current cube value:
    not doubling, doubling and being taken (beavered, if the opponent would),
    and doubling and being dropped. ``should_take`` is the opponent's answer.
    """

    side: Side
    probabilities: Probabilities
    no_double: float
    double_take: float
    double_pass: float
    may_double: bool
    should_double: bool
    should_take: bool
    should_beaver: bool = False
    plies: int = field(default=0, compare=False)

    @property
    def action(self) -> CubeAction:
        """The best action with the opponent's best answer."""
        if not self.should_double:
            too_good = self.may_double and self.no_double >= self.double_pass
            return (
                CubeAction.TOO_GOOD if too_good and not self.should_take else CubeAction.NO_DOUBLE
            )
        if not self.should_take:
            return CubeAction.DOUBLE_PASS
        return CubeAction.DOUBLE_BEAVER if self.should_beaver else CubeAction.DOUBLE_TAKE

    @property
    def best_equity(self) -> float:
        """The equity of the side on roll after the best action and answer."""
        if not self.should_double:
            return self.no_double
        return min(self.double_take, self.double_pass)


def cube_aware_equity(
    state: CubeState, side: Side, *, engine: BgsageEngine | None = None
) -> EquityFunction:
    """A measure of plays by ``side`` that knows the cube and the match score.

    In a match it follows the match equity table (at double match point only
    winning counts, gammons do not); in money play it values cube ownership
    and the Jacoby rule (R19). Backgammons count as in the standard rules.
    """
    if engine is None:
        from nard.ai.engine import BgsageEngine

        engine = BgsageEngine.shared()
    situation = state.situation(side)

    def equity(chances: Probabilities, after: Position) -> float:
        return engine.cubeful_equity(chances, after, situation)

    return equity


def analyse_cube(
    position: Position,
    state: CubeState,
    *,
    plies: int = 0,
    engine: BgsageEngine | None = None,
) -> CubeAnalysis:
    """The cube analysis for the side on roll in ``position`` (R17-R19).

    ``should_double`` is never True where the rules forbid a double or the
    cube is dead in a match.
    """
    if engine is None:
        from nard.ai.engine import BgsageEngine

        engine = BgsageEngine.shared()
    side = position.turn
    situation = state.situation(side)
    # Both sides home: the bear-off database's chances are exact, better than
    # any search of the network.
    exact = race_probabilities(position) if is_race(position) else None
    if exact is not None:
        answer = engine.cube_answer_from(exact, position, situation)
    else:
        answer = engine.cube_answer(position, situation, plies=plies)
    allowed = state.may_double(side) and not is_dead_cube(state, side)
    # The opponent answers with whichever of take and pass is worse for the
    # doubler, so a double pays only when both beat not doubling. bgsage's own
    # flag compares the take alone in some match scores (post-Crawford, the
    # trailer too good to double: no double 1.025, pass 1.0, take 1.86).
    should_double = allowed and min(answer.double_take, answer.double_pass) > answer.no_double
    return CubeAnalysis(
        side=side,
        probabilities=answer.probabilities,
        no_double=answer.no_double,
        double_take=answer.double_take,
        double_pass=answer.double_pass,
        may_double=allowed,
        should_double=should_double,
        should_take=answer.should_take,
        should_beaver=answer.should_take and answer.is_beaver,
        plies=plies,
    )
