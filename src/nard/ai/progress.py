"""Progress reports and cancellation for long computations (match analysis).

A long job calls a :data:`ProgressCallback` with an :class:`AnalysisProgress`
after each unit of work (``done`` out of ``total``), and checks a
:class:`CancelToken` between units: once another thread (a CLI's Ctrl-C
handler, a server request) calls :meth:`CancelToken.cancel`, the next check
raises :class:`AnalysisCancelled`.

>>> token = CancelToken()
>>> token.check()
>>> token.cancel()
>>> token.is_cancelled
True
>>> token.check()
Traceback (most recent call last):
...
nard.ai.progress.AnalysisCancelled: the analysis was cancelled
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias

from nard.core.board import Side


class AnalysisCancelled(Exception):
    """The analysis stopped early because its :class:`CancelToken` was cancelled.

    ``done`` and ``total`` say how far it had come.
    """

    def __init__(
        self, message: str = "the analysis was cancelled", *, done: int = 0, total: int = 0
    ):
        super().__init__(message)
        self.done = done
        self.total = total


class CancelToken:
    """A flag that one thread sets and a long computation checks, thread-safe."""

    __slots__ = ("_event",)

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        """Ask the computation to stop at its next check."""
        self._event.set()

    @property
    def is_cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._event.is_set()

    def check(self, *, done: int = 0, total: int = 0) -> None:
        """Raise :class:`AnalysisCancelled` if :meth:`cancel` was called."""
        if self._event.is_set():
            raise AnalysisCancelled(done=done, total=total)


@dataclass(frozen=True, slots=True)
class AnalysisProgress:
    """How far an analysis has come: ``done`` of ``total`` decisions.

    ``game`` and ``move`` (both from 1) and ``side`` name the decision just
    analysed; all are None in the first report, before any work.
    """

    done: int
    total: int
    game: int | None = None
    move: int | None = None
    side: Side | None = None

    @property
    def fraction(self) -> float:
        """``done / total``, 1.0 when there is nothing to do."""
        return self.done / self.total if self.total else 1.0


ProgressCallback: TypeAlias = Callable[[AnalysisProgress], None]
"""Called with every progress report, in order; it runs in the analysing thread."""
