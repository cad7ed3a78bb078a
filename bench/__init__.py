"""Benchmarks and cross-checks; run them with ``make bench`` or ``python -m bench.movegen``."""
