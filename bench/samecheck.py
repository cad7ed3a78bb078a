"""Compare legal play generation with an earlier revision of ``nard.core.plays``.

The earlier plays.py is read from git (default: the commit that introduced the
search; any revision before nard.core.plays became a package, 0ba7981 the
last) and loaded beside the current one; over the whole corpus, under the
standard rules, the Iranian preset and the Iranian preset with V1 scope
``board``, both must list the same plays, with the same steps (hits and dice
included), in the same order, and a TurnGuide must offer the same first steps.
Then the same for every roll of odd positions drawn at random (fixed seed):
checkers piled at home, on the bar, or anywhere, for both sides.

    python -m bench.samecheck [REVISION [RULE-SET NAME]]
"""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

from bench.corpus import build_corpus, odd_positions
from nard.core import plays
from nard.core.board import Position
from nard.core.dice import ALL_ROLLS, Roll
from nard.core.rules import IRANIAN, STANDARD, EscapeScope, RuleSet

REFERENCE = "1af84e7"
ODD_POSITIONS = 300
RULE_SETS = {
    "standard": STANDARD,
    "iranian": IRANIAN,
    "iranian, V1 scope board": IRANIAN.with_(escape_scope=EscapeScope.BOARD),
}


def load_reference(revision: str) -> types.ModuleType:
    """plays.py as it was at ``revision``, as a module of its own."""
    root = Path(__file__).resolve().parent.parent
    source = subprocess.run(
        ["git", "show", f"{revision}:src/nard/core/plays.py"],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    module = types.ModuleType("nard.core._plays_reference")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, f"{revision}:plays.py", "exec"), module.__dict__)
    return module


def listing(module: types.ModuleType, position: Position, roll: Roll, rules: RuleSet) -> object:
    """Everything LegalPlays and TurnGuide say about a roll, as plain data."""
    legal = module.LegalPlays(position, roll, rules)
    found = [
        (after.player, after.opponent, [(s.from_point, s.to_point, s.hit, s.die) for s in play])
        for play, after in legal.items()
    ]
    guide = module.TurnGuide(position, roll, rules)
    first = [(s.from_point, s.to_point, s.hit, s.die) for s in guide.next_steps(())]
    return legal.dice_used, found, guide.dice_used, first


def main() -> int:
    revision = sys.argv[1] if len(sys.argv) > 1 else REFERENCE
    only = sys.argv[2] if len(sys.argv) > 2 else ""
    reference = load_reference(revision)
    corpus = build_corpus()
    failures = 0
    for name, rules in RULE_SETS.items():
        if only and name != only:
            continue
        differ = 0
        for position, roll in corpus:
            if listing(plays, position, roll, rules) != listing(reference, position, roll, rules):
                differ += 1
                if differ <= 3:
                    print(f"  differs: {position.player} {position.opponent} {roll} under {name}")
        print(f"{name}: {len(corpus)} positions, {differ} differ from {revision}")
        failures += differ
    odd = [(position, roll) for position in odd_positions(ODD_POSITIONS) for roll, _ in ALL_ROLLS]
    for name, rules in RULE_SETS.items():
        if only and name != only:
            continue
        differ = sum(
            listing(plays, position, roll, rules) != listing(reference, position, roll, rules)
            for position, roll in odd
        )
        print(f"{name}: {len(odd)} odd positions and rolls, {differ} differ from {revision}")
        failures += differ
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
