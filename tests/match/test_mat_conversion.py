"""Records to and from .mat text: same games and scores, every play checked by the rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nard.core.board import BAR, OFF, Side
from nard.core.rules import IRANIAN, STANDARD, RuleSet
from nard.match import (
    GameOptions,
    MakePlay,
    OpeningRoll,
    OpeningRule,
    Phase,
    PlayMade,
    ResultKind,
    RollDice,
    TurnPassed,
)
from nard.match.mat_conversion import mat_steps, mat_to_record, match_to_mat, record_to_mat
from nard.match.matfile import MatFileError, MatRoll, parse_mat
from nard.match.record import FairDiceRecord, MatchRecord
from nard.match.scoring import EndReason
from tests.match.random_matches import random_match

DATA = Path(__file__).parent / "data"
GNUBG_STYLE = (DATA / "gnubg_style.mat").read_text()
W, B = Side.WHITE, Side.BLACK
HEAD = "\n 5 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"


# -- a file in gnubg's style ----------------------------------------------------------------------


def test_gnubg_style_file_gives_the_games_and_scores_it_says() -> None:
    record = mat_to_record(GNUBG_STYLE)
    assert record.players == ("Alice", "Bob") and record.length == 6
    assert record.rules == STANDARD and record.crawford_rule
    assert record.metadata[:2] == (("Site", "Tehran"), ("Event", "Nard test match"))
    games = record.summaries()
    assert [(g.score, g.crawford) for g in games] == [
        ((0, 0), False),
        ((1, 0), False),
        ((5, 0), True),  # R19: the first game with a player one point away
        ((5, 1), False),
    ]
    results = [g.result for g in games]
    assert all(result is not None for result in results)
    assert [(r.winner, r.kind, r.reason, r.cube_value, r.points) for r in results if r] == [
        (W, ResultKind.SINGLE, EndReason.DROPPED, 1, 1),
        (W, ResultKind.GAMMON, EndReason.BORNE_OFF, 2, 4),
        (B, ResultKind.SINGLE, EndReason.RESIGNED, 1, 1),
        (W, ResultKind.SINGLE, EndReason.RESIGNED, 2, 2),
    ]
    match = record.replay()
    assert match.score == (7, 1) and match.winner is W


def test_gnubg_style_file_has_bar_entries_bear_offs_and_a_dance() -> None:
    record = mat_to_record(GNUBG_STYLE)
    game2 = record.game(2)
    plays = [event for event in game2.history if isinstance(event, PlayMade)]
    steps = [step for event in plays for step in event.play.steps]
    assert any(step.from_point == BAR for step in steps)
    assert sum(step.to_point == OFF for step in steps) == 15
    assert sum(step.hit for step in steps) == 2
    assert [event.side for event in game2.history if isinstance(event, TurnPassed)] == [W]
    # The opening roll 21 went to Black, who plays it (R4).
    assert record.actions[record.summaries()[1].start] == OpeningRoll(white=1, black=2)


def test_gnubg_style_file_round_trips_through_the_record() -> None:
    record = mat_to_record(GNUBG_STYLE)
    text = match_to_mat(record)
    assert mat_to_record(text) == record
    assert match_to_mat(mat_to_record(text)) == text
    # Below the headers (nard adds players and the Crawford rule) it is gnubg's text.
    start = GNUBG_STYLE.index(" 6 point match")
    assert text[text.index(" 6 point match") :] == GNUBG_STYLE[start:]
    jellyfish = match_to_mat(record, and_the_match=True)
    assert jellyfish.endswith("      Wins 2 points and the match\n\n")
    assert mat_to_record(jellyfish) == record


# -- combined and other writers' notations --------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "steps"),
    [
        ("24/13", {(24, 18), (18, 13)}),
        ("24/18 18/13", {(24, 18), (18, 13)}),
        ("13/8 13/7", {(13, 8), (13, 7)}),
    ],
)
def test_combined_steps_are_split_by_the_dice(written: str, steps: set[tuple[int, int]]) -> None:
    record = mat_to_record(HEAD + f"  1) 65: {written}\n")
    play = record.actions[1]
    assert isinstance(play, MakePlay)
    assert {(step.from_point, step.to_point) for step in play.play.steps} == steps


def test_doubles_written_with_repeats_bar_and_combined_steps() -> None:
    body = (
        "  1) 21: 13/11 6/5                44: 24/20*(2) 13/9(2)\n"
        "  2) 43: bar/21 13/10             55: 13/3(2)\n"
    )
    record = mat_to_record(HEAD + body)
    plays = [action.play for action in record.actions if isinstance(action, MakePlay)]
    assert [(s.from_point, s.to_point, s.hit) for s in plays[1].steps][:2] == [
        (24, 20, True),
        (24, 20, False),
    ]
    assert plays[2].steps[0].from_point == BAR
    assert sorted((s.from_point, s.to_point) for s in plays[3].steps) == [
        (8, 3),
        (8, 3),
        (13, 8),
        (13, 8),
    ]
    game = record.replay().game
    assert game is not None and game.turn is W
    with pytest.raises(MatFileError, match=r"line 7: unknown text '13/off\?'"):
        mat_to_record(HEAD + body.replace("13/3(2)", "13/off?"))


# -- errors name the line -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "line", "words"),
    [
        ("  1) 31: 8/5 6/5    hello\n", 6, "unknown text 'hello'"),
        ("  1) 51: 24/19 6/5\n", 6, "illegal play '24/19 6/5' with 51"),
        ("  1) 31: 24/18 13/11\n", 6, "wrong dice: '24/18 13/11' is a play of 22 or 62, not of 31"),
        ("  1) 33: 8/5 6/5\n", 6, "opening roll cannot be a double"),
        ("  1) 31:                         42: 8/4 6/4\n", 6, "has legal plays"),
        ("  1) 31: 8/5 6/5                  Doubles => 4\n", 6, "the cube goes to 2, not 4"),
        ("  1) 31: 8/5 6/5                  Takes\n", 6, "cannot take now"),
        ("  1) 31: 8/5 6/5                 42: 8/4 6/4\n  2) 31: 24/21 6/5\n", 7, "illegal play"),
        (
            "  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Drops\n      Wins 1 point\n",
            8,
            "Bob won this game, not Alice",
        ),
        ("  1) 31: 8/5 6/5                 Wins 5 points\n", 6, "worth 1, 2, 3 points"),
        ("  1)  Doubles => 2\n", 6, "opening"),
    ],
)
def test_bad_files_name_the_line(body: str, line: int, words: str) -> None:
    with pytest.raises(MatFileError, match=words) as caught:
        mat_to_record(HEAD + body)
    assert caught.value.line == line
    assert str(caught.value).startswith(f"line {line}: ")


def _replace_line(text: str, number: int, new: str) -> str:
    lines = text.split("\n")
    lines[number - 1] = new
    return "\n".join(lines)


def test_score_mismatch_names_the_score_line() -> None:
    bad = _replace_line(GNUBG_STYLE, 15, " Alice : 2                      Bob : 0")
    with pytest.raises(MatFileError, match=r"line 15: score mismatch: .*Alice 1, Bob 0"):
        mat_to_record(bad)


def test_points_mismatch_names_the_wins_line() -> None:
    bad = _replace_line(GNUBG_STYLE, 32, "      Wins 2 points")
    with pytest.raises(
        MatFileError, match="line 32: score mismatch: the game gives Alice 4 points"
    ):
        mat_to_record(bad)


def test_a_play_written_for_a_roll_that_cannot_move_is_refused() -> None:
    bad = _replace_line(GNUBG_STYLE, 19, "  4) 66: 6/0                      Doubles => 2")
    with pytest.raises(MatFileError, match=r"line 19: no play is possible with 66 \(R10\): '6/0'"):
        mat_to_record(bad)


def test_doubling_in_the_crawford_game_is_refused() -> None:
    bad = _replace_line(GNUBG_STYLE, 37, "  2)  Doubles => 2")
    with pytest.raises(MatFileError, match="line 37: no doubling in the Crawford game"):
        mat_to_record(bad)


@pytest.mark.parametrize(
    ("line", "new", "words"),
    [
        (14, " Game 3", "expected Game 2, found Game 3"),
        (15, " Alice : 1                      Carol : 0", "are not 'Alice' and 'Bob'"),
    ],
)
def test_games_must_follow_each_other(line: int, new: str, words: str) -> None:
    with pytest.raises(MatFileError, match=words):
        mat_to_record(_replace_line(GNUBG_STYLE, line, new))


def test_every_game_but_the_last_needs_a_result() -> None:
    bad = _replace_line(GNUBG_STYLE, 11, "  2)  Doubles => 2                Takes")
    bad = _replace_line(bad, 12, "  3) 52: 13/8 13/11")
    with pytest.raises(MatFileError, match="line 12: game 1 ends without a result"):
        mat_to_record(bad)


def test_no_game_after_the_match_is_over() -> None:
    extra = GNUBG_STYLE + " Game 5\n Alice : 7                      Bob : 1\n"
    with pytest.raises(MatFileError, match="the match was over after game 4"):
        mat_to_record(extra)


def test_an_unfinished_last_game_is_a_match_in_progress() -> None:
    record = mat_to_record(HEAD + "  1) 31: 8/5 6/5                 42: \n")
    game = record.replay().game
    assert game is not None and game.turn is B and game.roll is not None
    assert isinstance(record.actions[-1], RollDice)


# -- settings travel in headers -------------------------------------------------------------------


def test_nard_settings_fair_dice_and_comments_travel_in_headers() -> None:
    record = MatchRecord(
        length=None,
        rules=IRANIAN.with_(cube=True),
        options=GameOptions(jacoby=True),
        players=("Sara", "Reza"),
        metadata=(("Event", "Yalda night"), ("Comment", "first line\nsecond line")),
        fair_dice=FairDiceRecord("cd" * 32, ('a "quoted" seed', "b"), "00" * 32),
    )
    text = match_to_mat(record)
    assert " 0 point match" in text and '; [Jacoby "On"]' in text
    assert "; first line\n; second line\n" in text
    assert mat_to_record(text) == record


def test_xg_headers_set_the_crawford_rule_and_a_cubeless_game() -> None:
    text = '; [Crawford "Off"]\n; [CubeLimit "1"]\n; [Variation "Backgammon"]\n' + HEAD
    record = mat_to_record(text)
    assert not record.crawford_rule and not record.rules.cube
    with pytest.raises(MatFileError, match="NackGammon variation"):
        mat_to_record('; [Variation "NackGammon"]\n' + HEAD)


# -- random matches survive the round trip --------------------------------------------------------


def _turns(record: MatchRecord) -> list[tuple[Side, object, list[tuple[int, int, bool]]]]:
    """Every turn's side, roll and play (steps in gnubg's order, as .mat writes them)."""
    events = [event for game in record.replay().all_games() for event in game.history]
    turns: list[tuple[Side, object, list[tuple[int, int, bool]]]] = []
    for event in events:
        if isinstance(event, PlayMade):
            steps = [(s.from_point, s.to_point, s.hit) for s in mat_steps(event.play)]
            turns.append((event.side, event.roll, steps))
        elif isinstance(event, TurnPassed):
            turns.append((event.side, event.roll, []))
    return turns


def _results(record: MatchRecord) -> list[tuple[Side, int, EndReason, int]]:
    """What .mat keeps of results: a resigned backgammon worth a gammon (V4) reads as a gammon."""
    results = [summary.result for summary in record.summaries()]
    return [(r.winner, r.points, r.reason, r.cube_value) for r in results if r is not None]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    length=st.sampled_from([1, 3, None]),
    rules=st.sampled_from([STANDARD, IRANIAN, RuleSet(no_backgammon=True)]),
)
def test_random_matches_survive_mat_export_and_import(
    seed: int, length: int | None, rules: RuleSet
) -> None:
    match = random_match(seed, length, rules, max_actions=500)
    record = MatchRecord.from_match(match, players=("Ali", "Bahar"))
    text = match_to_mat(record)
    back = mat_to_record(text)
    assert [s.score for s in back.summaries()] == [s.score for s in record.summaries()]
    assert _results(back) == _results(record)
    assert _turns(back) == _turns(record)
    assert match_to_mat(back) == text
    assert record_to_mat(back) == parse_mat(text)


@pytest.mark.parametrize(
    ("seed", "length", "options"),
    [
        (1, None, GameOptions(jacoby=True, beavers=True)),
        (2, None, GameOptions(beavers=True)),
        (3, 3, GameOptions(opening=OpeningRule.REROLL)),
        (4, 3, GameOptions(lower_starts=True)),
    ],
)
def test_game_options_survive_mat_export_and_import(
    seed: int, length: int | None, options: GameOptions
) -> None:
    match = random_match(seed, length, options=options, max_actions=600)
    record = MatchRecord.from_match(match)
    text = match_to_mat(record)
    back = mat_to_record(text)
    assert back.options == options
    assert _results(back) == _results(record)
    assert _turns(back) == _turns(record)
    assert match_to_mat(back) == text


def test_beavers_are_written_as_gnubg_reads_them() -> None:
    body = "  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Beavers => 4\n"
    head = '; [Beaver "On"]\n' + HEAD.replace(" 5 point", " 0 point")
    record = mat_to_record(head + body)
    game = record.replay().game
    assert game is not None and game.cube.value == 4 and game.cube.owner is W
    assert "  2)  Beavers => 4" in match_to_mat(record)
    with pytest.raises(MatFileError, match="line 8: a beaver takes the cube to 4, not 8"):
        mat_to_record(head + body.replace("=> 4", "=> 8"))
    with pytest.raises(MatFileError, match="line 7: beavers are not allowed"):
        mat_to_record(HEAD.replace(" 5 point", " 0 point") + body)
    # gnubg's own export writes a beaver as a double and a take.
    gnubg = (
        "  1) 31: 8/5 6/5                  Doubles => 2\n"
        "  2)  Doubles => 4                 Takes\n"
        "  3)                             52: 13/8 13/11\n"
    )
    game = mat_to_record(head + gnubg).replay().game
    assert game is not None and game.cube.value == 4 and game.turn is W


def test_a_forced_play_left_out_is_read_as_played() -> None:
    record = MatchRecord.from_match(random_match(3, None, max_actions=800))
    # The first play that was the only legal one, and its cell in the .mat text.
    match = record.new_match()
    plays, found = 0, False
    for action in record.actions:
        game = match.game
        assert game is not None
        forced = game.phase is Phase.PLAYING and len(game.legal_plays) == 1
        match, events = match.apply(action)
        made = [event for event in events if isinstance(event, PlayMade)]
        if made and forced:
            found = True
            break
        plays += len(made)
    assert found, "seed 3 has a forced play"
    text = match_to_mat(record)
    cells = [
        entry
        for game_ in parse_mat(text).games
        for entry in game_.entries
        if isinstance(entry.cell, MatRoll) and entry.cell.steps
    ]
    entry = cells[plays]
    assert isinstance(entry.cell, MatRoll)
    lines = text.split("\n")
    written = entry.cell.text().rstrip()
    lines[entry.line - 1] = lines[entry.line - 1].replace(written, written[:3])
    assert mat_to_record("\n".join(lines)) == mat_to_record(text)
