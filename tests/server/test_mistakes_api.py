"""Learn from your mistakes over HTTP: puzzles of a player's marked plays, answered
by the analysis's ranking and scheduled in Leitner boxes (SQLite and PostgreSQL)."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from nard.core.board import Position
from nard.core.plays import Play, Step, apply_play
from nard.trainer.leitner import MASTERED_AFTER, RETRY
from tests.server.conftest import Harness


def reached(position_id: str, steps: list[dict[str, int]]) -> str:
    play = Play(tuple(Step(step["from"], step["to"]) for step in steps))
    return apply_play(Position.from_id(position_id), play).id()


TURNS = 14


def _analysed_game(server: Harness, name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A hot-seat money game played with the first legal steps for ``TURNS`` turns
    (plenty of errors), analysed by the engine: the game and the analysis."""
    server.guest(name)
    game = server.new_game(name, mode="hotseat", length=None, rules={"cube": False})
    url = f"/api/games/{game['id']}/analysis"
    with server.socket(name, game["id"]) as ws:
        for _ in range(TURNS):
            phase = ws.state["game"]["phase"]
            if phase == "over":
                break
            if phase in ("opening", "rolling"):
                assert ws.act("roll")["type"] == "ack"
            ws.play_turn()
    before = server.request(name, "POST", f"/api/games/{game['id']}/mistakes")
    assert before.status_code == 404 and before.json()["code"] == "no_analysis"
    assert server.request(name, "POST", url).status_code == 202
    deadline = time.monotonic() + 300
    analysis: dict[str, Any] = server.request(name, "GET", url).json()
    while analysis["status"] == "running" and time.monotonic() < deadline:
        time.sleep(0.2)
        analysis = server.request(name, "GET", url).json()
    assert analysis["status"] == "done", analysis
    return game, analysis["result"]


