"""The cube hint: the engine's cube decision, over the game's WebSocket."""

from __future__ import annotations

import time
from typing import Any

import pytest
from pydantic import TypeAdapter

from nard.ai.bot_actions import cube_state
from nard.ai.hint import hint_cube
from nard.core.board import Position, Side
from nard.match.actions import Double
from nard.match.cube import Cube
from nard.match.game import Game, Phase
from nard.match.options import GameOptions
from nard.server.games import game_socket
from nard.server.games.bot_service import cube_hint
from nard.server.protocol.server import ServerMessage
from tests.server.conftest import Harness, Socket

# gnubg's example positions: a middle game, a holding game, and a race.
POSITIONS = ["4HPwATDgc/ABMA", "b2sEABx5bwMAAA", "0PPgATDgc/ABMA"]


def _expected(game: Game, doubler: Side) -> tuple[float, float, float]:
    # The engine's own answer from the game's cube (the anchors below check it
    # against backgammon reasoning).
    analysis = hint_cube(game.view(doubler), cube_state(game))
    return analysis.no_double, analysis.double_take, analysis.double_pass


def _consistent(hint: Any) -> None:
    """The label agrees with the three equities (the doubler's)."""
    no_double, take, drop = hint.no_double, hint.double_take, hint.double_pass
    # The taker takes (or beavers) when taking costs it no more than passing.
    assert (hint.answer == "pass") == (take > drop)
    doubled = min(take, drop)
    if hint.proper.startswith("double"):
        assert doubled > no_double, hint
        assert hint.proper == f"double_{hint.answer}"
    else:
        assert no_double >= doubled or hint.proper == "no_double_pass", hint


@pytest.mark.parametrize("position_id", POSITIONS)
@pytest.mark.parametrize(
    ("length", "score", "cube"),
    [(None, (0, 0), Cube()), (7, (2, 3), Cube()), (5, (1, 2), Cube(2, Side.WHITE))],
)
def test_the_cube_hint_is_the_engines_decision(
    position_id: str, length: int | None, score: tuple[int, int], cube: Cube
) -> None:
    position = Position.from_id(position_id, turn=Side.WHITE)
    game = Game.from_position(position, cube=cube, match_length=length, score=score)
    hint = cube_hint(game)
    assert hint.decision == "double" and hint.doubler == "white"
    expected = _expected(game, Side.WHITE)
    assert (hint.no_double, hint.double_take, hint.double_pass) == pytest.approx(expected)
    _consistent(hint)
    # Doubled, Black's take-or-pass hint reads the same analysis, from the doubler's side.
    offered, _ = game.apply(Double(Side.WHITE))
    assert offered.phase is Phase.CUBE_OFFERED and offered.to_act is Side.BLACK
    answer = cube_hint(offered)
    assert answer.decision == "take" and answer.doubler == "white"
    assert (answer.no_double, answer.double_take, answer.double_pass) == pytest.approx(expected)
    assert answer.answer == hint.answer


@pytest.mark.parametrize(
    ("trailer", "leader"), [(Side.WHITE, Side.BLACK), (Side.BLACK, Side.WHITE)]
)
def test_post_crawford_the_trailer_never_hears_double_pass_where_no_double_is_better(
    trailer: Side, leader: Side
) -> None:
    # 5-point match, 2-4 after the Crawford game: the trailer needs 3, the leader 1.
    score = [0, 0]
    score[trailer], score[leader] = 2, 4
    position = Position.from_id("b2sEABx5bwMAAA", turn=trailer)
    game = Game.from_position(position, match_length=5, score=(score[0], score[1]))
    hint = cube_hint(game)
    expected = _expected(game, trailer)
    assert (hint.no_double, hint.double_take, hint.double_pass) == pytest.approx(expected)
    _consistent(hint)
    if hint.no_double >= hint.double_pass:
        assert hint.proper != "double_pass"
    # Where playing on beats the point a pass gives and the leader would pass
    # (``nard hint --cube`` shows no double 1.025, take 1.85, pass 1.0 for the
    # trailer here), the trailer is too good to double.
    if hint.no_double > hint.double_pass and hint.double_take > hint.double_pass:
        assert hint.proper == "too_good_pass"


def test_money_options_reach_the_hint() -> None:
    position = Position.from_id("4HPwATDgc/ABMA", turn=Side.WHITE)
    plain = Game.from_position(position)
    jacoby = Game.from_position(position, options=GameOptions(jacoby=True, beavers=True))
    assert (cube_hint(jacoby).no_double,) == pytest.approx((_expected(jacoby, Side.WHITE)[0],))
    # The Jacoby rule drops the gammons of a centred cube: the no-double equity moves.
    assert cube_hint(jacoby).no_double != pytest.approx(cube_hint(plain).no_double, abs=1e-6)


