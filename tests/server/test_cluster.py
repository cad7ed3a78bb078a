"""Two server instances (two apps) on one PostgreSQL database and one Redis.

Each test is one thing two instances used to get wrong: a claimed game that
took more actions, an instance serving its own stale copy, a Redis restart
that cut sockets off for good, deployments sharing a Redis that heard each
other's games, and every instance hearing every game.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from nard.server.app import create_app
from nard.server.games import Rooms
from tests.dbs import postgres_url
from tests.server.conftest import Harness, make_settings
from tests.server.own_redis import eventually, own_redis, reachable

REDIS = "redis://127.0.0.1:6379/0"


pytestmark = pytest.mark.skipif(not reachable(6379), reason="Redis at 127.0.0.1:6379 is down")


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with postgres_url() as url:
        yield url


@pytest.fixture
def cluster(pg_url: str) -> Iterator[Callable[..., Harness]]:
    """Start instances on the shared database; each test gets its own channel prefix."""
    prefix = f"test{secrets.token_hex(4)}:"
    with ExitStack() as stack:

        def start(**overrides: Any) -> Harness:
            values = {"redis_url": REDIS, "redis_prefix": prefix, **overrides}
            client = TestClient(create_app(make_settings(pg_url, **values)))
            stack.enter_context(client)
            return Harness(client)

        yield start


def _rooms(instance: Harness) -> Rooms:
    rooms: Rooms = instance.client.app.state.rooms  # type: ignore[attr-defined]
    return rooms


def _friend_game(host: Harness, guest: Harness) -> str:
    game = host.new_game("ada", mode="friend", side="white", length=3)
    guest.guest("bob")
    invite = game["invite_url"].rsplit("/", 1)[1]
    assert guest.request("bob", "POST", f"/api/invites/{invite}").status_code == 200
    return str(game["id"])


def _open(ws: Any) -> None:
    """Roll the opening until someone starts (ties roll again)."""
    while ws.state["game"]["phase"] == "opening":
        assert ws.act("roll")["type"] == "ack"


def _seat(socket: Any, side: str) -> dict[str, Any]:
    """The seat as the socket's last ``state`` or ``presence`` message shows it."""
    for message in reversed(socket.received):
        seats = message.get("seats") or message.get("game", {}).get("seats")
        if message["type"] in ("presence", "state") and seats:
            return next(seat for seat in seats if seat["side"] == side)
    raise AssertionError("no seats received")


def _until_seat(socket: Any, side: str, *, connected: bool) -> None:
    while _seat(socket, side)["connected"] is not connected:
        socket.until("presence", "state")


def test_no_action_is_accepted_after_a_claim_on_the_other_instance(
    cluster: Callable[..., Harness],
) -> None:
    a, b = cluster(claim_after_s=0.0), cluster()
    game_id = _friend_game(a, b)
    with a.socket("ada", game_id) as white:
        with b.socket("bob", game_id) as black:
            _until_seat(white, "black", connected=True)
            stale = black.seq
        _until_seat(white, "black", connected=False)  # bob left B
        assert white.act("claim")["type"] == "ack"
        while white.game["status"] != "finished":  # the ack may come before the state
            white.recv()
    # B's copy heard of the claim from the bus or the database: every action is refused.
    with b.socket("bob", game_id) as black:
        for _ in range(3):
            black.seq = stale
            answer = black.act("roll")
            assert answer["type"] == "error" and answer["code"] == "finished", answer
    row = a.request("ada", "GET", f"/api/games/{game_id}").json()
    assert row["status"] == "finished" and row["seq"] == white.seq


