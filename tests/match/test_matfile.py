"""The .mat format layer: gnubg's layout read and written byte for byte, bad text refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nard.match.matfile import (
    MatBeaver,
    MatDouble,
    MatDrop,
    MatEntry,
    MatFileError,
    MatGame,
    MatMatch,
    MatRoll,
    MatStep,
    MatTake,
    MatWin,
    format_mat,
    mark_unplayed,
    parse_mat,
)

DATA = Path(__file__).parent / "data"
GNUBG_STYLE = (DATA / "gnubg_style.mat").read_text()


def _game(body: str, *, length: int = 5) -> str:
    return f"\n {length} point match\n\n Game 1\n Alice : 0                      Bob : 0\n{body}"


def _cells(text: str) -> list[tuple[int, object]]:
    return [(entry.player, entry.cell) for entry in parse_mat(text).games[0].entries]


# -- reading gnubg's layout ------------------------------------------------------------------


def test_reads_header_match_length_games_and_scores() -> None:
    match = parse_mat(GNUBG_STYLE)
    assert match.length == 6
    assert match.header("site") == "Tehran"
    assert match.header("EventDate") == "2026.11.29"
    assert match.header("Round") is None
    assert [game.number for game in match.games] == [1, 2, 3, 4]
    assert [game.score for game in match.games] == [(0, 0), (1, 0), (5, 0), (5, 1)]
    assert {game.players for game in match.games} == {("Alice", "Bob")}


def test_reads_both_columns_cube_cells_and_wins_lines() -> None:
    game1, game2 = parse_mat(GNUBG_STYLE).games[:2]
    assert [(entry.player, entry.cell) for entry in game1.entries] == [
        (0, MatRoll((3, 1), (MatStep(8, 5), MatStep(6, 5)))),
        (1, MatRoll((4, 2), (MatStep(8, 4), MatStep(6, 4)))),
        (0, MatDouble(2)),
        (1, MatDrop()),
        (0, MatWin(1)),
    ]
    assert [entry.line for entry in game1.entries] == [10, 10, 11, 11, 12]
    # The second player opened game 2: the first line has only the right column.
    assert game2.entries[0] == MatEntry(1, MatRoll((2, 1), (MatStep(13, 11), MatStep(6, 5))))
    assert game2.entries[-1] == MatEntry(0, MatWin(4))


def test_reads_hits_bar_entries_bear_offs_and_a_dance() -> None:
    entries = parse_mat(GNUBG_STYLE).games[1].entries
    cells = [entry.cell for entry in entries]
    hit_and_point = (MatStep(24, 20, hit=True), MatStep(24, 20), MatStep(13, 9), MatStep(13, 9))
    assert MatRoll((4, 4), hit_and_point) in cells
    assert MatRoll((5, 2), (MatStep(25, 20), MatStep(13, 11))) in cells  # 25 is the bar
    assert MatRoll((6, 6), (MatStep(6, 0),) * 4) in cells  # 0 is off
    dance = next(entry for entry in entries if entry.cell == MatRoll((6, 6)))
    assert dance.player == 0 and dance.line == 19


def test_a_roll_then_a_resignation_is_not_played() -> None:
    game3 = parse_mat(GNUBG_STYLE).games[2]
    assert [(entry.player, entry.cell) for entry in game3.entries][1:] == [
        (0, MatRoll((6, 2), played=False)),
        (1, MatWin(1)),
    ]


def test_reads_wins_on_the_line_of_a_roll_not_played() -> None:
    # gnubg writes these two (and then cannot read them back itself).
    same_line = _game("  1) 43: 24/20 13/10             43:  Wins 1 point\n")
    assert _cells(same_line) == [
        (0, MatRoll((4, 3), (MatStep(24, 20), MatStep(13, 10)))),
        (1, MatRoll((4, 3), played=False)),
        (1, MatWin(1)),
    ]
    assert _cells(_game("  1) 62:       Wins 1 point\n")) == [
        (0, MatRoll((6, 2), played=False)),
        (0, MatWin(1)),
    ]
    with pytest.raises(MatFileError, match="line 6: more than two cells"):
        parse_mat(_game("  1) 43: 24/20 13/10   Wins 1 point    Takes\n"))


def test_gnubg_layout_is_written_back_byte_for_byte() -> None:
    assert format_mat(parse_mat(GNUBG_STYLE)) == GNUBG_STYLE


# -- what other writers put in .mat files -------------------------------------------------------


def test_reads_words_chains_repeats_and_the_match() -> None:
    body = (
        "  1) 31: bar/22 6/off                 42: 13/9*/7 \n"
        "  2) 33: 13/10(2) 6/3(2)        Doubles => 2\n"
        "  3)  TAKES                     55: Cannot Move\n"
        "  4) 61: ???                    Wins 6 points and the match\n"
    )
    assert _cells(_game(body)) == [
        (0, MatRoll((3, 1), (MatStep(25, 22), MatStep(6, 0)))),
        (1, MatRoll((4, 2), (MatStep(13, 9, hit=True), MatStep(9, 7)))),
        (0, MatRoll((3, 3), (MatStep(13, 10),) * 2 + (MatStep(6, 3),) * 2)),
        (1, MatDouble(2)),
        (0, MatTake()),
        (1, MatRoll((5, 5))),
        (0, MatRoll((6, 1), played=False)),
        (1, MatWin(6, match=True)),
    ]


def test_reads_a_byte_order_mark_hash_comments_and_money_sessions() -> None:
    text = '\ufeff; [Site "XG"]\n# old comment\n; free text\n\n 0 point match\n'
    match = parse_mat(text)
    assert (match.length, match.headers, match.comments, match.games) == (
        0,
        (("Site", "XG"),),
        ("old comment", "free text"),
        (),
    )


# -- bad text names its line ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("\n 5 point matc\n", 2, "point match"),
        ("hello\n 5 point match\n", 1, "point match"),
        ("", None, "not a .mat file"),
        (_game("  1) 31: 8/5 6/5   dances\n"), 6, "unknown text 'dances'"),
        (_game("  1) 71: 8/1 6/5\n"), 6, "a die shows 1..6"),
        (_game("  1) 31: 5/8 6/5\n"), 6, "higher to a lower point"),
        (_game("  1) 31: 8/5(7)\n"), 6, "repeated 1..4 times"),
        (_game("  1) 31: 8/5 6/5  42: 8/4 6/4  Takes\n"), 6, "more than two cells"),
        (_game("  1) 31: 8/5 6/5\n ; Set Pos=xxx\n"), 7, "position edits"),
        ("\n 5 point match\n\n  1) 31: 8/5 6/5\n", 4, "Game 1"),
        ("\n 5 point match\n\n Game 1\n Alice 0 Bob 0\n", 5, "score line"),
        ("\n 5 point match\n\n Game 1\n", None, "score line"),
    ],
)
def test_bad_text_names_the_line(text: str, line: int | None, words: str) -> None:
    with pytest.raises(MatFileError, match=words) as caught:
        parse_mat(text)
    assert caught.value.line == line
    assert isinstance(caught.value, ValueError)
    if line is not None:
        assert str(caught.value).startswith(f"line {line}: ")


# -- writing ---------------------------------------------------------------------------------------


def _written(*entries: tuple[int, object]) -> list[str]:
    cells = tuple(MatEntry(player, cell) for player, cell in entries)  # type: ignore[arg-type]
    match = MatMatch(3, (MatGame(1, ("A", "B"), (0, 0), cells),))
    return format_mat(match).splitlines()[5:]


def test_writes_a_first_column_drop_and_the_win_in_one_cell() -> None:
    lines = _written((0, MatRoll((3, 1), (MatStep(8, 5), MatStep(6, 5)))), (1, MatDouble(2)),
                     (0, MatDrop()), (1, MatWin(1)))  # fmt: skip
    assert lines == [
        "  1) 31: 8/5 6/5                  Doubles => 2",
        "  2)  Drops                       Wins 1 point ",
        "",
    ]


def test_writes_wins_lines_in_the_winners_column() -> None:
    lines = _written((1, MatRoll((4, 3), (MatStep(24, 20), MatStep(13, 10)))),
                     (0, MatRoll((6, 2), played=False)), (1, MatWin(1)))  # fmt: skip
    assert lines == [
        "  1)                             43: 24/20 13/10 ",
        "  2) 62:                         Wins 1 point",
        "",
    ]
    lines = _written((0, MatRoll((6, 6), (MatStep(1, 0),))), (0, MatWin(2, match=True)))
    assert lines == ["  1) 66: 1/0                     ", "      Wins 2 points and the match", ""]


def test_a_long_first_name_keeps_the_score_line_readable() -> None:
    match = MatMatch(1, (MatGame(1, ("A" * 40, "B"), (0, 0)),))
    assert parse_mat(format_mat(match)) == match


# -- any structure survives writing and reading --------------------------------------------------

_names = st.text(alphabet="abcdefghij XYZ", min_size=1, max_size=12).map(str.strip).filter(bool)
_dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


@st.composite
def _steps(draw: st.DrawFn) -> MatStep:
    origin = draw(st.integers(1, 25))
    return MatStep(origin, draw(st.integers(0, min(origin - 1, 24))), draw(st.booleans()))


_cell = st.one_of(
    st.builds(MatRoll, _dice, st.lists(_steps(), min_size=1, max_size=4).map(tuple)),
    st.builds(MatRoll, _dice),
    st.builds(MatDouble, st.sampled_from([2, 4, 8, 16, 32, 64])),
    st.builds(MatBeaver, st.sampled_from([4, 8, 16, 32, 64])),
    st.just(MatTake()),
    st.just(MatDrop()),
)


@st.composite
def _games(draw: st.DrawFn, number: int) -> MatGame:
    entries = [
        MatEntry(draw(st.integers(0, 1)), draw(_cell)) for _ in range(draw(st.integers(0, 8)))
    ]
    if draw(st.booleans()):
        entries.append(
            MatEntry(draw(st.integers(0, 1)), MatWin(draw(st.integers(1, 12)), draw(st.booleans())))
        )
    players = (draw(_names), draw(_names))
    score = (draw(st.integers(0, 20)), draw(st.integers(0, 20)))
    return MatGame(number, players, score, mark_unplayed(entries))


@st.composite
def _matches(draw: st.DrawFn) -> MatMatch:
    games = tuple(draw(_games(number)) for number in range(1, draw(st.integers(0, 3)) + 1))
    key = st.text(alphabet="abcdefXYZ ", min_size=1, max_size=8).map(str.strip).filter(bool)
    value = st.text(alphabet="abc 123.-", max_size=10)
    headers = tuple(draw(st.lists(st.tuples(key, value), max_size=3)))
    comments = tuple(draw(st.lists(_names, max_size=2)))
    return MatMatch(draw(st.integers(0, 25)), games, headers, comments)


@settings(max_examples=200)
@given(_matches())
def test_written_text_reads_back_to_the_same_structure(match: MatMatch) -> None:
    assert parse_mat(format_mat(match)) == match
