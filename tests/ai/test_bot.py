"""The bot: levels, legal plays under every rule set, noise."""

from __future__ import annotations

import itertools
import random

import pytest

from nard.ai.bot import ADVANCED, BEGINNER, EXPERT, LEVELS, WORLD_CLASS, Bot, Level
from nard.ai.evaluator import PipCountEvaluator
from nard.core.board import BAR, Position, Side
from nard.core.dice import Roll
from nard.core.plays import NO_PLAY, Play, is_legal
from nard.core.rules import IRANIAN, STANDARD, RuleSet
from tests.ai.games import play_game, random_positions

CLEAN_0PLY = Level("clean 0-ply", 0, 0.0, "no noise, for tests")


def test_levels_from_weakest_to_strongest() -> None:
    levels = list(LEVELS.values())
    assert [lv.name for lv in levels] == [
        "beginner",
        "casual",
        "intermediate",
        "advanced",
        "expert",
        "world_class",
    ]
    for weaker, stronger in itertools.pairwise(levels):
        assert stronger.plies >= weaker.plies
        assert stronger.noise <= weaker.noise
        assert (stronger.plies, -stronger.noise) != (weaker.plies, -weaker.noise)


@pytest.mark.parametrize(
    ("name", "level"),
    [
        ("beginner", BEGINNER),
        ("Expert", EXPERT),
        (" advanced ", ADVANCED),
        ("World Class", WORLD_CLASS),
    ],
)
def test_level_by_name(name: str, level: Level) -> None:
    assert Level.named(name) is level


def test_unknown_level_name_lists_the_choices() -> None:
    with pytest.raises(ValueError, match="expert"):
        Level.named("grandmaster")


def test_r10_no_play_when_no_die_can_be_played() -> None:
    # The side on roll is on the bar against a closed board.
    closed = Position.from_points({BAR: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    assert Bot(CLEAN_0PLY, evaluator=PipCountEvaluator()).choose_play(closed, Roll(6, 6)) == NO_PLAY


def _bots_play_game(bots: list[Bot], rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)

    def choose(position: Position, roll: Roll) -> Play:
        return bots[position.turn].choose_play(position, roll, rules)

    final, turns = play_game(choose, rng, rules)
    assert final.is_game_over() and turns > 10


@pytest.mark.parametrize("rules", [STANDARD, IRANIAN], ids=["standard", "iranian"])
def test_pip_count_bots_play_whole_games_legally(rules: RuleSet) -> None:
    bots = [
        Bot(CLEAN_0PLY, evaluator=PipCountEvaluator()),
        Bot(BEGINNER, evaluator=PipCountEvaluator(), seed=3),
    ]
    for seed in range(3):
        _bots_play_game(bots, rules, seed)


@pytest.mark.parametrize("rules", [STANDARD, IRANIAN], ids=["standard", "iranian"])
def test_engine_bots_play_whole_games_legally(rules: RuleSet) -> None:
    pytest.importorskip("bgsage")
    bots = [Bot(CLEAN_0PLY), Bot(BEGINNER, seed=5)]
    for seed in range(3):
        _bots_play_game(bots, rules, seed)


def test_v2_bot_does_not_point_on_a_hit_blot_in_the_home_board() -> None:
    """Under STANDARD the engine points on the blot (8/5* 6/5); V2 forbids it."""
    pytest.importorskip("bgsage")
    position = Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {24: 1, 20: 1, 13: 5, 8: 3, 6: 5})
    roll = Roll(3, 1)
    bot = Bot(CLEAN_0PLY)
    standard_play = bot.choose_play(position, roll, STANDARD)
    iranian_play = bot.choose_play(position, roll, IRANIAN)
    assert is_legal(position, roll, standard_play, STANDARD)
    assert not is_legal(position, roll, standard_play, IRANIAN)
    assert is_legal(position, roll, iranian_play, IRANIAN)


def test_noise_is_reproducible_with_a_seed() -> None:
    sample = random_positions(seed=3, count=80)
    first = Bot(BEGINNER, evaluator=PipCountEvaluator(), seed=42)
    second = Bot(BEGINNER, evaluator=PipCountEvaluator(), seed=42)
    assert [first.choose_play(p, r) for p, r in sample] == [
        second.choose_play(p, r) for p, r in sample
    ]


def test_noise_makes_weaker_levels_miss_the_best_play_more_often() -> None:
    pytest.importorskip("bgsage")
    sample = [(p, r) for p, r in random_positions(seed=4, count=120)]
    clean = Bot(CLEAN_0PLY)
    misses = {}
    for level in (BEGINNER, ADVANCED):
        bot = Bot(level, seed=9)
        misses[level.name] = 0
        for position, roll in sample:
            ranked = clean.rank_plays(position, roll)
            if len(ranked) > 1 and bot.choose_play(position, roll) != ranked[0].play:
                misses[level.name] += 1
    assert misses["beginner"] > misses["advanced"] > 0


def test_expert_searches_deeper_than_the_filter() -> None:
    pytest.importorskip("bgsage")
    bot = Bot(EXPERT)
    ranked = bot.rank_plays(Position.initial(Side.BLACK), Roll(4, 3))
    assert ranked[0].searched
    assert 1 <= sum(r.searched for r in ranked) <= 5
    assert not ranked[-1].searched


def test_world_class_searches_two_plies_on_the_best_of_a_one_ply_pass() -> None:
    pytest.importorskip("bgsage")
    from nard.ai.engine import BgsageEngine

    position, roll = Position.initial(Side.BLACK), Roll(4, 3)
    ranked = Bot(WORLD_CLASS).rank_plays(position, roll)
    deep = [r for r in ranked if r.searched]
    assert 1 <= len(deep) <= 2 and ranked[: len(deep)] == deep
    # The deep equities are bgsage's 2-ply values of those plays.
    two_ply = BgsageEngine.shared().evaluator(2)
    for r in deep:
        [chances] = two_ply.evaluate_plays(position, [r.after])
        assert r.equity == pytest.approx(chances.equity(), abs=1e-6)
    # Expert's best play at 1 ply is among the plays world class searched deepest.
    assert Bot(EXPERT).rank_plays(position, roll)[0].play in {r.play for r in deep}


def test_expert_searches_races_as_deep_as_world_class() -> None:
    pytest.importorskip("bgsage")
    race = Position.from_points({6: 3, 5: 3, 4: 2, 8: 3, 9: 2}, {6: 3, 5: 2, 4: 3, 10: 3, 11: 2})
    assert not race.is_contact()
    roll = Roll(5, 2)
    expert = Bot(EXPERT).rank_plays(race, roll)
    assert expert == Bot(WORLD_CLASS).rank_plays(race, roll)
    contact = Position.initial()
    assert Bot(EXPERT).rank_plays(contact, roll) != Bot(WORLD_CLASS).rank_plays(contact, roll)
