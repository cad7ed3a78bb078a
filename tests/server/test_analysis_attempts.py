"""An analysis asked for again while it waits for its turn (the analysis thread, or a
worker on the job queue): it is neither lost nor run twice, and a replaced attempt
never writes into the row started again (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest
from sqlalchemy import update
from sqlalchemy.orm import Session, sessionmaker

from nard.server.analysis.service import ABANDONED_AFTER_S, AnalysisService
from nard.server.database import Database
from nard.server.games.live import LiveGame
from nard.server.ports.local.bus import InProcessBus
from nard.server.ports.local.jobs import InProcessJobs
from nard.server.ports.redis.jobs import JobQueue, analysis_queue
from nard.storage.models import Analysis
from nard.storage.session import make_engine, make_sessions, migrate
from tests.dbs import database_url
from tests.server.own_redis import reachable
from tests.server.test_analysis_job import RECORD
from tests.storage.test_repository import _game

REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture(params=["sqlite", "postgresql"])
def sessions(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[sessionmaker[Session]]:
    with database_url(request.param, tmp_path) as url:
        engine = make_engine(url)
        migrate(engine)
        yield make_sessions(engine)
        engine.dispose()


def _live(sessions: sessionmaker[Session]) -> LiveGame:
    with sessions() as session:
        game = _game(session)
    return cast(LiveGame, SimpleNamespace(setup=SimpleNamespace(id=game), public_id=f"g{game}"))


def _age(sessions: sessionmaker[Session]) -> None:
    """As if the running analysis had been quiet for longer than ABANDONED_AFTER_S."""
    past = datetime.now(UTC) - timedelta(seconds=ABANDONED_AFTER_S + 80)
    with sessions() as session:
        session.execute(update(Analysis).values(updated_at=past))
        session.commit()


def _row(sessions: sessionmaker[Session]) -> Analysis:
    with sessions() as session:
        return session.query(Analysis).one()


async def _settle(service: AnalysisService) -> None:
    while service._tasks:
        await asyncio.gather(*list(service._tasks), return_exceptions=True)


def test_asked_again_while_waiting_for_the_thread_it_keeps_its_result(
    sessions: sessionmaker[Session],
) -> None:
    async def main() -> None:
        live = _live(sessions)
        service = AnalysisService(Database(sessions), InProcessBus(), InProcessJobs(0), workers=1)
        turn = threading.Event()
        service._executor.submit(turn.wait)  # the one analysis thread is busy elsewhere
        try:
            assert (await service.start(live, RECORD, 4)).status == "running"
            _age(sessions)
            again = await service.start(live, RECORD, 4)
            assert again.status == "running"
            assert _row(sessions).attempt == 1  # still waiting its turn: not started over
            turn.set()
            await _settle(service)
        finally:
            turn.set()
            await service.close()
        row = _row(sessions)
        assert (row.status, row.error) == ("done", None) and row.result is not None

    asyncio.run(main())


def test_a_replaced_attempt_never_writes_into_the_row_started_again(
    sessions: sessionmaker[Session],
) -> None:
    async def main() -> None:
        live = _live(sessions)
        # Two processes: the first's analysis waits for its thread, and the game's
        # next request goes to the second, which finds it quiet and starts it over.
        first = AnalysisService(Database(sessions), InProcessBus(), InProcessJobs(0), workers=1)
        second = AnalysisService(Database(sessions), InProcessBus(), InProcessJobs(0), workers=1)
        first_turn, second_turn = threading.Event(), threading.Event()
        first._executor.submit(first_turn.wait)
        second._executor.submit(second_turn.wait)
        try:
            await first.start(live, RECORD, 4)
            _age(sessions)
            await second.start(live, RECORD, 4)
            assert _row(sessions).attempt == 2
            first_turn.set()  # the replaced attempt's turn comes first: it does not start
            await _settle(first)
            waiting = _row(sessions)
            assert (waiting.status, waiting.done, waiting.started_at) == ("running", 0, None)
            second_turn.set()
            await _settle(second)
        finally:
            first_turn.set()
            second_turn.set()
            await first.close()
            await second.close()
        done = _row(sessions)
        assert (done.status, done.error, done.attempt) == ("done", None, 2)
        assert done.result is not None

    asyncio.run(main())


@pytest.mark.skipif(not reachable(6379), reason="Redis at 127.0.0.1:6379 is down")
def test_an_analysis_waiting_on_the_queue_is_not_queued_twice(
    sessions: sessionmaker[Session],
) -> None:
    from redis import Redis
    from rq import Queue

    name = f"nard-test-{secrets.token_hex(4)}"
    waiting = Queue(analysis_queue(name), connection=Redis.from_url(REDIS))

    async def main() -> None:
        live = _live(sessions)
        service = AnalysisService(
            Database(sessions), InProcessBus(), JobQueue(REDIS, name), workers=1
        )
        try:
            await service.start(live, RECORD, 4)
            _age(sessions)  # no worker took it for minutes: it still waits its turn
            await service.start(live, RECORD, 4)
            assert (waiting.count, _row(sessions).attempt) == (1, 1)
            # A job lost from the queue (Redis emptied) does not hold the row forever.
            waiting.empty()  # type: ignore[no-untyped-call]
            _age(sessions)
            await service.start(live, RECORD, 4)
            row = _row(sessions)
            assert (row.status, row.attempt, row.started_at) == ("running", 2, None)
            assert [job.args[:2] for job in waiting.get_jobs()] == [(row.id, 2)]
        finally:
            await service.close()
            waiting.delete(delete_jobs=True)

    asyncio.run(main())
