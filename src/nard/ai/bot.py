"""The bot: playing levels, checker play and cube decisions.

A :class:`Level` is a small frozen record: how deep the engine searches and
how much noise blurs its judgement. Noise is gnubg's method: before choosing,
each candidate's equity gets an independent Gaussian error with standard
deviation ``noise`` (in points per game, cubeless), so weaker levels make the
mistakes a player of that strength makes, small ones often and large ones
rarely. The bot only ever chooses among nard.core's legal plays, so it plays
correctly under every rule set.

>>> from nard.ai.evaluator import PipCountEvaluator
>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> from nard.core.plays import is_legal
>>> bot = Bot("beginner", evaluator=PipCountEvaluator(), seed=1)
>>> play = bot.choose_play(Position.initial(), Roll(6, 5))
>>> is_legal(Position.initial(), Roll(6, 5), play)
True
>>> Level.named("Expert").plies
1
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from nard.ai.cube import (
    CubeAnalysis,
    CubeState,
    analyse_cube,
    cube_aware_equity,
    gammons_count,
)
from nard.ai.evaluator import Evaluator
from nard.ai.probabilities import Probabilities
from nard.ai.race import RaceEvaluator
from nard.ai.ranking import RankedPlay, rank_plays
from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.plays import NO_PLAY, Play
from nard.core.rules import STANDARD, RuleSet

if TYPE_CHECKING:
    from nard.ai.engine import BgsageEngine


@dataclass(frozen=True, slots=True)
class Level:
    """A playing strength: search depth in plies (0 = the network alone) and
    the standard deviation of the noise added to each equity."""

    name: str
    plies: int
    noise: float
    description: str

    @classmethod
    def named(cls, name: str) -> Level:
        """The level called ``name`` (case, spaces, hyphens and underscores ignored)."""
        key = name.strip().lower().replace(" ", "_").replace("-", "_")
        try:
            return LEVELS[key]
        except KeyError:
            names = ", ".join(LEVELS)
            raise ValueError(f"unknown bot level {name!r}; choose one of {names}") from None

    def __str__(self) -> str:
        return self.name


# Noise sizes were set with bench/strength.py so that each level beats the one
# below by a clear margin (see the measured table in bench/strength.py's notes).
BEGINNER: Final = Level("beginner", 0, 0.30, "knows the rules; blunders often (noise 0.30)")
CASUAL: Final = Level("casual", 0, 0.15, "sensible plays, frequent errors (noise 0.15)")
INTERMEDIATE: Final = Level("intermediate", 0, 0.09, "a club player (noise 0.09)")
ADVANCED: Final = Level("advanced", 0, 0.05, "a strong club player (noise 0.05)")
EXPERT: Final = Level("expert", 1, 0.0, "looks one roll ahead (two in races), no noise")
WORLD_CLASS: Final = Level(
    "world_class", 2, 0.0, "looks two rolls ahead on the best plays, no noise"
)
# World class searches 2 plies on the two best plays of a 1-ply pass over the
# 0-ply filter's five (gnubg's filters), which keeps its median decision near
# 0.1 s. Its margin over expert is measured with bench/strength.py; the
# README has the figures and their standard errors.

LEVELS: Final[dict[str, Level]] = {
    level.name: level for level in (BEGINNER, CASUAL, INTERMEDIATE, ADVANCED, EXPERT, WORLD_CLASS)
}
"""The levels from weakest to strongest."""


class Bot:
    """A computer player of a given :class:`Level`.

    By default it asks the bgsage engine (loaded on first use). Pass
    ``evaluator`` to use another :class:`~nard.ai.evaluator.Evaluator`; it then
    judges every candidate itself and the level's depth is not used. ``seed``
    makes the noise reproducible.
    """

    def __init__(
        self,
        level: Level | str = EXPERT,
        *,
        evaluator: Evaluator | None = None,
        engine: BgsageEngine | None = None,
        seed: int | None = None,
    ) -> None:
        self.level = Level.named(level) if isinstance(level, str) else level
        self._rng = random.Random(seed)
        self._engine = engine
        self._evaluator = evaluator
        self._filter: Evaluator | None = None
        self._middle: Evaluator | None = None
        self._race_search: tuple[Evaluator, Evaluator] | None = None
        self._uses_engine = evaluator is None
        if evaluator is None:
            engine = self.engine
            # Races go to the bear-off database, in the quick filter too, so a
            # play that saves a backgammon is never filtered out.
            self._evaluator = RaceEvaluator(engine.evaluator(self.level.plies))
            self._filter = RaceEvaluator(engine.evaluator(0)) if self.level.plies else None
            if self.level.plies >= 2:
                self._middle = RaceEvaluator(engine.evaluator(1))
            elif self.level.plies == 1:
                # Races are cheap to search (a small network, few plays): an
                # expert searches them as deep as world class, which brings its
                # race play level with gnubg 0-ply's (bench/race.py).
                self._race_search = (
                    RaceEvaluator(engine.evaluator(2)),
                    self._evaluator,
                )

    @property
    def engine(self) -> BgsageEngine:
        """The bgsage engine this bot asks for cube decisions."""
        if self._engine is None:
            from nard.ai.engine import BgsageEngine

            self._engine = BgsageEngine.shared()
        return self._engine

    def __repr__(self) -> str:
        return f"Bot({self.level.name!r})"

    def evaluate(self, position: Position) -> Probabilities:
        """The chances of the side on roll in ``position``, before it rolls, as this
        bot judges them (no noise)."""
        assert self._evaluator is not None
        [chances] = self._evaluator.evaluate([position])
        return chances

    # -- checker play ---------------------------------------------------------------------

    def rank_plays(
        self,
        position: Position,
        roll: Roll,
        rules: RuleSet = STANDARD,
        *,
        cube: CubeState | None = None,
    ) -> list[RankedPlay]:
        """The legal plays, best first, as this bot judges them before any noise.

        Without ``cube`` plays are valued by cubeless money equity. With it, an
        engine bot values them knowing the cube and the match score (gammons
        are worth nothing at double match point, for instance); a bot with its
        own evaluator only drops gammons under the Jacoby rule.
        """
        assert self._evaluator is not None
        equity = None
        if cube is not None and self._uses_engine:
            equity = cube_aware_equity(cube, position.turn, engine=self.engine)
        evaluator, middle = self._evaluator, self._middle
        if self._race_search is not None and not position.is_contact():
            evaluator, middle = self._race_search
        return rank_plays(
            position,
            roll,
            rules,
            evaluator=evaluator,
            filter_evaluator=self._filter,
            middle_evaluator=middle,
            gammons=gammons_count(cube),
            equity=equity,
        )

    def choose_play(
        self,
        position: Position,
        roll: Roll,
        rules: RuleSet = STANDARD,
        *,
        cube: CubeState | None = None,
    ) -> Play:
        """The play this bot makes: always one of nard.core's legal plays of ``roll``.

        Returns the empty play when no die can be played (R10).
        """
        ranked = self.rank_plays(position, roll, rules, cube=cube)
        if not ranked:
            return NO_PLAY
        if self.level.noise <= 0 or len(ranked) == 1:
            return ranked[0].play
        noise = self.level.noise
        # Only plays that were searched compete, so a deep level's noise never
        # promotes a play judged by the quick filter alone.
        contenders = [r for r in ranked if r.searched]
        noisy = [r.equity + self._rng.gauss(0.0, noise) for r in contenders]
        best = max(range(len(contenders)), key=noisy.__getitem__)
        return contenders[best].play

    # -- cube -----------------------------------------------------------------------------

    def analyse_cube(self, position: Position, state: CubeState) -> CubeAnalysis:
        """The engine's cube analysis for the side on roll, at this level's depth."""
        return analyse_cube(position, state, plies=self.level.plies, engine=self.engine)

    def should_double(self, position: Position, state: CubeState) -> bool:
        """Whether the side on roll, played by this bot, doubles before rolling (R17)."""
        analysis = self.analyse_cube(position, state)
        if not analysis.may_double:
            return False
        no_double, take, drop = self._blur(analysis)
        return min(take, drop) > no_double

    def should_take(self, position: Position, state: CubeState) -> bool:
        """Whether this bot, the side NOT on roll in ``position``, takes a double (R18).

        ``position`` is the doubler's (the doubler is on roll); ``state`` is the
        cube before the double.
        """
        _, take, drop = self._blur(self.analyse_cube(position, state))
        return take <= drop

    def should_beaver(self, position: Position, state: CubeState) -> bool:
        """Whether this bot, taking, redoubles at once and keeps the cube (money, R19)."""
        if not (state.beaver and state.is_money):
            return False
        analysis = self.analyse_cube(position, state)
        return analysis.should_beaver and self.should_take(position, state)

    def _blur(self, analysis: CubeAnalysis) -> tuple[float, float, float]:
        """The three cube equities, with this level's noise on each."""
        noise = self.level.noise
        values = (analysis.no_double, analysis.double_take, analysis.double_pass)
        if noise <= 0:
            return values
        no_double, take, drop = (v + self._rng.gauss(0.0, noise) for v in values)
        return no_double, take, drop