def test_no_claim_while_the_opponent_is_connected_to_the_other_instance(
    cluster: Callable[..., Harness],
) -> None:
    a, b = cluster(claim_after_s=0.0), cluster(claim_after_s=0.0)
    game_id = _friend_game(a, b)
    with a.socket("ada", game_id) as white:
        with b.socket("bob", game_id) as black:
            _until_seat(white, "black", connected=True)
            answer = white.act("claim")
            assert answer["type"] == "error" and answer["code"] == "cannot_claim", answer
            # ...and the other way round: ada is present at A for B.
            assert _seat(black, "white")["connected"] is True
            answer = black.act("claim")
            assert answer["type"] == "error" and answer["code"] == "cannot_claim", answer
        _until_seat(white, "black", connected=False)
        assert white.act("claim")["type"] == "ack"


def test_the_claim_timer_runs_from_when_the_opponent_left_the_other_instance(
    cluster: Callable[..., Harness],
) -> None:
    a, b = cluster(claim_after_s=3600.0), cluster(claim_after_s=3600.0)
    game_id = _friend_game(a, b)
    with b.socket("bob", game_id):
        pass
    # A never saw bob: the wait is the one B started when bob left, not a new one.
    with a.socket("ada", game_id) as white:
        answer = white.act("claim")
        assert answer["type"] == "error" and answer["code"] == "cannot_claim", answer
        claim_in = _seat(white, "black")["claim_in"]
        assert claim_in is not None and 0 < claim_in <= 3600


def test_a_killed_instance_s_seat_lapses_and_the_claim_is_allowed(
    cluster: Callable[..., Harness],
) -> None:
    """An instance killed with bob's socket open never says he left: his seat's
    lease lapses ``presence_ttl_s`` after its last renewal."""
    import asyncio

    from nard.server.ports.redis.client import connect
    from nard.server.ports.redis.leases import Leases

    a = cluster(claim_after_s=0.0, presence_ttl_s=0.6)
    a.guest("bob")
    game = a.new_game("ada", mode="friend", side="white")
    invite = game["invite_url"].rsplit("/", 1)[1]
    assert a.request("bob", "POST", f"/api/invites/{invite}").status_code == 200
    prefix = a.client.app.state.settings.redis_prefix  # type: ignore[attr-defined]

    async def held_by_a_dead_instance() -> None:
        redis = connect(REDIS)
        # Held once and never renewed, as by an instance that died just after.
        await Leases(redis, ttl_s=4.0).hold(f"{prefix}seat:{game['id']}:black", "dead")
        await redis.aclose()

    with a.socket("ada", game["id"]) as white:
        asyncio.run(held_by_a_dead_instance())
        # A's watch reads the seats again and tells ada of bob, then of his lapse.
        _until_seat(white, "black", connected=True)
        answer = white.act("claim")
        assert answer["type"] == "error" and answer["code"] == "cannot_claim", answer
        _until_seat(white, "black", connected=False)
        assert white.act("claim")["type"] == "ack"


def _answer(ws: Any, message_id: int) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.recv()
        if message["type"] in ("ack", "error") and message.get("id") == message_id:
            return message


def _next(game: dict[str, Any]) -> dict[str, Any]:
    state = game["state"]
    if state["game"]["phase"] in ("opening", "rolling"):
        return {"type": "roll"}
    guide = state["guide"]
    if guide["can_confirm"]:
        return {"type": "confirm"}
    origin, targets = next(iter(guide["destinations"].items()))
    return {"type": "step", "from": int(origin), "to": targets[0]}


def test_two_instances_racing_on_a_game_commit_one_action_each_time(
    cluster: Callable[..., Harness],
) -> None:
    a, b = cluster(), cluster()
    game = a.new_game("rae", mode="hotseat", length=3)
    b.tokens["rae"] = a.tokens["rae"]
    with a.socket("rae", game["id"]) as on_a, b.socket("rae", game["id"]) as on_b:
        for _ in range(16):
            action = _next(on_a.game)
            sent = [(ws, ws.send({**action, "seq": ws.seq})) for ws in (on_a, on_b)]
            answers = [_answer(ws, message_id) for ws, message_id in sent]
            acks = [answer["seq"] for answer in answers if answer["type"] == "ack"]
            assert len(acks) == 1, answers  # the same action, never twice
            refused = next(answer for answer in answers if answer["type"] == "error")
            # conflict: refused at the commit; stale: its copy had already caught up.
            assert refused["code"] in ("conflict", "stale"), refused
            # The loser catches up: both show the same game at the winner's seq.
            for ws in (on_a, on_b):
                while ws.seq < acks[0]:
                    ws.recv()
            assert on_a.state == on_b.state
    row = a.request("rae", "GET", f"/api/games/{game['id']}").json()
    assert row["seq"] == on_a.seq == 16


