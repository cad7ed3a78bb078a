"""Analysis of a game or match record: errors, equity loss, luck, error rate.

Every decision of a record is judged against the best choice:

* **plays**: every legal play of the roll is ranked (:func:`rank_plays`) and
  the play made loses the equity between it and the best;
* **cube decisions**: double or not, take, drop or beaver are judged by the
  equities of no double, double/take and double/pass.

Every equity is *at the score* (:mod:`nard.ai.score_equity`): in a match,
the chance to win the match by the match equity table, shown as gnubg's
EMG (normalised to the cube's value, so numbers read like money equities and
compare with gnubg's ``show analysis``); in money play, points per unit
cube. Both are cubeful: gnubg's 0-ply cube model (Janowski's interpolation
with the cube efficiency, the cube's value and owner) on the chances the
evaluator finds at the depth asked for (0, 1 or 2 plies). Gammons count
only as much as the score makes them worth: nothing where a single win
takes the match. With an evaluator other than the engine (a test evaluator)
the cube is valued dead (cubeless at the score) and cube decisions are not
analysed.

Marks follow the thresholds GNU Backgammon 1.07 uses (``show analysis``):
a loss above 0.03 is *doubtful*, above 0.06 *bad*, above 0.12 *very bad*.
Each roll's luck is gnubg's (:mod:`nard.ai.luck`), at the score too. Per
player, the **error rate**
is the mean loss per decision in milli-equity (gnubg's "error rate per
move", mEMG; forced plays and obvious cube decisions are not decisions),
**PR** is XG's Performance Rating, 500 times the same mean, and the
**rating** is gnubg's word for the error rate (:func:`rating`).

>>> from nard.ai.evaluator import PipCountEvaluator
>>> from nard.core.board import Side
>>> from nard.core.plays import Play, Step
>>> from nard.match.actions import MakePlay, OpeningRoll, RollDice
>>> from nard.match.record import MatchRecord
>>> from nard.core.dice import Roll
>>> record = MatchRecord(actions=(
...     OpeningRoll(white=3, black=1),
...     MakePlay(Side.WHITE, Play((Step(8, 5), Step(6, 5)))),
...     RollDice(Side.BLACK, Roll(6, 5)),
...     MakePlay(Side.BLACK, Play((Step(24, 18), Step(18, 13)))),
... ))
>>> analysis = analyse_record(record, evaluator=PipCountEvaluator())
>>> [(d.move, d.side.name, d.chosen) for d in analysis.decisions]
[(1, 'WHITE', '8/5 6/5'), (2, 'BLACK', '24/13')]
>>> analysis.stats[Side.WHITE].decisions
1
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from nard.ai.bot_actions import cube_state
from nard.ai.cube import CubeState, gammons_count
from nard.ai.evaluator import Evaluator, evaluate_after
from nard.ai.luck import LuckKind, luck_kind, roll_luck
from nard.ai.probabilities import Probabilities
from nard.ai.progress import AnalysisProgress, CancelToken, ProgressCallback
from nard.ai.race import RaceEvaluator
from nard.ai.ranking import RankedPlay, rank_plays
from nard.ai.score_equity import CubeOptions, ScoreEquity
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.notation import format_play
from nard.core.plays import NO_PLAY, Play, apply_play
from nard.core.rules import RuleSet
from nard.match.actions import Beaver, Double, Drop, RollDice, Take
from nard.match.events import OpeningRolled, PlayMade, TurnPassed
from nard.match.game import Game, Phase
from nard.match.match import Match
from nard.match.options import OpeningRule
from nard.match.record import MatchRecord

if TYPE_CHECKING:
    from nard.ai.engine import BgsageEngine

DOUBTFUL: Final = 0.03
"""GNU Backgammon 1.07's doubtful threshold (``show analysis``): a loss above it is marked."""
BAD: Final = 0.06
"""GNU Backgammon 1.07's bad threshold."""
VERY_BAD: Final = 0.12
"""GNU Backgammon 1.07's very bad threshold."""
PR_FACTOR: Final = 500.0
"""XG's Performance Rating: 500 times the mean equity loss per decision."""

