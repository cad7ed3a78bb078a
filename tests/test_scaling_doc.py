"""docs/scaling.md stays true: its tables are what the model makes of its inputs."""

from __future__ import annotations

from bench.capacity import DOC, inputs, tables


def test_the_capacity_tables_follow_from_the_inputs() -> None:
    text = DOC.read_text()
    found = inputs(text)
    assert {"a", "u", "w", "p", "r", "l", "h", "b", "d", "f", "m", "q", "z"} <= found.keys()
    for table in tables(found).split("\n\n"):
        assert table in text, f"run python -m bench.capacity and paste:\n{table}"
