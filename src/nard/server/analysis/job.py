"""An analysis as a job on ``nard worker`` (with ``NARD_JOBS_QUEUE`` set).

The design keeps one source of truth, the analysis's database row, and no
waiting in the web process:

* the instance asked for an analysis writes its running row (as without a
  queue) and puts :func:`analyse` on the analysis queue (:mod:`nard.server.ports.redis.jobs`),
  then answers; it neither waits for the job nor polls it;
* each start of a row is a new attempt, and the job carries its attempt: the
  worker first claims the row for it (one conditional UPDATE), so a job whose
  attempt is no longer the row's, or a job taken twice, does not run, and its
  writes are refused if it was replaced while running;
* the worker runs the engine, writes the progress into the row every
  :data:`SAVE_EVERY_S` and the result or the error at the end, and publishes
  each ``analysis`` message on the game's bus channel (Redis pub/sub), so the
  sockets of every instance receive them, whichever instance took the request
  and even if it has stopped since; a GET on any instance reads the row;
* a newer analysis of the same game fails the older running row ("replaced by
  a newer analysis") as it begins; the worker's next progress write finds its
  row no longer running and stops, and a job taken from the queue after that
  does not start;
* a worker that dies stops writing progress, so its claimed row goes stale and
  counts as abandoned after ``ABANDONED_AFTER_S``: the next request starts it
  again, as when a web process running it in a thread dies. A row whose job
  still waits on the queue is not abandoned however long it waits (the instance
  asks the queue), so asking again does not queue the analysis twice.

The worker reads its database from its own ``NARD_DATABASE_URL`` (the
deployment's shared environment file), never from the job, so no password
passes through Redis.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache

from sqlalchemy.orm import Session, sessionmaker

from nard.ai.analysis import analyse_record
from nard.ai.progress import AnalysisProgress, CancelToken
from nard.match.record import MatchRecord
from nard.server.ports import game_channel
from nard.server.protocol.http import AnalysisPublic
from nard.server.protocol.server import AnalysisMessage
from nard.storage.analyses import AnalysisRepository
from nard.storage.models import Analysis

SAVE_EVERY_S = 0.5
"""How often the progress of a running analysis is written to the database."""

Publish = Callable[[str], None]


def as_public(row: Analysis) -> AnalysisPublic:
    """What the API and the sockets show of an analysis row."""
    done = row.status == "done"
    progress = 1.0 if done else row.done / row.total if row.total else 0.0
    return AnalysisPublic.model_validate(
        {
            "status": row.status,
            "seq": row.seq,
            "done": row.done,
            "total": row.total,
            "progress": progress,
            "error": row.error,
            "result": row.result,
            "analysis": row.result,
        }
    )


def message(row: Analysis) -> str:
    """The row as an ``analysis`` socket message."""
    return AnalysisMessage(**as_public(row).model_dump()).model_dump_json()


def analyse(
    analysis_id: int, attempt: int, game: str, record: MatchRecord, plies: int, prefix: str
) -> str:
    """The job: analyse ``record`` into row ``analysis_id`` of game ``game`` (in a worker),
    as the row's ``attempt``.

    ``prefix`` is the instances' bus prefix (``NARD_REDIS_PREFIX``). Returns
    the row's final status, or ``stopped`` when the attempt was replaced, or
    claimed by another job.
    """
    from rq import get_current_job

    from nard.server.config import Settings

    job = get_current_job()
    if job is None:
        raise RuntimeError("analyse runs as an RQ job on nard worker")
    connection = job.connection
    channel = game_channel(prefix, game)

    def publish(text: str) -> None:
        connection.publish(channel, text)

    return run(_sessions(Settings().database_url), analysis_id, attempt, record, plies, publish)


@cache
def _sessions(url: str) -> sessionmaker[Session]:
    from nard.storage.session import make_engine, make_sessions

    return make_sessions(make_engine(url, pool_size=2))


def run(
    sessions: sessionmaker[Session],
    analysis_id: int,
    attempt: int,
    record: MatchRecord,
    plies: int,
    publish: Publish,
) -> str:
    """Analyse into the row, publishing its messages (see :func:`analyse`)."""

    def note(done: int, total: int) -> bool:
        with sessions() as session:
            running = AnalysisRepository(session).progress(analysis_id, attempt, done, total)
            session.commit()
            return running

    with sessions() as session:
        row = session.get(Analysis, analysis_id)
        if row is None:
            raise LookupError(f"analysis {analysis_id} is not in this worker's database")
        seq = row.seq
        claimed = AnalysisRepository(session).claim(analysis_id, attempt)
        session.commit()
    if not claimed:
        return "stopped"
    cancel = CancelToken()
    saved_at = time.monotonic()
    last = AnalysisProgress(0, 0)

    def progress(report: AnalysisProgress) -> None:
        nonlocal saved_at, last
        last = report
        now = time.monotonic()
        if now - saved_at >= SAVE_EVERY_S:
            saved_at = now
            if not note(report.done, report.total):
                cancel.cancel()  # replaced: the next decision stops it
                return
        publish(_running(seq, report.done, report.total))

    error: str | None = None
    try:
        result = analyse_record(record, plies=plies, progress=progress, cancel=cancel).to_dict()
    except Exception as failure:  # a failure is the analysis's result, not the worker's
        if cancel.is_cancelled:
            return "stopped"
        result, error = None, str(failure)[:500]
    with sessions() as session:
        analyses = AnalysisRepository(session)
        analyses.progress(analysis_id, attempt, last.done, last.total)
        if not analyses.finish(analysis_id, attempt, result=result, error=error):
            return "stopped"
        session.commit()
        row = session.get(Analysis, analysis_id)
        assert row is not None
        publish(message(row))
        return row.status


def _running(seq: int, done: int, total: int) -> str:
    return AnalysisMessage(
        status="running",
        seq=seq,
        done=done,
        total=total,
        progress=done / total if total else 0.0,
        error=None,
    ).model_dump_json()
