"""The match timeline agrees with replaying the record action by action, and its
frames are what the browser's ``framesOf`` (replay.js) made of the record, but
for the differences docs/frames-deviations.md names."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from nard.core.board import Side
from nard.core.rules import IRANIAN, STANDARD, RuleSet
from nard.match.events import GameStarted, MatchOver, PlayMade, TurnPassed
from nard.match.frames import record_frames
from nard.match.game import Game
from nard.match.options import GameOptions
from nard.match.record import MatchRecord
from nard.match.timeline import current_game, last, pips, walk_game, walk_record
from tests.match.random_matches import random_match

SEEDS = st.integers(0, 2**32)
LENGTHS = st.sampled_from([1, 3, None])
RULES = st.sampled_from([STANDARD, IRANIAN])
OPTIONS = st.sampled_from([GameOptions(), GameOptions(beavers=True)])


def _record(seed: int, length: int | None, rules: RuleSet, options: GameOptions) -> MatchRecord:
    options = options if length is None else GameOptions()
    match = random_match(seed, length, rules, options, max_actions=160, resign=0.03)
    return MatchRecord.from_match(match)


def _same(game: Game, other: Game) -> None:
    assert game.position == other.position and game.phase is other.phase
    assert game.cube == other.cube and game.score == other.score
    assert pips(game) == other.view(Side.WHITE).pip_counts()


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, length=LENGTHS, rules=RULES, options=OPTIONS)
def test_the_timeline_is_the_record_replayed_action_by_action(
    seed: int, length: int | None, rules: RuleSet, options: GameOptions
) -> None:
    record = _record(seed, length, rules, options)
    summaries = record.summaries()
    for moment in walk_record(record):
        index = moment.seq - 1
        before, after = record.replay(index), record.replay(moment.seq)
        assert moment.action == record.actions[index]
        assert moment.match is not None and moment.match.score == after.score
        assert moment.number == next(s.number for s in summaries if index in s.actions)
        _same(moment.before, current_game(before))
        finished = len(after.games) > len(before.games)
        _same(moment.after, after.games[-1] if finished else current_game(after))
        assert moment.moves == sum(
            isinstance(event, PlayMade | TurnPassed) for event in moment.before.history
        )
        assert (moment.next_game is not None) == any(
            isinstance(event, GameStarted) for event in moment.events
        )
        turn = moment.turn
        if turn is not None:
            assert turn.move == moment.moves + 1 and turn.side is moment.before.turn
            assert turn.end.swap() == moment.after.position or moment.after.is_over
    if record.actions:
        assert last(walk_record(record)).match == record.replay()


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, length=LENGTHS, rules=RULES)
def test_a_game_walked_alone_is_the_game_the_match_walked(
    seed: int, length: int | None, rules: RuleSet
) -> None:
    record = _record(seed, length, rules, GameOptions())
    match = record.replay()
    moments = list(walk_record(record))
    for number, game in enumerate(match.all_games(), start=1):
        alone = list(walk_game(game, number))
        together = [m for m in moments if m.number == number]
        assert [m.action for m in alone] == [m.action for m in together]
        match_only = (GameStarted, MatchOver)
        assert [m.events for m in alone] == [
            tuple(e for e in m.events if not isinstance(e, match_only)) for m in together
        ]
        assert [(m.moves, m.turn) for m in alone] == [(m.moves, m.turn) for m in together]


# -- framesOf, as replay.js had it (with the deviations applied) ------------------------------


_RESIGNING = ("resign", "accept_resignation", "refuse_resignation")


def _start_board() -> dict[str, list[int]]:
    side = [0] * 26
    side[24], side[13], side[8], side[6] = 2, 5, 3, 5
    return {"white": side, "black": list(side)}


def _other(side: str) -> str:
    return "black" if side == "white" else "white"


def _move_checker(board: dict[str, list[int]], side: str, start: int, to: int) -> None:
    board[side][start] -= 1
    board[side][to] += 1
    opponent = board[_other(side)]
    if 1 <= to <= 24 and opponent[25 - to] == 1:
        opponent[25 - to] = 0
        opponent[25] += 1


def push(
    frames: list[dict[str, Any]],
    game: dict[str, Any],
    board: dict[str, list[int]],
    kind: str,
    side: str | None,
    move: int,
) -> None:
    frames.append(
        {
            "game": game["number"],
            "move": move,
            "kind": kind,
            "side": side,
            "board": {key: list(value) for key, value in board.items()},
            "score": tuple(game["score"]),
        }
    )


def frames_of(record: dict[str, Any]) -> list[dict[str, Any]]:
    """replay.js's framesOf over ``record.json``: (game, move, kind, side, board, score)."""
    frames: list[dict[str, Any]] = []
    for summary in record["games"]:
        board = _start_board()
        move = 0

        push(frames, summary, board, "start", None, 0)
        start, stop = summary["actions"]
        actions = record["actions"][start:stop]
        pending: list[dict[str, list[int]]] = []
        for index, action in enumerate(actions):
            side, kind = action.get("side"), action["action"]
            if kind == "opening_roll":
                if action["white"] == action["black"]:
                    push(frames, summary, board, "opening_tie", None, move)
                else:
                    starter = "white" if action["white"] > action["black"] else "black"
                    push(frames, summary, board, "roll", starter, move + 1)
            elif kind == "roll":
                # Deviation: a pass is a turn that ended unplayed; not a turn under
                # way, nor one given up by resigning, nor one a resignation interrupted.
                following = next(
                    (later for later in actions[index + 1 :] if later["action"] not in _RESIGNING),
                    None,
                )
                going_on = following is None
                played = following is not None and (
                    following["side"] == side and following["action"] in ("step", "play")
                )
                if not played and not going_on:
                    move += 1
                    push(frames, summary, board, "pass", side, move)
                else:
                    push(frames, summary, board, "roll", side, move + 1)
            elif kind == "step":
                pending.append({key: list(value) for key, value in board.items()})
                _move_checker(board, side, action["step"]["from"], action["step"]["to"])
            elif kind == "undo_step":
                if pending:
                    board = pending.pop()
            elif kind in ("confirm_play", "play"):
                if kind == "play":
                    if pending:
                        board = pending[0]
                    for step in action["steps"]:
                        _move_checker(board, side, step["from"], step["to"])
                pending = []
                move += 1
                push(frames, summary, board, "play", side, move)
            elif kind in ("double", "take", "beaver", "drop"):
                push(frames, summary, board, kind, side, move + 1)
            elif kind == "resign":
                push(frames, summary, board, "resign", side, move)
            elif kind in ("accept_resignation", "refuse_resignation"):
                # Deviation: the answer to a resignation has a frame of its own.
                answer = "resign_accepted" if kind.startswith("accept") else "resign_refused"
                push(frames, summary, board, answer, side, move)
        if summary["result"]:
            push(frames, summary, board, "result", summary["result"]["winner"], move)
    return frames


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, length=LENGTHS, rules=RULES, options=OPTIONS)
def test_the_frames_are_what_frames_of_made_of_the_record(
    seed: int, length: int | None, rules: RuleSet, options: GameOptions
) -> None:
    record = _record(seed, length, rules, options)
    made = [
        {
            "game": frame.number,
            "move": frame.move,
            "kind": frame.kind.value,
            "side": None if frame.side is None else frame.side.name.lower(),
            "board": {
                "white": list(frame.game.view(Side.WHITE).player),
                "black": list(frame.game.view(Side.WHITE).opponent),
            },
            "score": frame.game.score,
        }
        for frame in record_frames(record)
    ]
    assert made == frames_of(record.to_dict())
    seqs = [frame.seq for frame in record_frames(record)]
    assert seqs == sorted(seqs) and seqs[0] == 0
