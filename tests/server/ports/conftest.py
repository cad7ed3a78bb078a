"""The ports made as the server makes them (:func:`~nard.server.ports.build.build_ports`),
for each adapter: in-process, and Redis for real (127.0.0.1:6379, a prefix per test)."""

from __future__ import annotations

import asyncio
import inspect
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import pytest

from nard.server.config import Settings
from nard.server.ports.build import Ports, build_ports
from tests.server.own_redis import reachable

REDIS = "redis://127.0.0.1:6379/0"

Made = Callable[..., AbstractAsyncContextManager[Ports]]


@pytest.fixture(params=["local", "redis"])
def kind(request: pytest.FixtureRequest) -> str:
    """The adapter kind under test."""
    if request.param == "redis" and not reachable(6379):
        pytest.skip("Redis at 127.0.0.1:6379 is down")
    return str(request.param)


@pytest.fixture
def made(kind: str) -> Made:
    """``made(**settings)``: the started ports of the adapter kind under test."""

    @asynccontextmanager
    async def started(**settings: Any) -> AsyncIterator[Ports]:
        settings.setdefault("bot_workers", 0)
        if kind == "redis":
            settings.setdefault("redis_url", REDIS)
            settings.setdefault("redis_prefix", f"test{secrets.token_hex(4)}:")
        ports = build_ports(Settings(**settings))
        await ports.start()
        try:
            yield ports
        finally:
            await ports.close()

    return started


async def until(
    check: Callable[[], bool | Awaitable[bool]], what: str, within_s: float = 5.0
) -> None:
    """Wait for ``check`` (the Redis adapters answer through the network)."""
    deadline = time.monotonic() + within_s
    while True:
        answer = check()
        if inspect.isawaitable(answer):
            answer = await answer
        if answer:
            return
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.01)
