"""The lobby (SQLite and PostgreSQL): challenges live over the lobby socket, the race
for one challenge, rating ranges, quick match."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from nard.server.lobby.hall import PAIR_EVERY_S
from nard.server.refusals import Refusal, RefusalCode
from tests.server.conftest import Harness
from tests.server.test_ratings import account


@contextmanager
def lobby(server: Harness, name: str | None) -> Iterator[WebSocketTestSession]:
    headers = {"cookie": f"nard_token={server.tokens[name]}"} if name else {}
    server.client.cookies.clear()
    with server.client.websocket_connect("/ws/lobby", headers=headers) as socket:
        yield socket


def until(socket: WebSocketTestSession, check: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = socket.receive_json()
        if check(message):
            return message


def challenge(server: Harness, name: str, **terms: Any) -> str:
    response = server.request(name, "POST", "/api/lobby/challenges", json=terms)
    assert response.status_code == 201, response.text
    public_id: str = response.json()["id"]
    return public_id


def test_a_challenge_appears_in_every_lobby_and_goes_the_moment_it_is_taken(
    server: Harness,
) -> None:
    account(server, "ann")
    account(server, "bob")
    with lobby(server, "ann") as ann_lobby, lobby(server, "bob") as bob_lobby:
        first = ann_lobby.receive_json()
        assert first["type"] == "lobby"
        until(bob_lobby, lambda m: m["type"] == "lobby" and m["online_count"] == 2)
        made = challenge(
            server, "ann", length=3, rules={"preset": "iranian"}, cube=True, clock="none"
        )
        seen = until(bob_lobby, lambda m: m["type"] == "lobby" and m["challenges"])
        (offer,) = [c for c in seen["challenges"] if c["id"] == made]
        assert offer["creator"]["display_name"] == "ann" and offer["length"] == 3
        assert offer["rules"] == "iranian" and offer["cube"] is True and offer["rated"] is True
        taken = server.request("bob", "POST", f"/api/lobby/challenges/{made}/accept")
        assert taken.status_code == 200, taken.text
        game = taken.json()["game"]
        for socket in (ann_lobby, bob_lobby):
            assert until(socket, lambda m: m["type"] == "matched")["game"] == game
        gone = until(ann_lobby, lambda m: m["type"] == "lobby" and m["games"])
        assert made not in [c["id"] for c in gone["challenges"]]
        watched = next(item for item in gone["games"] if item["id"] == game)
        assert watched["watch_url"].startswith(f"/watch/{game}?token=")
    both = [server.request(name, "GET", f"/api/games/{game}").json() for name in ("ann", "bob")]
    assert sorted(seat for body in both for seat in body["you"]) == ["black", "white"]
    assert both[0]["rated"] is True and both[0]["settings"]["length"] == 3


def test_a_challenge_whose_switches_are_a_preset_is_named_by_it(server: Harness) -> None:
    """A form sends every switch: those that equal a preset are no custom rules."""
    account(server, "ida")
    standard = {
        "preset": "standard",
        "escape_after_hit": False,
        "escape_scope": "board",
        "no_home_cover_after_hit": False,
        "gammon_wins_match": False,
        "no_backgammon": False,
    }
    iranian = {**standard, "escape_after_hit": True, "escape_scope": "home"}
    iranian["no_home_cover_after_hit"] = True
    made = {
        "standard": challenge(server, "ida", length=3, rules=standard, cube=True),
        "iranian": challenge(server, "ida", length=3, rules=iranian, cube=True),
        "custom": challenge(server, "ida", length=3, rules={**standard, "no_backgammon": True}),
    }
    with lobby(server, "ida") as socket:
        seen = until(socket, lambda m: m["type"] == "lobby" and len(m["challenges"]) == 3)
    named = {c["id"]: c["rules"] for c in seen["challenges"]}
    assert {named[public_id]: name for name, public_id in made.items()} == {
        name: name for name in made
    }


def test_two_people_accepting_at_once_get_exactly_one_game(server: Harness) -> None:
    account(server, "cat")
    takers = ("dan", "eve", "fay", "gus")
    for name in takers:
        account(server, name)
    made = challenge(server, "cat", length=1)
    app = server.client.app
    hall, players = app.state.lobby, app.state.players  # type: ignore[attr-defined]

    async def race() -> list[Any]:
        # Four accepts in flight at once on the server's own loop; on PostgreSQL
        # their transactions run in parallel threads.
        who = [await players.by_token(server.tokens[name]) for name in takers]
        return await asyncio.gather(
            *(hall.accept(player, made) for player in who), return_exceptions=True
        )

    portal = server.client.portal
    assert portal is not None
    answers = portal.call(race)
    games = [answer for answer in answers if not isinstance(answer, Exception)]
    refused = [answer for answer in answers if isinstance(answer, Refusal)]
    assert len(games) == 1 and len(refused) == 3
    assert {refusal.code for refusal in refused} == {RefusalCode.NO_SUCH_CHALLENGE}
    listed = server.request("cat", "GET", "/api/games").json()["data"]
    assert [game["id"] for game in listed] == [games[0].game]


@pytest.mark.parametrize("odd", ["%00", "a%00b", "%C3%A9", "x" * 300])
def test_a_challenge_id_that_cannot_be_ours_is_not_found(server: Harness, odd: str) -> None:
    # The fuzz found a NUL byte answered 500 on PostgreSQL, which refuses it in a string.
    account(server, "kit")
    for method, path in (("DELETE", odd), ("POST", f"{odd}/accept")):
        answer = server.request("kit", method, f"/api/lobby/challenges/{path}")
        assert answer.status_code == 404 and answer.json()["code"] == "no_such_challenge"


def test_cancel_own_challenge_not_anothers_and_never_accept_your_own(server: Harness) -> None:
    account(server, "hal")
    account(server, "ivy")
    made = challenge(server, "hal", length=5)
    assert server.request("hal", "POST", f"/api/lobby/challenges/{made}/accept").json()["code"] == (
        "own_challenge"
    )
    assert server.request("ivy", "DELETE", f"/api/lobby/challenges/{made}").status_code == 404
    assert server.request("hal", "DELETE", f"/api/lobby/challenges/{made}").status_code == 204
    answer = server.request("ivy", "POST", f"/api/lobby/challenges/{made}/accept")
    assert answer.status_code == 404 and answer.json()["code"] == "no_such_challenge"


def test_rating_range_and_rated_challenges_keep_guests_and_strangers_out(
    server: Harness,
) -> None:
    account(server, "jon")
    account(server, "kim")
    server.guest("lou")
    high = challenge(server, "jon", length=1, min_rating=1600)
    answer = server.request("kim", "POST", f"/api/lobby/challenges/{high}/accept")
    assert answer.status_code == 403 and answer.json()["code"] == "out_of_range"
    rated = challenge(server, "jon", length=1)
    answer = server.request("lou", "POST", f"/api/lobby/challenges/{rated}/accept")
    assert answer.status_code == 400 and answer.json()["code"] == "unrated"
    money = server.request(
        "jon", "POST", "/api/lobby/challenges", json={"length": None, "rated": True}
    )
    assert money.json()["code"] == "unrated"
    casual = challenge(server, "lou", length=None, clock="blitz")
    seen = server.request(None, "GET", "/api/lobby").json()
    offer = next(c for c in seen["challenges"] if c["id"] == casual)
    assert offer["rated"] is False and offer["length"] is None and offer["clock"] == "blitz"
    bad = server.request("jon", "POST", "/api/lobby/challenges", json={"clock": "bullet"})
    assert bad.status_code == 422


def test_quick_match_pairs_two_seekers_of_the_same_match(server: Harness) -> None:
    account(server, "max")
    account(server, "ned")
    account(server, "oli")
    with lobby(server, "max") as max_lobby, lobby(server, "ned") as ned_lobby:
        alone = server.request("max", "POST", "/api/lobby/quick", json={"length": 3})
        assert alone.json() == {"seeking": True, "game": None}
        other = server.request("oli", "POST", "/api/lobby/quick", json={"length": 1})
        assert other.json()["seeking"] is True  # another length: no pairing
        assert server.request("oli", "DELETE", "/api/lobby/quick").status_code == 204
        paired = server.request("ned", "POST", "/api/lobby/quick", json={"length": 3}).json()
        assert paired["seeking"] is False and paired["game"]
        for socket in (max_lobby, ned_lobby):
            assert until(socket, lambda m: m["type"] == "matched")["game"] == paired["game"]
        final = until(ned_lobby, lambda m: m["type"] == "lobby" and m["seeking"] == 0)
        assert paired["game"] in [game["id"] for game in final["games"]]
    game = server.request("max", "GET", f"/api/games/{paired['game']}").json()
    assert game["rated"] is True and game["settings"]["length"] == 3


def test_a_challenge_with_a_clock_starts_a_clocked_game(server: Harness) -> None:
    account(server, "cy")
    account(server, "dee")
    made = challenge(server, "cy", length=2, clock="blitz")
    taken = server.request("dee", "POST", f"/api/lobby/challenges/{made}/accept")
    assert taken.status_code == 200, taken.text
    game = server.request("cy", "GET", f"/api/games/{taken.json()['game']}").json()
    assert game["settings"]["clock"] == "blitz"
    # Blitz: 20 s a point (scaled as the test server scales every preset).
    assert game["clock"]["reserve_ms"][0] == game["clock"]["reserve_ms"][1] > 0


def test_a_challenge_with_custom_switches_starts_a_game_under_them(server: Harness) -> None:
    account(server, "eli")
    account(server, "fay")
    rules = {
        "preset": "standard",
        "escape_after_hit": True,
        "escape_scope": "board",
        "no_home_cover_after_hit": False,
        "gammon_wins_match": True,
        "no_backgammon": True,
    }
    made = challenge(server, "eli", length=3, rules=rules, cube=False)
    taken = server.request("fay", "POST", f"/api/lobby/challenges/{made}/accept")
    assert taken.status_code == 200, taken.text
    game = server.request("eli", "GET", f"/api/games/{taken.json()['game']}").json()
    assert game["settings"]["rules"] == {
        "escape_after_hit": True,
        "escape_scope": "board",
        "no_home_cover_after_hit": False,
        "gammon_wins_match": True,
        "no_backgammon": True,
        "cube": False,
        "preset": None,
    }


def test_lobby_sockets_count_in_the_address_s_open_sockets(server_factory: Any) -> None:
    server = server_factory(sockets_per_address=2)
    game = server.new_game("gil", mode="hotseat")
    with server.socket("gil", game["id"]), lobby(server, "gil") as first:
        assert first.receive_json()["type"] == "lobby"
        for refused in (lambda: lobby(server, "gil"), lambda: server.socket("gil", game["id"])):
            with pytest.raises(WebSocketDisconnect) as full, refused():
                pass
            assert full.value.code == 4429
    with lobby(server, "gil") as again, lobby(server, None) as other:  # both let go
        assert again.receive_json()["type"] == other.receive_json()["type"] == "lobby"


def test_a_player_has_at_most_three_open_challenges(server: Harness) -> None:
    account(server, "ida")
    made = [challenge(server, "ida", length=length) for length in (1, 3, 5)]
    fourth = server.request("ida", "POST", "/api/lobby/challenges", json={"length": 7})
    assert fourth.status_code == 409 and fourth.json()["code"] == "too_many_challenges"
    assert "۳" in fourth.json()["message_fa"] and "3" in fourth.json()["message"]
    assert server.request("ida", "DELETE", f"/api/lobby/challenges/{made[0]}").status_code == 204
    challenge(server, "ida", length=7)
    account(server, "jay")
    taken = server.request("jay", "POST", f"/api/lobby/challenges/{made[1]}/accept")
    assert taken.status_code == 200  # a taken challenge is no longer open
    challenge(server, "ida", length=9)


def test_lobby_games_count_against_the_games_a_player_may_make(server_factory: Any) -> None:
    server = server_factory(games_per_player=2)
    account(server, "kit")
    account(server, "lee")
    first = challenge(server, "kit", length=1)
    challenge(server, "kit", length=3)
    third = server.request("kit", "POST", "/api/lobby/challenges", json={"length": 5})
    assert third.status_code == 429 and third.json()["code"] == "rate_limited"
    server.new_game("lee", mode="friend")
    seek = server.request("lee", "POST", "/api/lobby/quick", json={"length": 11})
    assert seek.json() == {"seeking": True, "game": None}
    assert server.request("lee", "DELETE", "/api/lobby/quick").status_code == 204
    for refused in (
        server.request("lee", "POST", f"/api/lobby/challenges/{first}/accept"),
        server.request("lee", "POST", "/api/lobby/quick", json={"length": 11}),
    ):
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
    listed = server.request(None, "GET", "/api/lobby").json()
    assert first in [offer["id"] for offer in listed["challenges"]] and listed["seeking"] == 0


def test_a_pair_whose_game_fails_to_start_waits_again_and_the_others_still_play(
    server: Harness,
) -> None:
    hall = server.client.app.state.lobby  # type: ignore[attr-defined]
    ghosts = (10**9, 10**9 + 1)  # no such players: their game cannot be stored
    # (of another length than the others, so that they pair only with each other)

    async def ghosts_seek() -> None:
        for ghost in ghosts:
            await hall.seekers.add(ghost, 1500.0, (7, "standard"))

    server.client.portal.call(ghosts_seek)  # type: ignore[union-attr]
    account(server, "pia")
    account(server, "quy")
    assert server.request("pia", "POST", "/api/lobby/quick", json={"length": 3}).json()["seeking"]
    # The ghosts waited longest and are paired first; their failure costs nobody else a game.
    paired = server.request("quy", "POST", "/api/lobby/quick", json={"length": 3})
    assert paired.status_code == 200 and paired.json()["game"], paired.text
    assert server.request(None, "GET", "/api/lobby").json()["seeking"] == 2  # the ghosts
    time.sleep(2.5 * PAIR_EVERY_S)  # rounds that fail on the ghosts again
    pairing = hall._pairing
    assert pairing is not None and not pairing.done()


def test_an_offer_refused_counts_for_nothing_against_the_games_a_player_may_make(
    server_factory: Any,
) -> None:
    server = server_factory(games_per_player=4)
    account(server, "ron")
    made = [challenge(server, "ron", length=length) for length in (1, 3, 5)]
    for _ in range(2):  # beyond the open challenges allowed: no challenge, no game
        refused = server.request("ron", "POST", "/api/lobby/challenges", json={"length": 7})
        assert refused.json()["code"] == "too_many_challenges"
    assert server.request("ron", "DELETE", f"/api/lobby/challenges/{made[0]}").status_code == 204
    challenge(server, "ron", length=7)  # the fourth game of the minute
    assert server.request("ron", "DELETE", f"/api/lobby/challenges/{made[1]}").status_code == 204
    fifth = server.request("ron", "POST", "/api/lobby/challenges", json={"length": 9})
    assert fifth.status_code == 429 and fifth.json()["code"] == "rate_limited"
