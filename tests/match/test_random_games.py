"""Hundreds of whole games from fixed seeds with random legal actions.

Every action is checked against the invariants of :mod:`tests.match.invariants`:
15 checkers a side, cube values powers of two up to 64, scores that add up,
the match ending exactly when a player reaches N, no cube action in the
Crawford game and doubling allowed again after it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from nard.core.rules import IRANIAN, STANDARD, RuleSet
from nard.match import (
    Beavered,
    CubeOffered,
    FairDice,
    Game,
    GameOptions,
    Match,
    OpeningRule,
    Phase,
    ResignAccepted,
    SeededDice,
    Side,
    SideAction,
    StepUndone,
    TurnPassed,
    verify_rolls,
)
from tests.match.invariants import check_crawford_refusal, check_game, check_match, same_draws
from tests.match.players import RandomPlayer, RecordingDice

MAX_ACTIONS = 20_000

MATCHES: list[tuple[str, int | None, RuleSet, GameOptions]] = [
    ("standard-1", 1, STANDARD, GameOptions()),
    ("standard-3", 3, STANDARD, GameOptions()),
    ("standard-5", 5, STANDARD, GameOptions()),
    ("standard-7", 7, STANDARD, GameOptions()),
    ("reroll-5", 5, STANDARD, GameOptions(opening=OpeningRule.REROLL)),
    ("lower-starts-5", 5, STANDARD, GameOptions(lower_starts=True)),
    ("v3-7", 7, STANDARD.with_(gammon_wins_match=True), GameOptions()),
    ("v4-5", 5, STANDARD.with_(no_backgammon=True), GameOptions()),
    ("iranian-5", 5, IRANIAN, GameOptions()),
]

MONEY: list[tuple[str, RuleSet, GameOptions]] = [
    ("money", STANDARD, GameOptions()),
    ("money-jacoby-beavers", STANDARD, GameOptions(jacoby=True, beavers=True)),
    ("money-auto-doubles", STANDARD, GameOptions(automatic_doubles=3, beavers=True)),
    ("money-iranian", IRANIAN, GameOptions(opening=OpeningRule.REROLL)),
]

stats: Counter[str] = Counter()


def run_match(match: Match, seed: int, *, games: int | None = None) -> tuple[Match, RecordingDice]:
    """Play ``match`` with random actions until it ends (or ``games`` games are done)."""
    rng = random.Random(seed)
    player = RandomPlayer(rng)
    dice = RecordingDice(SeededDice(seed))
    for _ in range(MAX_ACTIONS):
        if match.game is None or (games is not None and len(match.games) >= games):
            return match, dice
        game = match.game
        check_crawford_refusal(game)
        if match.is_post_crawford and game.phase is Phase.ROLLING and game.rules.cube:
            assert game.turn is not None
            if game.cube.may_double(game.turn):
                assert game.can_double(game.turn)  # R19: doubling is back after Crawford
                stats["post-crawford double possible"] += 1
        stats["crawford actions"] += game.crawford
        action = player.choose(game, dice)
        actor = action.side if isinstance(action, SideAction) else Side.WHITE
        assert type(action) in game.available_actions(actor)
        match, events = match.apply(action)
        stats.update(type(event).__name__ for event in events)
        if match.game is not None:
            assert match.game.history[-len(events) :] == events or match.game.history == ()
        check_match(match)
    raise AssertionError("the match did not end")


def check_replays(match: Match) -> None:
    """Every finished game is rebuilt exactly by replaying its actions."""
    for game in match.games:
        fresh = Game.new(
            game.rules,
            game.options,
            match_length=game.match_length,
            score=game.score,
            crawford=game.crawford,
        )
        assert fresh.apply_all(game.actions).game == game


@pytest.mark.parametrize(
    ("name", "length", "rules", "options"), MATCHES, ids=[m[0] for m in MATCHES]
)
@pytest.mark.parametrize("seed", range(5))
def test_random_matches_keep_invariants(
    name: str, length: int, rules: RuleSet, options: GameOptions, seed: int
) -> None:
    match, dice = run_match(Match.new(length, rules, options), seed * 1000 + len(name))
    assert match.is_over and match.winner is not None
    assert match.score[match.winner] >= length > match.score[match.winner.other]
    assert same_draws(match.dice_rolls(), dice.draws)
    check_replays(match)
    stats["games"] += len(match.games)


@pytest.mark.parametrize(("name", "rules", "options"), MONEY, ids=[m[0] for m in MONEY])
@pytest.mark.parametrize("seed", range(3))
def test_random_money_sessions_keep_invariants(
    name: str, rules: RuleSet, options: GameOptions, seed: int
) -> None:
    match, dice = run_match(Match.new(None, rules, options), seed + 7 * len(name), games=10)
    assert len(match.games) == 10
    assert same_draws(match.dice_rolls(), dice.draws)
    check_replays(match)
    stats["games"] += len(match.games)


def test_random_games_with_fair_dice_verify() -> None:
    fair = FairDice(b"\x07" * 32, client_seeds=["white's seed", "black's seed"])
    player = RandomPlayer(random.Random(99))
    match = Match.new(5)
    while match.game is not None:
        check_game(match.game)
        match, _ = match.apply(player.choose(match.game, fair))
    report = verify_rolls(fair.reveal(), fair.commitment, fair.client_seeds, match.dice_rolls())
    assert report.ok and report.checked == len(fair.draws) > 0


def test_random_games_covered_every_kind_of_action() -> None:
    """The random runs above reached the cases they are meant to check."""
    if stats["games"] < 200:  # run on its own: play those runs here
        for name, length, rules, options in MATCHES:
            for seed in range(5):
                match, _ = run_match(Match.new(length, rules, options), seed * 1000 + len(name))
                stats["games"] += len(match.games)
        for name, rules, options in MONEY:
            for seed in range(3):
                new = Match.new(None, rules, options)
                match, _ = run_match(new, seed + 7 * len(name), games=10)
                stats["games"] += len(match.games)
    assert stats["games"] >= 200
    for name in (
        CubeOffered.__name__,
        Beavered.__name__,
        ResignAccepted.__name__,
        StepUndone.__name__,
        TurnPassed.__name__,
        "post-crawford double possible",
        "crawford actions",
    ):
        assert stats[name] > 0, name
