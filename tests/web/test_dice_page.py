"""The public dice statistics page, in English and Persian, after some finished games."""

from __future__ import annotations

import json
from typing import Any

import httpx
from websockets.sync.client import connect

from tests.web.driver import open_page
from tests.web.test_web_app import new_page


def _finish_hotseat_game(server: str) -> int:
    """A hot-seat money game: the opening roll, then a resignation accepted; its rolls."""
    with httpx.Client(base_url=server) as http:
        http.post("/api/players/guest", json={"display_name": "stats"})
        game = http.post("/api/games", json={"mode": "hotseat", "length": None}).json()
        token = http.cookies["nard_token"]
        url = server.replace("http", "ws") + f"/ws/games/{game['id']}"
        with connect(url, additional_headers={"Cookie": f"nard_token={token}"}) as ws:
            current: dict[str, Any] = {}
            seq = 0

            def send(**message: Any) -> None:
                nonlocal current, seq
                ws.send(json.dumps({**message, "seq": seq, "id": seq + 1}))
                acked = None
                while acked is None or seq < acked:
                    # The ack may come before the update it acknowledges (the fan-out).
                    answer = json.loads(ws.recv(timeout=10))
                    if answer["type"] in ("state", "update") and "game" in answer:
                        current = {**current, **answer["game"]}
                        seq = current["seq"]
                    if answer["type"] == "ack":
                        acked = answer["seq"]
                    assert answer["type"] != "error", answer
                assert seq == acked

            while json.loads(ws.recv(timeout=10))["type"] != "state":
                pass
            send(type="roll")
            while current["state"]["game"]["phase"] == "opening":
                send(type="roll")
            to_act = current["state"]["game"]["to_act"]
            send(type="resign", side=to_act)
            send(type="accept_resignation", side="black" if to_act == "white" else "white")
            assert current["status"] == "finished"
            return int(current["seq"]) - 2  # every action but the two about resigning rolled


def test_dice_statistics_page_in_english_and_persian(
    context_factory: Any, server: str, page_errors: list[str]
) -> None:
    rolls = sum(_finish_hotseat_game(server) for _ in range(2))
    stats = httpx.get(f"{server}/api/dice-stats").json()
    assert stats["all"]["rolls"] >= rolls and stats["mine"] is None
    page = new_page(context_factory("en"), page_errors)
    open_page(page, f"{server}/dice")
    card = page.locator(".dice-card").first
    assert card.locator("tr[data-face]").count() == 6
    assert f"{stats['all']['rolls']} rolls" in card.locator(".dice-rolls").inner_text()
    assert "p-value" in card.inner_text()
    persian = new_page(context_factory("fa"), page_errors)
    open_page(persian, f"{server}/dice")
    text = persian.locator(".dice-card").first.inner_text()
    assert "آمار تاس‌ها" in persian.locator("h1").inner_text()
    assert "پرتاب" in text and not any(digit in text for digit in "0123456789")
    assert not page_errors
