"""The analysis job a ``nard worker`` runs (:mod:`nard.server.analysis.job`),
called directly on a migrated database: it writes the row and publishes its
messages, and a newer analysis of the game stops it."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

from nard.core.board import Side
from nard.core.dice import Roll
from nard.core.plays import Play, Step
from nard.match.actions import MakePlay, OpeningRoll, RollDice
from nard.match.record import MatchRecord
from nard.server.analysis.job import run
from nard.storage.analyses import AnalysisRepository
from nard.storage.models import Analysis
from nard.storage.session import make_engine, make_sessions, migrate
from tests.storage.test_repository import _game

RECORD = MatchRecord(
    actions=(
        OpeningRoll(white=3, black=1),
        MakePlay(Side.WHITE, Play((Step(8, 5), Step(6, 5)))),
        RollDice(Side.BLACK, Roll(6, 5)),
        MakePlay(Side.BLACK, Play((Step(24, 18), Step(18, 13)))),
    )
)


@pytest.fixture
def sessions(tmp_path: Path) -> Iterator[sessionmaker[Session]]:
    engine = make_engine(f"sqlite:///{tmp_path / 'nard.sqlite3'}")
    migrate(engine)
    yield make_sessions(engine)
    engine.dispose()


def _begin(sessions: sessionmaker[Session], game: int, seq: int) -> tuple[int, int]:
    """What the instance does to ask for an analysis: the row and its attempt."""
    with sessions() as session:
        analyses = AnalysisRepository(session)
        analyses.replace_running(game, seq)
        row = analyses.begin(game, seq)
        session.commit()
        return row.id, row.attempt


def _row(sessions: sessionmaker[Session], analysis_id: int) -> Analysis:
    with sessions() as session:
        row = session.get(Analysis, analysis_id)
        assert row is not None
        return row


def test_the_job_writes_the_result_and_publishes_its_progress(
    sessions: sessionmaker[Session],
) -> None:
    with sessions() as session:
        game = _game(session)
    analysis, attempt = _begin(sessions, game, 4)
    published: list[dict[str, object]] = []
    status = run(
        sessions, analysis, attempt, RECORD, 0, lambda text: published.append(json.loads(text))
    )
    assert status == "done"
    row = _row(sessions, analysis)
    assert row.status == "done" and row.result is not None and row.done == row.total > 0
    assert [m["status"] for m in published[:-1]] == ["running"] * (len(published) - 1)
    assert published[-1]["status"] == "done" and published[-1]["result"] == row.result
    assert all(m["type"] == "analysis" and m["seq"] == 4 for m in published)


def test_a_newer_analysis_stops_the_job_and_keeps_its_reason(
    sessions: sessionmaker[Session],
) -> None:
    with sessions() as session:
        game = _game(session)
    first, attempt = _begin(sessions, game, 4)
    published: list[str] = []

    def replace_on_first_message(text: str) -> None:
        if not published:  # a request for the game at a later action, mid-run
            _begin(sessions, game, 6)
        published.append(text)

    assert run(sessions, first, attempt, RECORD, 0, replace_on_first_message) == "stopped"
    row = _row(sessions, first)
    assert (row.status, row.error, row.result) == ("failed", "replaced by a newer analysis", None)
    # A job taken from the queue after its replacement does not start.
    replaced, attempt = _begin(sessions, game, 8)
    _begin(sessions, game, 9)  # while the job for action 8 waited on the queue
    published.clear()
    assert run(sessions, replaced, attempt, RECORD, 0, published.append) == "stopped"
    assert published == [] and _row(sessions, replaced).status == "failed"


def test_a_row_missing_from_the_workers_database_fails_the_job(
    sessions: sessionmaker[Session],
) -> None:
    with pytest.raises(LookupError, match="not in this worker's database"):
        run(sessions, 12345, 1, RECORD, 0, lambda text: None)


def test_a_row_queued_twice_is_analysed_by_one_job(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        game = _game(session)
    # Asked for, then asked again at the same action: two jobs on the queue for one row.
    first, old = _begin(sessions, game, 4)
    again, attempt = _begin(sessions, game, 4)
    assert again == first and attempt == old + 1
    runs: list[tuple[int, str, int]] = []

    def job(taken: int) -> None:
        published: list[str] = []
        status = run(sessions, first, taken, RECORD, 0, published.append)
        runs.append((taken, status, len(published)))

    # The old attempt's job, and the new one's taken twice (a job run again by RQ).
    workers = [threading.Thread(target=job, args=(each,)) for each in (old, attempt, attempt)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    stopped = sorted(taken for taken, status, published in runs if status == "stopped")
    assert stopped == [old, attempt]  # neither claimed the row, nor published a word
    assert [published for _, status, published in runs if status == "stopped"] == [0, 0]
    row = _row(sessions, first)
    assert (row.status, row.attempt) == ("done", attempt) and row.result is not None
