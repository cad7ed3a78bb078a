"""Rated matches through the server (SQLite and PostgreSQL): the ratings after matches
of several lengths (values worked by hand, docs/ratings.md), unrated guests, no
rated play against yourself, money or the computer, the profile and leaderboard."""

from __future__ import annotations

import secrets
import time
from contextlib import ExitStack
from typing import Any

import pytest

from tests.server.conftest import Harness, Socket


def account(server: Harness, name: str) -> int:
    username = f"{name}_{secrets.token_hex(4)}"
    response = server.request(
        name,
        "POST",
        "/api/accounts",
        json={"username": username, "password": "long enough pw", "display_name": name},
    )
    assert response.status_code == 201, response.text
    player_id: int = response.json()["id"]
    return player_id


def seat(server: Harness, host: str, guest: str, length: int, **extra: Any) -> dict[str, Any]:
    game = server.new_game(host, mode="friend", side="white", length=length, **extra)
    invite = game["invite_url"].rsplit("/", 1)[1]
    joined = server.request(guest, "POST", f"/api/invites/{invite}")
    assert joined.status_code == 200, joined.text
    body: dict[str, Any] = joined.json()
    return body


def sync(sockets: list[Socket]) -> None:
    newest = max(socket.seq for socket in sockets)
    for socket in sockets:
        while socket.seq < newest:
            socket.recv()


def play_to_the_end(server: Harness, game_id: str, winner: str, loser: str) -> None:
    """The loser resigns every game on their turn; the winner plays its turns."""
    with ExitStack() as stack:
        won = stack.enter_context(server.socket(winner, game_id))
        lost = stack.enter_context(server.socket(loser, game_id))
        both = [won, lost]
        loser_side = server.request(loser, "GET", f"/api/games/{game_id}").json()["you"][0]
        while not lost.state["match"]["over"]:
            game = lost.state["game"]
            if game["phase"] == "opening":
                assert lost.act("roll")["type"] == "ack"
            elif game["turn"] == loser_side and game["phase"] == "rolling":
                assert lost.act("resign", kind="single")["type"] == "ack"
                sync(both)
                assert won.act("accept_resignation")["type"] == "ack"
            elif game["turn"] == loser_side:
                lost.play_turn()
            else:
                if game["phase"] == "rolling":
                    assert won.act("roll")["type"] == "ack"
                    sync(both)
                won.play_turn()
            sync(both)


def ending(server: Harness, name: str, player_id: int) -> tuple[str | None, str | None]:
    """How the player's last finished match ended, as "my games" and the profile say
    (both the same): the ending and the last game's result kind."""
    listed = server.request(name, "GET", "/api/games?finished=true").json()["data"][0]["result"]
    recent = profile(server, player_id)["recent"][0]
    assert (listed["ending"], listed["kind"]) == (recent["ending"], recent["ending_kind"])
    return recent["ending"], recent["ending_kind"]


def profile(server: Harness, player_id: int) -> dict[str, Any]:
    response = server.request(None, "GET", f"/api/players/{player_id}/profile")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def rated_profile(server: Harness, player_id: int, matches: int) -> dict[str, Any]:
    """The profile once ``matches`` rated matches are in its history (applied after commit)."""
    deadline = time.monotonic() + 10
    while True:
        found = profile(server, player_id)
        if len(found["history"]) >= matches or time.monotonic() > deadline:
            return found
        time.sleep(0.02)