def _marked_plays(result: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    return {
        (game["number"], d["move"]): d
        for game in result["games"]
        for d in game["decisions"]
        if d["kind"] == "play" and d["mark"] != "none"
    }


@pytest.fixture
def server(server_factory: Any) -> Harness:
    """A server that lets a test play many turns quickly."""
    made: Harness = server_factory(rate_per_s=10_000, rate_burst=10_000)
    return made


def _clock(server: Harness, at: datetime) -> None:
    server.client.app.state.mistakes.clock = lambda: at  # type: ignore[attr-defined]


def test_mistakes_become_puzzles_answered_by_the_ranking(server: Harness) -> None:
    now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    _clock(server, now)
    game, result = _analysed_game(server, "mia")
    marked = _marked_plays(result)
    assert len(marked) >= 2
    made = server.request("mia", "POST", f"/api/games/{game['id']}/mistakes")
    assert made.status_code == 200, made.text
    body = made.json()
    assert body["added"] == body["game_puzzles"] == len(marked)
    assert body["counts"] == {"puzzles": len(marked), "due": len(marked), "mastered": 0}
    # Asked again: nothing new (one puzzle per game and move).
    again = server.request("mia", "POST", f"/api/games/{game['id']}/mistakes").json()
    assert again["added"] == 0 and again["game_puzzles"] == len(marked)

    first = server.request("mia", "GET", "/api/mistakes/next").json()
    puzzle = first["puzzle"]
    assert first["due_now"] is True and puzzle["game"] == game["id"]
    decision = marked[(puzzle["game_number"], puzzle["move"])]
    assert puzzle["position_id"] == decision["position_id"]
    assert puzzle["dice"] == decision["roll"] and puzzle["box"] == 1
    assert "best" not in puzzle and "played" not in puzzle  # no answer before answering
    assert puzzle["rules_name"] == "standard"

    # The play made in the game again: wrong, both plays shown with their equities.
    url = f"/api/mistakes/{puzzle['id']}/answer"
    wrong = server.request("mia", "POST", url, json={"play": decision["chosen"]}).json()
    assert wrong["legal"] is True and wrong["judged"] is True and wrong["right"] is False
    played, best = wrong["played"], wrong["best"]
    assert (played["play"], played["equity"]) == (decision["chosen"], decision["equity"])
    assert (best["play"], best["equity"]) == (decision["best"], decision["best_equity"])
    # The steps the page draws reach the board the analysis' steps of each play reach.
    for shown, analysed in ((played, "chosen_steps"), (best, "best_steps")):
        assert shown["steps"]
        assert reached(decision["position_id"], shown["steps"]) == reached(
            decision["position_id"], decision[analysed]
        )
    assert wrong["yours"]["equity"] == pytest.approx(decision["equity"], abs=1e-6)
    assert wrong["difference"] == pytest.approx(decision["loss"], abs=2e-6)
    assert wrong["loss"] > wrong["tolerance"] == result["thresholds"]["doubtful"]
    assert wrong["box"] == 1 and not wrong["mastered"]
    assert datetime.fromisoformat(wrong["due_at"]) == now + RETRY
    assert wrong["counts"]["due"] == len(marked) - 1

    # Due ones come first: the missed puzzle waits, the next is another one.
    second = server.request("mia", "GET", "/api/mistakes/next").json()["puzzle"]
    assert second["id"] != puzzle["id"]
    best = marked[(second["game_number"], second["move"])]["best"]
    url2 = f"/api/mistakes/{second['id']}/answer"
    right = server.request("mia", "POST", url2, json={"play": best}).json()
    assert right["right"] is True and right["loss"] == 0.0 and right["box"] == 2
    assert datetime.fromisoformat(right["due_at"]) == now + timedelta(days=1)

    # Solved again before it is due: judged, but it stays in its box.
    early = server.request("mia", "POST", url2, json={"play": best}).json()
    assert early["right"] is True and early["box"] == 2 and early["due_at"] == right["due_at"]

    # A play the rules refuse counts for nothing and says why.
    refused = server.request("mia", "POST", url2, json={"play": "25/1"}).json()
    assert refused["legal"] is False and refused["right"] is False
    assert refused["explanation"] is not None or refused["error_code"] in ("illegal", "unreadable")
    assert refused["judged"] is False
    assert refused["box"] == 2 and refused["yours"] is None

    # The missed puzzle comes back ten minutes on, the solved one only tomorrow.
    counts = server.request("mia", "GET", "/api/mistakes/counts").json()
    assert counts["due"] == len(marked) - 2
    _clock(server, now + RETRY)
    counts = server.request("mia", "GET", "/api/mistakes/counts").json()
    assert counts["due"] == len(marked) - 1
    _clock(server, now + timedelta(days=1))
    counts = server.request("mia", "GET", "/api/mistakes/counts").json()
    assert counts["due"] == len(marked)

    # Solved in a row until mastered, each time when due.
    at = now + RETRY
    for _ in range(MASTERED_AFTER):
        _clock(server, at)
        verdict = server.request("mia", "POST", url, json={"play": decision["best"]}).json()
        assert verdict["right"] is True
        at = datetime.fromisoformat(verdict["due_at"])
    assert verdict["mastered"] is True and verdict["counts"]["mastered"] == 1
    counts = server.request("mia", "GET", "/api/mistakes/counts").json()
    assert counts["mastered"] == 1 and counts["puzzles"] == len(marked)


def test_only_the_player_sees_and_answers_their_puzzles(server: Harness) -> None:
    game, _ = _analysed_game(server, "noa")
    server.request("noa", "POST", f"/api/games/{game['id']}/mistakes")
    puzzle = server.request("noa", "GET", "/api/mistakes/next").json()["puzzle"]
    url = f"/api/mistakes/{puzzle['id']}"
    server.guest("eve")
    for method, path, body in (("GET", url, None), ("POST", f"{url}/answer", {"play": "8/5"})):
        answer = server.request("eve", method, path, json=body)
        assert answer.status_code == 404 and answer.json()["code"] == "no_such_puzzle"
        anonymous = server.request(None, method, path, json=body)
        assert anonymous.status_code == 401 and anonymous.json()["code"] == "no_player"
    stranger = server.request("eve", "POST", f"/api/games/{game['id']}/mistakes")
    assert stranger.status_code == 404 and stranger.json()["code"] == "no_such_game"
    assert server.request("eve", "GET", "/api/mistakes/next").json()["puzzle"] is None
    assert server.request("eve", "GET", "/api/mistakes/counts").json()["puzzles"] == 0
    assert server.request(None, "GET", "/api/mistakes/counts").json()["puzzles"] == 0
    # Bad input is refused precisely, before anything is judged.
    for bad in ({"play": ""}, {"play": "8/5 " * 30}, {"play": 3}, {}, {"play": "8/5", "x": 1}):
        refused = server.request("noa", "POST", f"{url}/answer", json=bad)
        assert refused.status_code == 422, bad
        assert refused.json()["code"] == "invalid"
    for path in ("/api/mistakes/0", "/api/mistakes/99999999999", "/api/mistakes/abc"):
        status = server.request("noa", "GET", path).status_code
        assert status in (404, 422), path
    assert server.request("noa", "GET", f"{url}").json()["id"] == puzzle["id"]
