"""Display names (issue 12): one check wherever a name comes in, and exported files
that no name can add lines to."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from sqlalchemy import update

from nard.match.matfile import parse_mat
from nard.storage.models import Player
from nard.storage.session import make_engine, make_sessions
from tests.server.conftest import Harness

HOSTILE = [
    "nul\x00byte",
    "two\nlines",
    "carriage\rreturn",
    "tab\there",
    "\u202eright-to-left override",
    "isolate\u2066x\u2069",
    "line\u2028separator",
    "zero\u200bwidth",
    "private\ue000use",
    "\u200c\u200c",  # only joiners: nothing to read
    "x" * 41,
    "   ",
    # Names the server gives, which pages translate: nobody may pass for the computer or a guest.
    "Bot (expert)",
    "Computer (world_class)",
    "رایانه (استاد)",
    "Guest 1234",
    "مهمان ۱۲۳۴",
]


def _entries(server: Harness, name: str) -> list[tuple[str, Any]]:
    username = f"u{secrets.token_hex(5)}"
    server.guest("someone")
    return [
        ("guest", server.request(None, "POST", "/api/players/guest", json={"display_name": name})),
        (
            "rename",
            server.request("someone", "PATCH", "/api/players/me", json={"display_name": name}),
        ),
        (
            "register",
            server.request(
                None,
                "POST",
                "/api/accounts",
                json={"username": username, "password": "long enough pw", "display_name": name},
            ),
        ),
    ]


@pytest.mark.parametrize("name", HOSTILE, ids=[f"{n!r}"[:30] for n in HOSTILE])
def test_hostile_names_are_refused_everywhere_names_come_in(server: Harness, name: str) -> None:
    for where, response in _entries(server, name):
        assert response.status_code == 422, (where, response.status_code, response.text)
        body = response.json()
        assert body["code"] == "invalid" and body["detail"][0]["loc"][-1] == "display_name"
        assert name.strip() not in response.text or not name.strip()
    assert server.request("someone", "GET", "/api/players/me").json()["display_name"] == "someone"


@pytest.mark.parametrize(
    ("name", "kept"),
    [
        ("  Shirin   Jan ", "Shirin Jan"),
        ("می\u200cخواهم", "می\u200cخواهم"),
        ("<b>bold</b> & 'quotes'", "<b>bold</b> & 'quotes'"),
        ("😀\u200d", "😀\u200d"),
    ],
)
def test_real_names_pass_unchanged_but_for_spaces(server: Harness, name: str, kept: str) -> None:
    response = server.request(None, "POST", "/api/players/guest", json={"display_name": name})
    assert response.status_code == 201 and response.json()["display_name"] == kept


def test_a_stored_name_cannot_forge_lines_of_the_mat_file(server: Harness, db_url: str) -> None:
    """A name stored before names were checked still comes out on one line."""
    game = server.new_game("forger", mode="hotseat", length=3)
    me = server.request("forger", "GET", "/api/players/me").json()
    forged = "Eve : 0\n\n 1 point match\n Game 9\r\u2028x\u202e"
    engine = make_engine(db_url)
    try:
        with make_sessions(engine)() as session:
            session.execute(update(Player).where(Player.id == me["id"]).values(display_name=forged))
            session.commit()
    finally:
        engine.dispose()
    game = server.new_game("forger", mode="hotseat", length=3)  # read with the stored name
    text = server.request("forger", "GET", f"/api/games/{game['id']}/record.mat").text
    lines = text.splitlines()
    assert [line for line in lines if line.strip().endswith("point match")] == [" 3 point match"]
    assert not any(line.strip().startswith("Game 9") for line in lines)
    assert any(line.startswith('; [Player 1 "Eve : 0\ufffd\ufffd 1 point match') for line in lines)
    parsed = parse_mat(text)
    assert parsed.length == 3 and len(parsed.games) <= 1
    assert "\u202e" not in text and "\r" not in text and "\u2028" not in text