def test_ratings_after_a_one_and_a_three_point_match(server: Harness) -> None:
    ann, bob = account(server, "ann"), account(server, "bob")
    first = seat(server, "ann", "bob", 1)
    assert first["rated"] is True
    play_to_the_end(server, first["id"], "ann", "bob")
    # Both new (1500, experience 0): P_upset = 1/(10^0 + 1) = 0.5, the change
    # 4·√1·0.5 = 2, boosted ×5: 1510 and 1490, experience 1.
    assert rated_profile(server, ann, 1)["rating"] == 1510.0
    assert rated_profile(server, bob, 1)["rating"] == 1490.0
    assert ending(server, "bob", bob) == ("resigned", "single")

    second = seat(server, "ann", "bob", 3)
    play_to_the_end(server, second["id"], "bob", "ann")
    # Bob (1490) beats Ann (1510) over 3 points: D·√3/2000 = 20·1.732051/2000 =
    # 0.017321; 10^0.017321 = 1.040688; Ann's chance was 1.040688/2.040688 =
    # 0.509969; the change 4·√3·0.509969 = 3.533170, boosted by 5 - 1/100 = 4.99
    # for both: ±17.630518.
    bob_now, ann_now = rated_profile(server, bob, 2), rated_profile(server, ann, 2)
    assert bob_now["rating"] == pytest.approx(1507.63, abs=0.005)
    assert ann_now["rating"] == pytest.approx(1492.37, abs=0.005)
    assert (ann_now["experience"], bob_now["experience"]) == (4, 4)
    assert (ann_now["wins"], ann_now["losses"]) == (1, 1)
    assert [point["rating"] for point in ann_now["history"]] == [1510.0, 1492.37]
    assert [point["game"] for point in ann_now["history"]] == [first["id"], second["id"]]
    recent = ann_now["recent"][0]
    assert recent["id"] == second["id"] and recent["won"] is False and recent["length"] == 3
    assert recent["opponent"] == "bob" and recent["rating_change"] == pytest.approx(-17.63, 0.01)
    # The replay is anyone's to read: its link carries the match's spectator token.
    replay = recent["replay_url"]
    assert replay.startswith(f"/replay/{second['id']}?watch=")
    assert [point["replay_url"] for point in ann_now["history"]][1] == replay
    server.guest("stranger")
    record = f"/api/games/{second['id']}/record.json"
    assert server.request("stranger", "GET", record).status_code == 404
    watch = replay.split("?", 1)[1]
    assert server.request("stranger", "GET", f"{record}?{watch}").json()["length"] == 3
    board = server.request(None, "GET", "/api/leaderboard").json()["data"]
    ranks = {entry["id"]: entry["rank"] for entry in board}
    assert ranks[bob] < ranks[ann]


def test_a_guest_plays_unrated(server: Harness) -> None:
    cat = account(server, "cat")
    server.guest("dan")
    game = seat(server, "cat", "dan", 1)
    assert game["rated"] is False
    play_to_the_end(server, game["id"], "cat", "dan")
    seen = profile(server, cat)
    assert seen["recent"][0]["won"] is True and seen["recent"][0]["rated"] is False
    time.sleep(0.2)
    assert profile(server, cat)["rating"] == 1500.0 and profile(server, cat)["history"] == []


def test_an_unrated_match_between_accounts_moves_nothing(server: Harness) -> None:
    eve = account(server, "eve")
    account(server, "fay")
    game = seat(server, "eve", "fay", 1, rated=False)
    play_to_the_end(server, game["id"], "eve", "fay")
    time.sleep(0.2)
    assert profile(server, eve)["rating"] == 1500.0


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ({"mode": "hotseat", "length": 1}, "yourself"),
        ({"mode": "friend", "length": None}, "money"),
        ({"mode": "bot", "length": 1}, "computer"),
    ],
)
def test_rated_play_is_refused_against_yourself_money_and_the_computer(
    server: Harness, body: dict[str, Any], why: str
) -> None:
    account(server, "gil")
    response = server.request("gil", "POST", "/api/games", json={**body, "rated": True})
    assert response.status_code == 400 and response.json()["code"] == "unrated"
    assert why in response.json()["message"]


def test_a_guest_cannot_open_a_rated_match(server: Harness) -> None:
    server.guest("hal")
    response = server.request(
        "hal", "POST", "/api/games", json={"mode": "friend", "length": 1, "rated": True}
    )
    assert response.status_code == 400 and "guest" in response.json()["message"]


