"""Match records: lossless JSON, replay to any point, fair dice checked after the match."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.plays import Play, Step
from nard.core.rules import IRANIAN, STANDARD, EscapeScope
from nard.match import (
    AcceptResignation,
    ConfirmPlay,
    Double,
    FairDice,
    GameOptions,
    MakePlay,
    MakeStep,
    OpeningRoll,
    OpeningRule,
    Phase,
    Resign,
    ResultKind,
    RollDice,
    Take,
    UndoStep,
)
from nard.match.record import (
    FairDiceRecord,
    MatchRecord,
    RecordError,
    action_from_dict,
    action_to_dict,
    replay,
)
from tests.match.random_matches import random_match

W, B = Side.WHITE, Side.BLACK


def _play(*steps: tuple[int, int]) -> Play:
    return Play(tuple(Step(a, b) for a, b in steps))


SHORT = MatchRecord(
    actions=(
        OpeningRoll(white=3, black=1),
        MakePlay(W, _play((8, 5), (6, 5))),
        RollDice(B, Roll(6, 4)),
        MakeStep(B, Step(24, 18)),
        UndoStep(B),
        MakeStep(B, Step(24, 18)),
        MakeStep(B, Step(18, 14)),
        ConfirmPlay(B),
        Double(W),
        Take(B),
        RollDice(W, Roll(2, 2)),
        MakePlay(W, _play((13, 11), (13, 11), (6, 4), (6, 4))),
        Resign(B, ResultKind.GAMMON),
        AcceptResignation(W),
        OpeningRoll(white=2, black=2),
        OpeningRoll(white=2, black=5),
    ),
    length=5,
    players=("Alice", "Bob"),
    metadata=(("Event", "Nard open"), ("EventDate", "2026.11.29")),
)


def _dicts(record: MatchRecord) -> list[dict[str, Any]]:
    """The actions as data: unlike ``==`` on steps, this also compares ``die`` and ``hit``."""
    return [action_to_dict(action) for action in record.actions]


# -- replay ------------------------------------------------------------------------------------


def test_replay_gives_scores_crawford_games_and_results() -> None:
    match = SHORT.replay()
    assert match.score == (4, 0)  # a gammon resigned with the cube on 2
    summaries = SHORT.summaries()
    assert [(s.number, s.score, s.crawford) for s in summaries] == [
        (1, (0, 0), False),
        (2, (4, 0), True),  # 5-point match: 4-away is the Crawford game
    ]
    first = summaries[0]
    assert first.actions == range(0, 14)
    assert first.result is not None and first.result.kind is ResultKind.GAMMON
    assert (first.result.winner, first.result.points, first.awarded) == (W, 4, 4)
    assert summaries[1].result is None and summaries[1].actions == range(14, 16)


def test_replay_stops_at_any_point() -> None:
    assert replay(SHORT, upto=2) == SHORT.replay(2)
    start = SHORT.replay(0).game
    assert start is not None and start.phase is Phase.OPENING
    after_undo = SHORT.replay(5).game
    assert after_undo is not None
    assert after_undo.phase is Phase.PLAYING and after_undo.steps == ()
    doubled = SHORT.game(1, upto=9)
    assert doubled.phase is Phase.CUBE_OFFERED and doubled.cube.value == 1
    assert SHORT.game(1, upto=10).cube.value == 2
    assert SHORT.game(1).is_over
    second = SHORT.game(2)
    assert second.crawford and second.turn is B and second.roll == Roll(5, 2)
    with pytest.raises(RecordError, match="not game 3"):
        SHORT.game(3)
    with pytest.raises(RecordError, match="16 actions, not 17"):
        SHORT.replay(17)


def test_replay_names_the_first_action_the_rules_refuse() -> None:
    bad = replace(SHORT, actions=(*SHORT.actions[:2], RollDice(W, Roll(6, 1))))
    with pytest.raises(RecordError, match=r"^action 2: .*Black's turn") as caught:
        bad.replay()
    assert caught.value.action == 2


def test_from_match_records_every_game() -> None:
    match = random_match(3, length=3)
    record = MatchRecord.from_match(match, players=("P", "Q"))
    assert record.replay() == match
    assert len(record.summaries()) == len(match.all_games())


# -- JSON ---------------------------------------------------------------------------------------


def test_json_round_trip_is_lossless() -> None:
    text = SHORT.to_json()
    back = MatchRecord.from_json(text)
    assert back == SHORT
    assert _dicts(back) == _dicts(SHORT)
    assert back.to_json() == text


def test_json_keeps_the_full_rule_set_options_and_fair_dice() -> None:
    record = MatchRecord(
        length=None,
        rules=IRANIAN.with_(escape_scope=EscapeScope.BOARD, no_backgammon=True),
        options=GameOptions(opening=OpeningRule.REROLL, jacoby=True, beavers=True),
        crawford_rule=False,
        fair_dice=FairDiceRecord("ab" * 32, ("alice", "bob"), None),
    )
    data = json.loads(record.to_json())
    assert data["rules"]["escape_scope"] == "board" and data["options"]["opening"] == "reroll"
    assert data["fair_dice"]["client_seeds"] == ["alice", "bob"]
    assert MatchRecord.from_json(record.to_json()) == record


def test_json_keeps_what_the_engine_filled_into_steps() -> None:
    step = Step(24, 18, hit=True, die=6)
    assert action_from_dict(action_to_dict(MakeStep(B, step))) == MakeStep(B, step)
    assert action_to_dict(MakePlay(W, Play((step,))))["steps"] == [
        {"from": 24, "to": 18, "die": 6, "hit": True}
    ]


def test_json_games_summary_tells_readers_the_scores() -> None:
    games = json.loads(SHORT.to_json())["games"]
    assert games[0]["result"] == {
        "winner": "white",
        "kind": "gammon",
        "points": 4,
        "reason": "resigned",
        "cube": 2,
        "wins_match": False,
        "awarded": 4,
    }
    assert [game["score"] for game in games] == [[0, 0], [4, 0]]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="other"), "not a nard-match-record"),
        (lambda d: d.update(version=99), "unknown record version"),
        (lambda d: d["actions"].append({"action": "dance", "side": "white"}), "unknown action"),
        (lambda d: d["actions"][1].update(side="red"), "'white' or 'black'"),
        (lambda d: d["rules"].update(gravity=True), "unknown settings"),
        (lambda d: d["rules"].update(cube="yes"), "true or false"),
        (lambda d: d["games"][0]["result"].update(points=5), "summary does not match"),
        (lambda d: d.pop("players"), "malformed record"),
    ],
)
def test_bad_json_is_refused(change: Any, words: str) -> None:
    data = json.loads(SHORT.to_json())
    change(data)
    with pytest.raises(RecordError, match=words):
        MatchRecord.from_json(json.dumps(data))


def test_json_with_an_illegal_action_names_it() -> None:
    data = json.loads(SHORT.to_json())
    del data["games"]
    data["actions"][1]["steps"] = [{"from": 8, "to": 4}, {"from": 6, "to": 5}]
    with pytest.raises(RecordError, match=r"^action 1: ") as caught:
        MatchRecord.from_json(json.dumps(data))
    assert caught.value.action == 1
    with pytest.raises(RecordError, match="not JSON"):
        MatchRecord.from_json("{")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    length=st.sampled_from([1, 2, 3, None]),
    rules=st.sampled_from([STANDARD, IRANIAN, STANDARD.with_(no_backgammon=True)]),
)
def test_json_of_random_matches_is_lossless(seed: int, length: int | None, rules: Any) -> None:
    options = GameOptions(jacoby=True, beavers=True) if length is None else GameOptions()
    match = random_match(seed, length, rules, options, max_actions=400)
    record = MatchRecord.from_match(match, players=("Ali", "Bahar"))
    back = MatchRecord.from_json(record.to_json())
    assert back == record and _dicts(back) == _dicts(record)
    assert back.replay() == match


# -- fair dice ----------------------------------------------------------------------------------


def test_fair_dice_verify_every_roll_of_the_record() -> None:
    dice = FairDice(bytes(range(32)), client_seeds=["alice", "bob"])
    match = random_match(11, length=3, dice=dice)
    seed = dice.reveal().hex()
    fair = FairDiceRecord(dice.commitment, dice.client_seeds, seed)
    record = MatchRecord.from_match(match, fair_dice=fair)
    assert fair.verify(record).ok
    back = MatchRecord.from_json(record.to_json())
    assert back.fair_dice == fair and fair.verify(back).ok
    # Change one roll: the check names it.
    index = next(i for i, a in enumerate(record.actions) if isinstance(a, RollDice))
    rolled = record.actions[index]
    assert isinstance(rolled, RollDice)
    other = Roll(rolled.roll.high % 6 + 1, rolled.roll.low)
    forged = replace(record, actions=(*record.actions[:index], replace(rolled, roll=other)))
    report = fair.verify(forged)
    assert not report.ok and len(report.mismatches) == 1
    with pytest.raises(RecordError, match="not revealed"):
        replace(fair, server_seed=None).verify(record)


def test_replayed_positions_follow_the_plays() -> None:
    game = SHORT.game(1, upto=2)
    expected = Position.from_points(
        {24: 2, 13: 5, 8: 2, 6: 4, 5: 2}, {24: 2, 13: 5, 8: 3, 6: 5}, turn=W
    )
    assert game.view(W) == expected