RATINGS: Final[tuple[tuple[str, float], ...]] = (
    ("Supernatural", 0.002),
    ("World class", 0.005),
    ("Expert", 0.008),
    ("Advanced", 0.012),
    ("Intermediate", 0.018),
    ("Casual player", 0.026),
    ("Beginner", 0.035),
    ("Awful!", math.inf),
)
"""gnubg's ratings (``aszRating``/``arThrsRating`` in analysis.c): the first
whose bound the error per decision (in equity) stays below."""


class Mark(StrEnum):
    """gnubg's marks of a decision by its equity loss."""

    NONE = "none"
    DOUBTFUL = "doubtful"
    BAD = "bad"
    VERY_BAD = "very bad"


MARKED: Final = (Mark.DOUBTFUL, Mark.BAD, Mark.VERY_BAD)


def mark(loss: float) -> Mark:
    """The mark of a decision losing ``loss`` equity (gnubg's ``Skill()``).

    >>> [mark(x).value for x in (0.0, 0.03, 0.04, 0.1, 0.2)]
    ['none', 'none', 'doubtful', 'bad', 'very bad']
    """
    if loss > VERY_BAD:
        return Mark.VERY_BAD
    if loss > BAD:
        return Mark.BAD
    if loss > DOUBTFUL:
        return Mark.DOUBTFUL
    return Mark.NONE


def rating(error_per_decision: float) -> str:
    """gnubg's rating word for a mean loss per decision, in equity (not milli).

    >>> rating(0.0), rating(0.004), rating(0.02), rating(0.1)
    ('Supernatural', 'World class', 'Casual player', 'Awful!')
    """
    return next(name for name, bound in RATINGS if error_per_decision < bound)


class DecisionKind(StrEnum):
    """What was decided: a play of the dice, to double or not, or the answer to a double."""

    PLAY = "play"
    DOUBLE = "double"
    TAKE = "take"


class CubeChoice(StrEnum):
    """The cube actions a decision can choose among."""

    NO_DOUBLE = "no double"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    BEAVER = "beaver"


@dataclass(frozen=True, slots=True)
class Alternative:
    """One legal play of a marked decision's roll as the analysis ranked it.

    ``position_id`` is the board the play leads to (two orders of the same
    steps are one play); ``equity`` is the player's, on the same footing as
    the decision's; ``searched`` says whether the deep evaluator judged it
    (an unsearched play was filtered out as clearly worse).
    """

    play: str
    position_id: str
    equity: float
    searched: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "play": self.play,
            "position_id": self.position_id,
            "equity": round(self.equity, 6),
            "searched": self.searched,
        }