def test_the_database_refuses_an_action_on_a_finished_game(pg_url: str) -> None:
    """The commit guard itself, whatever an instance's copy says."""
    from nard.storage.games import GameRepository, LoggedAction, append_actions
    from nard.storage.session import make_engine, make_sessions, migrate

    engine = make_engine(pg_url)
    migrate(engine)
    sessions = make_sessions(engine)
    with sessions() as session:
        games = GameRepository(session)
        row = games.create(
            public_id=secrets.token_hex(6),
            mode="hotseat",
            status="active",
            settings={},
            white_player_id=None,
            black_player_id=None,
            watch_token="w",
            client_seeds=[],
            seq=0,
            snapshot={},
        )
        session.commit()

        def entry(seq: int) -> LoggedAction:
            return LoggedAction(row.id, seq, {"type": "roll"}, [], None, {"seq": seq}, "active")

        assert append_actions(sessions, [entry(1)]) == [True]
        assert games.finish(row.id, status="finished", result={"reason": "claimed"}, seq=0) is False
        assert games.finish(row.id, status="finished", result={"reason": "claimed"}, seq=1)
        session.commit()
        assert append_actions(sessions, [entry(2)]) == [False]
        assert [item.seq for item in games.actions(row.id)] == [1]
    engine.dispose()


def test_an_instance_catches_up_with_commits_made_on_the_other(
    cluster: Callable[..., Harness],
) -> None:
    a, b = cluster(), cluster()
    game = a.new_game("rae", mode="hotseat", length=3)
    b.tokens["rae"] = a.tokens["rae"]
    with a.socket("rae", game["id"]) as watcher, b.socket("rae", game["id"]) as ws:
        held = _rooms(a).registry.cached(game["id"])
        assert held is not None and held.seq == 0
        _open(ws)
        ws.play_turn()
        # No request reaches A: the bus's change notices bring its watched copy up to date.
        eventually(lambda: held.seq == ws.seq, f"A's copy stayed at {held.seq}, B at {ws.seq}")
        assert _rooms(a).registry.cached(game["id"]) is held
        assert watcher.seq == 0  # it has read nothing yet: the updates wait in its queue
    with a.socket("rae", game["id"]) as ws_a:
        assert ws_a.seq == held.seq and ws_a.state == ws.state


def test_a_copy_nobody_uses_is_dropped_when_the_game_moves_elsewhere(
    cluster: Callable[..., Harness],
) -> None:
    a, b = cluster(), cluster()
    game = a.new_game("rae", mode="hotseat", length=3)  # created on A, played on B
    b.tokens["rae"] = a.tokens["rae"]
    held = _rooms(a).registry.cached(game["id"])
    assert held is not None
    with b.socket("rae", game["id"]) as ws:
        _open(ws)
        # Just asked for on A (a request may still hold it): kept up, not dropped.
        eventually(lambda: held.seq == ws.seq, f"A's copy stayed at {held.seq}, B at {ws.seq}")
        assert _rooms(a).registry.cached(game["id"]) is held
        _rooms(a).sync.keep_asked_s = 0.0  # as if A had last used it long ago
        ws.play_turn()
        # A keeps no copy up to date that no socket, bot or clock of its own uses...
        eventually(lambda: _rooms(a).registry.cached(game["id"]) is None, "A kept its copy")
    # ...and the next use reads the game afresh.
    with a.socket("rae", game["id"]) as ws_a:
        assert ws_a.seq == ws.seq and ws_a.state == ws.state


