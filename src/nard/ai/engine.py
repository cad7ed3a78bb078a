"""The adapter to the bgsage engine: neural-network evaluation, search, cube, match equity.

bgsage (MPL-2.0, C++ core) is to nard what Stockfish is to lichess: we do not
train a network, we ask it. This module is the only one that calls bgsage;
the board conversions it needs live in :mod:`nard.ai.convert`.

Depth is counted the gnubg way: ``plies=0`` is the network alone, ``plies=1``
looks one roll ahead, and so on. bgsage counts one more: its ``"1ply"`` is our
0 plies, its ``"3ply"`` our 2 plies.

>>> from nard.core.board import Position
>>> engine = BgsageEngine.shared()
>>> [chances] = engine.evaluator(0).evaluate([Position.initial()])
>>> 0.5 < chances.win < 0.56
True
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

import bgbot_cpp
from bgsage import BgBotAnalyzer
from bgsage.weights import bearoff_db_path, default_weights

from nard.ai.convert import to_board
from nard.ai.probabilities import Probabilities
from nard.core.board import Position
from nard.match.cube import CubeOwnership, CubeSituation

MAX_PLIES: Final = 3
"""The deepest search offered (bgsage's ``"4ply"``)."""

_OWNER_ORDER: Final = (CubeOwnership.CENTRED, CubeOwnership.PLAYER, CubeOwnership.OPPONENT)
"""bgbot_cpp's ``CubeOwner`` enumeration, in its order."""


@dataclass(frozen=True, slots=True)
class EngineCubeAnswer:
    """bgsage's cube analysis, from the side on roll, in units of the current cube.

    Money equities are per cube value; match equities are bgsage's
    match-equity-based normalisation (its ``equity_dp`` is not always 1 there).
    """

    probabilities: Probabilities
    no_double: float
    double_take: float
    double_pass: float
    should_double: bool
    should_take: bool
    is_beaver: bool


class BgsageEngine:
    """The bgsage networks and searches, loaded once and shared.

    Loading takes a fraction of a second; use :meth:`shared` rather than
    building one per decision.
    """

    _shared: ClassVar[BgsageEngine | None] = None
    _shared_lock: ClassVar = threading.Lock()

    def __init__(self, *, threads: int = 0) -> None:
        """``threads``: how many threads a search may use; 0 for all cores, 1 for
        none beside the caller's (for running several engines in processes)."""
        self._weights = default_weights()
        self._threads = threads
        base = bgbot_cpp.create_strategy(
            self._weights.strategy_type,
            self._weights.weight_paths_list,
            self._weights.hidden_sizes_list,
        )
        self._bearoff = None
        path = bearoff_db_path()
        if path:
            bearoff = bgbot_cpp.BearoffDB()
            if bearoff.load(path):
                self._bearoff = bearoff
                # Exact race-to-the-end chances where the database knows them.
                base = bgbot_cpp.BearoffStrategy(base, bearoff)
        self._strategies: dict[int, Any] = {0: base}
        self._analyzers: dict[int, BgBotAnalyzer] = {}
        self._lock = threading.Lock()

    @classmethod
    def shared(cls) -> BgsageEngine:
        """One engine per process, built on first use."""
        with cls._shared_lock:
            if cls._shared is None:
                cls._shared = cls()
            return cls._shared

    # -- evaluation -------------------------------------------------------------------

    def _strategy(self, plies: int) -> Any:
        _check_plies(plies)
        with self._lock:
            if plies not in self._strategies:
                strategy = bgbot_cpp.create_multipy(
                    self._weights.strategy_type,
                    self._weights.weight_paths_list,
                    self._weights.hidden_sizes_list,
                    n_plies=plies + 1,
                    parallel_evaluate=self._threads != 1,
                    parallel_threads=self._threads,
                )
                if self._bearoff is not None:
                    bgbot_cpp.multipy_set_bearoff_db(strategy, self._bearoff)
                self._strategies[plies] = strategy
            return self._strategies[plies]

    def evaluate(self, positions: Sequence[Position], *, plies: int = 0) -> list[Probabilities]:
        """Chances of each position's side on roll, before it rolls (see :class:`Evaluator`)."""
        strategy = self._strategy(plies)
        results = []
        for position in positions:
            # bgsage evaluates the board of the side that has just played: the
            # side not on roll. Its answer is that side's chances.
            board = to_board(position.swap())
            raw = strategy.evaluate_board(board, board)
            chances = Probabilities.from_sequence(list(raw["probs"]), side=position.turn.other)
            results.append(chances.flipped())
        if plies:
            strategy.clear_cache()
        return results

    def evaluate_plays(
        self, before: Position, after: Sequence[Position], *, plies: int = 0
    ) -> list[Probabilities]:
        """Chances of the side that played, for each position ``after`` a play from
        ``before`` (the side that played still ``turn``, as nard.core gives them).

        bgsage chooses its network by the position before the play, so this
        equals its own checker-play analysis, unlike evaluating ``after`` alone.
        """
        strategy = self._strategy(plies)
        pre = to_board(before)
        results = []
        for position in after:
            raw = strategy.evaluate_board(to_board(position), pre)
            results.append(Probabilities.from_sequence(list(raw["probs"]), side=position.turn))
        if plies:
            strategy.clear_cache()
        return results

    def evaluator(self, plies: int = 0) -> BgsageEvaluator:
        """An :class:`~nard.ai.evaluator.Evaluator` searching ``plies`` deep."""
        _check_plies(plies)
        return BgsageEvaluator(self, plies)

    # -- cube and match ---------------------------------------------------------------

    def _analyzer(self, plies: int) -> BgBotAnalyzer:
        _check_plies(plies)
        with self._lock:
            if plies not in self._analyzers:
                self._analyzers[plies] = BgBotAnalyzer(
                    eval_level=f"{plies + 1}ply", parallel_threads=self._threads
                )
            return self._analyzers[plies]

    def cube_answer(
        self, position: Position, situation: CubeSituation, *, plies: int = 0
    ) -> EngineCubeAnswer:
        """bgsage's cube analysis of ``position`` for its side on roll, whose
        ``situation`` it is."""
        result = self._analyzer(plies).cube_action(
            to_board(position),
            cube_value=situation.value,
            cube_owner=str(situation.owner),
            away1=situation.away,
            away2=situation.opponent_away,
            is_crawford=situation.crawford,
            jacoby=situation.jacoby,
            beaver=situation.beaver,
        )
        return EngineCubeAnswer(
            probabilities=Probabilities.from_sequence(result.probs.to_list(), side=position.turn),
            no_double=float(result.equity_nd),
            double_take=float(result.equity_dt),
            double_pass=float(result.equity_dp),
            should_double=bool(result.should_double),
            should_take=bool(result.should_take),
            is_beaver=bool(result.is_beaver),
        )

    @staticmethod
    def cube_answer_from(
        chances: Probabilities, position: Position, situation: CubeSituation
    ) -> EngineCubeAnswer:
        """The cube analysis of ``position`` from chances known otherwise (Janowski's
        cubeful conversion, as gnubg's 0-ply), e.g. exact bear-off chances.

        As :meth:`cube_answer`; ``chances`` are the side on roll's.
        """
        probs = list(chances.pov(position.turn).as_tuple())
        board = to_board(position)
        mine, theirs = bgbot_cpp.pip_counts(board)
        x = bgbot_cpp.cube_efficiency(probs, bgbot_cpp.is_race(board), mine, theirs)
        decision = bgbot_cpp.cube_decision_1ply(
            probs,
            situation.value,
            _cube_owner(situation),
            x,
            situation.away,
            situation.opponent_away,
            situation.crawford,
            situation.jacoby,
        )
        take = float(decision.equity_dt)
        return EngineCubeAnswer(
            probabilities=chances.pov(position.turn),
            no_double=float(decision.equity_nd),
            double_take=take,
            double_pass=float(decision.equity_dp),
            should_double=bool(decision.should_double),
            should_take=bool(decision.should_take),
            # Money only: the taker redoubles at once when taking leaves it ahead.
            is_beaver=situation.beaver and situation.is_money and take < 0,
        )

    @staticmethod
    def cubeful_equity(chances: Probabilities, after: Position, situation: CubeSituation) -> float:
        """The cube-aware equity of the side that just played into ``after`` (Janowski).

        ``chances`` and ``situation`` are that side's (owner ``PLAYER``: it owns
        the cube). In a match the value follows the match equity table, so
        gammons count only as much as the score makes them worth.
        """
        board = to_board(after)
        mine, theirs = bgbot_cpp.pip_counts(board)
        probs = list(chances.pov(after.turn).as_tuple())
        efficiency = bgbot_cpp.cube_efficiency(probs, bgbot_cpp.is_race(board), mine, theirs)
        return BgsageEngine.janowski(chances.pov(after.turn), situation, efficiency=efficiency)

    @staticmethod
    def janowski(chances: Probabilities, situation: CubeSituation, *, efficiency: float) -> float:
        """gnubg's cubeless-to-cubeful conversion of ``chances`` (bgsage's ``cl2cf``).

        Money: Janowski's interpolation between the dead cube (cubeless
        equity) and the live cube, weighted by the cube ``efficiency``
        (gnubg's ``Cl2CfMoney``), per unit cube. Match: the same in match
        winning chances with the live cube's cash points found level by level
        up to the dead cube (gnubg's ``Cl2CfMatch`` and ``GetPoints``),
        returned normalised to the cube's value (EMG). ``situation`` is seen by
        the side whose ``chances`` these are.
        """
        probs = list(chances.as_tuple())
        owner = _cube_owner(situation)
        if not situation.is_money:
            return float(
                bgbot_cpp.cl2cf(
                    probs,
                    situation.value,
                    owner,
                    efficiency,
                    situation.away,
                    situation.opponent_away,
                    situation.crawford,
                )
            )
        jacoby_active = situation.jacoby and situation.owner is CubeOwnership.CENTRED
        return float(bgbot_cpp.cl2cf_money(probs, owner, efficiency, jacoby_active=jacoby_active))

    @staticmethod
    def match_equity(away: int, opponent_away: int, *, crawford: bool = False) -> float:
        """Chance to win the match needing ``away`` points against ``opponent_away`` (the MET).

        >>> BgsageEngine.match_equity(1, 1)
        0.5
        """
        if away <= 0:
            return 1.0
        if opponent_away <= 0:
            return 0.0
        return float(bgbot_cpp.get_met(away, opponent_away, crawford))


def _cube_owner(situation: CubeSituation) -> Any:
    return bgbot_cpp.CubeOwner(_OWNER_ORDER.index(situation.owner))


class BgsageEvaluator:
    """An :class:`~nard.ai.evaluator.Evaluator` backed by bgsage at a fixed depth."""

    def __init__(self, engine: BgsageEngine, plies: int) -> None:
        self.engine = engine
        self.plies = plies

    def evaluate(self, positions: Sequence[Position]) -> list[Probabilities]:
        """Chances of each position's side on roll, before it rolls."""
        return self.engine.evaluate(positions, plies=self.plies)

    def evaluate_plays(self, before: Position, after: Sequence[Position]) -> list[Probabilities]:
        """Chances of the side that played, knowing the position before the play."""
        return self.engine.evaluate_plays(before, after, plies=self.plies)

    def __repr__(self) -> str:
        return f"<BgsageEvaluator plies={self.plies}>"


def _check_plies(plies: int) -> None:
    if not 0 <= plies <= MAX_PLIES:
        raise ValueError(f"search depth is 0..{MAX_PLIES} plies, not {plies}")
