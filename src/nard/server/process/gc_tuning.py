"""The garbage collector of a server process holding many live games.

CPython's cycle collector has three generations. A pass over the youngest
starts when the count of container objects made, less those freed, passes
``threshold0``; every ``threshold1`` young passes make one pass over the middle
generation, and so on. A pass stops every thread, so on a game server each
pass is a pause for every game at once.

The count is a poor clock for a game server: every action frees about as many
objects as it makes (the game's previous state, a socket's previous receive),
so the count barely moves while the young generation fills up with objects
that live for seconds. Its passes come seldom, but each one looks at tens of
thousands of objects: with a thousand games, pauses of 40-75 ms every few
seconds, growing as the games go on (measured with bench/server_load.py and
``gc.callbacks``).

So :func:`tune_gc` (which every server start runs, see
:func:`nard.server.process.runtime.tuned_gc`) adds a clock: :class:`YoungPacer`
asks for a pass every
:data:`YOUNG_INTERVAL` seconds, which then looks only at what the last tenth of
a second made, about a millisecond. What outlives it moves on to the middle
generation, whose passes are rare (:data:`GC_THRESHOLDS`); by then most of it
is gone. Objects made while starting (modules, the app) live as long as the
process, so they are frozen out of every pass.
"""

from __future__ import annotations

import gc
import threading
from typing import Any

GC_THRESHOLDS = (10_000, 3_000, 10)
"""Python's defaults are (700, 10, 10). With a young pass every
:data:`YOUNG_INTERVAL`, ``3_000`` makes a middle pass every five minutes or so."""

YOUNG_INTERVAL = 0.1
"""Seconds between the young passes :class:`YoungPacer` asks for."""


class YoungPacer:
    """Runs the collector's young pass on a clock as well as on its count.

    It does not call :func:`gc.collect` itself: it lowers ``threshold0`` so
    that the next allocation starts an automatic collection, which picks the
    generation the way CPython always does (a middle pass every
    ``threshold1`` young ones; a full pass only once the old generation has
    grown by a quarter). When that collection ends the thresholds go back.
    """

    def __init__(
        self,
        interval: float = YOUNG_INTERVAL,
        thresholds: tuple[int, int, int] = GC_THRESHOLDS,
    ) -> None:
        if interval <= 0:
            raise ValueError(f"the interval must be positive, not {interval!r}")
        self.interval = interval
        self.thresholds = thresholds
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="nard-gc-pacer", daemon=True)

    def start(self) -> None:
        self._before: tuple[int, int, int] = gc.get_threshold()
        gc.set_threshold(*self.thresholds)
        gc.callbacks.append(self._restore)
        self._thread.start()

    def stop(self) -> None:
        """Stop the clock and put back the thresholds found at :meth:`start`."""
        self._stopped.set()
        self._thread.join()
        gc.callbacks.remove(self._restore)
        gc.set_threshold(*self._before)

    def _run(self) -> None:
        _, middle, old = self.thresholds
        while not self._stopped.wait(self.interval):
            gc.set_threshold(1, middle, old)

    def _restore(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop":
            gc.set_threshold(*self.thresholds)


def tune_gc() -> YoungPacer:
    """Freeze what the process made so far and start a :class:`YoungPacer`."""
    gc.collect()
    gc.freeze()
    pacer = YoungPacer()
    pacer.start()
    return pacer