def test_an_invitation_taken_on_one_instance_starts_the_game_on_the_other(
    cluster: Callable[..., Harness],
) -> None:
    a, b = cluster(), cluster()
    game = a.new_game("ada", mode="friend", side="white")
    with a.socket("ada", game["id"]) as host:  # the host waits on A for the friend
        held = _rooms(a).registry.cached(game["id"])
        assert held is not None and held.status == "waiting"
        b.guest("bob")
        invite = game["invite_url"].rsplit("/", 1)[1]
        assert b.request("bob", "POST", f"/api/invites/{invite}").status_code == 200
        eventually(lambda: held.status == "active", "the game stayed waiting on A")
        assert held.seating.names[1] == "bob"
        assert host.game["status"] == "waiting"  # what it read when it connected


def test_a_reconnecting_player_gets_the_database_state_not_a_stale_copy(
    cluster: Callable[..., Harness], pg_url: str
) -> None:
    # Another prefix: A hears nothing of B (as when B's notices were lost).
    a = cluster()
    b = cluster(redis_prefix=f"other{secrets.token_hex(4)}:")
    game = a.new_game("rae", mode="hotseat", length=3)
    b.tokens["rae"] = a.tokens["rae"]
    with a.socket("rae", game["id"]) as watcher, b.socket("rae", game["id"]) as ws:
        _open(ws)
        ws.play_turn()
        time.sleep(0.3)
        # Deployments apart: nothing B published reached A's socket.
        assert watcher.seq == 0 and not [m for m in watcher.received if m["type"] == "update"]
    assert _rooms(a).registry.cached(game["id"]).seq == 0  # type: ignore[union-attr]
    with a.socket("rae", game["id"]) as again:
        assert again.seq == ws.seq and again.state == ws.state


def test_a_redis_restart_loses_no_ack_and_the_instances_resubscribe(
    cluster: Callable[..., Harness], tmp_path: Path
) -> None:
    with own_redis(tmp_path) as (port, stop, start):
        url = f"redis://127.0.0.1:{port}/0"
        a, b = cluster(redis_url=url), cluster(redis_url=url)
        game = a.new_game("rae", mode="hotseat", length=3)
        b.tokens["rae"] = a.tokens["rae"]
        with a.socket("rae", game["id"]) as ws, b.socket("rae", game["id"]) as watcher:
            stop()
            # Each action is committed: it is acknowledged, and the socket stays open.
            _open(ws)
            committed = ws.seq
            assert committed > 0
            start()
            for instance in (a, b):
                bus = _rooms(instance).bus
                connected = bus.connected  # type: ignore[attr-defined]
                eventually(connected.is_set, "no resubscription")
            # What B missed while Redis was down comes as a whole state; then updates flow.
            while watcher.seq < committed:
                watcher.recv()
            _open(ws)
            ws.play_turn()
            while watcher.seq < ws.seq:
                watcher.recv()
            assert watcher.state == ws.state


def test_an_instance_hears_a_game_only_while_it_has_a_socket_of_it(
    cluster: Callable[..., Harness],
) -> None:
    from redis import Redis

    a, b = cluster(), cluster()
    game = a.new_game("ada", mode="friend", side="white", length=3)
    b.guest("bob")
    invite = game["invite_url"].rsplit("/", 1)[1]
    assert b.request("bob", "POST", f"/api/invites/{invite}").status_code == 200
    a.guest("cy")
    watch = game["watch_url"].split("token=", 1)[1]
    channels = _rooms(a).bus.games  # type: ignore[attr-defined]
    redis = Redis.from_url(REDIS)

    def heard_by(channel: str) -> int:
        counts: list[tuple[bytes | str, int]] = redis.pubsub_numsub(channels + channel)
        return counts[0][1]

    try:
        assert heard_by(game["id"]) == 0  # created on A: no socket, no subscription
        with b.socket("bob", game["id"]) as black:
            # The state came after the subscription was active: B alone hears the game.
            assert heard_by(game["id"]) == 1
            with a.socket("ada", game["id"]) as white, a.socket("cy", game["id"], f"watch={watch}"):
                assert heard_by(game["id"]) == 2  # one each, however many sockets
                assert heard_by(f"{game['id']}:spectators") == 1
                _open(white)
                while black.seq < white.seq:
                    black.recv()
                assert black.state == white.state
            eventually(lambda: heard_by(f"{game['id']}:spectators") == 0, "A kept the chat")
            eventually(lambda: heard_by(game["id"]) == 1, "A still hears the game")
        eventually(lambda: heard_by(game["id"]) == 0, "B still hears the game")
        with b.client.websocket_connect("/ws/lobby") as lobby:
            assert lobby.receive_json()["type"] == "lobby"
            assert heard_by("lobby") == 1
        eventually(lambda: heard_by("lobby") == 0, "B still hears the lobby")
    finally:
        redis.close()


