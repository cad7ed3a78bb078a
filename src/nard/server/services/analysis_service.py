"""Match analysis on request, with progress (``analysis`` messages on the game's socket).

The analysis (:func:`nard.ai.analysis.analyse_record`) runs in a worker
thread so the event loop never waits for it; each decision analysed reports
its progress, which is kept here and published on the game's bus channel.
Results live in memory: a restarted server analyses again on request.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from nard.ai.analysis import analyse_record
from nard.ai.progress import AnalysisProgress, CancelToken
from nard.match.record import MatchRecord
from nard.server.bus import EventBus


@dataclass
class AnalysisJob:
    seq: int
    status: str = "running"
    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None
    error: str | None = None
    cancel: CancelToken = field(default_factory=CancelToken)

    def public(self) -> dict[str, Any]:
        # ``progress`` and ``analysis`` are what the web app reads (``result`` is the same).
        progress = 1.0 if self.status == "done" else self.done / self.total if self.total else 0.0
        return {
            "status": self.status,
            "seq": self.seq,
            "done": self.done,
            "total": self.total,
            "progress": progress,
            "error": self.error,
            "result": self.result,
            "analysis": self.result,
        }


class AnalysisService:
    def __init__(self, bus: EventBus, *, workers: int = 1, plies: int = 0) -> None:
        self.bus = bus
        self.plies = plies
        self.jobs: dict[str, AnalysisJob] = {}
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="nard-analysis")
        self._tasks: set[asyncio.Task[None]] = set()

    def get(self, game: str) -> AnalysisJob | None:
        return self.jobs.get(game)

    def start(self, game: str, record: MatchRecord, seq: int) -> AnalysisJob:
        """Analyse ``record`` (the game at action ``seq``) unless that is done or running."""
        job = self.jobs.get(game)
        if job is not None and job.seq == seq and job.status in ("running", "done"):
            return job
        if job is not None:
            job.cancel.cancel()
        job = self.jobs[game] = AnalysisJob(seq)
        task = asyncio.create_task(self._run(game, job, record))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return job

    async def _publish(self, game: str, job: AnalysisJob) -> None:
        data = job.public()
        if job.status == "running":
            data.pop("result")
            data.pop("analysis")
        await self.bus.publish(game, json.dumps({"type": "analysis", **data}))

    async def _run(self, game: str, job: AnalysisJob, record: MatchRecord) -> None:
        loop = asyncio.get_running_loop()

        def progress(report: AnalysisProgress) -> None:
            def note() -> None:
                job.done, job.total = report.done, report.total
                task = loop.create_task(self._publish(game, job))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

            loop.call_soon_threadsafe(note)

        def work() -> dict[str, Any]:
            analysis = analyse_record(
                record, plies=self.plies, progress=progress, cancel=job.cancel
            )
            return analysis.to_dict()

        try:
            job.result = await loop.run_in_executor(self._executor, work)
            job.status = "done"
            job.done = job.total
        except Exception as error:  # an analysis failure must not take the server down
            job.status, job.error = "failed", str(error)
        if not job.cancel.is_cancelled:
            await self._publish(game, job)

    async def close(self) -> None:
        for job in self.jobs.values():
            job.cancel.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)
