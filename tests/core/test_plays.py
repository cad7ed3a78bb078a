"""Properties of every legal play, on positions from random games (hypothesis).

Each property is checked under the standard rules and under the Iranian customs
(V1/V2), which change which plays are legal but none of these invariants.
"""

from __future__ import annotations

from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from nard.core.board import BAR, CHECKERS_PER_SIDE, OFF, Position
from nard.core.dice import Roll
from nard.core.plays import LegalPlays, Play, Step, generate_plays
from nard.core.rules import IRANIAN, STANDARD, RuleSet
from tests.core.conftest import GAMES, V1_BOARD, game_positions, random_game, rolls, rule_sets
from tests.core.reference import (
    all_rolls,
    apply_steps,
    reference_dice_used,
    reference_paths,
    reference_ways,
)


def _units(roll: Roll) -> list[int]:
    return list(roll.units)


@given(game_positions(), rolls, rule_sets)
def test_r1_fifteen_checkers_a_side_and_no_shared_point(
    position: Position, roll: Roll, rules: RuleSet
) -> None:
    for _, after in LegalPlays(position, roll, rules).items():
        assert sum(after.player) == CHECKERS_PER_SIDE
        assert sum(after.opponent) == CHECKERS_PER_SIDE
        for point in range(1, 25):
            assert not (after.player[point] and after.opponent[25 - point])
        assert after.turn == position.turn


@given(game_positions(), rolls, rule_sets)
def test_r6_steps_reach_the_listed_position_landing_only_on_open_points(
    position: Position, roll: Roll, rules: RuleSet
) -> None:
    for play, after in LegalPlays(position, roll, rules).items():
        # apply_steps refuses a closed landing point (R5) or a missing checker.
        board = apply_steps(position, [(step.from_point, step.to_point) for step in play])
        assert board == (after.player, after.opponent)


@given(game_positions(), rolls, rule_sets)
def test_r6_checkers_move_forward_by_the_dice_used(
    position: Position, roll: Roll, rules: RuleSet
) -> None:
    for play, after in LegalPlays(position, roll, rules).items():
        dice = _units(roll)
        for step in play:
            assert step.to_point < step.from_point
            dice.remove(step.die)  # each step uses one die of the roll
            if step.to_point == OFF:
                # R14: a bear-off may use more than the pips left, never fewer.
                assert step.distance <= step.die
            else:
                assert step.distance == step.die
        moved = sum(step.distance for step in play)
        assert position.pip_counts()[0] - after.pip_counts()[0] == moved
        overused = any(step.to_point == OFF and step.distance < step.die for step in play)
        if not overused:
            assert moved == sum(step.die for step in play)


@given(game_positions(), rolls, rule_sets)
def test_r8_every_play_uses_the_most_dice(position: Position, roll: Roll, rules: RuleSet) -> None:
    legal = LegalPlays(position, roll, rules)
    most = reference_dice_used(position, roll, rules)
    assert legal.dice_used == most
    assert all(len(play) == most for play in legal)
    assert bool(legal) == (most > 0)  # R10: the turn passes only when no die plays


@given(game_positions(), rolls)
def test_r8_a_standard_play_cannot_be_extended(position: Position, roll: Roll) -> None:
    for play, after in LegalPlays(position, roll).items():
        left = _units(roll)
        for step in play:
            left.remove(step.die)
        for die in set(left):
            # If a remaining die could still move, the play would not use the most dice.
            assert not _single_steps_exist(after, die)


def _single_steps_exist(position: Position, die: int) -> bool:
    player, opponent = position.player, position.opponent
    if player[BAR]:
        return opponent[die] < 2
    highest = max((p for p in range(1, 25) if player[p]), default=0)
    for origin in range(1, 25):
        if not player[origin]:
            continue
        target = origin - die
        if target >= 1 and opponent[25 - target] < 2:
            return True
        if target < 1 and highest <= 6 and (target == 0 or origin == highest):
            return True
    return False


@cache
def _one_die_turns() -> tuple[tuple[Position, Roll], ...]:
    """Every turn of the cached random games where a non-double roll plays one die
    only: too rare (about 4%) for drawing positions and rolls at random to meet."""
    return tuple(
        (position, roll)
        for game in range(GAMES)
        for position in random_game(game)
        for roll in all_rolls()
        if not roll.is_double and LegalPlays(position, roll).dice_used == 1
    )


@st.composite
def one_die_turns(draw: st.DrawFn) -> tuple[Position, Roll]:
    turns = _one_die_turns()
    return turns[draw(st.integers(0, len(turns) - 1))]


