"""Per-move agreement of ``nard analyze`` with GNU Backgammon's ``analyse match``.

Both analyse the same ``.mat`` file; each unforced checker play gets an
error from each (the best play's equity minus the play made, in EMG at the
score), and :func:`agreement` pairs them move by move. gnubg runs as Debian's
``gnubg -t`` with a Python script (its own embedded ``gnubg`` module), at the
depth asked for, with its default match equity table (Kazaross XG2).

A position counts as *dead-gammon* when winning a single game already wins
the match for at least one side at the cube's value, so that side's gammons
are worth nothing (the Crawford game's leader, a cube of 8 at 0-0 in a
5-point match).
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

GNUBG = shutil.which("gnubg") or shutil.which("/usr/games/gnubg")

_SCRIPT = """
import gnubg, json
gnubg.command("set threads 1")
gnubg.command("set analysis chequerplay evaluation plies {plies}")
gnubg.command("set analysis cubedecision evaluation plies {plies}")
gnubg.command("set analysis luck off")
gnubg.command("import mat {source}")
gnubg.command("analyse match")
games = []
for game in gnubg.match(analysis=True, boards=False, statistics=False)["games"]:
    moves = []
    for action in game["game"]:
        if action.get("action") != "move":
            continue
        played = sorted(tuple(step) for step in action.get("move", ()))
        candidates = action.get("analysis", {{}}).get("moves", [])
        scores = [c["score"] for c in candidates]
        chosen = [c["score"] for c in candidates if sorted(map(tuple, c["move"])) == played]
        error = max(scores) - chosen[0] if chosen and len(candidates) > 1 else None
        moves.append({{"dice": sorted(action["dice"]), "error": error}})
    games.append(moves)
with open({target!r}, "w") as out:
    json.dump(games, out)
"""


@dataclass(frozen=True, slots=True)
class MovePair:
    """One checker play's error by gnubg and by nard, and whether gammons were dead."""

    game: int
    move: int
    gnubg: float
    nard: float
    dead: bool
    cube: int


def gnubg_errors(mat: Path, folder: Path, *, plies: int = 0) -> list[list[dict[str, Any]]]:
    """gnubg's checker-play errors of every move action, game by game (None: not judged)."""
    assert GNUBG is not None
    script, target = folder / "analyse.py", folder / "gnubg.json"
    script.write_text(_SCRIPT.format(plies=plies, source=mat, target=str(target)))
    subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-p", str(script)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    games: list[list[dict[str, Any]]] = json.loads(target.read_text())
    return games


def pairs(analysis: dict[str, Any], theirs: Sequence[Sequence[dict[str, Any]]]) -> list[MovePair]:
    """Pair nard's unforced plays (``nard analyze --json``) with gnubg's moves, in order."""
    length = analysis["length"]
    found: list[MovePair] = []
    assert len(analysis["games"]) == len(theirs)
    for game, moves in zip(analysis["games"], theirs, strict=True):
        plays = [d for d in game["decisions"] if d["kind"] == "play"]
        assert len(plays) == len(moves), f"game {game['number']}: {len(plays)} vs {len(moves)}"
        for ours, gnubg in zip(plays, moves, strict=True):
            assert sorted(ours["roll"]) == gnubg["dice"]
            if ours["forced"] or gnubg["error"] is None:
                continue
            cube = ours["cube"]["value"]
            dead = bool(length) and any(length - s <= cube for s in game["score"])
            found.append(
                MovePair(game["number"], ours["move"], gnubg["error"], ours["loss"], dead, cube)
            )
    return found


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's r of two equally long samples."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy)


def agreement(found: Sequence[MovePair], *, dead: bool) -> tuple[float, int]:
    """Pearson's r between gnubg's and nard's errors, and N, for live or dead gammons."""
    chosen = [p for p in found if p.dead is dead]
    return pearson([p.gnubg for p in chosen], [p.nard for p in chosen]), len(chosen)
