"""A redis-server of a test's own (never the shared one at 6379), to stop and start."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


def reachable(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def eventually(check: Callable[[], bool], what: str, within_s: float = 10.0) -> None:
    deadline = time.monotonic() + within_s
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


@contextmanager
def own_redis(folder: Path) -> Iterator[tuple[int, Callable[[], None], Callable[[], None]]]:
    """A redis-server of our own on a free port, with stop and start."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [
        "redis-server",
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(folder),
    ]
    process: list[subprocess.Popen[bytes]] = []

    def start() -> None:
        process.append(subprocess.Popen(command, stdout=subprocess.DEVNULL))
        eventually(lambda: reachable(port), "redis-server did not start")

    def stop() -> None:
        process[-1].terminate()
        process[-1].wait(10)

    start()
    try:
        yield port, stop, start
    finally:
        if process[-1].poll() is None:
            stop()
