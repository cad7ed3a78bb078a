"""``nard explain`` under a rule preset: it reads the play with the rules in force."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nard.cli.__main__ import main
from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.notation import format_play, parse_play
from nard.core.plays import LegalPlays
from nard.core.rules import RuleSet

IRANIAN = RuleSet.preset("iranian")
STANDARD = RuleSet.preset("standard")

# Plays legal under the Iranian customs (V1, V2) but not under the standard
# rules, found in random games: each uses fewer dice than the standard rules
# demand (R8) because the custom forbids the fuller plays.
IRANIAN_ONLY = [
    ("LzCAHQ3/XwgAAA", "32", "2/off"),
    ("+4QAowzfDxwBAA", "55", "11/6*"),
    ("TJzB1ALfBFDwAQ", "44", "13/5*"),
    ("LgCA9xr/BycAAA", "33", "6/3*"),
    ("YzZKUAr/PyAAAA", "52", "8/3*"),
    ("7wLAYGF/eygAAA", "33", "7/4*"),
    ("x5sVAAX/GzAEAA", "55", "13/3 9/4*"),
    ("9iZgwgLf70AAAA", "44", "9/5*"),
]


@pytest.mark.parametrize(("position_id", "dice", "play"), IRANIAN_ONLY)
def test_explain_accepts_a_play_only_the_iranian_customs_allow(
    position_id: str, dice: str, play: str, capsys: pytest.CaptureFixture[str]
) -> None:
    position, roll = Position.from_id(position_id), Roll.parse(dice)
    assert parse_play(play, position, roll, rules=IRANIAN) in LegalPlays(position, roll, IRANIAN)
    assert play not in {format_play(p) for p in LegalPlays(position, roll, STANDARD)}

    assert main(["explain", position_id, dice, play, "--rules", "iranian"]) == 0
    assert capsys.readouterr().out.strip() == f"legal: {play}"
    assert main(["explain", position_id, dice, play]) == 1
    refusal = capsys.readouterr().out
    assert refusal.strip() and not refusal.startswith("legal")


START = Position.initial().id()
LATIN_DIGIT = re.compile(r"[0-9]")


def explain(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["explain", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_explain_in_persian_writes_the_play_in_persian_digits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = explain(capsys, START, "31", "24/21 24/23", "--lang", "fa")
    assert (code, out) == (0, "حرکت قانونی: ۲۴/۲۳ ۲۴/۲۱\n")
    # The Persian terminal's own writing of a roll and a play is read back.
    assert explain(capsys, START, "۳۱", "۲۴/۲۱ ۲۴/۲۳", "--lang", "fa")[:2] == (code, out)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_explain_answers_a_backwards_move_with_rule_r1(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = explain(capsys, START, "31", "6/7", "--lang", lang)
    assert code == 1 and err == ""
    assert out.endswith("docs/rules.md#r1\n" if lang == "en" else "docs/rules.fa.md#r1\n")
    if lang == "fa":
        assert "(قانون R۱)" in out and not LATIN_DIGIT.search(out.replace("#r1", ""))


@pytest.mark.parametrize(
    ("argv", "persian", "english"),
    [
        (["4HPwATDgc/ABMX", "31", "24/21"], "شناسهٔ وضعیت «4HPwATDgc/ABMX» خوانده نشد", "bits"),
        ([START, "71", "24/21"], "تاس «71» خوانده نشد: دو تاس ۱ تا ۶", "a roll is two dice"),
        ([START, "31", "24/21", "--rules", "foo"], "مجموعهٔ قوانین «foo» شناخته نیست", "preset"),
        ([START, "31", "xx"], "حرکت «xx» خوانده نشد: آن را مانند ۲۴/۱۸", "is not a point"),
        ([START, "31", "xx", "--report"], "حرکت «xx» خوانده نشد", "is not a point"),
    ],
)
def test_explain_says_what_is_wrong_with_its_question_in_the_chosen_language(
    argv: list[str], persian: str, english: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = explain(capsys, *argv, "--lang", "fa")
    assert (code, out) == (2, "")
    assert err.startswith("nard: خطا: " + persian), err
    assert english not in err
    code, out, err = explain(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.startswith("nard: error: ") and english in err, err


def test_nard_version_prints_the_one_version(capsys: pytest.CaptureFixture[str]) -> None:
    import nard

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"nard {nard.__version__}\n"


def test_nard_diagrams_writes_every_rules_diagram(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from nard.core.rule_examples import diagrams

    assert main(["diagrams", str(tmp_path / "rules")]) == 0
    made = diagrams()
    listed = capsys.readouterr().out.split()
    assert sorted(Path(line).name for line in listed) == sorted(made)
    for name, svg in made.items():
        assert (tmp_path / "rules" / name).read_text(encoding="utf-8") == svg
