"""Play notation: gnubg's canonical form, parsing back, splitting over the dice."""

from __future__ import annotations

import importlib
import types
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nard.core.board import BAR, OFF, Position
from nard.core.dice import Roll
from nard.core.errors import AmbiguousPlayError, IllegalPlayError, InvalidPlayError
from nard.core.notation import NO_PLAY_TEXT, format_play, format_step, parse_play
from nard.core.plays import NO_PLAY, LegalPlays, Play, Step, apply_play, generate_plays
from tests.core.conftest import game_positions, rolls


def _gnubg() -> types.ModuleType | None:
    try:
        return importlib.import_module("gnubg")
    except ImportError:
        return None


gnubg = _gnubg()
needs_gnubg = pytest.mark.skipif(
    gnubg is None, reason="the gnubg package (GNU Backgammon's Python bindings) is not installed"
)


def play(*steps: tuple[int, int] | tuple[int, int, bool]) -> Play:
    return Play(tuple(Step(*step) for step in steps))


def multiset(steps: Play) -> Counter[tuple[int, int]]:
    return Counter((step.from_point, step.to_point) for step in steps)


# -- formatting ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("steps", "text"),
    [
        (play((24, 18), (13, 11, True)), "24/18 13/11*"),
        (play((BAR, 22)), "bar/22"),
        (play((6, OFF)), "6/off"),
        (play((8, 5), (8, 5)), "8/5(2)"),
        (play((13, 7, True), (7, 1)), "13/7*/1"),
        (play((24, 18), (18, 14)), "24/14"),
        (play((13, 7), (24, 18), (13, 7), (24, 18)), "24/18(2) 13/7(2)"),
        (play((BAR, 20, True)), "bar/20*"),
        (play((6, 5), (8, 5)), "8/5 6/5"),
        (play((6, 2), (8, 6)), "8/2"),
        (play((24, 18), (18, 12), (12, 6), (6, OFF)), "24/off"),
        (play((13, 7, True), (7, 1), (13, 7), (7, 1)), "13/7*/1(2)"),
        (play((24, 20, True), (20, 16), (16, 12, True), (12, 8)), "24/20*/12*/8"),
        (play((BAR, 22), (22, 16)), "bar/16"),
        (play((3, OFF), (2, OFF), (1, OFF), (1, OFF)), "3/off 2/off 1/off(2)"),
    ],
)
def test_format_play_like_gnubg(steps: Play, text: str) -> None:
    assert format_play(steps) == text
    assert str(steps) == text


def test_a_hit_point_is_starred_once_on_the_first_move_written() -> None:
    # Whichever checker hit first, gnubg stars the first move written to that point.
    assert format_play(play((8, 7, True), (13, 7))) == "13/7* 8/7"
    assert format_play(play((13, 7, True), (8, 7))) == "13/7* 8/7"


def test_the_empty_play_is_written_as_gnubg_does() -> None:
    assert format_play(NO_PLAY) == NO_PLAY_TEXT == "Cannot move"


def test_format_step() -> None:
    assert format_step(Step(13, 7, hit=True)) == "13/7*"
    assert format_step(Step(BAR, 20)) == "bar/20"
    assert str(Step(4, OFF)) == "4/off"


def _gnubg_text(position: Position, steps: Play) -> str:
    assert gnubg is not None
    board = (position.opponent[1:], position.player[1:])
    flat = tuple(point for step in steps for point in (step.from_point, step.to_point))
    return str(gnubg.movetupletostring(flat, board))


@needs_gnubg
@settings(max_examples=150)
@given(game_positions(), rolls)
def test_format_play_matches_gnubg_for_every_legal_play(position: Position, roll: Roll) -> None:
    for legal in generate_plays(position, roll):
        assert format_play(legal) == _gnubg_text(position, legal)


