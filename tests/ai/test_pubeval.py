"""Tesauro's pubeval, checked against a line-by-line reading of the published setx()."""

from __future__ import annotations

import random

import pytest

from nard.ai.pubeval import _CONTACT_WEIGHTS, _RACE_WEIGHTS, PubEval, encode, scores
from nard.core.board import BAR, OFF, Position
from nard.core.dice import Roll
from nard.core.plays import LegalPlays, Play, Step
from nard.core.rules import IRANIAN, STANDARD, RuleSet
from tests.ai.games import play_game, random_positions


def _tesauro_pos(position: Position) -> list[int]:
    """The published 28-entry board: own men positive, opponent's negative."""
    pos = [0] * 28
    for point in range(1, 25):
        pos[point] = position.player[point] - position.opponent[25 - point]
    pos[25] = position.player[BAR]
    pos[0] = -position.opponent[BAR]
    pos[26] = position.player[OFF]
    pos[27] = -position.opponent[OFF]
    return pos


def _published_pubeval(race: bool, pos: list[int]) -> float:
    """A direct transcription of the published C routine."""
    if pos[26] == 15:
        return 99999999.0
    x = [0.0] * 122
    for j in range(1, 25):
        jm1 = j - 1
        n = pos[25 - j]
        if n != 0:
            if n == -1:
                x[5 * jm1 + 0] = 1.0
            if n == 1:
                x[5 * jm1 + 1] = 1.0
            if n >= 2:
                x[5 * jm1 + 2] = 1.0
            if n == 3:
                x[5 * jm1 + 3] = 1.0
            if n >= 4:
                x[5 * jm1 + 4] = (n - 3) / 2.0
    x[120] = -pos[0] / 2.0
    x[121] = pos[26] / 15.0
    weights = _RACE_WEIGHTS if race else _CONTACT_WEIGHTS
    return sum(w * v for w, v in zip(weights, x, strict=True))


def test_weights_have_the_published_size() -> None:
    assert len(_RACE_WEIGHTS) == len(_CONTACT_WEIGHTS) == 122
    assert _RACE_WEIGHTS[1] == -0.17160 and _CONTACT_WEIGHTS[-1] == -2.75800


def test_scores_equal_the_published_routine() -> None:
    positions = [p for p, _ in random_positions(seed=5, count=400)]
    assert encode(positions).shape == (400, 122)
    for race in (False, True):
        ours = scores(positions, race=race)
        for position, value in zip(positions, ours, strict=True):
            assert value == pytest.approx(_published_pubeval(race, _tesauro_pos(position)))


def test_bearing_off_the_last_checker_scores_best() -> None:
    done = Position.from_points({}, {6: 15})
    assert scores([done], race=True)[0] == 99999999.0


def test_opening_plays() -> None:
    player = PubEval()
    start = Position.initial()
    assert player.choose_play(start, Roll(3, 1)) == Play((Step(8, 5), Step(6, 5)))
    assert player.choose_play(start, Roll(6, 5)) == Play((Step(24, 18), Step(18, 13)))


@pytest.mark.parametrize("rules", [STANDARD, IRANIAN], ids=["standard", "iranian"])
def test_pubeval_plays_legal_whole_games(rules: RuleSet) -> None:
    player = PubEval()
    for seed in range(2):
        final, _ = play_game(
            lambda p, r: player.choose_play(p, r, rules), random.Random(seed), rules
        )
        assert final.is_game_over()


def test_no_play_when_nothing_moves() -> None:
    closed = Position.from_points({BAR: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    assert not LegalPlays(closed, Roll(6, 6))
    assert PubEval().choose_play(closed, Roll(6, 6)) == Play()
