"""Analysis of records: equity loss and marks, luck, error rate, progress, cancellation."""

from __future__ import annotations

import json
import math

import pytest

from nard.ai.analysis import (
    BAD,
    DOUBTFUL,
    VERY_BAD,
    Analyser,
    DecisionKind,
    Mark,
    MatchAnalysis,
    analyse_record,
    mark,
    rating,
)
from nard.ai.evaluator import Evaluator, PipCountEvaluator
from nard.ai.luck import LuckKind, average_equity, luck_kind, roll_equities, roll_luck
from nard.ai.progress import AnalysisCancelled, AnalysisProgress, CancelToken
from nard.ai.ranking import rank_plays
from nard.core.board import Position, Side
from nard.core.dice import ALL_ROLLS, Roll
from nard.core.plays import Play, Step, apply_play
from nard.match import Match, SeededDice
from nard.match.actions import Double, Drop, MakePlay, OpeningRoll, RollDice
from nard.match.game import Phase
from nard.match.record import MatchRecord
from tests.ai.games import random_positions

# -- records to analyse ---------------------------------------------------------------------


def worst_vs_best_record(
    evaluator: Evaluator, *, seed: int = 3, max_turns: int | None = None
) -> MatchRecord:
    """One money game: White always makes the WORST legal play by ``evaluator``,
    Black always the best; the dice come from ``seed``."""
    dice = SeededDice(seed)
    match = Match.new(None)
    turns = 0
    while match.game is not None and not match.games:
        game = match.game
        if game.phase in (Phase.OPENING, Phase.ROLLING):
            match, _ = match.apply(game.roll_action(dice))
            continue
        if max_turns is not None and turns >= max_turns:
            break
        assert game.turn_start is not None and game.roll is not None and game.turn is not None
        ranked = rank_plays(game.turn_start, game.roll, game.rules, evaluator=evaluator)
        chosen = ranked[-1] if game.turn is Side.WHITE else ranked[0]
        match, _ = match.apply(MakePlay(game.turn, chosen.play))
        turns += 1
    return MatchRecord.from_match(match, players=("Worst", "Best"))


def cube_record() -> MatchRecord:
    """Black doubles at once after the opening play and White drops: both blunders."""
    return MatchRecord(
        actions=(
            OpeningRoll(white=3, black=1),
            MakePlay(Side.WHITE, Play((Step(8, 5), Step(6, 5)))),
            Double(Side.BLACK),
            Drop(Side.WHITE),
        ),
        players=("Ann", "Bob"),
    )


@pytest.fixture(scope="module")
def pip_analysis() -> MatchAnalysis:
    record = worst_vs_best_record(PipCountEvaluator())
    return analyse_record(record, evaluator=PipCountEvaluator(), luck=False)


# -- marks, ratings ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("loss", "expected"),
    [
        (0.0, Mark.NONE),
        (DOUBTFUL, Mark.NONE),
        (DOUBTFUL + 1e-9, Mark.DOUBTFUL),
        (BAD, Mark.DOUBTFUL),
        (BAD + 1e-9, Mark.BAD),
        (VERY_BAD, Mark.BAD),
        (VERY_BAD + 1e-9, Mark.VERY_BAD),
        (2.0, Mark.VERY_BAD),
    ],
)
def test_marks_use_gnubg_thresholds(loss: float, expected: Mark) -> None:
    assert (DOUBTFUL, BAD, VERY_BAD) == (0.03, 0.06, 0.12)
    assert mark(loss) is expected


@pytest.mark.parametrize(
    ("error", "word"),
    [
        (0.0, "Supernatural"),
        (0.0019, "Supernatural"),
        (0.002, "World class"),
        (0.006, "Expert"),
        (0.010, "Advanced"),
        (0.015, "Intermediate"),
        (0.020, "Casual player"),
        (0.030, "Beginner"),
        (0.035, "Awful!"),
        (1.0, "Awful!"),
    ],
)
def test_rating_words_follow_gnubg_table(error: float, word: str) -> None:
    assert rating(error) == word


