"""How fast ``LegalPlays`` lists the legal plays, against other generators.

Over the fixed corpus of bench/corpus.py it times, position by position:

- ``LegalPlays(position, roll)``, the public path callers use (also with
  ``items()`` walked, which makes each resulting Position, and under the
  Iranian preset);
- bgsage's C++ ``possible_moves`` (the raw ``bgbot_cpp`` binding, and the
  ``bgsage.possible_moves`` wrapper that turns its answer into lists);
- gym-backgammon's ``get_valid_plays``, a pure-Python generator from PyPI.

Boards are converted to each engine's form before the timed region. Each
position is timed as the best of a few calls (garbage collector off), and the
median and 95th percentile over positions are printed, for doubles, other
rolls and all. Then, untimed, the resulting positions are compared with
bgsage's and gym-backgammon's.

    python -m bench.movegen      # or: make bench
"""

from __future__ import annotations

import gc
import importlib.util
import sys
import types
from collections.abc import Sequence
from pathlib import Path

import bgbot_cpp
import bgsage

from bench.corpus import REPEAT, Sample, best_of, build_corpus, describe, summary
from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.plays import LegalPlays
from nard.core.rules import IRANIAN

Board = tuple[tuple[int, ...], tuple[int, ...]]
"""A resulting position as (player, opponent) counts, the mover still on roll."""


# -- engines -------------------------------------------------------------------------------


class Engine:
    """One move generator: how to prepare a sample, call it, and read its answer."""

    name = ""

    def prepare(self, position: Position, roll: Roll) -> tuple[object, ...]:
        raise NotImplementedError

    def call(self, *args: object) -> object:
        raise NotImplementedError

    def boards(self, prepared: tuple[object, ...], answer: object) -> set[Board]:
        raise NotImplementedError


class Nard(Engine):
    name = "nard LegalPlays"

    def prepare(self, position: Position, roll: Roll) -> tuple[object, ...]:
        return position, roll

    def call(self, *args: object) -> object:
        return LegalPlays(*args)  # type: ignore[arg-type]

    def boards(self, prepared: tuple[object, ...], answer: object) -> set[Board]:
        assert isinstance(answer, LegalPlays)
        return {(after.player, after.opponent) for _, after in answer.items()}


def to_sage(position: Position) -> list[int]:
    """bgsage's board: the mover's points 1..24 positive, the opponent's negative,
    [25] the mover's bar, [0] the opponent's bar."""
    player, opponent = position.player, position.opponent
    board = [player[point] - opponent[25 - point] for point in range(25)]
    board[0] = opponent[25]
    board.append(player[25])
    return board


def from_sage(board: Sequence[int]) -> Board:
    player = [0] * 26
    opponent = [0] * 26
    for point in range(1, 25):
        if board[point] > 0:
            player[point] = board[point]
        elif board[point] < 0:
            opponent[25 - point] = -board[point]
    player[25], opponent[25] = board[25], board[0]
    player[0], opponent[0] = 15 - sum(player), 15 - sum(opponent)
    return tuple(player), tuple(opponent)


class NardItems(Nard):
    name = "nard + items()"

    def call(self, *args: object) -> object:
        legal = LegalPlays(*args)  # type: ignore[arg-type]
        for _ in legal.items():
            pass
        return legal


class NardIranian(Nard):
    name = "nard, iranian rules"

    def prepare(self, position: Position, roll: Roll) -> tuple[object, ...]:
        return position, roll, IRANIAN


class SageCpp(Engine):
    name = "bgsage C++ (bgbot_cpp)"

    def prepare(self, position: Position, roll: Roll) -> tuple[object, ...]:
        return to_sage(position), roll.high, roll.low

    def call(self, *args: object) -> object:
        return bgbot_cpp.possible_moves(*args)

    def boards(self, prepared: tuple[object, ...], answer: object) -> set[Board]:
        # With no legal play bgsage answers the board unchanged (its docstring says
        # an empty list); no play leaves the board as it was, so that means none.
        return {from_sage(board) for board in answer if board != prepared[0]}  # type: ignore[attr-defined]


class SageWrapper(SageCpp):
    name = "bgsage.possible_moves"

    def call(self, *args: object) -> object:
        return bgsage.possible_moves(*args)


def load_gym() -> types.ModuleType:
    """gym-backgammon's rules module alone: its package imports gym and pyglet to draw."""
    spec = importlib.util.find_spec("gym_backgammon")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("gym-backgammon is not installed (pip install -e '.[bench]')")
    path = Path(next(iter(spec.submodule_search_locations))) / "envs" / "backgammon.py"
    rules_spec = importlib.util.spec_from_file_location("gym_backgammon_rules", path)
    assert rules_spec is not None and rules_spec.loader is not None
    module = importlib.util.module_from_spec(rules_spec)
    rules_spec.loader.exec_module(module)
    return module


