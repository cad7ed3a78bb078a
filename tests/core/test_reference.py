"""The engine against independent enumerators, on positions from random games.

- :mod:`tests.core.reference`, a slow walk written from docs/rules.md alone, under
  the standard rules, the Iranian preset (V1 scope home + V2) and V1 scope board;
- GNU Backgammon's own move generator (the ``gnubg`` package), standard rules.
"""

from __future__ import annotations

import importlib
import types
from collections import Counter

import pytest
from hypothesis import given, settings

from nard.core.board import BAR, OFF, Position
from nard.core.dice import Roll
from nard.core.plays import LegalPlays
from nard.core.rules import STANDARD, RuleSet
from tests.core.conftest import CORPUS_SIZE, RULE_SETS, rolls, rule_sets, scattered_positions
from tests.core.reference import (
    Board,
    Sample,
    all_rolls,
    apply_steps,
    board_of,
    reference_dice_used,
    reference_paths,
    reference_plays,
)


def engine_boards(position: Position, roll: Roll, rules: RuleSet = STANDARD) -> frozenset[Board]:
    return frozenset(board_of(after) for _, after in LegalPlays(position, roll, rules).items())


def test_reference_corpus_covers_every_phase(samples: tuple[Sample, ...]) -> None:
    """The corpus must really hold bar, bear-off, doubles, hits, races and passes."""
    assert len(samples) == CORPUS_SIZE
    kinds: Counter[str] = Counter()
    for sample in samples:
        position = sample.position
        kinds["bar"] += position.player[BAR] > 0
        kinds["two on bar"] += position.player[BAR] > 1
        kinds["bear-off"] += position.can_bear_off()
        kinds["race"] += not position.is_contact()
        kinds["doubles"] += sample.roll.is_double
        kinds["no play"] += not sample.standard
        kinds["hit"] += any(board[1][BAR] > position.opponent[BAR] for board in sample.standard)
        kinds["bear-off play"] += any(
            board[0][OFF] > position.player[OFF] for board in sample.standard
        )
    share = {kind: count / len(samples) for kind, count in kinds.items()}
    assert share["bar"] >= 0.10, share
    assert share["two on bar"] >= 0.02, share
    assert share["bear-off"] >= 0.05, share
    assert share["bear-off play"] >= 0.04, share
    assert share["race"] >= 0.05, share
    assert share["doubles"] >= 0.12, share
    assert share["no play"] >= 0.01, share
    assert share["hit"] >= 0.20, share


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RULE_SETS))
def test_engine_matches_reference_on_random_games(name: str, samples: tuple[Sample, ...]) -> None:
    rules = RULE_SETS[name]
    mismatches = []
    differs_from_standard = 0
    for sample in samples:
        expected = (
            sample.standard
            if rules == STANDARD
            else reference_plays(sample.position, sample.roll, rules)
        )
        differs_from_standard += expected != sample.standard
        found = engine_boards(sample.position, sample.roll, rules)
        if found != expected:
            mismatches.append((sample.position, sample.roll, len(found), len(expected)))
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[:3]}"
    if rules != STANDARD:
        # The customs must actually bite in this corpus, or the comparison proves little.
        assert differs_from_standard >= 25, differs_from_standard


@settings(max_examples=200)
@given(scattered_positions(), rolls, rule_sets)
def test_engine_matches_reference_on_scattered_positions(
    position: Position, roll: Roll, rules: RuleSet
) -> None:
    assert engine_boards(position, roll, rules) == reference_plays(position, roll, rules)


def test_reference_on_the_opening_position() -> None:
    start = Position.initial()
    # 3-1: 16 plays, as gnubg lists them; 8/5 6/5 among them.
    assert len(reference_plays(start, Roll(3, 1))) == 16
    assert apply_steps(start, [(8, 5), (6, 5)]) in reference_plays(start, Roll(3, 1))
    assert reference_dice_used(start, Roll(4, 4)) == 4
    assert apply_steps(start, [(24, 18), (18, 13)]) in reference_plays(start, Roll(6, 5))


# -- GNU Backgammon ---------------------------------------------------------------------


def _gnubg() -> types.ModuleType | None:
    try:
        return importlib.import_module("gnubg")
    except ImportError:  # pragma: no cover - the dev extra installs it
        return None


