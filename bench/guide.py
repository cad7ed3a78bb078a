"""How fast a ``TurnGuide`` is built and first asked, as the game server asks it.

Over the fixed corpus of bench/corpus.py it times, position by position, what
a server does when the dice are rolled and the first checker is moved:

- build ``TurnGuide(position, roll, rules)`` and read ``dice_used`` (R10 pass);
- ``destinations(())`` and ``is_complete(())`` (the state sent after the roll);
- ``resolve``, ``destinations`` and ``is_complete`` after one step (the first
  step offered; skipped when the roll cannot be played).

It does this for the live guide and for the frozen copy of the guide before
it was made lazy (tests/core/_reference_guide.py), under the standard rules
and the Iranian preset. Each position is timed as the best of a few calls
(garbage collector off), the guides taking turns position by position, and the
median and 95th percentile over positions are printed for doubles, other rolls
and all.

    python -m bench.guide              # the whole corpus
    python -m bench.guide --size 2000  # a quicker look
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence

from tests.core._reference_guide import ReferenceGuide

from bench.corpus import REPEAT, SIZE, Sample, best_of, build_corpus, summary
from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.plays import Step, TurnGuide
from nard.core.rules import IRANIAN, STANDARD, RuleSet

Guide = type[TurnGuide] | type[ReferenceGuide]


def first_step(position: Position, roll: Roll, rules: RuleSet) -> tuple[Step, ...]:
    """The step a player makes first in the benchmark: the first one offered, or none."""
    offered = TurnGuide(position, roll, rules).next_steps(())
    return tuple(offered[:1])


def session(
    guide_type: Guide, position: Position, roll: Roll, rules: RuleSet, step: tuple[Step, ...]
) -> None:
    """The guide's work from the roll to the first step made."""
    guide = guide_type(position, roll, rules)
    if not guide.dice_used:
        return
    guide.destinations(())
    guide.is_complete(())
    if step:
        guide.resolve(step)
        guide.destinations(step)
        guide.is_complete(step)


def time_guides(
    guides: Sequence[Guide], corpus: Sequence[Sample], rules: RuleSet
) -> list[list[float]]:
    """Microseconds per position for each guide, each the best of REPEAT sessions."""
    steps = [first_step(position, roll, rules) for position, roll in corpus]
    times: list[list[float]] = [[] for _ in guides]
    gc.disable()
    try:
        for (position, roll), step in zip(corpus, steps, strict=True):
            for guide_type, found in zip(guides, times, strict=True):
                found.append(best_of(session, guide_type, position, roll, rules, step))
    finally:
        gc.enable()
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--size", type=int, default=SIZE, help="positions in the corpus")
    args = parser.parse_args(argv)
    corpus = build_corpus(args.size)
    print(f"corpus: {len(corpus)} positions (bench/corpus.py), best of {REPEAT} sessions each")
    print(f"python {sys.version.split()[0]}")
    guides: list[Guide] = [ReferenceGuide, TurnGuide]
    names = {ReferenceGuide: "before (reference copy)", TurnGuide: "TurnGuide"}
    for label, rules in (("standard", STANDARD), ("iranian", IRANIAN)):
        timings = time_guides(guides, corpus, rules)
        results = [summary(times, corpus) for times in timings]
        print()
        print(f"{label} rules: µs per session (build, dice_used, destinations, one step)")
        print(
            f"  {'guide':<24} {'median':>9} {'p95':>9} {'dbl med':>9} {'dbl p95':>9}"
            f" {'other med':>10} {'other p95':>10}"
        )
        for guide_type, stats in zip(guides, results, strict=True):
            print(
                f"  {names[guide_type]:<24} {stats['all'][0]:>9.1f} {stats['all'][1]:>9.1f}"
                f" {stats['doubles'][0]:>9.1f} {stats['doubles'][1]:>9.1f}"
                f" {stats['non-doubles'][0]:>10.1f} {stats['non-doubles'][1]:>10.1f}"
            )
        before, after = results
        print(
            f"  speed-up: median {before['all'][0] / after['all'][0]:.1f}×,"
            f" p95 {before['all'][1] / after['all'][1]:.1f}×"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
