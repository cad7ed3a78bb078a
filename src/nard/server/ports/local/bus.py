"""The event bus of one server process (:class:`~nard.server.ports.EventBus`).

Subscribers in this process are called in publication order; nobody else holds
a copy of a game, so change notices go nowhere.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from nard.server.ports import Deliver, Watcher


class InProcessBus:
    """Subscribers in this process, called in publication order.

    >>> import asyncio
    >>> bus = InProcessBus()
    >>> seen = []
    >>> stop = bus.subscribe("g1", seen.append)
    >>> asyncio.run(bus.publish("g1", "hello"))
    >>> stop(); asyncio.run(bus.publish("g1", "again"))
    >>> seen
    ['hello']
    """

    def __init__(self) -> None:
        self._subscribers: defaultdict[str, list[Deliver]] = defaultdict(list)

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        self._subscribers.clear()

    async def publish(self, game: str, message: str) -> None:
        self.deliver(game, message)

    async def announce(self, game: str, seq: int) -> None:
        return None  # one process: nobody else holds a copy

    def watch(self, watcher: Watcher) -> None:
        return None

    def follow(self, game: str) -> Callable[[], None]:
        return lambda: None

    async def ping(self) -> None:
        return None

    def deliver(self, game: str, message: str) -> None:
        for deliver in list(self._subscribers.get(game, ())):
            deliver(message)

    def has(self, game: str) -> bool:
        """Whether the game has a subscriber."""
        return game in self._subscribers

    def games(self) -> list[str]:
        """The games with a subscriber."""
        return list(self._subscribers)

    async def listening(self, *games: str) -> bool:
        return False  # a subscriber hears everything published after it subscribed

    def subscribe(self, game: str, deliver: Deliver) -> Callable[[], None]:
        self._subscribers[game].append(deliver)

        def unsubscribe() -> None:
            subscribers = self._subscribers.get(game)
            if subscribers and deliver in subscribers:
                subscribers.remove(deliver)
                if not subscribers:
                    del self._subscribers[game]

        return unsubscribe