def test_change_notices_go_only_to_the_instances_holding_a_copy(
    cluster: Callable[..., Harness],
) -> None:
    from redis import Redis

    a, b = cluster(), cluster()
    game = a.new_game("rae", mode="hotseat", length=3)  # A holds a copy from the start
    b.tokens["rae"] = a.tokens["rae"]
    notices = _rooms(a).bus.games + f"{game['id']}:changed"  # type: ignore[attr-defined]
    redis = Redis.from_url(REDIS)

    def holders() -> int:
        counts: list[tuple[bytes | str, int]] = redis.pubsub_numsub(notices)
        return counts[0][1]

    try:
        eventually(lambda: holders() == 1, "A does not follow the game it holds")
        _rooms(a).sync.keep_asked_s = 0.0
        with b.socket("rae", game["id"]) as ws:
            eventually(lambda: holders() == 2, "B does not follow the game it holds")
            _open(ws)
            ws.play_turn()
            # A dropped its unused copy at B's notice, and hears of the game no more.
            eventually(lambda: _rooms(a).registry.cached(game["id"]) is None, "A kept it")
            eventually(lambda: holders() == 1, "A still follows a game it dropped")
    finally:
        redis.close()


def test_a_socket_opened_while_redis_is_down_hears_the_other_instance_once_it_is_back(
    cluster: Callable[..., Harness], tmp_path: Path
) -> None:
    with own_redis(tmp_path) as (port, stop, start):
        url = f"redis://127.0.0.1:{port}/0"
        a, b = cluster(redis_url=url), cluster(redis_url=url)
        game = a.new_game("rae", mode="hotseat", length=3)
        b.tokens["rae"] = a.tokens["rae"]
        stop()
        eventually(lambda: not _connected(a) and not _connected(b), "the buses missed the stop")
        with a.socket("rae", game["id"]) as watcher:
            assert watcher.seq == 0  # the socket works on its own instance
            start()
            eventually(lambda: _connected(a) and _connected(b), "no resubscription")
            channel = _rooms(a).bus.games + game["id"]  # type: ignore[attr-defined]
            eventually(lambda: _subscribers(port, channel) == 1, "A did not subscribe the game")
            with b.socket("rae", game["id"]) as ws:
                _open(ws)
                ws.play_turn()
                while watcher.seq < ws.seq:
                    watcher.recv()
                assert watcher.state == ws.state


def _subscribers(port: int, channel: str) -> int:
    from redis import Redis

    with Redis(port=port) as redis:
        counts: list[tuple[bytes | str, int]] = redis.pubsub_numsub(channel)
        return counts[0][1]


def _redis_score(instance: Harness, key: str, member: str) -> float | None:
    from redis import Redis

    prefix = instance.client.app.state.settings.redis_prefix  # type: ignore[attr-defined]
    with Redis(port=6379) as redis:
        score: float | None = redis.zscore(prefix + key, member)
        return score


def _connected(instance: Harness) -> bool:
    return bool(_rooms(instance).bus.connected.is_set())  # type: ignore[attr-defined]


