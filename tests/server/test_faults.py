"""The fault bench's short form (bench/faults.py --short): the cluster behind HAProxy
meets a killed instance, a killed worker, a Redis restarted empty and a stopped
PostgreSQL, and loses no acknowledged action and leaves no game stuck."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HAPROXY = shutil.which("haproxy", path=os.environ.get("PATH", "") + ":/usr/sbin")
PG_CTL = shutil.which("pg_ctl") or next(
    iter(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl")), None
)
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(HAPROXY is None, reason="haproxy is not installed"),
    pytest.mark.skipif(PG_CTL is None, reason="PostgreSQL's pg_ctl is not installed"),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="no redis-server"),
]


def test_the_short_fault_bench_loses_nothing_and_leaves_nothing_stuck() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.faults", "--short"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    table = done.stdout + done.stderr[-3000:]
    lines = [line.split() for line in done.stdout.splitlines()]
    rows = [
        line for line in lines if line and line[0] in ("instance", "worker", "redis", "postgresql")
    ]
    assert len(rows) == 4, table
    for row in rows:
        fault, _acked, lost, stuck = row[:4]
        assert (lost, stuck) == ("0", "0"), f"after {fault}:\n{table}"
    assert done.returncode == 0, table
