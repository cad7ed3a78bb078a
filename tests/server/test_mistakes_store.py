"""The mistakes service on the database, with puzzles made by hand (no analysis to
wait for): answers at once are all counted, and the puzzle to practise next."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select, text
from sqlalchemy.orm import Session, sessionmaker

from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.notation import format_play
from nard.core.plays import apply_play, generate_plays
from nard.core.rules import STANDARD
from nard.server.database import Database
from nard.server.trainer.mistakes import MistakesService
from nard.storage.mistake_puzzles import new_row
from nard.storage.models import MistakePuzzle
from nard.storage.players import PlayerRepository
from nard.storage.session import make_engine, make_sessions, migrate
from nard.trainer.mistakes import rules_to_dict
from tests.dbs import database_url
from tests.storage.test_repository import _game

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
BEST = "8/5 6/5"


def _sessions(kind: str, folder: Path) -> Iterator[sessionmaker[Session]]:
    with database_url(kind, folder) as url:
        engine = make_engine(url)
        migrate(engine)
        yield make_sessions(engine)
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def sessions(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[sessionmaker[Session]]:
    yield from _sessions(request.param, tmp_path)


@pytest.fixture
def pg_sessions(tmp_path: Path) -> Iterator[sessionmaker[Session]]:
    """PostgreSQL only: SQLite writes one transaction at a time, there is nothing to race."""
    yield from _sessions("postgresql", tmp_path)


def _ranking(searched: set[str]) -> list[dict[str, object]]:
    """Every legal play of 31 at the start: the best first, each next one 0.05 worse."""
    start = Position.initial()
    plays = sorted(
        (format_play(play), apply_play(start, play).id())
        for play in generate_plays(start, Roll(3, 1), STANDARD)
    )
    plays.sort(key=lambda item: item[0] != BEST)
    return [
        {
            "play": name,
            "position_id": reached,
            "equity": 0.2 - 0.05 * rank,
            "searched": name in searched,
        }
        for rank, (name, reached) in enumerate(plays)
    ]


def _puzzles(
    sessions: sessionmaker[Session], count: int, ranking: list[dict[str, object]] | None = None
) -> tuple[int, list[int]]:
    """A player with ``count`` puzzles of the opening 31, all due at NOW, in id order."""
    ranking = _ranking({BEST}) if ranking is None else ranking
    with sessions() as session:
        player = PlayerRepository(session).create("mia").id
        game = _game(session)
        rows = [
            new_row(
                player_id=player,
                game_id=game,
                game_number=1,
                move=move,
                side="white",
                position_id=Position.initial().id(),
                dice="31",
                rules=rules_to_dict(STANDARD),
                played=ranking[-1]["play"],
                played_equity=ranking[-1]["equity"],
                best=BEST,
                best_equity=0.2,
                mark="blunder",
                tolerance=0.04,
                ranking=ranking,
                box=1,
                due_at=NOW,
            )
            for move in range(1, count + 1)
        ]
        session.add_all(rows)
        session.commit()
        return player, [row.id for row in rows]


def _row(sessions: sessionmaker[Session], puzzle: int) -> MistakePuzzle:
    with sessions() as session:
        row = session.get(MistakePuzzle, puzzle)
        assert row is not None
        return row


def test_two_answers_at_once_both_count(pg_sessions: sessionmaker[Session]) -> None:
    sessions = pg_sessions
    player, (puzzle,) = _puzzles(sessions, 1)
    service = MistakesService(Database(sessions), clock=lambda: NOW)
    with sessions() as holder:
        # The row is held while both answers arrive, so both are in flight at once.
        holder.scalar(select(MistakePuzzle).where(MistakePuzzle.id == puzzle).with_for_update())
        answers = [
            threading.Thread(target=lambda: asyncio.run(service.answer(player, puzzle, BEST)))
            for _ in range(2)
        ]
        for answer in answers:
            answer.start()
        waiting = text(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        deadline = time.monotonic() + 60
        while True:
            with sessions() as look:  # a fresh transaction: pg_stat_activity is a snapshot
                if look.scalar(waiting) == 2:
                    break
            assert time.monotonic() < deadline, "the two answers never waited for the row"
            time.sleep(0.05)
        holder.commit()
    for answer in answers:
        answer.join()
    row = _row(sessions, puzzle)
    assert (row.answered, row.right, row.box) == (2, 2, 2)


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


def test_with_none_due_next_goes_round_the_puzzles(sessions: sessionmaker[Session]) -> None:
    player, (first, second) = _puzzles(sessions, 2)
    clock = Clock()
    service = MistakesService(Database(sessions), clock=clock)

    async def practise() -> list[int]:
        shown = []
        for _ in range(4):
            kept, _ = await service.next(player)
            assert kept is not None
            shown.append(kept.row.id)
            assert (await service.answer(player, kept.row.id, BEST)).answer.right
            clock.now += timedelta(minutes=1)
        return shown

    # Both due: solved in turn (each then due tomorrow); then, with none due,
    # practising early goes round them instead of offering the same one again.
    assert asyncio.run(practise()) == [first, second, first, second]
    assert [_row(sessions, each).box for each in (first, second)] == [2, 2]


def test_a_play_the_deep_search_never_looked_at_is_neither_right_nor_wrong(
    sessions: sessionmaker[Session],
) -> None:
    ranking = _ranking({BEST})
    quick = ranking[1]  # only estimated, and the estimate puts it above the best
    quick["equity"] = 0.25
    far = ranking[2]  # only estimated, and even so it loses too much
    player, (puzzle,) = _puzzles(sessions, 1, ranking)
    service = MistakesService(Database(sessions), clock=lambda: NOW)
    unjudged = asyncio.run(service.answer(player, puzzle, str(quick["play"]))).answer
    assert (unjudged.legal, unjudged.judged, unjudged.right, unjudged.loss) == (
        True,
        False,
        False,
        0.0,
    )
    row = _row(sessions, puzzle)
    assert (row.answered, row.box) == (0, 1)  # not counted either way
    wrong = asyncio.run(service.answer(player, puzzle, str(far["play"]))).answer
    assert (wrong.legal, wrong.judged, wrong.right) == (True, True, False)
    assert wrong.loss == pytest.approx(0.1)
    assert _row(sessions, puzzle).answered == 1


def test_an_answer_that_is_no_ranked_play_says_why_by_a_code(
    sessions: sessionmaker[Session],
) -> None:
    ranking = _ranking({BEST})
    missing = ranking.pop()
    player, (puzzle,) = _puzzles(sessions, 1, ranking)
    service = MistakesService(Database(sessions), clock=lambda: NOW)

    def code(text: str) -> str | None:
        answered = asyncio.run(service.answer(player, puzzle, text)).answer
        assert not answered.legal and answered.error is not None
        return answered.error_code

    assert code(str(missing["play"])) == "not_ranked"
    assert code("99/1") == "unreadable"
    assert _row(sessions, puzzle).answered == 0
