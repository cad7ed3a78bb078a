"""Rules problem reports (issue 15): what they hold, and `nard explain --report`."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from nard.cli.__main__ import main
from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.notation import format_play
from nard.trainer import Kind, Level, make_drill
from nard.trainer.report import program_version, rules_report

STATIC = Path(__file__).resolve().parents[2] / "src" / "nard" / "server" / "static"


@pytest.mark.parametrize("seed", range(6))
def test_a_refused_drill_reports_its_rule_and_opens_again_from_its_link(seed: int) -> None:
    drill = make_drill(seed, Kind.REFUSED, "iranian", Level.MEDIUM)
    assert drill.refused is not None
    written = format_play(drill.refused)
    report = rules_report(drill.position, drill.roll, written, "iranian")
    assert report.rule == drill.refusal().rule.value
    text = report.text("en")
    for part in (drill.position.id(), f"{drill.roll.high}-{drill.roll.low}", written, "iranian"):
        assert part in text
    assert f"Rule: {report.rule} (docs/rules.md#{report.rule.lower()})" in text
    assert f"nard {program_version()}" in text
    query = parse_qs(urlsplit(report.link).query)
    assert urlsplit(report.link).path == "/report"
    again = rules_report(
        Position.from_id(query["position"][0]),
        Roll.parse(query["dice"][0]),
        query["play"][0],
        query["rules"][0],
    )
    assert again == report


def test_steps_are_listed_in_the_order_tried() -> None:
    report = rules_report(Position.initial(), Roll(3, 1), "6/5 8/5", "standard")
    assert report.explanation is None and report.steps == ("6/5", "8/5")
    assert "Steps in the order tried: 6/5 8/5" in report.text("en")
    assert "The play is legal." in report.text("en")


def test_the_persian_report_uses_persian_digits() -> None:
    text = rules_report(Position.initial(), Roll(6, 4), "13/7", "standard").text("fa")
    assert "گزارش مشکل قوانین نرد" in text
    assert "تاس: ۶ و ۴" in text and "۱۳/۷" in text and "(قانون R۸)" in text


@pytest.mark.parametrize("rules", ["standard", "iranian", "v1-board"])
def test_the_persian_report_names_the_rule_set_as_the_app_does(rules: str) -> None:
    fa = json.loads((STATIC / "i18n" / "fa.json").read_text(encoding="utf-8"))
    text = rules_report(Position.initial(), Roll(6, 4), "13/7", rules).text("fa")
    assert f"مجموعهٔ قوانین: {fa[f'trainer.rules.{rules}']} ({rules})" in text.splitlines()


def test_nard_explain_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "4HPwATDgc/ABMA", "64", "13/7", "--report"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("Nard rules problem report")
    assert "Link: /report?position=4HPwATDgc%2FABMA&dice=64&play=13%2F7&rules=standard" in out
    assert main(["explain", "4HPwATDgc/ABMA", "64", "24/x", "--report"]) == 2
    assert "not a point" in capsys.readouterr().err


def test_nard_explain_names_the_rules_section(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "4HPwATDgc/ABMA", "64", "13/7"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "See docs/rules.md#r8"
    assert main(["explain", "4HPwATDgc/ABMA", "64", "13/7", "--lang", "fa"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "ببینید: docs/rules.fa.md#r8"