def test_a_stale_copy_never_flags_a_side_that_moved_on_the_other_instance(pg_url: str) -> None:
    from nard.server.games.clocks import Timekeeper
    from tests.server.test_clocks import BLITZ_1, FakeTime, _clocked_game, _opened

    clock = FakeTime()
    with ExitStack() as stack:

        def start(prefix: str) -> Harness:
            settings = make_settings(pg_url, redis_url=REDIS, redis_prefix=prefix)
            app = create_app(settings, timekeeper=Timekeeper(clock))
            return Harness(stack.enter_context(TestClient(app)))

        # Apart on the bus, as when A's change notices are lost: A's copy falls behind.
        a, b = start(f"a{secrets.token_hex(4)}:"), start(f"b{secrets.token_hex(4)}:")
        a.guest("wes")
        game_id = _clocked_game(a)
        b.tokens.update(a.tokens)
        with a.socket("wes", game_id) as white, a.socket("bea", game_id) as black:
            mover, _ = _opened(white, black)
        side = mover.state["game"]["turn"]
        player = "wes" if side == "white" else "bea"
        held = _rooms(a).registry.cached(game_id)
        assert held is not None
        with b.socket(player, game_id) as on_b:
            on_b.play_turn()  # the mover plays in time, on B
            moved = on_b.seq
        assert held.seq < moved
        # Long after the mover's time would have run out, A's timer fires on its old copy.
        clock.ms += BLITZ_1 + 8_000 + 1

        async def fire() -> bool:
            return await _rooms(a).table.flagfall.time_out(held)

        assert a.client.portal.call(fire) is False  # type: ignore[union-attr]
        assert held.seq == moved  # read again instead
        row = b.request(player, "GET", f"/api/games/{game_id}").json()
        assert row["status"] == "active" and row["seq"] == moved


def test_attempts_spread_over_two_instances_meet_one_limit(
    cluster: Callable[..., Harness],
) -> None:
    from tests.server.test_account_limits import _account, _login

    limits = {"login_per_address": 4, "login_per_account": 100, "guests_per_address": 3}
    a, b = cluster(**limits), cluster(**limits)
    answers = [
        _login(instance, "guesser", f"user{n}", "whatever pw").status_code
        for n, instance in enumerate([a, b] * 3)
    ]
    assert answers == [401] * 4 + [429] * 2
    guests = [
        instance.request(None, "POST", "/api/players/guest", json={}).status_code
        for instance in [a, b, a, b]
    ]
    assert guests == [201, 201, 201, 429]
    # The wrong passwords of one account, on either instance, lock it on both.
    c, d = cluster(login_per_account=3), cluster(login_per_account=3)
    name = f"victim{secrets.token_hex(3)}"
    _account(c, "owner", name)
    for instance in (c, d, c):
        assert _login(instance, "attacker", name, "wrong password").status_code == 401
    for instance in (d, c):
        locked = _login(instance, "owner", name, "long enough pw")
        assert locked.status_code == 429 and locked.json()["code"] == "locked", locked.text


def test_sockets_of_one_address_on_two_instances_meet_one_limit(
    cluster: Callable[..., Harness],
) -> None:
    limits = {"sockets_per_address": 3, "spectators_per_game": 1}
    a, b = cluster(**limits), cluster(**limits)
    game = a.new_game("eve", mode="hotseat")
    b.tokens["eve"] = a.tokens["eve"]
    watch = game["watch_url"].split("token=", 1)[1]
    with a.socket(None, game["id"], f"watch={watch}"):
        # The game's one spectator seat is taken at A: B refuses a second spectator.
        with pytest.raises(Exception) as refused, b.socket(None, game["id"], f"watch={watch}"):
            pass
        assert getattr(refused.value, "code", None) == 4429
        with a.socket("eve", game["id"]), b.socket("eve", game["id"]):
            # Three open, two on A and one on B: a fourth is refused at either.
            for instance in (a, b):
                with pytest.raises(Exception) as full, instance.socket("eve", game["id"]):
                    pass
                assert getattr(full.value, "code", None) == 4429
    with b.socket("eve", game["id"]) as again:  # the closed ones were let go
        assert again.act("roll")["type"] == "ack"


