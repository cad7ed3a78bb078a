"""A move: one checker over several dice, split in one place for every reader.

The rules cited are docs/rules.md's: R5 (open points, hits), R6 (each die a
move: a checker that takes both lands after the first), R7 (doubles), R12
(entering from the bar first), R14 (bearing off with a larger die).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nard.core.board import BAR, OFF, Position
from nard.core.dice import Roll
from nard.core.errors import IllegalPlayError
from nard.core.explain import explain_move, explain_play
from nard.core.moves import Move, expansions, route_moves
from nard.core.notation import format_play, parse_play
from nard.core.plays import LegalPlays, Play, Step, TurnGuide, apply_play, generate_plays
from nard.core.rules import RuleSet
from tests.core.conftest import game_positions, rolls, rule_sets


def points(steps: tuple[Step, ...]) -> list[tuple[int, int]]:
    return [(step.from_point, step.to_point) for step in steps]


def test_r6_a_move_over_two_dice_is_either_order_larger_die_first() -> None:
    assert [points(split) for split in Move(24, 14).splits((6, 4))] == [
        [(24, 18), (18, 14)],
        [(24, 20), (20, 14)],
    ]
    assert [[s.die for s in split] for split in Move(24, 14).splits((6, 4))] == [[6, 4], [4, 6]]
    assert Move(24, 13).splits((6, 4)) == []
    with pytest.raises(ValueError, match="higher to lower"):
        Move(6, 7)


def test_r7_a_double_moves_one_checker_up_to_four_times() -> None:
    assert Move(24, 16).routes((2, 2, 2, 2)) == [(2, 2, 2, 2)]
    assert Move(24, 18).routes((2, 2, 2, 2)) == [(2, 2, 2)]
    assert Move(24, 14).routes((2, 2, 2, 2)) == []


def test_r12_entering_from_the_bar_is_the_first_die_of_the_move() -> None:
    assert points(Move(BAR, 14).splits((6, 5))[0]) == [(25, 19), (19, 14)]
    position = Position.from_points({BAR: 1, 13: 5, 6: 5, 8: 4}, {24: 2, 13: 5, 8: 5, 7: 3})
    play = parse_play("bar/13", position, Roll(3, 3))
    assert points(play.steps) == [(25, 22), (22, 19), (19, 16), (16, 13)]
    assert explain_move(position, Roll(3, 3), (), BAR, 16) is None
    # Black holds White's 22 point (its 3): entering with a 3 is closed (R5), so bar/16
    # and bar/13 cannot be played; with 6-3 the checker enters on 19 and moves on to 16.
    closed = Position.from_points({BAR: 1, 13: 5, 6: 5, 8: 4}, {3: 2, 24: 2, 13: 3, 8: 5, 7: 3})
    assert points(parse_play("bar/16", closed, Roll(6, 3)).steps) == [(25, 19), (19, 16)]
    with pytest.raises(IllegalPlayError):
        parse_play("bar/13", closed, Roll(3, 3))


def test_r5_a_hit_on_the_way_is_taken_only_where_no_quiet_way_exists() -> None:
    roll = Roll(6, 4)
    # Black's blot on White's 18 point (Black's 7), the 20 point open: 24/14 is quiet.
    open_way = Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {7: 1, 24: 2, 13: 4, 8: 3, 6: 5})
    quiet = parse_play("24/14", open_way, roll)
    assert quiet.hits == 0 and points(quiet.steps) == [(24, 20), (20, 14)]
    assert route_moves(TurnGuide(open_way, roll), (), [Move(24, 14)]) == quiet.steps
    hit = parse_play("24/18*/14", open_way, roll)
    assert hit.hits == 1 and format_play(hit) == "24/18*/14"
    # Black holds White's 20 point as well: the only way there hits on 18.
    closed = Position.from_points(
        {24: 2, 13: 5, 8: 3, 6: 5}, {7: 1, 5: 2, 24: 2, 13: 2, 8: 3, 6: 5}
    )
    forced = parse_play("24/14", closed, roll)
    assert forced.hits == 1 and points(forced.steps) == [(24, 18), (18, 14)]
    route = route_moves(TurnGuide(closed, roll), (), [Move(24, 14)])
    assert route is not None and route[0].hit


def test_r6_a_move_whose_landing_points_are_both_closed_is_refused() -> None:
    # Black holds White's 18 and 20 points: 24/14 would land on one of them first.
    position = Position.from_points(
        {24: 2, 13: 5, 8: 3, 6: 5}, {7: 2, 5: 2, 24: 2, 13: 1, 8: 3, 6: 5}
    )
    with pytest.raises(IllegalPlayError):
        parse_play("24/14", position, Roll(6, 4))
    why = explain_move(position, Roll(6, 4), (), 24, 14)
    assert why is not None and (why.rule.value, why.code) == ("R6", "intermediate-closed")
    assert route_moves(TurnGuide(position, Roll(6, 4)), (), [Move(24, 14)]) is None


def test_r14_the_last_die_of_a_move_may_bear_off_from_a_lower_point() -> None:
    assert Move(5, OFF).routes((3, 3, 3, 3)) == [(3, 3)]
    assert points(Move(5, OFF).steps((3, 3))) == [(5, 2), (2, 0)]
    last = Position.from_points({5: 1}, {})
    roll = Roll(3, 3)
    assert points(parse_play("5/off", last, roll).steps) == [(5, 2), (2, 0)]
    assert explain_move(last, roll, (), 5, OFF) is None
    # Written as one step it is explained as two (R6), not as a die not rolled.
    why = explain_play(last, Roll(4, 2), Play((Step(5, OFF),)))
    assert why is not None and (why.rule.value, why.code) == ("R6", "combined-step")
    assert why.legal_play is not None and len(why.legal_play) == 2
    # A checker on a higher point forbids bearing off from 2 with a 3 (R14).
    held = Position.from_points({6: 1, 5: 1}, {})
    with pytest.raises(IllegalPlayError):
        parse_play("5/off", held, roll)


def test_expansions_keep_a_move_no_dice_carry_as_written() -> None:
    parts = list(expansions([Move(24, 18), Move(24, 3)], (6, 5)))
    assert parts == [((Step(24, 18, die=6),), (Step(24, 3),))]


@settings(max_examples=80, deadline=None)
@given(game_positions(), rolls, rule_sets)
def test_every_legal_plays_notation_reads_back_as_that_play(
    position: Position, roll: Roll, rules: RuleSet
) -> None:
    legal = LegalPlays(position, roll, rules)
    for play in generate_plays(position, roll, rules):
        text = format_play(play)
        parsed = parse_play(text, position, roll, rules=rules)
        assert apply_play(position, parsed) == apply_play(position, play), text
        assert parsed in legal and format_play(parsed) == text
        # Typed in the terminal as steps, the same moves make the same play.
        moves = [Move.of(step) for step in parse_play(text).steps]
        route = route_moves(TurnGuide(position, roll, rules), (), moves)
        assert route is not None, text
        assert apply_play(position, Play(route)) == apply_play(position, play), text


@given(st.integers(1, 25), st.integers(0, 24), st.lists(st.integers(1, 6), min_size=1, max_size=4))
def test_every_split_ends_where_the_move_does_using_its_dice(
    start: int, end: int, dice: list[int]
) -> None:
    if end >= start:
        return
    move = Move(start, end)
    for route, steps in zip(move.routes(dice), move.splits(dice), strict=True):
        assert [step.die for step in steps] == list(route)
        assert steps[0].from_point == start and steps[-1].to_point == end
        assert all(a.to_point == b.from_point for a, b in itertools.pairwise(steps))
        assert all(step.to_point > end for step in steps[:-1])
        assert sum(route[:-1]) + steps[-1].distance == move.distance
        assert route[-1] == steps[-1].distance or end == OFF