# -- anchors from backgammon reasoning, not from the engine -----------------------------


def _counts(off: int = 0, **points: int) -> tuple[int, ...]:
    """A side's 26 counts in its own numbering (0 borne off, ``p1``..``p24``)."""
    counts = [0] * 26
    counts[0] = off
    for name, checkers in points.items():
        counts[int(name[1:])] = checkers
    return tuple(counts)


# The doubler's checkers all on its 1-point, the opponent's all still on the
# doubler's 7-point: the doubler bears off in at most 8 rolls, before the
# opponent can bring one checker home, let alone bear one off: a sure gammon.
SURE_GAMMON = (_counts(p1=15), _counts(p18=15))
# The doubler (1, 1, 2 left) is off in two rolls, or one with doubles; the
# opponent (two on its 6-point, the rest off) needs one of 3-3, 4-4, 5-5, 6-6
# in its one roll between: it wins 30/36 * 4/36 = 9.3% (no gammons either way).
LAST_ROLLS = (_counts(off=12, p1=2, p2=1), _counts(off=13, p6=2))
# The doubler's 15 checkers on its 13-point, the opponent's last two on its
# 1-point: the opponent bears them off next roll, a sure gammon for it.
SURE_LOSS = (_counts(p13=15), _counts(off=13, p1=2))


@pytest.mark.parametrize("doubler", [Side.WHITE, Side.BLACK])
def test_anchor_a_sure_gammon_is_too_good_to_double(doubler: Side) -> None:
    game = Game.from_position(Position(*SURE_GAMMON, turn=doubler))
    hint = cube_hint(game)
    assert (hint.decision, hint.doubler) == ("double", doubler.name.lower())
    # Money, centred cube: playing on wins the gammon (+2); doubled and taken, a
    # gammon at 2 (+4), so the taker passes (+1 to the doubler) and the doubler
    # is too good to double.
    assert hint.no_double == pytest.approx(2.0, abs=0.02)
    assert hint.double_take == pytest.approx(4.0, abs=0.04)
    assert hint.double_pass == 1.0
    assert (hint.proper, hint.answer) == ("too_good_pass", "pass")
    # The taker's view of the same double: a take loses about 4, a pass only 1.
    offered, _ = game.apply(Double(doubler))
    taker = cube_hint(offered)
    assert (taker.decision, taker.doubler, taker.answer) == ("take", doubler.name.lower(), "pass")
    assert -taker.double_take < -3.5 < -taker.double_pass == -1.0


@pytest.mark.parametrize("doubler", [Side.WHITE, Side.BLACK])
def test_anchor_last_rolls_are_double_pass(doubler: Side) -> None:
    hint = cube_hint(Game.from_position(Position(*LAST_ROLLS, turn=doubler)))
    # Winning 90.7% of single games: a take gives 2 * (2 * 0.907 - 1) = +1.63 to
    # the doubler, more than the +1 of a pass (a take needs 25%); playing on
    # gives less than the +1 that doubling takes at once.
    losing = 30 / 36 * 4 / 36
    assert hint.double_take == pytest.approx(2 * (1 - 2 * losing), abs=0.1)
    assert hint.double_pass == 1.0
    assert 0.75 < hint.no_double < 1.0
    assert (hint.proper, hint.answer) == ("double_pass", "pass")


@pytest.mark.parametrize("doubler", [Side.WHITE, Side.BLACK])
def test_anchor_far_behind_is_no_double(doubler: Side) -> None:
    game = Game.from_position(Position(*SURE_LOSS, turn=doubler))
    hint = cube_hint(game)
    # Gammoned for sure: -2 as it is, -4 doubled and taken (the taker gladly
    # takes: +4 for it against -1 for a pass): no double.
    assert hint.no_double == pytest.approx(-2.0, abs=0.02)
    assert hint.double_take == pytest.approx(-4.0, abs=0.04)
    assert hint.double_pass == 1.0
    assert (hint.proper, hint.answer) == ("no_double_take", "take")


# -- over the socket -------------------------------------------------------------------


def _ask(ws: Socket, seq: int | None = None) -> dict[str, Any]:
    """Send ``cube_hint`` at ``seq`` (default: the current one); its answer or error."""
    message_id = ws.send({"type": "cube_hint", "seq": ws.seq if seq is None else seq})
    while True:
        answer = ws.recv()
        if answer["type"] in ("cube_hint", "error") and answer.get("id") == message_id:
            return answer