class Gym(Engine):
    """gym-backgammon: the mover is WHITE, whose point p is index p - 1 and whose
    dice are negative; BLACK's point q is index 24 - q."""

    name = "gym-backgammon"

    def __init__(self) -> None:
        self.rules = load_gym()

    def prepare(self, position: Position, roll: Roll) -> tuple[object, ...]:
        white, black = self.rules.WHITE, self.rules.BLACK
        game = self.rules.Backgammon()
        board: list[tuple[int, int | None]] = [(0, None)] * 24
        for point in range(1, 25):
            if position.player[point]:
                board[point - 1] = (position.player[point], white)
            if position.opponent[point]:
                board[24 - point] = (position.opponent[point], black)
        game.board = board
        game.bar = [position.player[25], position.opponent[25]]
        game.off = [position.player[0], position.opponent[0]]
        game.players_positions = game.get_players_positions()
        return game, white, (-roll.high, -roll.low)

    def call(self, *args: object) -> object:
        game, player, dice = args
        return game.get_valid_plays(player, dice)  # type: ignore[attr-defined]

    def boards(self, prepared: tuple[object, ...], answer: object) -> set[Board]:
        game = prepared[0]
        saved = game.save_state()  # type: ignore[attr-defined]
        found = set()
        for play in answer:  # type: ignore[attr-defined]
            game.execute_play(self.rules.WHITE, play)  # type: ignore[attr-defined]
            found.add(self.read(game))
            game.restore_state(saved)  # type: ignore[attr-defined]
        return found

    def read(self, game: object) -> Board:
        player = [0] * 26
        opponent = [0] * 26
        for index, (count, side) in enumerate(game.board):  # type: ignore[attr-defined]
            if side == self.rules.WHITE:
                player[index + 1] = count
            elif side == self.rules.BLACK:
                opponent[24 - index] = count
        player[25], opponent[25] = game.bar  # type: ignore[attr-defined]
        player[0], opponent[0] = game.off  # type: ignore[attr-defined]
        return tuple(player), tuple(opponent)


# -- timing --------------------------------------------------------------------------------


def time_engines(engines: Sequence[Engine], corpus: Sequence[Sample]) -> list[list[float]]:
    """Microseconds per position for each engine, each the best of REPEAT calls.

    The engines take turns position by position, so that a change in the load of
    the machine during the run weighs on all of them alike.
    """
    prepared = [[engine.prepare(position, roll) for position, roll in corpus] for engine in engines]
    calls = [engine.call for engine in engines]
    times: list[list[float]] = [[] for _ in engines]
    gc.disable()
    try:
        for index in range(len(corpus)):
            for call, arguments, found in zip(calls, prepared, times, strict=True):
                found.append(best_of(call, *arguments[index]))
    finally:
        gc.enable()
    return times


def disagreements(
    engine: Engine, corpus: Sequence[Sample], show: int = 3
) -> tuple[int, int, int, list[str]]:
    """Positions where the engine's number of resulting positions differs, where their
    set differs, and where it lists more plays than it has resulting positions (an
    answer of the board unchanged, bgsage's way to say "no play", is not counted)."""
    nard = Nard()
    by_set = by_count = repeats = 0
    examples: list[str] = []
    for position, roll in corpus:
        ours = nard.boards((), LegalPlays(position, roll))
        prepared = engine.prepare(position, roll)
        answer = engine.call(*prepared)
        theirs = engine.boards(prepared, answer)
        repeats += len(answer) > max(len(theirs), 1)  # type: ignore[arg-type]
        if len(theirs) != len(ours):
            by_count += 1
        if theirs != ours:
            by_set += 1
            if len(examples) < show:
                examples.append(
                    f"    {position.player} {position.opponent} roll {roll}: "
                    f"{len(ours)} ours, {len(theirs)} theirs "
                    f"({len(ours - theirs)} only ours, {len(theirs - ours)} only theirs)"
                )
    return by_count, by_set, repeats, examples


def table(results: dict[str, dict[str, tuple[float, float]]], reference: str) -> str:
    lines = [
        f"{'engine':<24} {'median µs: all':>15} {'doubles':>9} {'non-dbl':>9}"
        f" {'p95 all':>9} {'× bgsage C++':>13}"
    ]
    base = results[reference]["all"][0]
    for name, stats in results.items():
        lines.append(
            f"{name:<24} {stats['all'][0]:>15.1f} {stats['doubles'][0]:>9.1f}"
            f" {stats['non-doubles'][0]:>9.1f} {stats['all'][1]:>9.1f}"
            f" {stats['all'][0] / base:>13.2f}"
        )
    return "\n".join(lines)


def main() -> int:
    corpus = build_corpus()
    print(describe(corpus))
    print(f"python {sys.version.split()[0]}, bgsage {bgsage_version()}, best of {REPEAT} calls")
    engines: list[Engine] = [Nard(), NardItems(), NardIranian(), SageCpp(), SageWrapper(), Gym()]
    timings = time_engines(engines, corpus)
    results = {
        engine.name: summary(times, corpus) for engine, times in zip(engines, timings, strict=True)
    }
    print()
    print(table(results, SageCpp.name))
    nard = results[Nard.name]
    sage = results[SageCpp.name]
    print()
    for group in ("all", "doubles", "non-doubles"):
        print(f"median ratio nard / bgsage C++, {group}: {nard[group][0] / sage[group][0]:.2f}")
    for engine in engines[5:]:
        ratio = results[engine.name]["all"][0] / nard["all"][0]
        print(f"median ratio {engine.name} / nard: {ratio:.2f}")
    print()
    for engine in (SageCpp(), engines[5]):
        by_count, by_set, repeats, examples = disagreements(engine, corpus)
        print(
            f"{engine.name}: {by_count} positions with another number of resulting "
            f"positions, {by_set} with another set of them; {repeats} where it lists "
            "several plays for one resulting position"
        )
        for example in examples:
            print(example)
    return 0


def bgsage_version() -> str:
    from importlib.metadata import version

    return version("bgsage")


if __name__ == "__main__":
    sys.exit(main())