# -- parsing without a position ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("24/18 13/11*", play((24, 18), (13, 11, True))),
        ("bar/22", play((BAR, 22))),
        ("6/off", play((6, OFF))),
        ("8/5(2)", play((8, 5), (8, 5))),
        ("13/7*/1", play((13, 7, True), (7, 1))),
        ("24/14", play((24, 14))),
        ("24/18(2) 13/7(2)", play((24, 18), (24, 18), (13, 7), (13, 7))),
        ("bar/20*", play((BAR, 20, True))),
        ("Bar/22", play((BAR, 22))),
        ("BAR/22 6/OFF", play((BAR, 22), (6, OFF))),
        ("25/22 6/0", play((BAR, 22), (6, OFF))),
        ("b/22 6/o", play((BAR, 22), (6, OFF))),
        ("  24/18    13/11  ", play((24, 18), (13, 11))),
        ("24 / 18, 13 / 11", play((24, 18), (13, 11))),
        ("24-18 13-11", play((24, 18), (13, 11))),
        ("8/5 (2)", play((8, 5), (8, 5))),
        ("8/5( 2 )", play((8, 5), (8, 5))),
        ("*24/18", play((24, 18))),
        ("24*/18", play((24, 18))),
        ("24/18**", play((24, 18, True))),
        ("۲۴/۱۸ ۱۳/۱۱*", play((24, 18), (13, 11, True))),
        ("٢٤/١٨", play((24, 18))),
        ("بار/۲۲ ۶/بیرون", play((BAR, 22), (6, OFF))),
        ("13/7*/1(2)", play((13, 7, True), (7, 1), (13, 7), (7, 1))),
    ],
)
def test_parse_play_without_a_position(text: str, expected: Play) -> None:
    parsed = parse_play(text)
    assert parsed == expected
    assert [step.hit for step in parsed] == [step.hit for step in expected]


@pytest.mark.parametrize("text", ["", "   ", "Cannot move", "cannot  MOVE", "no play"])
def test_parse_the_empty_play(text: str) -> None:
    assert parse_play(text) == NO_PLAY


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("24/", "'24/' in '24/' has no destination"),
        ("/24", "'/' in '/24' does not follow a point"),
        ("24", "'24' in '24' has no destination"),
        ("24 18", "'24' in '24 18' has no destination"),
        ("24//18", "'/' in '24//18' does not follow a point"),
        ("26/20", "'26' in '26/20' is not a point"),
        ("x/3", "'x' in 'x/3' is not a point"),
        ("24/bra", "'bra' in '24/bra' is not a point"),
        ("18/24", "'18/24' in '18/24' moves backwards"),
        ("6/6", "'6/6' in '6/6' moves backwards"),
        ("off/3", "'off/3' in 'off/3' moves a checker from off"),
        ("6/bar", "'6/bar' in '6/bar' moves a checker to the bar"),
        ("8/5(0)", "'\\(0\\)' in '8/5\\(0\\)' is not a count"),
        ("8/5(5)", "'\\(5\\)' in '8/5\\(5\\)' is not a count"),
        ("8/5(", "'\\(' in '8/5\\(' is not part of play notation"),
        ("(2)", "'\\(2\\)' in '\\(2\\)' does not follow a whole move"),
        ("8/5(2)/3", "'/' in '8/5\\(2\\)/3' does not follow a point"),
        ("24/18 13/11 8/5 6/5 4/2", "has 5 steps; a play has at most 4"),
        ("13/7/1(3)", "has 6 steps"),
        ("24/18 ; 13/11", "';' in '24/18 ; 13/11' is not part of play notation"),
    ],
)
def test_malformed_notation_names_the_bad_token(text: str, message: str) -> None:
    with pytest.raises(InvalidPlayError, match=message):
        parse_play(text)


def test_notation_must_be_text() -> None:
    with pytest.raises(InvalidPlayError, match="is a string"):
        parse_play(None)  # type: ignore[arg-type]


def test_a_roll_needs_a_position() -> None:
    with pytest.raises(ValueError, match="needs the position"):
        parse_play("24/18", roll=Roll(6, 1))


