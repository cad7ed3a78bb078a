"""How a server process runs: uvicorn launch, GC tuning, draining, logs and metrics."""
