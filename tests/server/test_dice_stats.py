"""Public dice statistics: each finished game's dice counted once, as the records show."""

from __future__ import annotations

import time
from typing import Any

from nard.core.dice import Roll
from nard.match.dice_tally import DiceTally
from nard.match.record import MatchRecord
from nard.server.rooms import Rooms
from tests.server.conftest import Harness


def _finish_hotseat(server: Harness, name: str) -> str:
    """A hot-seat money game played a few turns, then resigned and accepted."""
    game = server.new_game(name, mode="hotseat", length=None)
    with server.socket(name, str(game["id"])) as socket:
        while socket.state["game"]["phase"] == "opening":
            assert socket.act("roll")["type"] == "ack"
        for _ in range(3):
            socket.play_turn()
            assert socket.act("roll")["type"] == "ack"
        to_act = socket.state["game"]["to_act"]
        assert socket.act("resign", side=to_act)["type"] == "ack"
        other = "black" if to_act == "white" else "white"
        assert socket.act("accept_resignation", side=other)["type"] == "ack"
        assert socket.game["status"] == "finished"
    return str(game["id"])


def _recorded(server: Harness, name: str, game_id: str) -> DiceTally:
    text = server.request(name, "GET", f"/api/games/{game_id}/record.json").text
    match = MatchRecord.from_json(text).replay()
    return DiceTally().add_rolls(
        (draw.high, draw.low) if isinstance(draw, Roll) else draw for draw in match.dice_rolls()
    )


def _stats(server: Harness, name: str | None, rolls: int) -> dict[str, Any]:
    deadline = time.monotonic() + 10
    while True:
        stats: dict[str, Any] = server.request(name, "GET", "/api/dice-stats").json()
        if stats["all"]["rolls"] >= rolls or time.monotonic() > deadline:
            return stats
        time.sleep(0.05)


def test_finished_games_dice_are_tallied_once_for_all_and_for_each_player(
    server: Harness,
) -> None:
    before = server.request(None, "GET", "/api/dice-stats").json()["all"]
    server.guest("dee")
    server.guest("eve")
    games = [_finish_hotseat(server, "dee"), _finish_hotseat(server, "eve")]
    dee = _recorded(server, "dee", games[0])
    eve = _recorded(server, "eve", games[1])
    both = dee + eve
    stats = _stats(server, "dee", before["rolls"] + both.rolls)
    everyone = stats["all"]
    assert everyone["rolls"] == before["rolls"] + both.rolls
    assert everyone["faces"] == [a + b for a, b in zip(before["faces"], both.faces, strict=True)]
    assert everyone["doubles"] == before["doubles"] + both.doubles
    assert everyone["expected_face_count"] == everyone["rolls"] / 3
    fit = everyone["faces_fit"]
    assert fit["degrees_of_freedom"] == 5 and 0 <= fit["p_value"] <= 1
    mine = stats["mine"]
    assert (mine["rolls"], mine["faces"], mine["doubles"]) == (
        dee.rolls,
        list(dee.faces),
        dee.doubles,
    )
    assert server.request(None, "GET", "/api/dice-stats").json()["mine"] is None

    # Counted once: the listener hearing of the game again adds nothing.
    rooms: Rooms = server.client.app.state.rooms  # type: ignore[attr-defined]

    async def again() -> bool:
        live = await rooms.registry.get(games[0])
        assert live is not None
        return await rooms.dice.count(live)

    assert server.client.portal.call(again) is False  # type: ignore[union-attr]
    assert server.request(None, "GET", "/api/dice-stats").json()["all"] == everyone