def test_luck_marks_use_gnubg_thresholds() -> None:
    assert luck_kind(0.61) is LuckKind.VERY_LUCKY
    assert luck_kind(0.6) is LuckKind.LUCKY
    assert luck_kind(0.31) is LuckKind.LUCKY
    assert luck_kind(0.3) is LuckKind.NONE
    assert luck_kind(-0.3) is LuckKind.NONE
    assert luck_kind(-0.31) is LuckKind.UNLUCKY
    assert luck_kind(-0.61) is LuckKind.VERY_UNLUCKY


# -- worst play against best play ---------------------------------------------------------------


def test_best_play_side_makes_no_error(pip_analysis: MatchAnalysis) -> None:
    best = pip_analysis.stats[Side.BLACK]
    assert best.decisions > 10
    assert best.total_loss == 0.0
    assert best.error_rate == 0.0 and best.pr == 0.0
    assert best.rating == "Supernatural"
    assert all(count == 0 for count in best.marks.values())
    assert pip_analysis.mistakes(Side.BLACK) == []


def test_worst_play_side_loses_exactly_the_spread_of_each_roll(
    pip_analysis: MatchAnalysis,
) -> None:
    evaluator = PipCountEvaluator()
    expected = 0.0
    unforced = 0
    for decision in pip_analysis.decisions:
        if decision.side is not Side.WHITE:
            continue
        assert decision.roll is not None
        ranked = rank_plays(decision.position, decision.roll, evaluator=evaluator)
        if not ranked:  # R10: nothing to play
            assert decision.forced and decision.play == Play()
            continue
        assert decision.play == ranked[-1].play
        if len(ranked) > 1:
            unforced += 1
            expected += ranked[0].equity - ranked[-1].equity
            assert decision.loss == pytest.approx(ranked[0].equity - ranked[-1].equity)
            assert decision.best_play == ranked[0].play
    worst = pip_analysis.stats[Side.WHITE]
    assert worst.decisions == unforced
    assert worst.total_loss == pytest.approx(expected)
    assert worst.error_rate == pytest.approx(1000 * expected / unforced)
    assert worst.error_rate > 50
    assert worst.pr == pytest.approx(worst.error_rate / 2)
    assert worst.rating == "Awful!"


def test_a_marked_play_keeps_the_ranking_of_every_legal_play(
    pip_analysis: MatchAnalysis,
) -> None:
    marked = 0
    for decision in pip_analysis.decisions:
        assert decision.roll is not None
        if decision.mark is Mark.NONE:
            assert decision.alternatives == ()
            continue
        marked += 1
        ranked = rank_plays(decision.position, decision.roll, evaluator=PipCountEvaluator())
        kept = {a.position_id: a for a in decision.alternatives}
        assert len(kept) == len(decision.alternatives) == len(ranked)
        for play in ranked:
            assert kept[play.after.id()].equity == pytest.approx(play.equity)
        assert decision.alternatives[0].equity == pytest.approx(decision.best_equity)
        assert decision.play is not None
        played = apply_play(decision.position, decision.play).id()
        assert kept[played].equity == pytest.approx(decision.equity)
        assert decision.to_dict()["plays"][0]["position_id"] == decision.alternatives[0].position_id
        # The page draws the plays from the steps the analysis sends, never from their text.
        data = decision.to_dict()
        best, chosen = (
            Play(tuple(Step(s["from"], s["to"]) for s in data[key]))
            for key in ("best_steps", "chosen_steps")
        )
        assert apply_play(decision.position, best).id() == decision.alternatives[0].position_id
        assert apply_play(decision.position, chosen).id() == played
    assert marked > 0


def test_forced_plays_are_not_decisions(pip_analysis: MatchAnalysis) -> None:
    for decision in pip_analysis.decisions:
        assert decision.roll is not None
        count = len(rank_plays(decision.position, decision.roll, evaluator=PipCountEvaluator()))
        assert decision.forced is (count <= 1)
        if decision.forced:
            assert decision.loss == 0.0 and decision.mark is Mark.NONE
    stats = pip_analysis.stats[Side.WHITE]
    assert stats.unforced_plays < stats.plays


