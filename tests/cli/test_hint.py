"""``nard hint``: ranked plays with chances, JSON lines answered at once, the cube."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest

from nard.ai.bot import EXPERT
from nard.cli import rules_commands
from nard.cli.__main__ import main
from nard.cli.hint import answer_json_lines
from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.notation import format_play
from nard.core.plays import LegalPlays
from nard.core.rules import RuleSet

pytest.importorskip("bgsage")

OPENING = "4HPwATDgc/ABMA"


def test_text_lists_every_play_best_first_with_the_five_chances(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["hint", OPENING, "31", "--level", "advanced"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(LegalPlays(Position.from_id(OPENING), Roll(3, 1))) == 16
    assert lines[0].split()[1:3] == ["8/5", "6/5"]
    equities = [float(line.split("equity")[1].split()[0]) for line in lines]
    assert equities == sorted(equities, reverse=True)
    for word in ("win", "gammon", "backgammon", "lose gammon", "lose backgammon"):
        assert all(f" {word} " in line for line in lines)


def test_text_in_persian_uses_the_games_words_and_persian_digits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["hint", OPENING, "31", "--level", "advanced", "--lang", "fa", "--limit", "2"]) == 0
    first, second = capsys.readouterr().out.splitlines()
    assert first.startswith("۱. 8/5 6/5") and second.startswith("۲. ")
    for word in ("ارزش", "برد", "مارس", "کوکس"):
        assert word in first
    numbers = first.split("8/5 6/5")[1]
    assert "٫" in numbers and not any(ch.isascii() and ch.isdigit() for ch in numbers)
    cube = ["hint", "--cube", "b2sEABx5bwMAAA", "--score", "2-4", "--length", "5"]
    assert main([*cube, "--level", "advanced", "--lang", "fa"]) == 0
    assert "کار درست: بیش از حد خوب؛ بازی ادامه یابد" in capsys.readouterr().out


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", OPENING, "71"]) == 2
    assert main(["hint", "nonsense", "31"]) == 2
    assert main(["hint", OPENING, "31", "--level", "grandmaster"]) == 2
    assert main(["hint", "--cube", OPENING, "--score", "two-four", "--length", "5"]) == 2
    assert "error" in capsys.readouterr().err


def _lines(*queries: object) -> Iterator[str]:
    for query in queries:
        yield (query if isinstance(query, str) else json.dumps(query)) + "\n"


class _Sink(io.StringIO):
    """Counts the answers flushed so far."""

    flushed = 0

    def flush(self) -> None:
        super().flush()
        self.flushed = self.getvalue().count("\n")


def test_json_answers_each_line_at_once_and_survives_bad_lines() -> None:
    sink = _Sink()
    queries = [
        {"position_id": OPENING, "dice": [6, 4], "level": "advanced"},
        "not json",
        {"position_id": OPENING, "dice": [6, 4], "colour": "red"},
        {"position_id": OPENING, "dice": [9, 4]},
        {"position_id": OPENING, "dice": [6, 4], "level": "advanced", "rules": "iranian"},
    ]

    def source() -> Iterator[str]:
        for number, line in enumerate(_lines(*queries)):
            assert sink.flushed == number  # every earlier line was answered already
            yield line

    assert answer_json_lines(source(), sink, level=EXPERT, rules_name="standard") == 0
    answers = [json.loads(line) for line in sink.getvalue().splitlines()]
    assert len(answers) == 5
    assert [a["line"] for a in answers[1:4]] == [2, 3, 4]
    assert "colour" in answers[2]["error"] and "1..6" in answers[3]["error"]
    plays = answers[0]["plays"]
    assert [p["equity"] for p in plays] == sorted((p["equity"] for p in plays), reverse=True)
    chances = plays[0]["probabilities"]
    assert set(chances) == {"win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon"}
    assert chances["win_backgammon"] <= chances["win_gammon"] <= chances["win"]


def test_json_position_ids_are_those_of_nard_moves() -> None:
    query = {"position_id": OPENING, "dice": [5, 5], "rules": "iranian"}
    hints, moves = io.StringIO(), io.StringIO()
    answer_json_lines(_lines({**query, "level": "advanced"}), hints, level=EXPERT, rules_name="x")
    rules_commands.answer_json_lines(io.StringIO(json.dumps(query)), moves)
    ranked = json.loads(hints.getvalue())["plays"]
    listed = json.loads(moves.getvalue())["plays"]
    assert {p["play"]: p["position_id"] for p in ranked} == {
        p["play"]: p["position_id"] for p in listed
    }
    iranian = LegalPlays(Position.from_id(OPENING), Roll(5, 5), RuleSet.preset("iranian"))
    assert {p["play"] for p in ranked} == {format_play(play) for play in iranian}


def test_cube_hint_gives_the_three_equities_and_the_action(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Post-Crawford, the trailer (3-away) on roll is too good to double.
    args = [
        "hint",
        "--cube",
        "b2sEABx5bwMAAA",
        "--score",
        "2-4",
        "--length",
        "5",
        "--level",
        "advanced",
    ]
    assert main(args) == 0
    text = capsys.readouterr().out
    equities = {
        name: float(line.split()[-1])
        for line in text.splitlines()
        for name in ("no double", "double, take", "double, pass")
        if line.startswith(name)
    }
    assert equities["no double"] > equities["double, pass"]
    assert "proper action: too good, play on" in text
    # A big race lead at money: double, pass; the opponent's cube: no double allowed.
    race = Position.from_points({6: 5, 5: 5, 4: 5}, {6: 5, 5: 4, 9: 3, 10: 3}).id()
    assert main(["hint", "--cube", race, "--level", "advanced"]) == 0
    assert "proper action: double, pass" in capsys.readouterr().out
    assert main(["hint", "--cube", race, "--cube-value", "2", "--owner", "opponent"]) == 0
    assert "may not double" in capsys.readouterr().out
