"""``nard train``: the JSON export other programs check, and the terminal trainer."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest
from rich.console import Console

from nard.cli.__main__ import main
from nard.cli.rules_commands import answer_json_lines
from nard.cli.train import Trainer
from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.errors import IllegalPlayError
from nard.core.explain import explain_play
from nard.core.notation import format_play, parse_play
from nard.core.plays import Play
from nard.trainer import Kind, Level, make_drill, rule_set


def export(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    assert main(["train", "--export", *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


@pytest.mark.parametrize("rules", ["standard", "iranian"])
def test_export_answers_are_what_nard_moves_and_explain_say(
    capsys: pytest.CaptureFixture[str], rules: str
) -> None:
    lines = export(capsys, "30", "--seed", "11", "--rules", rules)
    assert len(lines) == 30
    assert {line["kind"] for line in lines} >= {"plays", "enter", "bear-off", "refused", "decision"}
    for line in lines:
        assert set(line) >= {"kind", "position_id", "dice", "rules", "answer"}
        assert line["rules"] == rules
        position = Position.from_id(str(line["position_id"]))
        dice = line["dice"]
        assert isinstance(dice, list)
        roll = Roll(dice[0], dice[1])
        if line["kind"] == "refused":
            answer = line["answer"]
            assert isinstance(answer, dict)
            with pytest.raises(IllegalPlayError) as refusal:
                parse_play(answer["play"], position, roll, rules=rule_set(rules))
            assert refusal.value.rule == answer["rule"]
        elif line["kind"] != "decision":
            query = json.dumps({"position_id": line["position_id"], "dice": dice, "rules": rules})
            out = io.StringIO()
            answer_json_lines(io.StringIO(query + "\n"), out)
            assert json.loads(out.getvalue())["plays"] == line["answer"]


def test_export_is_the_same_each_time_and_filters_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    first = export(capsys, "6", "--seed", "4", "--kind", "3", "--rules", "v1-board")
    assert first == export(capsys, "6", "--seed", "4", "--kind", "bear-off", "--rules", "v1-board")
    assert {line["kind"] for line in first} == {"bear-off"}
    assert {line["level"] for line in first} == {"easy", "medium", "hard"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--kind", "9"], "unknown drill kind"),
        (["--rules", "nope"], "unknown rule set"),
        (["--kind", "customs"], "customs drills need"),
        (["--level", "expert"], "unknown level"),
    ],
)
def test_bad_options_are_refused_clearly(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["train", "--export", "1", *args]) == 2
    assert message in capsys.readouterr().err


def run(
    lang: str, drill_kind: Kind, level: Level, replies: list[str], seed: int = 2
) -> tuple[Trainer, str]:
    out = io.StringIO()
    answers = iter([*replies, "quit"])
    console = Console(file=out, width=110, color_system=None)
    trainer = Trainer(lang, console, lambda _: next(answers))  # type: ignore[arg-type]
    trainer.run([make_drill(seed, drill_kind, "standard", level)])
    return trainer, out.getvalue()


def test_every_legal_play_found_is_a_right_answer() -> None:
    drill = make_drill(2, Kind.PLAYS, "standard", Level.MEDIUM)
    trainer, text = run("en", Kind.PLAYS, Level.MEDIUM, [*map(format_play, drill.legal_plays), ""])
    assert (trainer.right, trainer.answered, trainer.best_streak) == (1, 1, 1)
    assert f"Found {len(drill.legal_plays)} of the {len(drill.legal_plays)} legal plays." in text


def test_a_wrong_play_is_explained_with_its_rule_and_a_legal_play() -> None:
    drill = make_drill(2, Kind.PLAYS, "standard", Level.MEDIUM)
    first = next(iter(drill.legal_plays))
    cut = Play(first.steps[:1])  # one die of a play that uses both: refused by R8
    why = explain_play(drill.position, drill.roll, cut, drill.rules)
    assert why is not None and why.rule.value == "R8"
    trainer, text = run("en", Kind.PLAYS, Level.MEDIUM, [format_play(cut), ""])
    assert trainer.right == 0
    assert f"Not a legal play: {format_play(cut)}" in text
    assert "(rule R8)" in text and "A legal play instead:" in text
    assert "Missing:" in text


def test_why_refused_in_persian_names_the_rule_and_mistake() -> None:
    drill = make_drill(2, Kind.REFUSED, "standard", Level.HARD)
    why = drill.refusal()
    wrong = "R3"
    replies = [wrong] + (["۱"] if why.mistake else [])
    trainer, text = run("fa", Kind.REFUSED, Level.HARD, replies)
    assert trainer.right == 0
    assert "این قانون نیست" in text
    flowed = " ".join(text.split())  # rich wraps long lines
    assert " ".join(why.message_fa.split()) in flowed
    assert "R" + "۰۱۲۳۴۵۶۷۸۹"[int(why.rule.value[1])] in text


@pytest.mark.parametrize("digits", ["۰۱۲۳۴۵۶۷۸۹", "٠١٢٣٤٥٦٧٨٩"], ids=["persian", "arabic-indic"])
def test_the_rule_may_be_answered_in_persian_or_arabic_indic_digits(digits: str) -> None:
    drill = make_drill(2, Kind.REFUSED, "standard", Level.HARD)
    why = drill.refusal()
    answer = why.rule.value[0] + "".join(digits[int(d)] for d in why.rule.value[1:])
    mistake = [digits[why.mistake]] if why.mistake else []
    trainer, text = run("fa", Kind.REFUSED, Level.HARD, [answer, *mistake])
    assert trainer.right == 1
    assert "این قانون نیست" not in text


def test_the_decision_tree_is_walked_question_by_question() -> None:
    drill = make_drill(2, Kind.DECISION, "standard", Level.HARD)
    steps = drill.decision()
    replies = ["yes" if step.yes else "no" for step in steps]
    trainer, text = run("en", Kind.DECISION, Level.HARD, replies)
    assert trainer.right == 1
    assert text.count("Right.") == len(steps)
    replies[1] = "no" if replies[1] == "yes" else "yes"
    trainer, text = run("en", Kind.DECISION, Level.HARD, replies)
    assert trainer.right == 0 and "Not so." in text


def test_export_is_the_same_in_every_process() -> None:
    # Drills are shared as links: nothing in them may depend on Python's string hashing.
    command = [sys.executable, "-m", "nard.cli", "train", "--export", "12", "--seed", "3"]
    outputs = {
        subprocess.run(
            [*command, "--rules", "iranian"],
            capture_output=True,
            text=True,
            check=True,
            env=os.environ | {"PYTHONHASHSEED": str(hash_seed)},
        ).stdout
        for hash_seed in (1, 2)
    }
    assert len(outputs) == 1 and len(next(iter(outputs)).splitlines()) == 12