def test_a_claim_after_abandonment_ends_the_match_rated(server_factory: Any) -> None:
    server = server_factory(claim_after_s=0.0)
    ivy, jon = account(server, "ivy"), account(server, "jon")
    game = seat(server, "ivy", "jon", 5)
    with server.socket("ivy", game["id"]) as ws:
        answer = ws.act("claim")
        assert answer["type"] == "ack", answer
    assert rated_profile(server, ivy, 1)["rating"] == pytest.approx(1500 + 5 * 4 * 5**0.5 * 0.5)
    assert rated_profile(server, jon, 1)["experience"] == 5
    assert ending(server, "jon", jon) == ("forfeit", None)


def test_a_time_out_ends_the_match_rated(server_factory: Any) -> None:
    server = server_factory(clock_scale=0.01)  # blitz: 80 ms delay, 200 ms reserve
    ids = {"white": account(server, "kai"), "black": account(server, "lea")}
    game = seat(server, "kai", "lea", 1, clock="blitz")
    assert game["rated"] is True
    with server.socket("kai", game["id"]) as white, server.socket("lea", game["id"]):
        while white.state["game"]["phase"] == "opening":
            assert white.act("roll")["type"] == "ack"
        mover = white.state["game"]["turn"]  # who now lets the clock run out
        ended = white.until("state")["game"]
    assert ended["result"]["reason"] == "time"
    winner = "black" if mover == "white" else "white"
    assert ended["result"]["winner"] == winner
    # Both new over 1 point: ±2 boosted ×5, as for a match won on the board.
    assert rated_profile(server, ids[winner], 1)["rating"] == 1510.0
    assert rated_profile(server, ids[mover], 1)["rating"] == 1490.0
    assert ending(server, "kai", ids["white"]) == ("time", None)


def test_a_dropped_redouble_ends_the_match_rated(server: Harness) -> None:
    ids = {"white": account(server, "max"), "black": account(server, "ned")}
    game = seat(server, "max", "ned", 2)
    with server.socket("max", game["id"]) as white, server.socket("ned", game["id"]) as black:
        sockets, both = {"white": white, "black": black}, [white, black]
        while white.state["game"]["phase"] == "opening":
            assert white.act("roll")["type"] == "ack"
        sync(both)
        first = white.state["game"]["turn"]
        second = "black" if first == "white" else "white"
        sockets[first].play_turn()
        sync(both)
        assert sockets[second].act("double")["type"] == "ack"
        sync(both)
        assert sockets[first].act("take")["type"] == "ack"
        sync(both)
        assert sockets[second].act("roll")["type"] == "ack"
        sync(both)
        sockets[second].play_turn()
        sync(both)
        assert sockets[first].act("double")["type"] == "ack"  # the owner redoubles to 4
        sync(both)
        assert sockets[second].act("drop")["type"] == "ack"
        sync(both)
        score = [2, 0] if first == "white" else [0, 2]  # White's and Black's
        assert white.game["result"] == {
            "winner": first,
            "reason": "match_over",
            "score": score,
            "ending": "dropped_double",
            "kind": "single",
        }
    assert ending(server, "max", ids["white"]) == ("dropped_double", "single")
    # A 2-point match between new players: 4·√2·0.5 = 2.828427, boosted ×5: ±14.142136.
    won, lost = rated_profile(server, ids[first], 1), rated_profile(server, ids[second], 1)
    assert won["rating"] == pytest.approx(1514.14, abs=0.005)
    assert lost["rating"] == pytest.approx(1485.86, abs=0.005)
    assert (won["experience"], lost["experience"]) == (2, 2)