# -- parsing with a position and a roll -------------------------------------------------------


def test_r6_one_checker_taking_both_dice_is_split() -> None:
    parsed = parse_play("24/14", Position.initial(), Roll(6, 4))
    assert parsed == play((24, 18), (18, 14))
    assert sorted(step.die for step in parsed) == [4, 6]


def test_r6_split_avoids_a_closed_intermediate_point() -> None:
    # The opponent holds the mover's 18-point, so 24/14 with 6-4 goes by 20.
    position = Position.from_points({24: 2, 6: 13}, {7: 2, 24: 13})
    parsed = parse_play("24/14", position, Roll(6, 4))
    assert parsed == play((24, 20), (20, 14))


def test_an_unwritten_point_in_between_is_not_a_hit() -> None:
    # Blot on the mover's 20-point; 18 is empty: gnubg writes the hit as 24/20*/14.
    position = Position.from_points({24: 2, 6: 13}, {5: 1, 24: 14})
    quiet = parse_play("24/14", position, Roll(6, 4))
    assert quiet == play((24, 18), (18, 14))
    assert quiet.hits == 0
    loud = parse_play("24/20*/14", position, Roll(6, 4))
    assert loud == play((24, 20), (20, 14))
    assert loud.hits == 1
    assert format_play(loud) == "24/20*/14"
    assert format_play(quiet) == "24/14"


def test_the_only_legal_split_may_hit() -> None:
    # Blot on 20, the 18-point closed: 24/14 can only go by 20, hitting.
    position = Position.from_points({24: 2, 6: 13}, {5: 1, 7: 2, 24: 12})
    parsed = parse_play("24/14", position, Roll(6, 4))
    assert parsed == play((24, 20), (20, 14))
    assert parsed.hits == 1


def test_ambiguous_when_either_split_hits_a_different_blot() -> None:
    position = Position.from_points({24: 2, 6: 13}, {5: 1, 7: 1, 24: 13})
    with pytest.raises(AmbiguousPlayError, match="fits 2 legal plays") as caught:
        parse_play("24/14", position, Roll(6, 4))
    assert "24/20*/14" in str(caught.value)
    assert "24/18*/14" in str(caught.value)
    assert parse_play("24/18*/14", position, Roll(6, 4)) == play((24, 18), (18, 14))


def test_doubles_split_into_units() -> None:
    parsed = parse_play("24/16(2)", Position.initial(), Roll(4, 4))
    assert multiset(parsed) == Counter({(24, 20): 2, (20, 16): 2})
    assert all(step.die == 4 for step in parsed)


def test_bear_off_split_over_two_dice() -> None:
    # Last checker on the 8-point with 6-3: 8/2 then 2/off (R14), written 8/off.
    position = Position.from_points({8: 1}, {24: 2})
    parsed = parse_play("8/off", position, Roll(6, 3))
    assert format_play(parsed) == "8/off"
    assert multiset(parsed) in (Counter({(8, 2): 1, (2, 0): 1}), Counter({(8, 5): 1, (5, 0): 1}))


def test_r8_a_play_using_fewer_dice_is_illegal() -> None:
    with pytest.raises(IllegalPlayError, match="not a legal play of 64"):
        parse_play("24/18", Position.initial(), Roll(6, 4))


def test_r12_entering_first() -> None:
    position = Position.from_points({BAR: 1, 6: 14}, {1: 15})
    assert parse_play("bar/20 6/5", position, Roll(5, 1)) == play((BAR, 20), (6, 5))
    with pytest.raises(IllegalPlayError):
        parse_play("6/1 6/5", position, Roll(5, 1))


def test_r10_no_play_when_no_die_can_be_played() -> None:
    # On the bar against a closed board.
    position = Position.from_points({BAR: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5})
    assert parse_play("Cannot move", position, Roll(6, 6)) == NO_PLAY
    with pytest.raises(IllegalPlayError):
        parse_play("", Position.initial(), Roll(6, 6))


