"""Shared test settings: hypothesis runs a bounded, deterministic number of examples,
and with ``NARD_TEST_NO_SKIP=1`` (as CI runs) a skipped test fails the run."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# Deterministic and bounded so that `make test` stays quick and repeatable on a
# busy machine; no deadline because a loaded CI box is not a failing engine.
settings.register_profile(
    "nard",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("nard")

NO_SKIP = os.environ.get("NARD_TEST_NO_SKIP") == "1"


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A test skipped because something is missing did not run: where everything is
    installed (tools/system-deps.sh, the dev extra), that is a failure."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if not NO_SKIP or reporter is None or exitstatus != pytest.ExitCode.OK:
        return
    skipped = reporter.stats.get("skipped", [])
    if skipped:
        message = f"NARD_TEST_NO_SKIP=1: {len(skipped)} skipped, which counts as failing"
        reporter.write_line(message, red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