def test_a_one_point_game_played_to_the_last_checker_ends_the_match_rated(
    server_factory: Any,
) -> None:
    server = server_factory(rate_per_s=1000.0, rate_burst=1000)  # a whole game as fast as it goes
    ids = {"white": account(server, "oli"), "black": account(server, "pam")}
    game = seat(server, "oli", "pam", 1)
    with server.socket("oli", game["id"]) as white, server.socket("pam", game["id"]) as black:
        sockets, both = {"white": white, "black": black}, [white, black]
        while white.game["status"] != "finished":
            state = white.state["game"]
            if state["phase"] == "opening":
                assert white.act("roll")["type"] == "ack"
            else:
                mover = sockets[state["turn"]]
                if state["phase"] == "rolling":
                    assert mover.act("roll")["type"] == "ack"
                mover.play_turn()
            sync(both)
        won = white.state["game"]["result"]
        assert won["reason"] == "borne_off"
        winner = won["winner"]
    loser = "black" if winner == "white" else "white"
    assert rated_profile(server, ids[winner], 1)["rating"] == 1510.0
    assert rated_profile(server, ids[loser], 1)["rating"] == 1490.0
    assert ending(server, "oli", ids["white"])[0] == "bear_off"


def test_my_games_say_rules_opponent_level_and_rated(server: Harness) -> None:
    account(server, "mia")
    server.new_game("mia", mode="bot", length=3, bot_level="beginner", rules={"preset": "iranian"})
    server.new_game("mia", mode="friend", length=3, rules={"escape_after_hit": True})
    listed = server.request("mia", "GET", "/api/games").json()["data"]
    custom, bot = listed[0], listed[1]
    assert (bot["rules"], bot["bot_level"], bot["rated"]) == ("iranian", "beginner", False)
    assert (custom["rules"], custom["bot_level"], custom["rated"]) == ("custom", None, True)


def test_the_profile_draws_the_error_rate_of_analysed_matches(server: Harness, db_url: str) -> None:
    from nard.storage.analyses import AnalysisRepository
    from nard.storage.games import GameRepository
    from nard.storage.session import make_engine, make_sessions

    nia, oto = account(server, "nia"), account(server, "oto")
    game = seat(server, "nia", "oto", 1)
    play_to_the_end(server, game["id"], "nia", "oto")
    engine = make_engine(db_url)
    with make_sessions(engine)() as session:
        row = GameRepository(session).by_public_id(game["id"])
        assert row is not None
        analyses = AnalysisRepository(session)
        running = analyses.begin(row.id, row.seq)
        stats = [{"side": "white", "pr": 4.25}, {"side": "black", "pr": 11.5}]
        analyses.finish(running.id, running.attempt, result={"stats": stats})
        session.commit()
    engine.dispose()
    nia_white = server.request("nia", "GET", f"/api/games/{game['id']}").json()["you"] == ["white"]
    rates = {oto: profile(server, oto)["error_rates"], nia: profile(server, nia)["error_rates"]}
    assert [point["pr"] for point in rates[nia]] == [4.25 if nia_white else 11.5]
    assert [point["pr"] for point in rates[oto]] == [11.5 if nia_white else 4.25]
    assert rates[nia][0]["game"] == game["id"]


def test_a_match_whose_ratings_never_moved_is_rated_at_the_next_start(
    server_factory: Any, db_url: str
) -> None:
    from sqlalchemy import delete, update

    from nard.storage.models import Game, Player, RatingChange
    from nard.storage.session import make_engine, make_sessions

    first = server_factory()
    pia, quy = account(first, "pia"), account(first, "quy")
    game = seat(first, "pia", "quy", 1)
    play_to_the_end(first, game["id"], "pia", "quy")
    assert rated_profile(first, pia, 1)["rating"] == 1510.0
    # As if the process had died between the match's last commit and the ratings' one.
    engine = make_engine(db_url)
    with make_sessions(engine)() as session:
        session.execute(update(Game).where(Game.public_id == game["id"]).values(rated_at=None))
        session.execute(delete(RatingChange).where(RatingChange.player_id.in_((pia, quy))))
        session.execute(
            update(Player).where(Player.id.in_((pia, quy))).values(rating=1500.0, experience=0)
        )
        session.commit()
    engine.dispose()
    assert profile(first, pia)["rating"] == 1500.0
    restarted = server_factory()
    assert rated_profile(restarted, pia, 1)["rating"] == 1510.0
    assert rated_profile(restarted, quy, 1)["rating"] == 1490.0