gnubg = _gnubg()
needs_gnubg = pytest.mark.skipif(
    gnubg is None, reason="the gnubg package (GNU Backgammon's Python bindings) is not installed"
)


def gnubg_plays(position: Position, roll: Roll) -> list[tuple[int, ...]]:
    """gnubg's legal moves as its ``(from, to, from, to, ...)`` tuples (bar 25, off 0).

    gnubg's board is (side not on roll, side on roll), each side's points 1..24
    then its bar, in its own numbering: our counts shifted down by one.
    """
    assert gnubg is not None
    board = (list(position.opponent[1:]), list(position.player[1:]))
    moves = gnubg.find_best_moves(
        board, gnubg.cube_info(), gnubg.eval_context(0, 0), (roll.high, roll.low)
    )
    return [tuple(move["move"]) for move in moves]


def gnubg_board(position: Position, move: tuple[int, ...]) -> Board | None:
    """The board after a gnubg move tuple, or None when the tuple is cut short.

    This binding stops writing a move at its first bear-off (``to`` is 0), so
    the steps after it are lost; such tuples only count towards the total.
    """
    if len(move) % 2:
        return None
    return apply_steps(position, zip(move[::2], move[1::2], strict=True))


@needs_gnubg
def test_gnubg_lists_the_opening_plays() -> None:
    moves = gnubg_plays(Position.initial(), Roll(3, 1))
    boards = {gnubg_board(Position.initial(), move) for move in moves}
    assert boards == engine_boards(Position.initial(), Roll(3, 1))
    assert (8, 5, 6, 5) in moves


@needs_gnubg
@pytest.mark.parametrize("roll", list(all_rolls()), ids=str)
def test_reference_matches_gnubg_on_the_opening_position(roll: Roll) -> None:
    start = Position.initial()
    moves = gnubg_plays(start, roll)
    assert {gnubg_board(start, move) for move in moves} == reference_plays(start, roll)
    assert len(moves) == len(reference_plays(start, roll))


def gnubg_tuple(path: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """How this gnubg binding writes a step sequence: cut at the first bear-off."""
    flat: list[int] = []
    for origin, target in path:
        flat.append(origin)
        if target == OFF:
            break
        flat.append(target)
    return tuple(flat)


def matches_one_to_one(moves: list[tuple[int, ...]], options: list[set[tuple[int, ...]]]) -> bool:
    """Whether each gnubg move can be paired with its own play (Kuhn's matching)."""
    owner: dict[int, int] = {}

    def place(move: int, seen: set[int]) -> bool:
        for play, written in enumerate(options):
            if play in seen or moves[move] not in written:
                continue
            seen.add(play)
            if play not in owner or place(owner[play], seen):
                owner[play] = move
                return True
        return False

    return len(moves) == len(options) and all(place(move, set()) for move in range(len(moves)))


@needs_gnubg
@pytest.mark.slow
def test_engine_matches_gnubg_on_random_games(samples: tuple[Sample, ...]) -> None:
    """Same plays as gnubg. Where gnubg's tuples are whole, the resulting positions
    must be equal; where a bear-off cut them short, each tuple must pair off with
    its own play, as the first steps of some way to play it (reference paths)."""
    exact = cut_short = 0
    mismatches: list[tuple[object, ...]] = []
    for sample in samples[:3000]:
        moves = gnubg_plays(sample.position, sample.roll)
        ours = engine_boards(sample.position, sample.roll)
        theirs = [gnubg_board(sample.position, move) for move in moves]
        if len(moves) != len(ours):
            mismatches.append((sample.position, sample.roll, len(ours), len(moves)))
        elif None not in theirs:
            exact += 1
            if set(theirs) != ours:
                mismatches.append((sample.position, sample.roll, ours, theirs))
        else:
            cut_short += 1
            paths = reference_paths(sample.position, sample.roll)
            assert set(paths) == ours
            written = [{gnubg_tuple(path) for path in paths[board]} for board in ours]
            if not matches_one_to_one(moves, written):
                mismatches.append((sample.position, sample.roll, moves, written))
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[:3]}"
    assert exact >= 2500
    assert cut_short >= 200
