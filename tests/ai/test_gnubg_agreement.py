"""``nard analyze`` against GNU Backgammon's ``analyse match``, move by move.

Bot-against-bot 5-point matches made by ``nard play`` and one game doubled to
8 at 0-0 (where no gammon counts) are analysed by both at 0 plies; the
checker-play errors (EMG at the score) must agree with Pearson's r of at
least 0.9, where gammons are live and where they are dead alike. The
thresholds that mark the errors must be the ones the installed gnubg shows.
"""

from __future__ import annotations

import json
import re
import subprocess
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path

import pytest

from nard.ai.analysis import BAD, DOUBTFUL, VERY_BAD
from nard.ai.bot import Bot
from nard.ai.bot_actions import choose_action
from nard.cli.__main__ import main
from nard.core.board import Side
from nard.match.actions import Double, Take
from nard.match.dice import SeededDice
from nard.match.game import Phase
from nard.match.mat_conversion import match_to_mat
from nard.match.match import Match
from nard.match.record import MatchRecord
from tests.ai.gnubg_agreement import GNUBG, MovePair, agreement, gnubg_errors, pairs

pytest.importorskip("bgsage")
pytestmark = pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon is not installed")

MATCHES = (
    ("advanced", "beginner", 3),
    ("advanced", "beginner", 4),
    ("advanced", "beginner", 6),
    ("intermediate", "casual", 7),
    ("intermediate", "casual", 8),
)
"""White's level, Black's level and the seed of each ``nard play`` match."""
MIN_R = 0.9


def cube_of_eight_record(seed: int) -> MatchRecord:
    """A 5-point match whose first game is doubled to 8 at 0-0 in its first turns (each
    side doubles and the other takes), then played out by two bots: gammons are dead."""
    dice = SeededDice(seed)
    bots = {Side.WHITE: Bot("intermediate", seed=seed), Side.BLACK: Bot("casual", seed=seed + 1)}
    match = Match.new(5)
    while not match.is_over:
        game = match.game
        assert game is not None
        side = game.to_act
        doubling = game.phase is Phase.ROLLING and side is not None and game.cube.value < 8
        if doubling and side is not None and game.can_double(side):
            match, _ = match.apply(Double(side))
            match, _ = match.apply(Take(side.other))
            continue
        if game.phase in (Phase.OPENING, Phase.ROLLING):
            match, _ = match.apply(game.roll_action(dice))
            continue
        assert side is not None
        action = choose_action(bots[side], game, side)
        assert action is not None
        match, _ = match.apply(action)
    return MatchRecord.from_match(match, players=("Ann", "Bob"))


def _analyse(mat: Path, folder: Path) -> list[MovePair]:
    out = StringIO()
    with redirect_stdout(out):
        assert main(["analyze", str(mat), "--json", "--quiet", "--no-luck", "--plies", "0"]) == 0
    return pairs(json.loads(out.getvalue()), gnubg_errors(mat, folder, plies=0))


@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[MovePair]]:
    """The paired errors of each record, by name."""
    folder = tmp_path_factory.mktemp("gnubg")
    found: dict[str, list[MovePair]] = {}
    for white, black, seed in MATCHES:
        mat = folder / f"{white}-{black}-{seed}.mat"
        # Plain names: gnubg misreads names holding ':' (the default "bot:beginner").
        args = ["play", "--player1", f"bot:{white}", "--player2", f"bot:{black}"]
        args += ["--name1", "Ann", "--name2", "Bob", "--length", "5", "--seed", str(seed)]
        with redirect_stdout(StringIO()):
            assert main([*args, "--save", str(mat)]) == 0
        found[mat.stem] = _analyse(mat, folder)
    eight = folder / "cube-of-eight.mat"
    eight.write_text(match_to_mat(cube_of_eight_record(5)))
    found[eight.stem] = _analyse(eight, folder)
    return found


def _every(analysed: dict[str, list[MovePair]]) -> list[MovePair]:
    return [move for moves in analysed.values() for move in moves]


def test_checker_play_errors_agree_with_gnubg_where_gammons_are_live(
    analysed: dict[str, list[MovePair]],
) -> None:
    r, n = agreement(_every(analysed), dead=False)
    print(f"live gammons: r = {r:.3f} over {n} moves")
    assert n >= 80
    assert r >= MIN_R


def test_checker_play_errors_agree_with_gnubg_where_gammons_are_dead(
    analysed: dict[str, list[MovePair]],
) -> None:
    r, n = agreement(_every(analysed), dead=True)
    print(f"dead gammons: r = {r:.3f} over {n} moves")
    assert n >= 80
    assert r >= MIN_R


def test_the_cube_of_eight_game_is_judged_on_winning_chances_alone(
    analysed: dict[str, list[MovePair]],
) -> None:
    moves = [move for move in analysed["cube-of-eight"] if move.cube == 8]
    assert len(moves) >= 10 and all(move.dead for move in moves)
    # Where gnubg sees no error nard marks none either (it used to mark a whole point).
    for move in moves:
        if move.gnubg == 0.0:
            assert move.nard <= DOUBTFUL, move


def test_marks_use_the_thresholds_gnubg_shows(tmp_path: Path) -> None:
    commands = tmp_path / "show.txt"
    commands.write_text("show analysis\n")
    assert GNUBG is not None
    shown = subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-c", str(commands)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    found = {
        name: float(value)
        for value, name in re.findall(r"-(\d\.\d+) (doubtful|bad|very bad)\n", shown)
    }
    assert found == {"doubtful": DOUBTFUL, "bad": BAD, "very bad": VERY_BAD}
