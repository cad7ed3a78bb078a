"""``nard serve`` sets the garbage collector up for a server (in a fresh process,
since the settings are process-wide)."""

from __future__ import annotations

import subprocess
import sys


def test_serve_freezes_start_up_objects_and_raises_the_young_thresholds() -> None:
    code = (
        "import gc; from nard.cli.serve import GC_THRESHOLDS, tune_gc; "
        "default = gc.get_threshold(); tune_gc(); "
        "print(default, gc.get_threshold() == GC_THRESHOLDS, gc.get_freeze_count() > 1000)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["(700,", "10,", "10)", "True", "True"]
