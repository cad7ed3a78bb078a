"""The Redis client for the state instances share (presence, limits, leases).

Every call fails fast: a Redis that is down must cost a socket or a request
one short timeout, never a hang, and no call is retried inside the client
(each caller decides what a failure means: see :func:`redis_errors`).
"""

from __future__ import annotations

from typing import Any

TIMEOUT_S = 1.0
"""Connecting, and each command's answer."""


def connect(url: str) -> Any:
    """A client for ``url`` (the connection opens on first use)."""
    from redis import asyncio as aioredis
    from redis.asyncio.retry import Retry
    from redis.backoff import NoBackoff

    return aioredis.from_url(
        url,
        socket_connect_timeout=TIMEOUT_S,
        socket_timeout=TIMEOUT_S,
        retry=Retry(NoBackoff(), 0),
    )


def redis_errors() -> tuple[type[Exception], ...]:
    """What a call fails with when Redis is unreachable or refuses."""
    from redis.exceptions import RedisError

    return (RedisError, OSError)
