"""``nard analyze``: text summary, JSON, HTML report, .mat and JSON records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nard.ai.evaluator import PipCountEvaluator
from nard.cli.__main__ import main
from nard.match.mat_conversion import match_to_mat
from nard.match.record import MatchRecord
from tests.ai.test_analysis import cube_record, worst_vs_best_record

FAST = ["--evaluator", "pipcount", "--no-luck", "--quiet"]


@pytest.fixture(scope="module")
def record() -> MatchRecord:
    return worst_vs_best_record(PipCountEvaluator(), seed=3, max_turns=24)


@pytest.fixture
def json_file(tmp_path: Path, record: MatchRecord) -> Path:
    path = tmp_path / "match.json"
    path.write_text(record.to_json(), encoding="utf-8")
    return path


def test_text_summary_and_marked_mistakes(
    json_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", str(json_file), *FAST]) == 0
    out = capsys.readouterr().out
    assert "Worst (White) vs Best (Black), money session" in out
    assert "Error rate" in out and "PR" in out and "Rating" in out
    lines = out.splitlines()
    best = next(line for line in lines if line.startswith("Best (Black)"))
    assert "0.0 mEMG" in best and "Supernatural" in best
    worst = next(line for line in lines if line.startswith("Worst (White)  "))
    assert "mEMG" in worst
    assert "Awful!" in worst
    mistakes = [line for line in lines if line.startswith("  game 1, move")]
    assert mistakes and all("Worst (White)" in line for line in mistakes)
    assert all("position " in line and "dice " in line and "best " in line for line in mistakes)
    assert f"Marked mistakes ({len(mistakes)}):" in out


def test_json_output(json_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(json_file), *FAST, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    white, black = data["stats"]
    assert (white["name"], black["name"]) == ("Worst", "Best")
    assert black["error_rate"] == 0.0 and white["error_rate"] > 0
    assert white["pr"] == pytest.approx(white["error_rate"] / 2, abs=0.01)
    assert data["mistakes"] and {m["side"] for m in data["mistakes"]} == {"white"}
    first = data["mistakes"][0]
    assert {"game", "move", "position_id", "roll", "chosen", "best", "loss", "mark"} <= set(first)


def test_mat_record_and_html_report(
    tmp_path: Path, record: MatchRecord, capsys: pytest.CaptureFixture[str]
) -> None:
    mat = tmp_path / "match.mat"
    mat.write_text(match_to_mat(record), encoding="utf-8")
    html = tmp_path / "report.html"
    assert main(["analyze", str(mat), *FAST, "--html", str(html), "--lang", "fa"]) == 0
    out = capsys.readouterr().out
    assert f"HTML report: {html}" in out
    page = html.read_text(encoding="utf-8")
    assert 'dir="rtl"' in page and "<svg" in page and "http://www.w3.org" in page
    assert 'src="http' not in page and 'href="http' not in page


def test_cube_decisions_in_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("bgsage")
    path = tmp_path / "cube.json"
    path.write_text(cube_record().to_json(), encoding="utf-8")
    assert main(["analyze", str(path), "--no-luck", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "cube 1: double, best no double" in out
    assert "cube 1: drop, best take" in out and "(very bad)" in out


def test_unreadable_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    assert main(["analyze", str(path), *FAST]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["analyze", str(tmp_path / "missing.mat"), *FAST]) == 2


@pytest.mark.parametrize("plies", ["3", "-1", "deep"])
def test_depth_is_zero_one_or_two_plies(
    json_file: Path, plies: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["analyze", str(json_file), *FAST, "--plies", plies])
    assert refused.value.code == 2
    assert "--plies" in capsys.readouterr().err


def test_one_ply_analysis_says_so(json_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(json_file), "--no-luck", "--quiet", "--json", "--plies", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["plies"] == 1 and data["evaluator"] == "bgsage 1-ply"
    assert data["stats"][0]["error_rate"] > data["stats"][1]["error_rate"]
