"""The bgsage adapter: perspective, agreement with bgsage's own analysis, match equity."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

pytest.importorskip("bgsage")

from bgsage import BgBotAnalyzer

from nard.ai.bot import Bot, Level
from nard.ai.convert import board_key, to_board
from nard.ai.engine import BgsageEngine, BgsageEvaluator
from nard.ai.evaluator import Evaluator, PlayEvaluator, evaluate_after
from nard.ai.probabilities import Probabilities
from nard.ai.race import is_race
from nard.core.board import Position, Side
from tests.ai.games import random_positions

ENGINE = BgsageEngine.shared()
NO_NOISE_0PLY = Level("test 0-ply", 0, 0.0, "")
NO_NOISE_1PLY = Level("test 1-ply", 1, 0.0, "")


def test_bgsage_evaluator_is_an_evaluator() -> None:
    evaluator = ENGINE.evaluator(0)
    assert isinstance(evaluator, Evaluator)
    assert isinstance(evaluator, PlayEvaluator)
    assert isinstance(evaluator, BgsageEvaluator)


@pytest.mark.parametrize("plies", [-1, 4])
def test_depth_out_of_range_is_refused(plies: int) -> None:
    with pytest.raises(ValueError):
        ENGINE.evaluator(plies)


def test_chances_belong_to_the_side_on_roll() -> None:
    white, black = ENGINE.evaluate([Position.initial(Side.WHITE), Position.initial(Side.BLACK)])
    assert white.side is Side.WHITE and black.side is Side.BLACK
    assert white.win == pytest.approx(black.win)
    assert 0.5 < white.win < 0.56  # being on roll at the start is worth a little


def test_a_big_race_lead_is_a_near_certain_win() -> None:
    ahead = Position.from_points({1: 3, 2: 2}, {6: 5, 5: 5, 4: 5})
    [chances] = ENGINE.evaluate([ahead])
    assert chances.win > 0.99
    [other] = ENGINE.evaluate([ahead.swap()])
    assert other.win < 0.05


def test_evaluate_after_reads_chances_from_the_side_that_played() -> None:
    """After a play the side that played must like a race lead it just made."""
    after = Position.from_points({1: 3}, {6: 5, 5: 5, 4: 5})
    for evaluator in (ENGINE.evaluator(0), _Plain(ENGINE.evaluator(0))):
        [chances] = evaluate_after(evaluator, [after], before=after)
        assert chances.side is after.turn
        assert chances.win > 0.99


def test_zero_ply_ranking_equals_bgsage_checker_play() -> None:
    """Ranking nard.core's legal plays gives bgsage's own equities, play by play,
    where contact remains (races go to nard's bear-off database)."""
    analyzer = BgBotAnalyzer(eval_level="1ply", cubeful=False)
    bot = Bot(NO_NOISE_0PLY, engine=ENGINE)
    checked = 0
    for position, roll in random_positions(seed=11, count=150):
        ranked = bot.rank_plays(position, roll)
        if len(ranked) < 2 or any(is_race(r.after) for r in ranked):
            continue
        theirs = analyzer.checker_play(to_board(position), roll.high, roll.low)
        equity = {board_key(m.board): m.equity for m in theirs.moves}
        for r in ranked:
            if is_race(r.after):
                continue
            assert r.equity == pytest.approx(equity[board_key(to_board(r.after))], abs=1e-9)
        checked += 1
    assert checked > 100


def test_one_ply_best_play_equals_bgsage_checker_play() -> None:
    analyzer = BgBotAnalyzer(eval_level="2ply", cubeful=False)
    bot = Bot(NO_NOISE_1PLY, engine=ENGINE)
    for position, roll in random_positions(seed=12, count=25):
        ranked = bot.rank_plays(position, roll)
        if len(ranked) < 2 or any(is_race(r.after) for r in ranked):
            continue
        theirs = analyzer.checker_play(to_board(position), roll.high, roll.low).moves[0]
        ours = ranked[0]
        assert ours.searched
        assert ours.equity == pytest.approx(theirs.equity, abs=1e-6)


def test_match_equity_table() -> None:
    assert BgsageEngine.match_equity(1, 1) == pytest.approx(0.5)
    assert BgsageEngine.match_equity(0, 3) == 1.0
    assert BgsageEngine.match_equity(3, 0) == 0.0
    leader = BgsageEngine.match_equity(2, 5)
    assert 0.5 < leader < 1.0
    assert BgsageEngine.match_equity(5, 2) == pytest.approx(1.0 - leader, abs=1e-6)


class _Plain:
    """An evaluator without the before-position refinement."""

    def __init__(self, inner: Evaluator) -> None:
        self.inner = inner

    def evaluate(self, positions: Sequence[Position]) -> list[Probabilities]:
        return self.inner.evaluate(positions)
