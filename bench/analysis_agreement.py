"""How closely ``nard analyze`` agrees with GNU Backgammon's analysis, move by move.

Plays bot-against-bot 5-point matches with ``nard play`` (the test's, or
``--seeds`` with the levels below in turn) and the game doubled to 8 at 0-0
of tests/ai/test_gnubg_agreement.py,
analyses each with ``nard analyze --json`` and with Debian's ``gnubg -t``
(``analyse match``) at the same depth, and prints Pearson's r between their
checker-play errors (EMG at the score) where gammons are live and where they
are dead, with the number of moves and the time taken.

    python -m bench.analysis_agreement               # 0 plies, the test's matches
    python -m bench.analysis_agreement --plies 1 --seeds 11 12 13 14 15 16
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path

from tests.ai.gnubg_agreement import GNUBG, MovePair, agreement, gnubg_errors, pairs
from tests.ai.test_gnubg_agreement import MATCHES, cube_of_eight_record

from nard.cli.__main__ import main as nard
from nard.match.mat_conversion import match_to_mat

LEVELS = (("advanced", "beginner"), ("intermediate", "casual"))
"""White's and Black's levels, taken in turn seed by seed."""


def analyse(mat: Path, folder: Path, plies: int) -> list[MovePair]:
    out = StringIO()
    with redirect_stdout(out):
        nard(["analyze", str(mat), "--json", "--quiet", "--no-luck", "--plies", str(plies)])
    return pairs(json.loads(out.getvalue()), gnubg_errors(mat, folder, plies=plies))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, choices=(0, 1, 2), default=0)
    parser.add_argument("--seeds", type=int, nargs="+", help="other matches' seeds")
    args = parser.parse_args(argv)
    if GNUBG is None:
        print("GNU Backgammon is not installed (apt-get install gnubg)", file=sys.stderr)
        return 2
    start = time.perf_counter()
    found: list[MovePair] = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        matches: tuple[tuple[str, str, int], ...] = MATCHES
        if args.seeds:
            matches = tuple((*LEVELS[i % len(LEVELS)], seed) for i, seed in enumerate(args.seeds))
        for white, black, seed in matches:
            mat = folder / f"{seed}.mat"
            play = ["play", "--player1", f"bot:{white}", "--player2", f"bot:{black}"]
            play += ["--name1", "Ann", "--name2", "Bob", "--length", "5", "--seed", str(seed)]
            with redirect_stdout(StringIO()):
                nard([*play, "--save", str(mat)])
            found += analyse(mat, folder, args.plies)
        eight = folder / "eight.mat"
        eight.write_text(match_to_mat(cube_of_eight_record(5)))
        found += analyse(eight, folder, args.plies)
    print(f"{args.plies}-ply, {len(matches)} matches and the cube-of-8 game:")
    for dead, words in ((False, "live"), (True, "dead")):
        r, n = agreement(found, dead=dead)
        print(f"  {words} gammons: r = {r:.3f} over {n} moves")
    print(f"  {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
