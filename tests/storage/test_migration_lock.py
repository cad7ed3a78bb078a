"""Instances started at once on an empty database all migrate it (issue 27, item 4).

Processes, not threads: Alembic's ``op`` and ``context`` are one per process.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from nard.storage.session import make_engine
from tests.dbs import database_url

_MIGRATE = """
import sys, time
from nard.storage.session import make_engine, migrate
url, at = sys.argv[1], float(sys.argv[2])
engine = make_engine(url)
with engine.connect():  # connected before the start, so that they all begin together
    pass
time.sleep(max(0.0, at - time.time()))
migrate(engine)
"""


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_several_instances_migrating_a_fresh_database_at_once_all_succeed(
    kind: str, tmp_path: Path
) -> None:
    with database_url(kind, tmp_path) as url:
        at = time.time() + 3.0  # past every process's imports
        source = str(Path(__file__).parents[2] / "src")
        env = {**os.environ, "PYTHONPATH": source + os.pathsep + os.environ.get("PYTHONPATH", "")}
        processes = [
            subprocess.Popen(
                [sys.executable, "-c", _MIGRATE, url, str(at)],
                env=env,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(3)
        ]
        failures = []
        for process in processes:
            _, stderr = process.communicate(timeout=120)
            if process.returncode != 0:
                failures.append(next(line for line in stderr.splitlines() if "Error" in line))
        assert failures == []
        engine = make_engine(url)
        try:
            with engine.connect() as connection:
                versions = connection.execute(text("SELECT version_num FROM alembic_version"))
                assert len(versions.all()) == 1
        finally:
            engine.dispose()
