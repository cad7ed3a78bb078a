"""The trainer's JSON API, report API and rules reference pages (no database needed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nard.core.board import Position
from nard.core.notation import format_play
from nard.server.app import create_app
from nard.server.config import Settings
from nard.server.web.pages import STATIC
from nard.server.web.rules_pages import build
from nard.trainer import Kind, Level, make_drill
from tests.server.conftest import Harness

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings(database_url="sqlite:///:memory:")))


def key(
    seed: int, kind: Kind, level: Level = Level.MEDIUM, rules: str = "standard"
) -> dict[str, str | int]:
    return {"seed": seed, "kind": kind.value, "rules": rules, "level": level.value}


def test_a_practice_board_puts_the_steps_by_hand_and_says_where_a_checker_may_go(
    client: TestClient,
) -> None:
    """The board after free steps (a lone checker hit), and where a checker may go next."""
    white, black = [0] * 26, [0] * 26
    white[13], white[6] = 14, 1
    black[25 - 4], black[25 - 3], black[25 - 2] = 1, 2, 12  # White's 4 lone, 3 held
    position = Position(tuple(white), tuple(black))
    first = client.post(
        "/api/trainer/board", json={"position_id": position.id(), "steps": [[6, 4]]}
    ).json()
    assert first["steps"] == [{"from": 6, "to": 4, "hit": True}]
    assert first["board"]["white"][4] == 1 and first["board"]["black"][25] == 1
    assert first["board"]["black"][25 - 4] == 0
    assert sorted(first["destinations"]) == ["13", "4"]
    assert 3 not in first["destinations"]["4"] and 2 not in first["destinations"]["4"]
    assert first["destinations"]["4"] == [1, 0] and 12 in first["destinations"]["13"]
    # Four steps are a whole turn: nothing more may be put.
    full = [[13, 12], [13, 12], [13, 12], [13, 12]]
    body = client.post("/api/trainer/board", json={"position_id": position.id(), "steps": full})
    assert body.json()["destinations"] == {} and body.json()["board"]["white"][12] == 4
    for steps in ([[6, 3]], [[6, 7]], [[5, 1]]):  # onto a held point, backwards, no checker
        refused = client.post(
            "/api/trainer/board", json={"position_id": position.id(), "steps": steps}
        )
        assert refused.status_code == 422 and refused.json()["code"] == "invalid", steps


def test_a_drill_is_its_link_and_hides_its_answer(client: TestClient) -> None:
    body = client.get("/api/trainer/drill", params=key(4, Kind.PLAYS)).json()
    drill = make_drill(4, Kind.PLAYS, "standard", Level.MEDIUM)
    assert body["position_id"] == drill.position.id()
    assert body["board"]["white"] == list(drill.position.player)
    assert body["link"] == f"/trainer?{drill.query}"
    assert "answer" not in body and "plays" not in body
    assert client.get(body["link"]).status_code == 200


def test_plays_answers_are_checked_by_the_engine(server: Harness) -> None:
    client = server.as_(None)
    drill = make_drill(4, Kind.PLAYS, "standard", Level.MEDIUM)
    plays = [format_play(play) for play in drill.legal_plays]
    right = client.post("/api/trainer/answer", json=key(4, Kind.PLAYS) | {"plays": plays}).json()
    assert right["correct"] and right["missing"] == [] and len(right["found"]) == len(plays)
    cut = str(next(iter(drill.legal_plays)).steps[0])
    wrong = client.post("/api/trainer/answer", json=key(4, Kind.PLAYS) | {"plays": [cut]}).json()
    assert not wrong["correct"]
    why = wrong["refused"][0]["explanation"]
    assert why["rule"] == "R8" and why["anchor"] == "r8" and why["legal_steps"]
    assert why["message"]["fa"] and why["message"]["en"]


def test_why_refused_and_the_decision_tree(server: Harness) -> None:
    client = server.as_(None)
    drill = make_drill(9, Kind.REFUSED, "iranian", Level.EASY)
    rule = drill.refusal().rule.value
    body = client.get(
        "/api/trainer/drill", params=key(9, Kind.REFUSED, Level.EASY, "iranian")
    ).json()
    assert rule in body["choices"] and "V1" in body["choices"]
    answer = key(9, Kind.REFUSED, Level.EASY, "iranian")
    assert client.post("/api/trainer/answer", json=answer | {"rule": rule}).json()["correct"]
    other = client.post("/api/trainer/answer", json=answer | {"rule": "R3"}).json()
    assert not other["correct"] and other["explanation"]["rule"] == rule
    tree = make_drill(2, Kind.DECISION, "standard", Level.HARD).decision()
    for index, step in enumerate(tree):
        sent = key(2, Kind.DECISION, Level.HARD) | {"step": index, "yes": not step.yes}
        verdict = client.post("/api/trainer/answer", json=sent).json()
        assert verdict["correct"] is False and verdict["answer"] is step.yes
        assert verdict["last"] == (index == len(tree) - 1)


@pytest.mark.parametrize(
    ("params", "status"),
    [
        ({"seed": 1, "kind": "nine"}, 422),
        ({"seed": 1, "kind": "customs", "rules": "standard"}, 422),
        ({"seed": -1, "kind": "plays"}, 422),
    ],
)
def test_bad_drills_are_refused(
    client: TestClient, params: dict[str, str | int], status: int
) -> None:
    response = client.get("/api/trainer/drill", params=params)
    body = response.json()
    assert response.status_code == status and body["detail"]
    # The Persian names what is wrong when it can (edge/field_texts.py), else the generic.
    assert body["code"] == "invalid" and body["message_fa"].endswith(".")


def test_a_report_link_opens_the_refusal(client: TestClient) -> None:
    params = {"position": "4HPwATDgc/ABMA", "dice": "64", "play": "13/7", "rules": "standard"}
    body = client.get("/api/trainer/report", params=params).json()
    assert body["explanation"]["rule"] == "R8"
    assert body["text"]["en"].startswith("Nard rules problem report")
    assert "۶ و ۴" in body["text"]["fa"]
    assert client.get(body["link"]).status_code == 200  # the page shell
    bad = client.get("/api/trainer/report", params=params | {"position": "nonsense"})
    assert bad.status_code == 422


def test_rules_pages_are_what_the_docs_make(client: TestClient) -> None:
    for name, html in build(DOCS).items():
        committed = (STATIC / "rules" / name).read_text(encoding="utf-8")
        assert committed == html, f"{name} is stale: python -m nard.server.web.rules_pages docs"
    page = client.get("/static/rules/rules.fa.html").text
    assert '<html lang="fa" dir="rtl">' in page and 'id="r8"' in page and "<script" not in page
    assert ".md" not in page  # links go to the served pages, never to the docs' files
    svg = client.get("/rules/r8.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text == (DOCS / "rules" / "r8.svg").read_text(encoding="utf-8")
    missing = client.get("/rules/r99.svg")
    assert missing.status_code == 404 and missing.json()["code"] == "no_such_diagram"


def test_progress_is_kept_per_player_with_streaks_and_levels(server: Harness) -> None:
    server.guest("ana")
    drill = make_drill(1, Kind.REFUSED, "standard", Level.EASY)
    right = {"rule": drill.refusal().rule.value}
    sent = key(1, Kind.REFUSED, Level.EASY)
    streaks = []
    for _ in range(5):
        answer = server.request("ana", "POST", "/api/trainer/answer", json=sent | right).json()
        streaks.append(answer["progress"]["streak"])
    assert streaks == [1, 2, 3, 4, 5]
    assert answer["progress"]["level_up"] and answer["progress"]["level"] == "medium"
    wrong = server.request("ana", "POST", "/api/trainer/answer", json=sent | {"rule": "R3"}).json()
    assert wrong["progress"] | {"level_up": False} == {
        "kind": "refused",
        "rules": "standard",
        "level": "medium",
        "answered": 6,
        "right": 5,
        "streak": 0,
        "best_streak": 5,
        "level_up": False,
    }
    mine = server.request("ana", "GET", "/api/trainer/progress").json()["data"]
    assert [(item["kind"], item["answered"]) for item in mine] == [("refused", 6)]
    server.guest("bob")
    assert server.request("bob", "GET", "/api/trainer/progress").json()["data"] == []
    # A visitor with no cookie gets a guest, and their answer counts for that guest.
    visitor = server.as_(None).post("/api/trainer/answer", json=sent | right)
    assert "nard_token" in visitor.cookies and visitor.json()["progress"]["answered"] == 1


def test_a_decision_walk_counts_once_at_its_end(server: Harness) -> None:
    server.guest("cy")
    steps = make_drill(2, Kind.DECISION, "standard", Level.HARD).decision()
    for index, step in enumerate(steps):
        sent = key(2, Kind.DECISION, Level.HARD) | {"step": index, "yes": step.yes}
        answer = server.request(
            "cy", "POST", "/api/trainer/answer", json=sent | {"missed_before": True}
        ).json()
        assert ("progress" in answer) == (index == len(steps) - 1)
    assert answer["progress"]["right"] == 0 and answer["progress"]["answered"] == 1
