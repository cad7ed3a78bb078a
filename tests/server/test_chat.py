"""Chat over the game's socket: both players, spectators apart until the end, limits."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.server.conftest import Harness, Socket


def _friend_game(server: Harness) -> tuple[str, str]:
    game = server.new_game("ana", mode="friend", side="white", length=1)
    server.guest("bob")
    invite = game["invite_url"].rsplit("/", 1)[1]
    assert server.request("bob", "POST", f"/api/invites/{invite}").status_code == 200
    watch = game["watch_url"].split("token=", 1)[1]
    return str(game["id"]), watch


def _say(socket: Socket, **line: str) -> dict[str, object]:
    message_id = socket.send({"type": "chat", **line})
    while True:
        answer = socket.recv()
        if answer["type"] == "chat" or (
            answer["type"] == "error" and answer["id"] in (message_id, None)
        ):
            return answer


def test_players_chat_both_ways_with_text_and_stock_phrases(server: Harness) -> None:
    server.guest("ana")
    game_id, _ = _friend_game(server)
    with server.socket("ana", game_id) as ana, server.socket("bob", game_id) as bob:
        sent = _say(ana, text="  <b>salaam</b> ")
        heard = bob.until("chat")
        assert sent == heard
        assert heard["line"]["text"] == "<b>salaam</b>"  # kept as text; the page escapes it
        assert heard["line"]["side"] == "white" and heard["line"]["name"] == "ana"
        _say(bob, phrase="good_game")
        assert ana.until("chat")["line"]["phrase"] == "good_game"
    history = server.request("ana", "GET", f"/api/games/{game_id}/chat").json()
    assert [line["text"] or line["phrase"] for line in history["data"]] == [
        "<b>salaam</b>",
        "good_game",
    ]


@pytest.mark.parametrize(
    "line",
    [{"text": "x" * 301}, {"text": "   "}, {"phrase": "rude"}, {"text": "a", "phrase": "gg"}],
)
def test_bad_lines_are_refused_and_nothing_is_kept(server: Harness, line: dict[str, str]) -> None:
    server.guest("ana")
    game_id, _ = _friend_game(server)
    with server.socket("ana", game_id) as ana:
        answer = _say(ana, **line)
        assert answer["type"] == "error" and answer["code"] == "invalid"
    assert server.request("ana", "GET", f"/api/games/{game_id}/chat").json()["count"] == 0


HIDDEN = [
    "a\x00b",
    "a\x00b\u202e",
    "two\nlines",
    "bell\x07",
    "\u202eright-to-left override",
    "isolate\u2066x\u2069",
    "zero\u200bwidth",
    "line\u2028separator",
    "private\ue000use",
    "unassigned\U000e0080",
]


@pytest.mark.parametrize("text", HIDDEN, ids=[f"{t!r}"[:24] for t in HIDDEN])
def test_control_and_invisible_characters_are_refused_precisely(server: Harness, text: str) -> None:
    server.guest("ana")
    game_id, _ = _friend_game(server)
    with server.socket("ana", game_id) as ana:
        answer = _say(ana, text=text)
        assert answer["type"] == "error" and answer["code"] == "invalid", answer
        assert "a chat line cannot contain" in answer["message"]  # type: ignore[operator]
        assert "U+" in answer["message"] and answer["message_fa"]  # type: ignore[operator]
        assert text.strip() not in answer["message"]  # type: ignore[operator]
        ana.send({"type": "ping"})
        assert ana.until("pong")["type"] == "pong"  # the socket stays open
        assert _say(ana, text="می\u200cخواهم بازی کنم")["type"] == "chat"  # ZWNJ is Persian
    lines = server.request("ana", "GET", f"/api/games/{game_id}/chat").json()["data"]
    assert [line["text"] for line in lines] == ["می\u200cخواهم بازی کنم"]


def test_chat_is_rate_limited(server: Harness) -> None:
    server.guest("ana")
    game_id, _ = _friend_game(server)
    with server.socket("ana", game_id) as ana:
        answers = [_say(ana, phrase="hello")["type"] for _ in range(7)]
        assert answers[:5] == ["chat"] * 5 and "error" in answers[5:]
    assert server.request("ana", "GET", f"/api/games/{game_id}/chat").json()["count"] < 7


def say_text(socket: Socket, text: str) -> dict[str, object]:
    """Say ``text``; the answer: its own line heard back, or the error that refused it.

    Unlike :func:`_say`, lines said on another socket of the game are passed over."""
    message_id = socket.send({"type": "chat", "text": text})
    while True:
        answer = socket.recv()
        if answer["type"] == "chat" and answer["line"]["text"] == text:
            return answer
        if answer["type"] == "error" and answer["id"] == message_id:
            return answer


def test_the_chat_limit_is_the_players_in_the_game_whatever_its_sockets(
    server: Harness,
) -> None:
    server.guest("ana")
    game_id, _ = _friend_game(server)
    with server.socket("ana", game_id) as first, server.socket("ana", game_id) as second:
        answers = [say_text(socket, f"line {n}") for n, socket in enumerate([first, second] * 3)]
        assert [a["type"] for a in answers] == ["chat"] * 5 + ["error"]
        assert answers[-1]["code"] == "rate_limited"
    with server.socket("ana", game_id) as again:  # a reconnection starts no new count
        refused = say_text(again, "once more")
        assert refused["type"] == "error" and refused["code"] == "rate_limited"
        again.send({"type": "ping"})
        assert again.until("pong")["type"] == "pong"
    with server.socket("bob", game_id) as bob:  # another player counts on his own
        assert say_text(bob, "hi ana")["type"] == "chat"
    assert server.request("ana", "GET", f"/api/games/{game_id}/chat").json()["count"] == 6


def test_spectators_chat_reaches_players_only_after_the_match(server: Harness) -> None:
    server.guest("ana")
    game_id, watch = _friend_game(server)
    server.guest("cy")
    with (
        server.socket("ana", game_id) as ana,
        server.socket("cy", game_id, f"watch={watch}") as cy,
    ):
        assert _say(cy, text="go ana")["line"]["room"] == "spectators"  # type: ignore[index]
        _say(ana, phrase="thanks")
        assert cy.until("chat")["line"]["phrase"] == "thanks"  # spectators hear the players
        assert ana.received[-1]["type"] == "chat" and ana.received[-1]["line"]["side"] == "white"
    before = server.request("ana", "GET", f"/api/games/{game_id}/chat").json()
    assert [line["room"] for line in before["data"]] == ["players"]
    spectator = server.request("cy", "GET", f"/api/games/{game_id}/chat?watch={watch}").json()
    assert [line["room"] for line in spectator["data"]] == ["spectators", "players"]
    resign_the_match(server, game_id)
    after = server.request("ana", "GET", f"/api/games/{game_id}/chat").json()
    assert [line["room"] for line in after["data"]] == ["spectators", "players"]
    assert after["data"][0]["text"] == "go ana"


def resign_the_match(server: Harness, game_id: str) -> None:
    """Play to the point of a resignation and accept it: the 1-point match is over."""
    with server.socket("ana", game_id) as ana, server.socket("bob", game_id) as bob:
        while ana.state["game"]["phase"] == "opening":
            assert ana.act("roll")["type"] == "ack"
        while bob.seq < ana.seq:
            bob.recv()
        mover, other = (ana, bob) if ana.state["game"]["turn"] == "white" else (bob, ana)
        assert mover.act("resign")["type"] == "ack"
        while other.seq < mover.seq:
            other.recv()
        assert other.act("accept_resignation")["type"] == "ack"
        assert other.game["status"] == "finished"


def test_a_spectator_not_signed_in_is_told_in_both_languages_how_to_chat(
    server: Harness,
) -> None:
    server.guest("ana")
    game_id, watch = _friend_game(server)
    with server.socket(None, game_id, f"watch={watch}") as stranger:
        answer = _say(stranger, text="salaam")
        assert answer["type"] == "error" and answer["code"] == "no_player"
        english, persian = str(answer["message"]), str(answer["message_fa"])
        assert "chat" in english and "guest" in english and "log in" in english
        assert "گفت‌وگو" in persian and "مهمان" in persian
        assert not any("a" <= letter.lower() <= "z" for letter in persian)
    assert server.request("ana", "GET", f"/api/games/{game_id}/chat").json()["count"] == 0


def test_the_history_comes_a_page_at_a_time_newest_first(
    server_factory: Callable[..., Harness],
) -> None:
    server = server_factory(chat_per_player=100)
    server.guest("ana")
    game_id, _ = _friend_game(server)
    with server.socket("ana", game_id) as ana:
        for n in range(7):
            assert _say(ana, text=f"line {n}")["type"] == "chat"
    url = f"/api/games/{game_id}/chat"
    whole = server.request("ana", "GET", url).json()
    assert [line["text"] for line in whole["data"]] == [f"line {n}" for n in range(7)]
    assert whole["before"] is None
    newest = server.request("ana", "GET", f"{url}?limit=3").json()
    assert [line["text"] for line in newest["data"]] == ["line 4", "line 5", "line 6"]
    middle = server.request("ana", "GET", f"{url}?limit=3&before={newest['before']}").json()
    assert [line["text"] for line in middle["data"]] == ["line 1", "line 2", "line 3"]
    oldest = server.request("ana", "GET", f"{url}?limit=3&before={middle['before']}").json()
    assert [line["text"] for line in oldest["data"]] == ["line 0"] and oldest["before"] is None
    for bad in ("limit=0", "limit=101", "before=0", "before=x"):
        refused = server.request("ana", "GET", f"{url}?{bad}")
        assert refused.status_code == 422 and refused.json()["code"] == "invalid", bad


def test_a_rooms_chat_holds_at_most_so_many_lines_then_refuses_in_both_languages(
    server_factory: Callable[..., Harness],
) -> None:
    server = server_factory(chat_per_player=100, chat_lines_per_game=4)
    server.guest("ana")
    game_id, watch = _friend_game(server)
    server.guest("cy")
    with server.socket("ana", game_id) as ana, server.socket("bob", game_id) as bob:
        for n in range(4):
            assert say_text((ana, bob)[n % 2], f"line {n}")["type"] == "chat"
        full = say_text(ana, "one more")
        assert full["type"] == "error" and full["code"] == "chat_full"
        assert "4" in str(full["message"]) and "۴" in str(full["message_fa"])
        assert say_text(bob, "and another")["code"] == "chat_full"
    # The spectators' room is its own: the players' full chat does not silence it.
    with server.socket("cy", game_id, f"watch={watch}") as cy:
        assert say_text(cy, "hello from the stands")["type"] == "chat"
    lines = server.request("ana", "GET", f"/api/games/{game_id}/chat").json()["data"]
    assert [line["text"] for line in lines] == [f"line {n}" for n in range(4)]