@dataclass(frozen=True, slots=True)
class Decision:
    """One analysed decision of ``side``.

    ``position`` is the board the decision was made on, seen from the side
    on roll: for a play the board when the dice were rolled, for a cube
    decision the doubler's board before rolling (also for the taker, as
    gnubg shows it). ``move`` counts the turns of the game from 1 (each
    side's turn counts); a cube decision belongs to the turn it precedes.
    ``alternatives`` is the ranking of every legal play, best first, kept for
    marked plays only (a puzzle of the mistake is checked against it).
    ``equity`` and ``best_equity`` are ``side``'s; ``loss`` is their
    difference, never negative. ``forced`` decisions (one legal play or none,
    obvious cube actions) do not count in the error rate. ``luck`` is the
    luck of the roll (plays only, when analysed). ``cubeful`` says whether
    the equities account for the cube and the match score.
    """

    game: int
    move: int
    side: Side
    kind: DecisionKind
    position: Position
    cube: CubeState
    chosen: str
    best: str
    equity: float
    best_equity: float
    loss: float
    forced: bool
    cubeful: bool
    roll: Roll | None = None
    play: Play | None = None
    best_play: Play | None = None
    luck: float | None = None
    alternatives: tuple[Alternative, ...] = ()

    @property
    def mark(self) -> Mark:
        """gnubg's mark of this decision."""
        return Mark.NONE if self.forced else mark(self.loss)

    @property
    def luck_kind(self) -> LuckKind | None:
        """gnubg's luck mark of the roll; None when not analysed or not a play."""
        return None if self.luck is None else luck_kind(self.luck)

    @property
    def position_id(self) -> str:
        """The gnubg Position ID of :attr:`position`."""
        return self.position.id()

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {
            "game": self.game,
            "move": self.move,
            "side": self.side.name.lower(),
            "kind": self.kind.value,
            "position_id": self.position_id,
            "roll": None if self.roll is None else [self.roll.high, self.roll.low],
            "cube": {"value": self.cube.value, "owner": _side_name(self.cube.owner)},
            "chosen": self.chosen,
            "best": self.best,
            "equity": round(self.equity, 6),
            "best_equity": round(self.best_equity, 6),
            "loss": round(self.loss, 6),
            "mark": self.mark.value,
            "forced": self.forced,
            "cubeful": self.cubeful,
            "luck": None if self.luck is None else round(self.luck, 6),
            "luck_kind": None if self.luck_kind is None else self.luck_kind.value,
            "plays": [alternative.to_dict() for alternative in self.alternatives],
        }