def test_r9_one_die_turns_are_many_and_of_both_kinds() -> None:
    turns = _one_die_turns()
    larger_playable = [_single_steps_exist(position, roll.high) for position, roll in turns]
    assert len(turns) >= 500 and sum(larger_playable) >= 100
    assert len(turns) - sum(larger_playable) >= 100


@given(one_die_turns())
def test_r9_larger_die_when_only_one_die_is_played(turn: tuple[Position, Roll]) -> None:
    position, roll = turn
    legal = LegalPlays(position, roll)
    assert legal.dice_used == 1
    used = {play.steps[0].die for play in legal}
    if _single_steps_exist(position, roll.high):
        assert used == {roll.high}
    else:
        assert used == {roll.low}


@given(game_positions(), rolls, rule_sets)
def test_one_play_per_resulting_position(position: Position, roll: Roll, rules: RuleSet) -> None:
    legal = LegalPlays(position, roll, rules)
    boards = [(after.player, after.opponent) for _, after in legal.items()]
    assert len(boards) == len(set(boards)) == len(legal) == legal.count()
    assert len(generate_plays(position, roll, rules)) == len(legal)


@given(game_positions(), rolls, rule_sets)
def test_r12_bar_first(position: Position, roll: Roll, rules: RuleSet) -> None:
    on_bar = position.player[BAR]
    for play in LegalPlays(position, roll, rules):
        entering = min(on_bar, len(play))
        assert all(step.from_point == BAR for step in play.steps[:entering])
        assert not any(step.from_point == BAR for step in play.steps[entering:])
        if len(play) < on_bar:
            continue
        for step in play.steps[:entering]:
            assert step.to_point == BAR - step.die


@given(game_positions(), rolls, rule_sets)
def test_r13_bear_off_only_with_every_checker_home(
    position: Position, roll: Roll, rules: RuleSet
) -> None:
    for play in LegalPlays(position, roll, rules):
        player = list(position.player)
        for step in play:
            if step.to_point == OFF:
                assert not any(player[7:]), "bore off with a checker outside the home board"
                higher = any(player[step.from_point + 1 : 25])
                assert step.distance == step.die or not higher  # R14
            player[step.from_point] -= 1
            player[step.to_point] += 1


@given(game_positions(), rolls, rule_sets)
def test_listed_plays_are_legal_and_hits_are_marked(
    position: Position, roll: Roll, rules: RuleSet
) -> None:
    legal = LegalPlays(position, roll, rules)
    for play in list(legal)[:3]:
        assert play in legal
        opponent = list(position.opponent)
        for step in play:
            blot = step.to_point != OFF and opponent[25 - step.to_point] == 1
            assert step.hit == blot
            if blot:
                opponent[25 - step.to_point] = 0
    if not legal:
        assert Play() in legal


@given(game_positions(), rolls)
def test_customs_only_remove_or_shorten_plays(position: Position, roll: Roll) -> None:
    """V1/V2 never add a play the standard rules would refuse at the same length."""
    standard = LegalPlays(position, roll, STANDARD)
    for rules in (IRANIAN, V1_BOARD):
        custom = LegalPlays(position, roll, rules)
        assert custom.dice_used <= standard.dice_used
        if custom.dice_used == standard.dice_used:
            standard_boards = {(a.player, a.opponent) for _, a in standard.items()}
            assert all((a.player, a.opponent) in standard_boards for _, a in custom.items())


@given(game_positions(), rolls, rule_sets)
def test_every_order_of_a_legal_play_is_accepted(
    position: Position, roll: Roll, rules: RuleSet
) -> None:
    """``play in legal_plays`` accepts each step sequence the reference finds for a
    legal play (any order of the dice, any checker), and refuses shorter ones."""
    legal = LegalPlays(position, roll, rules)
    paths = sorted(
        path for found in reference_paths(position, roll, rules).values() for path in found
    )
    for path in paths[:: max(1, len(paths) // 8)]:
        assert Play(tuple(Step(origin, target) for origin, target in path)) in legal
    shorter = {way.steps for way in reference_ways(position, roll, rules)}
    shorter = {steps for steps in shorter if len(steps) < legal.dice_used}
    for path in sorted(shorter)[:: max(1, len(shorter) // 4)]:
        assert Play(tuple(Step(origin, target) for origin, target in path)) not in legal


@given(game_positions(), rolls, rule_sets)
def test_play_repr_evaluates_back_to_the_same_play(
    position: Position, roll: Roll, rules: RuleSet
) -> None:
    for play in [*LegalPlays(position, roll, rules), Play()]:
        copy = eval(repr(play), {"Play": Play, "Step": Step})
        assert copy == play
        # Steps compare by their points alone: the hits and dice must come back too.
        assert [(s.from_point, s.to_point, s.hit, s.die) for s in copy] == [
            (s.from_point, s.to_point, s.hit, s.die) for s in play
        ]
