"""Puzzles from a real analysis: a short bot-vs-bot game analysed by the engine."""

from __future__ import annotations

import json
from typing import Any

import pytest

from nard.ai.analysis import DOUBTFUL, MatchAnalysis, analyse_record
from nard.ai.bot import Bot
from nard.ai.bot_actions import choose_action
from nard.core.board import Side
from nard.core.plays import LegalPlays
from nard.core.rules import STANDARD
from nard.match import Match, SeededDice
from nard.match.record import MatchRecord
from nard.trainer.mistakes import OutdatedAnalysis, check_answer, puzzles_of


def bot_game(seed: int = 7) -> MatchRecord:
    """A one-point match: a beginner bot (White) against an advanced one (Black)."""
    dice = SeededDice(seed)
    bots = {Side.WHITE: Bot("beginner", seed=1), Side.BLACK: Bot("advanced", seed=2)}
    match = Match.new(1)
    while match.game is not None and not match.games:
        game = match.game
        action = next(
            (a for side in Side if (a := choose_action(bots[side], game, side)) is not None),
            None,
        )
        match, _ = match.apply(action if action is not None else game.roll_action(dice))
    return MatchRecord.from_match(match, players=("Beginner", "Advanced"))


@pytest.fixture(scope="module")
def analysis() -> MatchAnalysis:
    return analyse_record(bot_game())


@pytest.fixture(scope="module")
def stored(analysis: MatchAnalysis) -> dict[str, Any]:
    """The analysis as the server keeps it (JSON)."""
    data: dict[str, Any] = json.loads(json.dumps(analysis.to_dict()))
    return data


def test_each_marked_play_of_the_side_is_a_puzzle(
    analysis: MatchAnalysis, stored: dict[str, Any]
) -> None:
    puzzles = puzzles_of(stored, ["white"])
    marked = [d for d in analysis.mistakes(Side.WHITE) if d.kind.value == "play"]
    assert len(puzzles) == len(marked) >= 2
    for puzzle, decision in zip(puzzles, marked, strict=True):
        assert (puzzle.game, puzzle.move, puzzle.side) == (decision.game, decision.move, "white")
        assert puzzle.position_id == decision.position_id
        assert decision.roll is not None
        assert puzzle.dice == (decision.roll.high, decision.roll.low)
        assert (puzzle.played, puzzle.best) == (decision.chosen, decision.best)
        assert puzzle.best_equity - puzzle.played_equity == pytest.approx(decision.loss, abs=2e-6)
        assert puzzle.mark == decision.mark.value and puzzle.tolerance == DOUBTFUL
        # The ranking holds every legal play of the roll, once each.
        legal = {after.id() for _, after in LegalPlays(puzzle.position, puzzle.roll).items()}
        assert {c.position_id for c in puzzle.ranking} == legal
        assert len(puzzle.ranking) == len(legal)


def test_the_other_sides_puzzles_are_its_own(stored: dict[str, Any]) -> None:
    white = puzzles_of(stored, ["white"])
    black = puzzles_of(stored, ["black"])
    both = puzzles_of(stored, ["white", "black"])
    assert {p.side for p in black} <= {"black"}
    assert len(both) == len(white) + len(black)


def test_the_best_play_is_right_and_the_play_made_is_wrong(stored: dict[str, Any]) -> None:
    for puzzle in puzzles_of(stored, ["white", "black"]):
        best = check_answer(puzzle, puzzle.best, STANDARD)
        assert best.right and best.loss == 0.0 and best.counts
        made = check_answer(puzzle, puzzle.played, STANDARD)
        assert made.counts and not made.right
        assert made.loss == pytest.approx(puzzle.best_equity - puzzle.played_equity)
        assert made.loss is not None and made.loss > puzzle.tolerance


def test_a_play_within_the_tolerance_counts_as_right(stored: dict[str, Any]) -> None:
    """Right or wrong follows the ranking: every ranked play is judged by its equity."""
    for puzzle in puzzles_of(stored, ["white", "black"]):
        for candidate in puzzle.ranking[:6]:
            answer = check_answer(puzzle, candidate.play, STANDARD)
            assert answer.candidate == candidate
            close = puzzle.best_equity - candidate.equity <= puzzle.tolerance
            assert answer.right is (close and candidate.searched)


def test_an_illegal_play_is_refused_with_its_rule(stored: dict[str, Any]) -> None:
    puzzle = puzzles_of(stored, ["white"])[0]
    high = puzzle.dice[0]
    # Moving one checker by the high die from a point the player does not hold.
    empty = next(p for p in range(24, high, -1) if puzzle.position.player[p] == 0)
    answer = check_answer(puzzle, f"{empty}/{empty - high}", STANDARD)
    assert not answer.counts and not answer.right
    assert answer.explanation is not None or answer.error is not None
    nonsense = check_answer(puzzle, "hello", STANDARD)
    assert nonsense.error is not None and not nonsense.counts


def test_an_analysis_without_rankings_is_refused(stored: dict[str, Any]) -> None:
    old = json.loads(json.dumps(stored))
    for game in old["games"]:
        for decision in game["decisions"]:
            decision.pop("plays")
    with pytest.raises(OutdatedAnalysis):
        puzzles_of(old, ["white"])