def _to_cube_decision(ws: Socket, side: str) -> str:
    """Play on until ``side`` may double before rolling or is doubled; the phase then."""
    while ws.state["game"]["phase"] == "opening":
        assert ws.act("roll")["type"] == "ack"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        game = ws.state["game"]
        if game["to_act"] != side:
            ws.recv()
        elif game["phase"] == "cube_offered":
            return "cube_offered"
        elif game["phase"] == "rolling" and "double" in game["actions"][side]:
            return "rolling"
        elif game["phase"] == "rolling":
            assert ws.act("roll")["type"] == "ack"
        elif game["phase"] == "playing":
            ws.play_turn()
        else:
            pytest.fail(f"unexpected phase {game['phase']}")
    pytest.fail("the bot did not answer")


def test_cube_hint_over_the_socket_before_rolling(server: Harness) -> None:
    game = server.new_game("ann", mode="bot", side="white", length=5, bot_level="beginner")
    with server.socket("ann", game["id"]) as ws:
        phase = _to_cube_decision(ws, "white")
        seq = ws.seq
        answer = _ask(ws)
        assert answer["type"] == "cube_hint", answer
        assert answer["seq"] == seq
        TypeAdapter(ServerMessage).validate_python(answer)
        hint = answer["hint"]
        assert hint["decision"] == ("double" if phase == "rolling" else "take")
        doubler = Side.WHITE if phase == "rolling" else Side.BLACK
        assert hint["doubler"] == doubler.name.lower()
        state = ws.state["game"]
        # The position ID is the side on turn's (the doubler's, in both phases).
        assert state["turn"] == hint["doubler"]
        position = Position.from_id(state["position_id"], turn=doubler)
        owner = state["cube"]["owner"]
        live = Game.from_position(
            position,
            cube=Cube(state["cube"]["value"], None if owner is None else Side[owner.upper()]),
            match_length=5,
        )
        expected = _expected(live, doubler)
        got = (hint["no_double"], hint["double_take"], hint["double_pass"])
        assert got == pytest.approx(expected)
        # A hint changes nothing.
        assert ws.seq == seq
        after = server.request("ann", "GET", f"/api/games/{game['id']}").json()
        assert after["seq"] == seq


def test_cube_hint_refusals(server_factory: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_socket, "HINTS_PER_S", 0.0)  # no refill: the burst is all
    server: Harness = server_factory()
    game = server.new_game("bo", mode="bot", side="white", length=5, bot_level="beginner")
    watch = game["watch_url"].split("token=")[1]
    server.guest("cy")
    with server.socket("bo", game["id"]) as ws:
        _to_cube_decision(ws, "white")
        stale = _ask(ws, ws.seq + 5)
        assert stale["type"] == "error" and stale["code"] == "stale"
        asked = 1
        if ws.state["game"]["phase"] == "rolling":
            assert ws.act("roll")["type"] == "ack"
            # Dice out (or, with no legal play, the bot's turn): no cube decision now.
            rolled = _ask(ws)
            asked += 1
            assert rolled["type"] == "error", rolled
            assert rolled["code"] in ("no_cube_decision", "out_of_turn") and rolled["message_fa"]
        # Five at once, then refused until the bucket refills (never, here).
        for _ in range(5 - asked):
            assert _ask(ws, 0)["code"] == "stale"
        limited = _ask(ws)
        assert limited["type"] == "error" and limited["code"] == "rate_limited"
    with server.socket("cy", game["id"], f"watch={watch}") as spectator:
        refused = _ask(spectator)
        assert refused["type"] == "error" and refused["code"] == "spectator"


def test_cube_hints_are_counted_per_player_over_every_socket(server_factory: Any) -> None:
    # A new socket starts a fresh bucket; the player's count goes on.
    server: Harness = server_factory(hints_per_player=3)
    game = server.new_game("fe", mode="bot", side="white", length=5, bot_level="beginner")
    answers: list[dict[str, Any]] = []
    for _ in range(2):
        with server.socket("fe", game["id"]) as ws:
            _to_cube_decision(ws, "white")
            answers += [_ask(ws) for _ in range(2)]
    assert [a["type"] for a in answers[:3]] == ["cube_hint"] * 3, answers
    assert answers[3]["type"] == "error" and answers[3]["code"] == "rate_limited"
    # Hints over HTTP draw on the same count.
    seq = server.request("fe", "GET", f"/api/games/{game['id']}").json()["seq"]
    asked = server.request("fe", "POST", f"/api/games/{game['id']}/hint", json={"seq": seq})
    assert asked.status_code == 429


def test_no_cube_hint_against_a_friend(server: Harness) -> None:
    game = server.new_game("di", mode="friend", side="white", length=3)
    server.guest("ed")
    invite = game["invite_url"].rsplit("/", 1)[1]
    assert server.request("ed", "POST", f"/api/invites/{invite}").status_code == 200
    with server.socket("di", game["id"]) as ws:
        refused = _ask(ws)
        assert refused["type"] == "error" and refused["code"] == "no_hint"