def test_worst_plays_by_the_engine_are_mostly_bad_or_very_bad() -> None:
    pytest.importorskip("bgsage")
    from nard.ai.engine import BgsageEngine

    engine = BgsageEngine.shared()
    record = worst_vs_best_record(engine.evaluator(0), seed=5, max_turns=24)
    analysis = analyse_record(record, plies=0, engine=engine, luck=False)
    worst, best = analysis.stats
    # The record's players never double, so only their plays are judged here.
    assert best.play_loss == pytest.approx(0.0, abs=1e-9)
    assert worst.play_loss / worst.unforced_plays > 0.1
    assert worst.error_rate > 10 * best.error_rate
    white_plays = [
        d
        for d in analysis.decisions
        if d.side is Side.WHITE and d.kind is DecisionKind.PLAY and not d.forced
    ]
    serious = [d for d in white_plays if d.mark in (Mark.BAD, Mark.VERY_BAD)]
    assert len(serious) > len(white_plays) / 2
    assert analysis.stats[Side.WHITE].marks[Mark.VERY_BAD] > 0


def test_a_decision_records_what_was_played_and_the_position_before() -> None:
    record = MatchRecord(
        actions=(
            OpeningRoll(white=3, black=1),
            MakePlay(Side.WHITE, Play((Step(24, 21), Step(24, 23)))),
            RollDice(Side.BLACK, Roll(6, 6)),
            MakePlay(Side.BLACK, Play((Step(24, 18), Step(24, 18), Step(13, 7), Step(13, 7)))),
        )
    )
    analysis = analyse_record(record, evaluator=PipCountEvaluator())
    first, second = analysis.decisions
    assert (first.game, first.move, first.side, first.roll) == (1, 1, Side.WHITE, Roll(3, 1))
    assert first.position == Position.initial(turn=Side.WHITE)
    assert first.chosen == "24/23 24/21"
    assert first.position_id == Position.initial().id()
    assert second.move == 2 and second.side is Side.BLACK
    after_white = apply_play(Position.initial(), first.play or Play())
    assert second.position == after_white.swap()


# -- luck --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("position", "roll"), random_positions(7, 2))
def test_luck_of_all_rolls_averages_to_zero(position: Position, roll: Roll) -> None:
    evaluator = PipCountEvaluator()
    lucks = {r: roll_luck(position, r, evaluator=evaluator) for r, _ in ALL_ROLLS}
    assert sum(lucks[r] * weight for r, weight in ALL_ROLLS) / 36 == pytest.approx(0, abs=1e-9)
    equities = roll_equities(position, evaluator=evaluator)
    assert lucks[roll] == pytest.approx(equities[roll] - average_equity(equities))
    best = rank_plays(position, roll, evaluator=evaluator)
    if best:
        assert equities[roll] == pytest.approx(best[0].equity)


def test_opening_luck_is_measured_among_the_non_doubles() -> None:
    evaluator = PipCountEvaluator()
    start = Position.initial()
    equities = roll_equities(start, evaluator=evaluator, opening=True)
    assert len(equities) == 15 and not any(r.is_double for r in equities)
    total = sum(roll_luck(start, r, evaluator=evaluator, opening=True) for r in equities)
    assert total == pytest.approx(0, abs=1e-9)
    with pytest.raises(ValueError, match="opening"):
        roll_luck(start, Roll(6, 6), evaluator=evaluator, opening=True)


def test_analysed_luck_is_the_luck_of_each_roll() -> None:
    evaluator = PipCountEvaluator()
    record = worst_vs_best_record(evaluator, seed=9, max_turns=6)
    analysis = analyse_record(record, evaluator=evaluator)
    decisions = analysis.decisions
    assert len(decisions) == 6
    for index, decision in enumerate(decisions):
        assert decision.roll is not None and decision.luck is not None
        opening = index == 0
        expected = roll_luck(decision.position, decision.roll, evaluator=evaluator, opening=opening)
        assert decision.luck == pytest.approx(expected)
    for side in Side:
        stats = analysis.stats[side]
        mine = [d.luck for d in decisions if d.side is side and d.luck is not None]
        assert stats.rolls == len(mine)
        assert stats.luck == pytest.approx(sum(mine))


# -- cube decisions ----------------------------------------------------------------------------


