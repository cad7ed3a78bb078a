"""A server process sets the garbage collector up for a server (in a fresh process
each, since the settings are process-wide)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest


def run(code: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=True
    )
    return out.stdout.split()


def test_serve_freezes_start_up_objects_and_sets_the_thresholds() -> None:
    assert run(
        """
        import gc
        from nard.server.process.gc_tuning import GC_THRESHOLDS, tune_gc
        default = gc.get_threshold()
        pacer = tune_gc()
        print(default == (700, 10, 10), gc.get_threshold() == GC_THRESHOLDS,
              gc.get_freeze_count() > 1000)
        pacer.stop()
        print(gc.get_threshold() == default)
        """
    ) == ["True", "True", "True", "True"]


def young_passes_while_allocating_a_little(pacer: bool) -> str:
    return f"""
        import gc, time
        from nard.server.process.gc_tuning import YoungPacer
        thresholds = (1_000_000, 3_000, 10)
        pacer = YoungPacer(interval=0.02, thresholds=thresholds)
        if {pacer}:
            pacer.start()
        else:
            gc.set_threshold(*thresholds)
        before = gc.get_stats()[0]["collections"]
        kept = []
        for _ in range(50):
            time.sleep(0.01)
            kept.append([[] for _ in range(3)])
        passes = gc.get_stats()[0]["collections"] - before
        if {pacer}:
            pacer.stop()
        print(passes, gc.get_threshold() == ((700, 10, 10) if {pacer} else thresholds))
    """


@pytest.mark.parametrize("pacer", [False, True])
def test_the_pacer_runs_young_passes_on_a_clock_and_puts_the_thresholds_back(pacer: bool) -> None:
    passes, restored = run(young_passes_while_allocating_a_little(pacer))
    # 50 ticks of 10 ms with a 20 ms clock: about 25 passes; by count alone, none.
    assert int(passes) >= 3 if pacer else int(passes) == 0
    assert restored == "True"


def test_the_pacer_refuses_a_non_positive_interval() -> None:
    from nard.server.process.gc_tuning import YoungPacer

    with pytest.raises(ValueError, match="must be positive"):
        YoungPacer(interval=0)


def test_a_server_started_from_the_app_factory_tunes_the_collector_while_it_runs(
    tmp_path: Path,
) -> None:
    # uvicorn on create_app, nard serve or a test client: the lifespan does it.
    assert run(
        f"""
        import gc
        from fastapi.testclient import TestClient
        from nard.server.app import create_app
        from nard.server.config import Settings
        from nard.server.process.gc_tuning import GC_THRESHOLDS
        default = gc.get_threshold()
        url = "sqlite:///{tmp_path / "gc.sqlite3"}"
        first = TestClient(create_app(Settings(database_url=url, bot_workers=0)))
        second = TestClient(create_app(Settings(database_url=url, bot_workers=0)))
        with first:
            print(gc.get_threshold() == GC_THRESHOLDS, gc.get_freeze_count() > 1000)
            with second:
                pass
            print(gc.get_threshold() == GC_THRESHOLDS)  # the other app still runs
        print(gc.get_threshold() == default, gc.get_freeze_count() == 0)
        off = TestClient(create_app(Settings(database_url=url, bot_workers=0, tune_gc=False)))
        with off:
            print(gc.get_threshold() == default)
        """
    ) == ["True", "True", "True", "True", "True", "True"]
