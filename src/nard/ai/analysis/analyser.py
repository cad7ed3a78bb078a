"""The analyser: each planned decision judged by the evaluator, at the score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from nard.ai.analysis.decisions import (
    VERY_BAD,
    Alternative,
    CubeChoice,
    Decision,
    DecisionKind,
    Mark,
)
from nard.ai.analysis.planning import CubeDecision, GamePlan, PlannedItem, PlayedRoll, plan_game
from nard.ai.analysis.results import GameAnalysis, GraphPoint, MatchAnalysis
from nard.ai.analysis.stats import PlayerStats
from nard.ai.cube import CubeState, gammons_count
from nard.ai.evaluator import Evaluator, evaluate_after
from nard.ai.luck import roll_luck
from nard.ai.probabilities import Probabilities
from nard.ai.progress import AnalysisProgress, CancelToken, ProgressCallback
from nard.ai.race import RaceEvaluator
from nard.ai.ranking import RankedPlay, rank_plays
from nard.ai.score_equity import CubeOptions, ScoreEquity
from nard.core.board import Position, Side
from nard.core.notation import format_play
from nard.core.plays import NO_PLAY, Play, apply_play
from nard.core.rules import RuleSet
from nard.match.game import Game
from nard.match.match import Match
from nard.match.record import MatchRecord

if TYPE_CHECKING:
    from nard.ai.engine import BgsageEngine


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
            plan_game(number, game, cube=self.analyses_cube)
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
        plan: GamePlan,
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

    def _start_point(self, plan: GamePlan) -> GraphPoint:
        first = next((item for item in plan.items if isinstance(item, PlayedRoll)), None)
        if first is None:
            return GraphPoint(0, 0.5, 0.0)
        [chances] = self.evaluator.evaluate([first.position])
        return _point(0, chances, gammons=gammons_count(first.cube))

    def _analyse(self, number: int, item: PlannedItem) -> tuple[Decision, GraphPoint | None]:
        if isinstance(item, PlayedRoll):
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

    def _turn(self, number: int, turn: PlayedRoll) -> tuple[Decision, GraphPoint]:
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

    def _cube(self, number: int, item: CubeDecision) -> Decision:
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