def test_hits_are_filled_in_from_the_position() -> None:
    position = Position.from_points({13: 5, 6: 10}, {14: 1, 1: 14})
    parsed = parse_play("13/11", position)
    assert parsed == play((13, 11))
    assert parsed.hits == 1
    parsed = parse_play("13/11*", Position.initial())
    assert parsed.hits == 0  # the star only informs; the board says no hit


def test_steps_on_a_position_that_lacks_the_checker() -> None:
    with pytest.raises(IllegalPlayError, match="not there"):
        parse_play("23/20", Position.initial())


# -- round trips ---------------------------------------------------------------------------------


@settings(max_examples=120)
@given(game_positions(), rolls, st.data())
def test_format_then_parse_gives_back_the_play(
    position: Position, roll: Roll, data: st.DataObject
) -> None:
    legal = generate_plays(position, roll)
    if not legal:
        assert parse_play(format_play(NO_PLAY), position, roll) == NO_PLAY
        return
    chosen = data.draw(st.sampled_from(legal))
    text = format_play(chosen)
    parsed = parse_play(text, position, roll)
    assert apply_play(position, parsed) == apply_play(position, chosen)
    assert format_play(parsed) == text
    assert parsed in LegalPlays(position, roll)
    # Without a position a move over several dice stays one step (24/14), which
    # may sort differently, but reading and writing again changes nothing more.
    loose = parse_play(text)
    assert multiset(parse_play(format_play(loose))) == multiset(loose)
    assert sum(step.distance for step in loose) == sum(step.distance for step in chosen)
    # When no step starts where another ends, nothing was chained: same steps.
    starts = {step.from_point for step in chosen}
    if not any(step.to_point in starts for step in chosen):
        assert multiset(parse_play(text)) == multiset(chosen)
        assert multiset(parsed) == multiset(chosen)


def test_plays_doctest_example_is_legal() -> None:
    assert parse_play("8/5 6/5") in LegalPlays(Position.initial(), Roll(3, 1))


notation_text = st.text(alphabet="0123456789/*() -,barofBAROFx۲۴", max_size=24)


@given(notation_text)
def test_any_text_parses_or_is_invalid(text: str) -> None:
    try:
        parsed = parse_play(text)
    except InvalidPlayError:
        return
    assert len(parsed) <= 4
    assert all(step.from_point > step.to_point for step in parsed)


@st.composite
def edited_plays(draw: st.DrawFn) -> tuple[str, Roll, bool]:
    """A legal play of the opening position written out, then (maybe) a few characters
    of it replaced, dropped or added; and whether it was left as written."""
    roll = draw(rolls)
    text = format_play(draw(st.sampled_from(generate_plays(Position.initial(), roll))))
    edits = draw(
        st.lists(st.tuples(st.integers(0, 30), st.sampled_from("0123456789/*( x-")), max_size=3)
    )
    for index, char in edits:
        at = index % (len(text) + 1)
        text = text[:at] + char + text[at + (index % 3 != 0) :]
    return text, roll, not edits


@given(notation_text, rolls)
def test_any_text_on_a_board_gives_a_legal_play_or_says_why(text: str, roll: Roll) -> None:
    # Random text almost never reads as a legal play: only the refusals are tried here.
    position = Position.initial()
    try:
        parsed = parse_play(text, position, roll)
    except (InvalidPlayError, IllegalPlayError, AmbiguousPlayError):
        return
    assert parsed in LegalPlays(position, roll)


@given(edited_plays())
def test_a_play_edited_by_a_typo_reads_as_a_legal_play_or_says_why(
    edited: tuple[str, Roll, bool],
) -> None:
    text, roll, untouched = edited
    position = Position.initial()
    try:
        parsed = parse_play(text, position, roll)
    except (InvalidPlayError, IllegalPlayError, AmbiguousPlayError):
        assert not untouched, f"{text!r} is a legal play as written"
        return
    assert parsed in LegalPlays(position, roll)