def test_cube_blunders_are_marked_with_the_engine() -> None:
    pytest.importorskip("bgsage")
    analysis = analyse_record(cube_record(), plies=0, luck=False)
    assert analysis.cube_analysed
    double = next(d for d in analysis.decisions if d.kind is DecisionKind.DOUBLE)
    answer = next(d for d in analysis.decisions if d.kind is DecisionKind.TAKE)
    assert (double.side, double.chosen, double.best) == (Side.BLACK, "double", "no double")
    assert double.loss > 0 and not double.forced and double.cubeful
    assert (answer.side, answer.chosen, answer.best) == (Side.WHITE, "drop", "take")
    assert answer.mark is Mark.VERY_BAD
    assert answer.equity == pytest.approx(-1.0)
    assert analysis.stats[Side.WHITE].cube_decisions == 1
    assert analysis.stats[Side.WHITE].cube_loss == pytest.approx(answer.loss)


def test_cube_decisions_are_skipped_without_the_engine() -> None:
    analysis = analyse_record(cube_record(), evaluator=PipCountEvaluator())
    assert not analysis.cube_analysed
    assert [d.kind for d in analysis.decisions] == [DecisionKind.PLAY]
    assert any("not analysed" in note for note in analysis.notes)


# -- progress and cancellation -----------------------------------------------------------------


def test_progress_is_monotonic_and_ends_at_total() -> None:
    record = worst_vs_best_record(PipCountEvaluator(), seed=4, max_turns=12)
    events: list[AnalysisProgress] = []
    analysis = analyse_record(record, evaluator=PipCountEvaluator(), progress=events.append)
    total = events[0].total
    assert total == len(analysis.decisions) == 12
    assert events[0].done == 0 and events[0].game is None
    assert [e.done for e in events] == list(range(total + 1))
    assert all(e.total == total for e in events)
    assert events[-1].fraction == 1.0
    assert [(e.game, e.move) for e in events[1:]] == [(d.game, d.move) for d in analysis.decisions]


def test_cancellation_stops_midway() -> None:
    record = worst_vs_best_record(PipCountEvaluator(), seed=4, max_turns=12)
    token = CancelToken()
    seen: list[int] = []

    def on_progress(event: AnalysisProgress) -> None:
        seen.append(event.done)
        if event.done == 5:
            token.cancel()

    analyser = Analyser(evaluator=PipCountEvaluator(), luck=False)
    with pytest.raises(AnalysisCancelled) as stopped:
        analyser.analyse_record(record, progress=on_progress, cancel=token)
    assert stopped.value.done == 5 and stopped.value.total == 12
    assert seen[-1] == 5


# -- graph and JSON ----------------------------------------------------------------------------


def test_equity_graph_follows_every_turn_and_ends_with_the_result(
    pip_analysis: MatchAnalysis,
) -> None:
    [game] = pip_analysis.games
    graph = game.graph
    moves = [point.move for point in graph]
    assert moves == sorted(moves) and moves[0] == 0
    assert len(graph) == len(game.decisions) + 2
    assert all(0.0 <= point.win <= 1.0 for point in graph)
    assert game.winner is not None
    assert graph[-1].win == (1.0 if game.winner is Side.WHITE else 0.0)
    assert math.copysign(1, graph[-1].equity) == (1 if game.winner is Side.WHITE else -1)


def test_analysis_as_json(pip_analysis: MatchAnalysis) -> None:
    data = json.loads(json.dumps(pip_analysis.to_dict()))
    assert data["players"] == ["Worst", "Best"]
    assert [s["side"] for s in data["stats"]] == ["white", "black"]
    assert data["stats"][1]["error_rate"] == 0.0
    assert data["thresholds"] == {"doubtful": 0.03, "bad": 0.06, "very_bad": 0.12}
    assert len(data["mistakes"]) == len(pip_analysis.mistakes())
    assert all(m["mark"] in ("doubtful", "bad", "very bad") for m in data["mistakes"])
    assert len(data["games"][0]["decisions"]) == len(pip_analysis.decisions)


def test_a_game_in_progress_can_be_analysed_alone() -> None:
    record = worst_vs_best_record(PipCountEvaluator(), seed=4, max_turns=12)
    game = record.game(1, upto=9)
    analysis = Analyser(evaluator=PipCountEvaluator(), luck=False).analyse_games([game])
    assert analysis.length is None and len(analysis.games) == 1
    plays = [a for a in game.actions if isinstance(a, MakePlay)]
    assert [d.chosen for d in analysis.decisions] == [str(a.play) for a in plays]
    assert analysis.games[0].winner is None
