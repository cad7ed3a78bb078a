"""A bot pool's worker process dies with the server that started it.

A ``kill -9`` of ``nard serve`` gives its pool no chance to stop its workers,
which would run on as orphans, each holding the engine's memory. On Linux the
kernel sends them SIGKILL when their parent dies (``PR_SET_PDEATHSIG``); on
every system a thread of theirs also watches the parent's pid and leaves once
it is not theirs any more (the fallback, and the guard against a parent that
died before the signal was asked for).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
"""From <linux/prctl.h>."""
WATCH_S = 1.0
"""How often the fallback looks for its parent."""


def ask_kernel_for_death_signal() -> bool:
    """Have the kernel SIGKILL this process when its parent dies (Linux); whether it took."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def watch_parent(parent_pid: int, interval_s: float = WATCH_S) -> threading.Thread:
    """Leave at once when the parent ``parent_pid`` is gone (this process re-parented)."""

    def watch() -> None:
        while True:
            if os.getppid() != parent_pid:
                os._exit(1)  # nobody is there to tell: no clean-up to wait for
            time.sleep(interval_s)

    thread = threading.Thread(target=watch, name="nard-parent-watch", daemon=True)
    thread.start()
    return thread


def die_with_parent(parent_pid: int) -> None:
    """Both guards; ``parent_pid`` is the pool's owner, read before this process started."""
    ask_kernel_for_death_signal()
    if os.getppid() != parent_pid:  # it died while this process started
        os._exit(1)
    watch_parent(parent_pid)