def test_chat_lines_of_one_player_on_two_instances_meet_one_limit(
    cluster: Callable[..., Harness],
) -> None:
    from tests.server.test_chat import say_text

    a, b = cluster(chat_per_player=4), cluster(chat_per_player=4)
    game_id = _friend_game(a, b)
    b.tokens["ada"] = a.tokens["ada"]
    with a.socket("ada", game_id) as at_a, b.socket("ada", game_id) as at_b:
        answers = [say_text(socket, f"line {n}") for n, socket in enumerate([at_a, at_b] * 3)]
        assert [answer["type"] for answer in answers] == ["chat"] * 4 + ["error"] * 2
        assert {answer["code"] for answer in answers[4:]} == {"rate_limited"}


def test_the_lobby_lists_who_is_online_at_every_instance(
    cluster: Callable[..., Harness],
) -> None:
    from tests.server.test_lobby import lobby, until

    a, b = cluster(), cluster()
    ann, bob = a.guest("ann"), b.guest("bob")
    everyone = {ann["id"], bob["id"]}

    def names(message: dict[str, Any]) -> set[int]:
        return {player["id"] for player in message.get("online", ())}

    with lobby(a, "ann") as at_a, lobby(b, "bob") as at_b:
        for socket in (at_a, at_b):
            seen = until(socket, lambda m: m["type"] == "lobby" and names(m) == everyone)
            assert seen["online_count"] == 2
    with lobby(a, "ann") as at_a:  # bob left B: A lists ann alone
        until(at_a, lambda m: m["type"] == "lobby" and names(m) == {ann["id"]})


def test_quick_match_pairs_seekers_at_two_instances_and_a_cancel_reaches_either(
    cluster: Callable[..., Harness],
) -> None:
    from tests.server.test_lobby import lobby, until
    from tests.server.test_ratings import account

    a, b = cluster(presence_ttl_s=0.3), cluster(presence_ttl_s=0.3)  # renewed every 0.1 s
    account(a, "ann")
    account(b, "bob")
    with lobby(a, "ann") as at_a, lobby(b, "bob") as at_b:
        alone = a.request("ann", "POST", "/api/lobby/quick", json={"length": 3})
        assert alone.json() == {"seeking": True, "game": None}
        until(at_b, lambda m: m["type"] == "lobby" and m["seeking"] == 1)  # B counts A's seeker
        paired = b.request("bob", "POST", "/api/lobby/quick", json={"length": 3}).json()
        assert paired["seeking"] is False and paired["game"]
        for socket in (at_a, at_b):
            assert until(socket, lambda m: m["type"] == "matched")["game"] == paired["game"]
    game = a.request("ann", "GET", f"/api/games/{paired['game']}").json()
    assert game["rated"] is True and game["settings"]["length"] == 3
    # A seek made at A and cancelled at B is gone from the one queue: B's next
    # seeker of the same match finds nobody.
    cat = account(a, "cat")
    account(b, "dan")
    assert a.request("cat", "POST", "/api/lobby/quick", json={"length": 5}).json()["seeking"]
    assert b.request(None, "GET", "/api/lobby").json()["seeking"] == 1
    b.tokens["cat"] = a.tokens["cat"]
    assert b.request("cat", "DELETE", "/api/lobby/quick").status_code == 204
    time.sleep(0.5)  # A renews its leases, but not the seek cancelled at B
    assert [i.request(None, "GET", "/api/lobby").json()["seeking"] for i in (a, b)] == [0, 0]
    assert _redis_score(a, "lobby:seeking", str(cat)) is None
    alone = b.request("dan", "POST", "/api/lobby/quick", json={"length": 5}).json()
    assert alone == {"seeking": True, "game": None}
