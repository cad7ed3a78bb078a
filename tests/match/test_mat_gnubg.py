"""Cross-checks with GNU Backgammon itself, where it is installed (Debian: ``gnubg``).

gnubg imports our ``.mat`` export and exports it again; the games must come back
the same, and our reader must read gnubg's text to the same record.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from nard.match.mat_conversion import mat_to_record, match_to_mat
from nard.match.matfile import parse_mat
from nard.match.record import MatchRecord
from tests.match.random_matches import random_match

GNUBG = shutil.which("gnubg") or shutil.which("/usr/games/gnubg")
pytestmark = pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon is not installed")
DATA = Path(__file__).parent / "data"


def _through_gnubg(text: str, folder: Path) -> str:
    source, target = folder / "in.mat", folder / "out.mat"
    source.write_text(text)
    commands = folder / "commands.txt"
    commands.write_text(
        "set confirm new off\nset confirm save off\n"
        f"import mat {source}\nexport match mat {target}\n"
    )
    assert GNUBG is not None
    done = subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-c", str(commands)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert "Unrecognised" not in done.stdout + done.stderr
    return target.read_text()


def test_gnubg_writes_our_test_file_back_unchanged(tmp_path: Path) -> None:
    text = (DATA / "gnubg_style.mat").read_text()
    assert _through_gnubg(text, tmp_path) == text


@pytest.mark.parametrize(("seed", "length"), [(2, 7), (3, None), (14, 7)])
def test_gnubg_reads_our_export_to_the_same_games(
    seed: int, length: int | None, tmp_path: Path
) -> None:
    record = MatchRecord.from_match(random_match(seed, length, max_actions=800))
    ours = match_to_mat(record)
    theirs = _through_gnubg(ours, tmp_path)
    back = mat_to_record(theirs)
    assert len(parse_mat(theirs).games) == len(parse_mat(ours).games)
    assert [s.score for s in back.summaries()] == [s.score for s in record.summaries()]
    # gnubg reads a roll written without a play, when only one play is legal, as
    # that play made (and a resignation after it): the outcome is the same.
    assert _outcomes(back) == _outcomes(record)


def _outcomes(record: MatchRecord) -> list[tuple[object, ...]]:
    results = [summary.result for summary in record.summaries()]
    return [(r.winner, r.points, r.reason, r.cube_value) for r in results if r is not None]


def test_gnubg_reads_player_names_with_colons(tmp_path: Path) -> None:
    # gnubg reads a score-line name up to its first colon; the default names of
    # nard's bots ("bot:beginner") have one.
    names = ("bot:beginner", "Sara: the second")
    record = MatchRecord.from_match(random_match(5, 3, max_actions=300), players=names)
    ours = match_to_mat(record)
    assert mat_to_record(ours).players == names
    theirs = _through_gnubg(ours, tmp_path)
    assert [game.players for game in parse_mat(theirs).games] == [
        ("bot-beginner", "Sara- the second")
    ] * len(parse_mat(ours).games)
    assert [s.score for s in mat_to_record(theirs).summaries()] == [
        s.score for s in record.summaries()
    ]