@dataclass(frozen=True, slots=True)
class GraphPoint:
    """White's chances after turn ``move`` (0: before the first roll), for the equity graph.

    ``win`` is White's chance to win the game, ``equity`` White's cubeless equity.
    """

    move: int
    win: float
    equity: float

    def to_dict(self) -> dict[str, Any]:
        return {"move": self.move, "win": round(self.win, 6), "equity": round(self.equity, 6)}


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's summary over some decisions (a game or the whole match).

    ``decisions`` counts what the error rate divides by: unforced plays and
    cube decisions that were not obvious. ``total_loss`` is their summed
    equity loss; ``marks`` counts the marked decisions by mark; ``luck`` sums
    the luck of the player's analysed rolls (``rolls`` of them), ``lucks``
    counts their luck marks.
    """

    side: Side
    name: str
    plays: int
    unforced_plays: int
    cube_decisions: int
    decisions: int
    play_loss: float
    cube_loss: float
    marks: dict[Mark, int]
    rolls: int
    luck: float
    lucks: dict[LuckKind, int]

    @property
    def total_loss(self) -> float:
        """The summed equity loss of every decision."""
        return self.play_loss + self.cube_loss

    @property
    def error_rate(self) -> float:
        """gnubg's error rate per decision, in milli-equity (mEMG); 0 with no decisions."""
        return 1000.0 * self.total_loss / self.decisions if self.decisions else 0.0

    @property
    def pr(self) -> float:
        """XG's Performance Rating: 500 times the mean equity loss per decision."""
        return PR_FACTOR * self.total_loss / self.decisions if self.decisions else 0.0

    @property
    def rating(self) -> str | None:
        """gnubg's rating word for the error rate; None with no decisions."""
        return rating(self.total_loss / self.decisions) if self.decisions else None

    @property
    def luck_per_roll(self) -> float:
        """The mean luck of the player's rolls."""
        return self.luck / self.rolls if self.rolls else 0.0

    @classmethod
    def of(cls, side: Side, name: str, decisions: Sequence[Decision]) -> PlayerStats:
        """The summary of ``side``'s decisions among ``decisions``."""
        mine = [d for d in decisions if d.side is side]
        plays = [d for d in mine if d.kind is DecisionKind.PLAY]
        cubes = [d for d in mine if d.kind is not DecisionKind.PLAY and not d.forced]
        unforced = [d for d in plays if not d.forced]
        rolls = [d.luck for d in plays if d.luck is not None]
        marks = {kind: sum(1 for d in mine if d.mark is kind) for kind in MARKED}
        lucks = {kind: sum(1 for x in rolls if luck_kind(x) is kind) for kind in LuckKind}
        del lucks[LuckKind.NONE]
        return cls(
            side=side,
            name=name,
            plays=len(plays),
            unforced_plays=len(unforced),
            cube_decisions=len(cubes),
            decisions=len(unforced) + len(cubes),
            play_loss=sum(d.loss for d in unforced),
            cube_loss=sum(d.loss for d in cubes),
            marks=marks,
            rolls=len(rolls),
            luck=sum(rolls),
            lucks=lucks,
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {
            "side": self.side.name.lower(),
            "name": self.name,
            "plays": self.plays,
            "unforced_plays": self.unforced_plays,
            "cube_decisions": self.cube_decisions,
            "decisions": self.decisions,
            "total_loss": round(self.total_loss, 6),
            "play_loss": round(self.play_loss, 6),
            "cube_loss": round(self.cube_loss, 6),
            "error_rate": round(self.error_rate, 3),
            "pr": round(self.pr, 3),
            "rating": self.rating,
            "marks": {kind.value: count for kind, count in self.marks.items()},
            "rolls": self.rolls,
            "luck": round(self.luck, 6),
            "luck_per_roll": round(self.luck_per_roll, 6),
            "lucks": {kind.value: count for kind, count in self.lucks.items()},
        }


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """One analysed game: its decisions in order, the equity graph and per-player stats."""

    number: int
    score: tuple[int, int]
    crawford: bool
    decisions: tuple[Decision, ...]
    graph: tuple[GraphPoint, ...]
    stats: tuple[PlayerStats, PlayerStats]
    winner: Side | None = None
    points: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {
            "number": self.number,
            "score": list(self.score),
            "crawford": self.crawford,
            "winner": _side_name(self.winner),
            "points": self.points,
            "stats": [stats.to_dict() for stats in self.stats],
            "graph": [point.to_dict() for point in self.graph],
            "decisions": [decision.to_dict() for decision in self.decisions],
        }


@dataclass(frozen=True, slots=True)
class MatchAnalysis:
    """A whole analysed record: the games, and each player's summary over all of them.

    ``stats`` is indexed by :class:`Side`. ``notes`` say how the equities
    were computed (at the score, cubeful or not, cube decisions analysed or not).
    """

    players: tuple[str, str]
    length: int | None
    games: tuple[GameAnalysis, ...]
    stats: tuple[PlayerStats, PlayerStats]
    evaluator: str
    plies: int
    cube_analysed: bool = False
    luck_analysed: bool = False
    notes: tuple[str, ...] = ()

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """Every decision of every game, in order."""
        return tuple(d for game in self.games for d in game.decisions)

    def mistakes(self, side: Side | None = None) -> list[Decision]:
        """The marked decisions (of ``side``, or both), in the order they were made."""
        return [
            d
            for d in self.decisions
            if d.mark is not Mark.NONE and (side is None or d.side is side)
        ]

    def worst(self, side: Side, count: int = 3) -> list[Decision]:
        """``side``'s ``count`` costliest marked decisions, worst first."""
        return sorted(self.mistakes(side), key=lambda d: -d.loss)[:count]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {
            "players": list(self.players),
            "length": self.length,
            "evaluator": self.evaluator,
            "plies": self.plies,
            "cube_analysed": self.cube_analysed,
            "luck_analysed": self.luck_analysed,
            "notes": list(self.notes),
            "thresholds": {"doubtful": DOUBTFUL, "bad": BAD, "very_bad": VERY_BAD},
            "stats": [stats.to_dict() for stats in self.stats],
            "mistakes": [d.to_dict() for d in self.mistakes()],
            "games": [game.to_dict() for game in self.games],
        }


# -- the work: what to analyse, found by replaying the record ----------------------------


@dataclass(frozen=True, slots=True)
class _PlayedRoll:
    """A roll and what was played with it (NO_PLAY when nothing could be, R10)."""

    move: int
    side: Side
    position: Position
    roll: Roll
    play: Play
    cube: CubeState
    rules: RuleSet
    opening: bool


@dataclass(frozen=True, slots=True)
class _Cube:
    """A cube decision: ``side`` doubles or not (DOUBLE), or answers a double (TAKE)."""

    move: int
    side: Side
    kind: DecisionKind
    position: Position
    cube: CubeState
    choice: CubeChoice
    rules: RuleSet


_Item = _PlayedRoll | _Cube


@dataclass(frozen=True, slots=True)
class _GamePlan:
    number: int
    game: Game
    items: tuple[_Item, ...] = field(default=())


def _plan_game(number: int, game: Game, *, cube: bool) -> _GamePlan:
    """Replay ``game``'s actions and list the decisions to analyse, in order."""
    state = Game.new(
        game.rules,
        game.options,
        match_length=game.match_length,
        score=game.score,
        crawford=game.crawford,
    )
    items: list[_Item] = []
    move = 0
    opening = False
    for action in game.actions:
        before = state
        if cube and isinstance(action, (Double, RollDice)) and before.phase is Phase.ROLLING:
            side = action.side
            if before.can_double(side):
                choice = CubeChoice.DOUBLE if isinstance(action, Double) else CubeChoice.NO_DOUBLE
                items.append(
                    _Cube(
                        move + 1,
                        side,
                        DecisionKind.DOUBLE,
                        before.view(side),
                        cube_state(before),
                        choice,
                        game.rules,
                    )
                )
        if cube and isinstance(action, (Take, Drop, Beaver)):
            choice = {Take: CubeChoice.TAKE, Drop: CubeChoice.DROP, Beaver: CubeChoice.BEAVER}[
                type(action)
            ]
            doubler = action.side.other
            items.append(
                _Cube(
                    move + 1,
                    action.side,
                    DecisionKind.TAKE,
                    before.view(doubler),
                    cube_state(before),
                    choice,
                    game.rules,
                )
            )
        state, events = before.apply(action)
        for event in events:
            if isinstance(event, OpeningRolled):
                # gnubg's LuckFirst: the starter's opening roll is never a double.
                opening = event.starter is not None and game.options.opening is OpeningRule.STANDARD
            elif isinstance(event, PlayMade | TurnPassed):
                move += 1
                if isinstance(event, PlayMade) and before.turn_start is not None:
                    start, play = before.turn_start, event.play
                else:
                    start, play = before.view(event.side), NO_PLAY
                items.append(
                    _PlayedRoll(
                        move,
                        event.side,
                        start,
                        event.roll,
                        play,
                        cube_state(before),
                        game.rules,
                        opening,
                    )
                )
                opening = False
    return _GamePlan(number, game, tuple(items))


# -- the analyser -------------------------------------------------------------------------


class Analyser:
    """Analyses records with one evaluator at one depth.

    By default it asks the bgsage engine searching ``plies`` deep for plays
    (luck at 0 plies, as gnubg does) and for cube decisions. Pass
    ``evaluator`` to judge plays and luck with another
    :class:`~nard.ai.evaluator.Evaluator`; cube decisions are then analysed
    only if ``engine`` is given too.
    """

    def __init__(
        self,
        *,
        plies: int = 0,
        evaluator: Evaluator | None = None,
        engine: BgsageEngine | None = None,
        luck: bool = True,
    ) -> None:
        self.plies = plies
        self.luck = luck
        self._filter: Evaluator | None = None
        if evaluator is None:
            if engine is None:
                from nard.ai.engine import BgsageEngine

                engine = BgsageEngine.shared()
            # Races are judged with the bear-off database, as the bot judges them.
            self.evaluator: Evaluator = RaceEvaluator(engine.evaluator(plies))
            self._luck_evaluator: Evaluator = RaceEvaluator(engine.evaluator(0))
            self._filter = RaceEvaluator(engine.evaluator(0)) if plies else None
            self.name = f"bgsage {plies}-ply"
        else:
            self.evaluator = evaluator
            self._luck_evaluator = evaluator
            self.name = type(evaluator).__name__
        self.engine = engine

    @property
    def analyses_cube(self) -> bool:
        """Whether cube decisions are analysed (they need the engine)."""
        return self.engine is not None

    def notes(self) -> tuple[str, ...]:
        """How this analyser computes equities, in words."""
        units = "match: match winning chances (Kazaross XG2 table) as EMG; money: points per cube"
        if self.analyses_cube:
            notes = [
                f"checker plays: cubeful equity at the score ({units}), gnubg's 0-ply cube"
                f" model (Janowski, cube efficiency) on {self.plies}-ply chances",
                "cube decisions: no double, double/take, double/pass the same way",
            ]
        else:
            notes = [
                f"checker plays: cubeless equity at the score ({units})",
                f"cube decisions: not analysed ({self.name} has no cube analysis)",
            ]
        notes.append(
            "luck: best play of the roll against the average over all rolls, 0-ply, at the score"
            if self.luck
            else "luck: not analysed"
        )
        return tuple(notes)

    # -- public entry points ---------------------------------------------------------------

    def analyse_record(
        self,
        record: MatchRecord,
        *,
        progress: ProgressCallback | None = None,
        cancel: CancelToken | None = None,
    ) -> MatchAnalysis:
        """Analyse every game of ``record``; see :func:`analyse_record`."""
        match = record.replay()
        return self.analyse_match(match, players=record.players, progress=progress, cancel=cancel)

    def analyse_match(
        self,
        match: Match,
        *,
        players: tuple[str, str] = ("White", "Black"),
        progress: ProgressCallback | None = None,
        cancel: CancelToken | None = None,
    ) -> MatchAnalysis:
        """Analyse every game of ``match`` (the one in progress too)."""
        return self.analyse_games(
            match.all_games(),
            length=match.length,
            players=players,
            progress=progress,
            cancel=cancel,
        )

    def analyse_games(
        self,
        games: Sequence[Game],
        *,
        length: int | None = None,
        players: tuple[str, str] = ("White", "Black"),
        progress: ProgressCallback | None = None,
        cancel: CancelToken | None = None,
    ) -> MatchAnalysis:
        """Analyse ``games`` (numbered from 1, in order), e.g. one game in progress.

        Each game is replayed from its own actions, score and options;
        ``length`` is the match length for the summary (None: money).
        """
        plans = [
            _plan_game(number, game, cube=self.analyses_cube)
            for number, game in enumerate(games, start=1)
            # The next game of a match starts with the last one's end: skip it until it has begun.
            if game.actions
        ]
        total = sum(len(plan.items) for plan in plans)
        done = 0
        if progress is not None:
            progress(AnalysisProgress(0, total))
        analysed: list[GameAnalysis] = []
        for plan in plans:
            decisions: list[Decision] = []
            graph = [self._start_point(plan)]
            for item in plan.items:
                if cancel is not None:
                    cancel.check(done=done, total=total)
                decision, point = self._analyse(plan.number, item)
                decisions.append(decision)
                if point is not None:
                    graph.append(point)
                done += 1
                if progress is not None:
                    progress(AnalysisProgress(done, total, plan.number, item.move, item.side))
            analysed.append(self._game(plan, players, decisions, graph))
        every = [d for game in analysed for d in game.decisions]
        return MatchAnalysis(
            players=players,
            length=length,
            games=tuple(analysed),
            stats=(
                PlayerStats.of(Side.WHITE, players[0], every),
                PlayerStats.of(Side.BLACK, players[1], every),
            ),
            evaluator=self.name,
            plies=self.plies,
            cube_analysed=self.analyses_cube,
            luck_analysed=self.luck,
            notes=self.notes(),
        )

    # -- pieces ----------------------------------------------------------------------------

    def _game(
        self,
        plan: _GamePlan,
        players: tuple[str, str],
        decisions: list[Decision],
        graph: list[GraphPoint],
    ) -> GameAnalysis:
        game = plan.game
        result = game.result
        if result is not None and graph:
            win = 1.0 if result.winner is Side.WHITE else 0.0
            sign = 1 if result.winner is Side.WHITE else -1
            points = result.points / max(result.cube_value, 1)
            graph.append(GraphPoint(graph[-1].move + 1, win, sign * points))
        return GameAnalysis(
            number=plan.number,
            score=game.score,
            crawford=game.crawford,
            decisions=tuple(decisions),
            graph=tuple(graph),
            stats=(
                PlayerStats.of(Side.WHITE, players[0], decisions),
                PlayerStats.of(Side.BLACK, players[1], decisions),
            ),
            winner=None if result is None else result.winner,
            points=None if result is None else result.points,
        )

    def _start_point(self, plan: _GamePlan) -> GraphPoint:
        first = next((item for item in plan.items if isinstance(item, _PlayedRoll)), None)
        if first is None:
            return GraphPoint(0, 0.5, 0.0)
        [chances] = self.evaluator.evaluate([first.position])
        return _point(0, chances, gammons=gammons_count(first.cube))

    def _analyse(self, number: int, item: _Item) -> tuple[Decision, GraphPoint | None]:
        if isinstance(item, _PlayedRoll):
            return self._turn(number, item)
        return self._cube(number, item), None

    def _at_score(self, cube: CubeState, side: Side, rules: RuleSet) -> ScoreEquity:
        return ScoreEquity(
            cube,
            side,
            backgammons=not rules.no_backgammon,
            live_cube=self.analyses_cube,
            engine=self.engine,
        )

    def _turn(self, number: int, turn: _PlayedRoll) -> tuple[Decision, GraphPoint]:
        gammons = gammons_count(turn.cube)
        at_score = self._at_score(turn.cube, turn.side, turn.rules)
        luck = None
        if self.luck:
            luck = roll_luck(
                turn.position,
                turn.roll,
                turn.rules,
                evaluator=self._luck_evaluator,
                equity=at_score.play,
                opening=turn.opening,
            )
        ranked = rank_plays(
            turn.position,
            turn.roll,
            turn.rules,
            evaluator=self.evaluator,
            filter_evaluator=self._filter,
            equity=at_score.play,
        )

        def decision(
            chosen: Play, best: Play, equity: float, best_equity: float, forced: bool
        ) -> Decision:
            return Decision(
                game=number,
                move=turn.move,
                side=turn.side,
                kind=DecisionKind.PLAY,
                position=turn.position,
                cube=turn.cube,
                chosen=format_play(chosen),
                best=format_play(best),
                equity=equity,
                best_equity=best_equity,
                loss=max(0.0, best_equity - equity),
                forced=forced,
                cubeful=self.analyses_cube,
                roll=turn.roll,
                play=chosen,
                best_play=best,
                luck=luck,
            )

        if not ranked:
            [chances] = evaluate_after(self.evaluator, [turn.position])
            equity = at_score.play(chances, turn.position)
            return decision(NO_PLAY, NO_PLAY, equity, equity, True), _point(
                turn.move, chances, gammons=gammons
            )
        after = apply_play(turn.position, turn.play)
        chosen = next((r for r in ranked if r.after == after), None)
        if chosen is None:
            raise ValueError(f"{turn.play} is not a legal play of {turn.roll} (game {number})")
        chances, equity = chosen.probabilities, chosen.equity
        if not chosen.searched:
            # Judge the play made as deeply as the plays it is compared with.
            [chances] = evaluate_after(self.evaluator, [after], before=turn.position)
            equity = at_score.play(chances, after)
        best = ranked[0]
        made = decision(turn.play, best.play, equity, best.equity, len(ranked) == 1)
        if made.mark is not Mark.NONE:
            made = replace(made, alternatives=_alternatives(ranked, after, equity))
        return made, _point(turn.move, chances, gammons=gammons)

    def _cube(self, number: int, item: _Cube) -> Decision:
        doubler = item.position.turn
        at_score = self._at_score(item.cube, doubler, item.rules)
        [chances] = self.evaluator.evaluate([item.position])
        analysis = at_score.cube_options(chances, item.position)
        if item.kind is DecisionKind.DOUBLE:
            options = _double_options(analysis)
        else:
            options = _answer_options(analysis)
        best_choice = max(options, key=lambda choice: options[choice])
        equity = options[CubeChoice.TAKE if item.choice is CubeChoice.BEAVER else item.choice]
        best_equity = options[best_choice]
        beaver = item.cube.beaver and item.cube.is_money and analysis.double_take < 0
        if best_choice is CubeChoice.TAKE and beaver:
            best_choice = CubeChoice.BEAVER
        loss = max(0.0, best_equity - equity)
        forced = item.kind is DecisionKind.DOUBLE and not _is_close(analysis, loss)
        return Decision(
            game=number,
            move=item.move,
            side=item.side,
            kind=item.kind,
            position=item.position,
            cube=item.cube,
            chosen=item.choice.value,
            best=best_choice.value,
            equity=equity,
            best_equity=best_equity,
            loss=loss,
            forced=forced,
            cubeful=True,
        )


def _alternatives(
    ranked: Sequence[RankedPlay], played: Position, equity: float
) -> tuple[Alternative, ...]:
    """The ranking as kept with a marked play; the play made carries the equity it
    was judged at (searched as deeply as the best, even when the filter dropped it)."""
    return tuple(
        Alternative(format_play(r.play), r.after.id(), equity, True)
        if r.after == played
        else Alternative(format_play(r.play), r.after.id(), r.equity, r.searched)
        for r in ranked
    )


def _double_options(analysis: CubeOptions) -> dict[CubeChoice, float]:
    """The doubler's equity of each choice; a double meets the opponent's best answer."""
    doubled = min(analysis.double_take, analysis.double_pass)
    return {CubeChoice.NO_DOUBLE: analysis.no_double, CubeChoice.DOUBLE: doubled}


def _answer_options(analysis: CubeOptions) -> dict[CubeChoice, float]:
    """The doubled side's equity of each answer (the doubler's, negated).

    A beaver is judged as a take, at the doubled cube's equity.
    """
    return {CubeChoice.TAKE: -analysis.double_take, CubeChoice.DROP: -analysis.double_pass}


def _is_close(analysis: CubeOptions, loss: float) -> bool:
    """Whether a double/no-double decision counts as a decision (gnubg's close cube
    decisions; XG's "obvious" ones do not count): a double within a very bad
    error of not doubling, or any error."""
    if loss > 0:
        return True
    doubled = min(analysis.double_take, analysis.double_pass)
    return analysis.may_double and doubled - analysis.no_double > -VERY_BAD


def _point(move: int, chances: Probabilities, *, gammons: bool) -> GraphPoint:
    white = chances.pov(Side.WHITE)
    return GraphPoint(move, white.win, white.equity(gammons=gammons))


def _side_name(side: Side | None) -> str | None:
    return None if side is None else side.name.lower()


def analyse_record(
    record: MatchRecord,
    *,
    plies: int = 0,
    evaluator: Evaluator | None = None,
    engine: BgsageEngine | None = None,
    luck: bool = True,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
) -> MatchAnalysis:
    """Analyse every decision of ``record`` (see the module doc).

    ``progress`` is called once before any work (``done`` 0) and after each
    decision; ``cancel`` is checked before each decision and raises
    :class:`~nard.ai.progress.AnalysisCancelled` once cancelled.
    """
    analyser = Analyser(plies=plies, evaluator=evaluator, engine=engine, luck=luck)
    return analyser.analyse_record(record, progress=progress, cancel=cancel)
