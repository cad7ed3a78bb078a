"""The edge (issue 12): request bodies, error bodies, tokens, origins and headers.

Each attack gets its documented answer, nothing it sent is repeated back, and
another player is served normally right after it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.server.conftest import Harness


def _still_serves_others(server: Harness) -> None:
    game = server.new_game("bystander", mode="hotseat")
    assert server.request("bystander", "GET", f"/api/games/{game['id']}").status_code == 200


def test_a_body_over_the_limit_is_refused_before_it_is_parsed(server: Harness) -> None:
    huge = "{" + ",".join(f'"k{n}": 0' for n in range(1_000_000)) + "}"
    response = server.request(
        None,
        "POST",
        "/api/players/guest",
        content=huge,
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413
    assert response.json()["code"] == "too_large" and response.json()["message_fa"]
    assert len(response.content) < 1000 and "k99" not in response.text
    _still_serves_others(server)


def test_a_chunked_body_is_counted_as_it_arrives_not_by_its_content_length(
    server: Harness,
) -> None:
    def chunks() -> Any:
        for _ in range(200):
            yield b"x" * 1024  # no Content-Length: sent chunked

    response = server.request(
        None,
        "POST",
        "/api/players/guest",
        content=chunks(),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413 and response.json()["code"] == "too_large"
    _still_serves_others(server)


def test_a_huge_name_is_refused_without_being_echoed(server: Harness) -> None:
    name = "ذ" * 20_000  # 40 kB: under the body limit, over the name's
    response = server.request(None, "POST", "/api/players/guest", json={"display_name": name})
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "invalid" and body["detail"][0]["loc"] == ["body", "display_name"]
    assert "ذذ" not in response.text and "input" not in body["detail"][0]
    _still_serves_others(server)


@pytest.mark.parametrize("player_id", ["0", "-1", "2147483648", "99999999999999999999"])
def test_a_profile_id_no_row_can_have_is_not_found(server: Harness, player_id: str) -> None:
    # The fuzz found 20 digits answered 500: SQLite cannot even bind the number.
    answer = server.request(None, "GET", f"/api/players/{player_id}/profile")
    assert answer.status_code == 404 and answer.json()["code"] == "no_such_player"
    _still_serves_others(server)


def test_many_wrong_fields_give_a_short_answer(server: Harness) -> None:
    body = {f"field_{n}": n for n in range(3000)}
    response = server.request(None, "POST", "/api/players/guest", json=body)
    assert response.status_code == 422
    answer = response.json()
    assert answer["errors"] == 3000 and len(answer["detail"]) == 10
    assert len(response.content) < 4000


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
@pytest.mark.parametrize(
    ("path", "template"),
    [
        ("/api/players/guest", '{{"display_name": {}}}'),
        ("/api/games", '{{"mode": "bot", "length": {}}}'),
        ("/api/accounts/login", '{{"username": "someone", "password": {}}}'),
    ],
)
def test_nan_and_infinity_in_json_are_a_422(
    server: Harness, literal: str, path: str, template: str
) -> None:
    response = server.request(
        "nan",
        "POST",
        path,
        content=template.format(literal),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "invalid"


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
@pytest.mark.parametrize("field", ["min_rating", "max_rating"])
def test_nan_and_infinity_in_a_lobby_challenge_are_a_422(
    server: Harness, literal: str, field: str
) -> None:
    server.guest("host")
    response = server.request(
        "host",
        "POST",
        "/api/lobby/challenges",
        content=f'{{"length": 3, "rated": false, "{field}": {literal}}}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "invalid"
    lobby = server.request("host", "POST", "/api/lobby/challenges", json={"rated": False})
    assert lobby.status_code == 201, lobby.text  # the lobby still takes challenges
    _still_serves_others(server)


def test_malformed_json_is_a_422_with_code_bad_json(server: Harness) -> None:
    response = server.request(
        None,
        "POST",
        "/api/games",
        content=b'{"mode": "bot",',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422 and response.json()["code"] == "bad_json"


@pytest.mark.parametrize("watch", ["é", "%00", "a" * 500, "x y", "ﷺ"])
def test_odd_watch_tokens_and_ids_are_not_found_on_every_endpoint(
    server: Harness, watch: str
) -> None:
    game = server.new_game("owner", mode="hotseat")
    for path in (
        f"/api/games/{game['id']}",
        f"/api/games/{game['id']}/record.json",
        f"/api/games/{game['id']}/record.mat",
        f"/api/games/{game['id']}/fair-dice",
        f"/api/games/{game['id']}/analysis",
    ):
        response = server.request("stranger", "GET", path, params={"watch": watch})
        assert response.status_code == 404, (path, response.status_code)
    for odd_id in ("é", "%00", "a" * 300):
        response = server.request("stranger", "GET", f"/api/games/{odd_id}")
        assert response.status_code == 404
        assert server.request("stranger", "POST", f"/api/invites/{odd_id}").status_code == 404
    server.guest("stranger")
    hint = server.request(
        "stranger",
        "POST",
        f"/api/games/{game['id']}/hint",
        params={"watch": watch},
        json={"seq": 0},
    )
    assert hint.status_code == 404
    with (
        pytest.raises(Exception) as closed,
        server.client.websocket_connect(f"/ws/games/{game['id']}?watch={watch}"),
    ):
        pass
    assert getattr(closed.value, "code", None) == 4403
    _still_serves_others(server)


def test_cross_site_writes_are_refused_same_site_ones_pass(server: Harness) -> None:
    server.guest("victim")
    foreign = server.request(
        "victim", "POST", "/api/accounts/logout", headers={"origin": "https://evil.example"}
    )
    assert foreign.status_code == 403 and foreign.json()["code"] == "foreign_origin"
    marked = server.request(
        "victim",
        "POST",
        "/api/games",
        json={"mode": "hotseat"},
        headers={"sec-fetch-site": "cross-site"},
    )
    assert marked.status_code == 403
    assert server.request("victim", "GET", "/api/players/me").status_code == 200  # still logged in
    own = server.request(
        "victim",
        "POST",
        "/api/games",
        json={"mode": "hotseat"},
        headers={"origin": "http://testserver"},
    )
    assert own.status_code == 201


def test_security_headers_on_pages_and_api(server: Harness) -> None:
    for path in ("/", "/static/js/app.js", "/api/health", "/api/games/nothing"):
        response = server.client.get(path)
        policy = response.headers["content-security-policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "same-origin"
    docs = server.client.get("/docs")
    assert (
        docs.status_code == 200
        and "frame-ancestors 'none'" in docs.headers["content-security-policy"]
    )


def test_the_shell_has_no_inline_script_or_handler(server: Harness) -> None:
    html = server.client.get("/").text
    assert "<script>" not in html and " on" not in html.replace(" one", "")
    for script in ("/static/js/app.js",):
        assert server.client.get(script).status_code == 200
    assert json.loads(json.dumps(server.client.get("/api/health").json())) == {"status": "ok"}
