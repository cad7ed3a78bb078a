"""Shared test settings: hypothesis runs a bounded, deterministic number of examples."""

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
