"""Public dice statistics: each finished game's dice counted once, as the records show."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import delete, select, update

from nard.core.dice import Roll
from nard.match.dice_tally import DiceTally
from nard.match.record import MatchRecord
from nard.server.app import create_app
from nard.server.games import Rooms
from nard.storage.dice import DiceRepository
from nard.storage.models import DiceTally as DiceTallyRow
from nard.storage.models import Game as GameRow
from nard.storage.session import make_engine, make_sessions
from tests.server.conftest import Harness, make_settings


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


def _before(server: Harness) -> dict[str, Any]:
    """The server's tally once the games left uncounted by earlier servers are in."""
    rooms: Rooms = server.client.app.state.rooms  # type: ignore[attr-defined]
    server.client.portal.call(rooms.dice.backlog_counted)  # type: ignore[union-attr]
    everyone: dict[str, Any] = server.request(None, "GET", "/api/dice-stats").json()["all"]
    return everyone


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
    before = _before(server)
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


def test_a_count_cut_off_by_a_crash_is_made_at_the_next_start(db_url: str) -> None:
    with TestClient(create_app(make_settings(db_url))) as client:
        server = Harness(client)
        server.guest("fay")
        before = _before(server)["rolls"]
        game_id = _finish_hotseat(server, "fay")
        recorded = _recorded(server, "fay", game_id)
        counted = _stats(server, None, before + recorded.rolls)["all"]["rolls"]
        assert counted == before + recorded.rolls
    # As if the server died after the game's last action, before its dice were counted
    # (and the tallies were empty: only this game is left to count).
    engine = make_engine(db_url)
    try:
        with make_sessions(engine)() as session:
            session.execute(
                update(GameRow).where(GameRow.public_id == game_id).values(dice_counted=False)
            )
            session.execute(delete(DiceTallyRow))
            session.commit()
    finally:
        engine.dispose()
    with TestClient(create_app(make_settings(db_url))) as client:
        server = Harness(client)
        server.guest("fay")
        stats = _stats(server, None, recorded.rolls)["all"]
        assert (stats["rolls"], stats["faces"], stats["doubles"]) == (
            recorded.rolls,
            list(recorded.faces),
            recorded.doubles,
        )


def test_games_finishing_at_once_open_a_new_tally_without_a_clash(server: Harness) -> None:
    """Two processes counting the first games of a scope at once both add to one row."""
    server.guest("gil")
    public_ids = [str(server.new_game("gil", mode="hotseat")["id"]) for _ in range(8)]
    url = str(server.client.app.state.settings.database_url)  # type: ignore[attr-defined]
    engine = make_engine(url)
    try:
        sessions = make_sessions(engine)
        with sessions() as session:
            ids = session.scalars(select(GameRow.id).where(GameRow.public_id.in_(public_ids)))
            game_ids = list(ids)
        start = threading.Barrier(len(game_ids))

        def count(game_id: int) -> bool:
            with sessions() as session:
                start.wait()
                counted = DiceRepository(session).count_game(
                    game_id, ["all", "player:race"], 2, [1, 0, 0, 0, 0, 1], 0
                )
                session.commit()  # the caller's transaction (nard.storage's rule)
                return counted

        with ThreadPoolExecutor(len(game_ids)) as pool:
            assert all(pool.map(count, game_ids))
        with sessions() as session:
            row = DiceRepository(session).tally("player:race")
            assert row is not None and row.rolls == 2 * len(game_ids)
            assert row.faces == [len(game_ids), 0, 0, 0, 0, len(game_ids)]
    finally:
        engine.dispose()


def test_a_game_leaves_the_counted_set_with_its_copy(server: Harness) -> None:
    server.guest("hal")
    game_id = _finish_hotseat(server, "hal")
    _stats(server, None, _recorded(server, "hal", game_id).rolls)
    rooms: Rooms = server.client.app.state.rooms  # type: ignore[attr-defined]
    live = rooms.registry.cached(game_id)
    assert live is not None and live.setup.id in rooms.dice._counted
    assert rooms.registry.drop(game_id, unused_s=0)
    assert live.setup.id not in rooms.dice._counted
