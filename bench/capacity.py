"""The capacity model of docs/scaling.md, computed from the table of inputs there.

Edit the inputs in docs/scaling.md (after a new ``bench.cluster_load`` run),
then print the tables that follow from them and paste them in:

    python -m bench.capacity
"""

from __future__ import annotations

import math
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "scaling.md"
GAMES = (10_000, 100_000)
INPUT_ROW = re.compile(r"^\| `(\w+)` \| ([0-9.]+) \|", re.MULTILINE)


def inputs(text: str) -> dict[str, float]:
    """The ``| `symbol` | value |`` rows of the inputs table."""
    return {name: float(value) for name, value in INPUT_ROW.findall(text)}


def plan(x: dict[str, float], games: int) -> dict[str, float]:
    """What ``games`` concurrent games need, each game on one instance (routed by its id):
    the web and PostgreSQL costs are the two-instance run's (``w2``, ``p2``), which
    include what spreading the games costs (the creating instance's copy, the shared
    presence and limits)."""
    rate = games * x["a"]  # actions per second
    busy = 1000 * x["u"]  # CPU ms one core may spend a second
    bot_jobs = games * x["f"] * x["d"]
    analyses = games * x["m"] / 3600 * x["q"]
    return {
        "actions/s": rate,
        "instances": math.ceil(rate * x["w2"] / busy),
        "PostgreSQL cores": rate * x["p2"] / busy,
        "Redis cores for the game channels (one thread each)": rate * x["r"] / busy,
        "Redis cores for the jobs": (bot_jobs + analyses) * x["jr"] / busy,
        "HAProxy cores": rate * x["l"] / busy,
        "bot workers": math.ceil(bot_jobs * (x["b"] + x["j"]) / busy),
        "analysis workers": math.ceil(analyses * x["z"] * 1000 / busy),
        "RQ jobs/s": bot_jobs + analyses,
    }


def ceilings(x: dict[str, float]) -> dict[str, float]:
    """Concurrent games at which each shared part reaches the target load."""
    busy = 1000 * x["u"]
    jobs = x["f"] * x["d"] + x["m"] / 3600 * x["q"]  # a game's jobs a second
    return {
        "Redis, one thread for the bus and the jobs": busy / (x["r"] * x["a"] + x["jr"] * jobs),
        f"PostgreSQL primary, {x['pg_cores']:.0f} cores": x["pg_cores"] * busy / x["p2"] / x["a"],
        f"HAProxy, {x['lb_cores']:.0f} threads": x["lb_cores"] * busy / x["l"] / x["a"],
    }


def _number(value: float) -> str:
    return f"{value:,.0f}" if value >= 10 or value == int(value) else f"{value:.1f}"


def tables(x: dict[str, float]) -> str:
    """The two tables of docs/scaling.md, in Markdown."""
    plans = [plan(x, games) for games in GAMES]
    lines = ["| | " + " | ".join(f"{games:,} games" for games in GAMES) + " |"]
    lines.append("| --- |" + " ---: |" * len(GAMES))
    for key in plans[0]:
        lines.append(f"| {key} | " + " | ".join(_number(p[key]) for p in plans) + " |")
    lines += ["", "| shared part | saturates at (concurrent games) |", "| --- | ---: |"]
    for part, games in sorted(ceilings(x).items(), key=lambda item: item[1]):
        lines.append(f"| {part} | {_number(games)} |")
    return "\n".join(lines)


def main() -> None:
    print(tables(inputs(DOC.read_text())))


if __name__ == "__main__":
    main()
