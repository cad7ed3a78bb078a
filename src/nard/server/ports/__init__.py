"""The ports: what changes when the server runs as several instances.

Each port is a Protocol below with exactly two adapters, one for a single
process (:mod:`nard.server.ports.local`) and one through Redis
(:mod:`nard.server.ports.redis`); :func:`nard.server.ports.build.build_ports`
picks every adapter from the settings, in one place, and the features always
get a port (the in-process adapter where there is no Redis), never a ``None``.

================  ==================================  ====================================
port              in-process adapter                  Redis adapter
================  ==================================  ====================================
:class:`EventBus`  ``local.bus.InProcessBus``         ``redis.bus.RedisBus``
:class:`Presence`  ``local.presence.LocalPresence``   ``redis.presence.SharedPresence``
:class:`Counters`  ``local.limits.LocalCounters``     ``redis.limits.RedisCounters``
:class:`Sockets`   ``local.limits.SocketLimits``      ``redis.limits.SharedSockets``
:class:`SeekQueue` ``local.seekers.LocalSeekers``     ``redis.seekers.SharedSeekers``
:class:`Online`    ``local.online.LocalOnline``       ``redis.online.SharedOnline``
:class:`JobRunner` ``local.jobs.InProcessJobs``       ``redis.jobs.JobQueue``
================  ==================================  ====================================

The contract each adapter keeps is tested against both, Redis for real
(``tests/server/ports``). A Redis adapter that cannot reach Redis degrades as
its module says (logged), so a feature never meets a Redis error.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

from nard.core.board import Side
from nard.server.lobby.pairing import Seeker, Terms

if TYPE_CHECKING:
    from nard.server.games.live import LiveGame
    from nard.server.ports.local.known_logins import KnownLogins
    from nard.server.ports.local.limits import AttemptWindow, Lockout
    from nard.server.ports.redis.jobs import JobQueue

T = TypeVar("T")
R = TypeVar("R")

# -- the event bus ---------------------------------------------------------------------------

Deliver = Callable[[str], None]
"""Called with each message of a subscribed game; must not block."""


def game_channel(prefix: str, game: str) -> str:
    """The Redis channel of a game's messages (``nard worker`` publishes there too)."""
    return f"{prefix}game:{game}"


def changes_of(game: str) -> str:
    """The bus name of a game's change notices (heard by the processes holding a copy)."""
    return f"{game}:changed"


class Watcher(Protocol):
    """Told what other server processes did (their own games' copies go stale)."""

    def changed_elsewhere(self, game: str, seq: int) -> None:
        """Another process committed a change to ``game``, which is now at ``seq``."""
        ...

    def reconnected(self) -> None:
        """The bus was cut off a while: any notice may have been missed."""
        ...


class EventBus(Protocol):
    """The table publishes each game's messages (JSON text); a socket subscribes to the
    game it shows; the processes holding a copy of a game hear of its changes."""

    async def start(self) -> None: ...

    async def close(self) -> None: ...

    async def publish(self, game: str, message: str) -> None:
        """Send ``message`` to the game's subscribers in every process; never raises for
        a bus failure (the change it reports is committed already)."""
        ...

    async def announce(self, game: str, seq: int) -> None:
        """Tell the other processes that ``game`` changed and is now at ``seq``."""
        ...

    def watch(self, watcher: Watcher) -> None: ...

    def follow(self, game: str) -> Callable[[], None]:
        """Tell the watcher of the game's changes elsewhere from now on (while this
        process holds a copy); returns the function that stops it."""
        ...

    async def ping(self) -> None:
        """Raise unless the bus can carry messages now (the readiness check)."""
        ...

    def deliver(self, game: str, message: str) -> None:
        """Send ``message`` to this process's subscribers of the game only."""
        ...

    def subscribe(self, game: str, deliver: Deliver) -> Callable[[], None]:
        """Deliver the game's messages from now on; returns the unsubscribe function."""
        ...

    async def listening(self, *games: str) -> bool:
        """Return once every message published on the subscribed games from now on
        reaches this process; whether the subscription was only made while waiting
        (what was read from the game before may then be behind: read it again)."""
        ...


# -- presence --------------------------------------------------------------------------------


class Presence(Protocol):
    """Who is at each live game's table, and how long a seat has been away.

    Reads (:meth:`seat`, :meth:`claimable_in`) never wait: they answer from what
    :meth:`refresh` last learnt of the other instances.
    """

    changed: Callable[[LiveGame], None] | None
    """Told of a game whose seats changed elsewhere (other processes)."""

    def start(self) -> None: ...

    async def close(self) -> None: ...

    def seat(self, live: LiveGame, side: Side) -> tuple[bool, float]:
        """Whether the seat is connected, and since when (monotonic) it is away if not."""
        ...

    def is_connected(self, live: LiveGame, side: Side) -> bool: ...

    async def refresh(self, live: LiveGame) -> None:
        """Learn what the other instances know of the game's seats."""
        ...

    def in_use(self, live: LiveGame) -> bool:
        """Whether any socket of this process is open on the game."""
        ...

    def forget(self, live: LiveGame) -> None:
        """The game left memory: so does its attendance (a later claim waits anew)."""
        ...

    async def arrive(self, live: LiveGame, sides: list[Side]) -> None:
        """A socket opened on the game, holding ``sides`` (none for a spectator)."""
        ...

    async def leave(self, live: LiveGame, sides: list[Side]) -> None:
        """A socket that :meth:`arrive` counted closed."""
        ...

    def claimable_in(self, live: LiveGame, side: Side) -> float | None:
        """Seconds until ``side`` may claim the game (0: now); None if it never may."""
        ...


# -- counters and lockouts -------------------------------------------------------------------


class Throttled(Exception):
    """A request refused for its rate: answered 429 (or 503 for ``busy``) with Retry-After."""

    def __init__(
        self, code: str, message: str, retry_after: float, *, message_fa: str | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after
        self.message_fa = message_fa
        """The Persian text when the English one is not the code's own (None: the code's)."""


def refuse_after(wait: float, what: str) -> None:
    """Raise :class:`Throttled` when there is ``wait`` before the next attempt."""
    if wait > 0:
        raise Throttled("rate_limited", f"too many {what}: try again in {wait:.0f} s", wait)


def refuse_locked(wait: float) -> None:
    """Raise :class:`Throttled` while an account is locked for ``wait`` more seconds."""
    if wait > 0:
        message = f"this account is locked after wrong passwords: try again in {wait:.0f} s"
        raise Throttled("locked", message, wait)


class Window(Protocol):
    """At most so many attempts per key in a window."""

    async def check(self, key: str, what: str) -> None:
        """Count an attempt, or raise :class:`Throttled` saying how long to wait."""
        ...

    async def take_back(self, key: str) -> None:
        """Count the latest attempt no more (it did not happen after all)."""
        ...


class Guard(Protocol):
    """An account lockout: locked after so many wrong passwords in a row."""

    async def check(self, key: str) -> None:
        """Raise :class:`Throttled` while the account is locked."""
        ...

    async def wrong(self, key: str) -> None: ...

    async def right(self, key: str) -> None: ...


class Seen(NamedTuple):
    """Whether an account logged in before from this device, and from this address."""

    device: bool
    address: bool


class Known(Protocol):
    """The places an account logged in from (adapters: ``ports.{local,redis}.known_logins``)."""

    async def known(self, account: str, device: str | None, address: str) -> Seen: ...

    async def add(self, account: str, device: str | None, address: str) -> None: ...


class Counters(Protocol):
    """Makes the limits: each counted by this process, or by every instance together.

    ``local`` gives the limit's numbers (and counts when the shared count cannot
    be reached).
    """

    def window(self, name: str, local: AttemptWindow) -> Window: ...

    def lockout(self, name: str, local: Lockout) -> Guard: ...

    def known(self, local: KnownLogins) -> Known: ...


# -- deadlines --------------------------------------------------------------------------------


class Deadlines(Protocol):
    """One set of deadlines every instance sees: games due at a moment, each for an action.

    Clocks that run out and bot turns a dead instance owed are such sets
    (``games/overdue_clocks.py``, ``games/owed_bot_turns.py``); a claim moves
    each member due ``hold_ms`` on, so one instance at a time takes care of it.
    """

    async def due(self, member: str, seq: int, in_ms: float, *, only_new: bool = False) -> bool:
        """``member`` falls due ``in_ms`` from now, for its action ``seq`` (ignored for
        an older action; ``only_new``: unless one for that action is there). Whether
        it was written."""
        ...

    async def clear(self, member: str, seq: int) -> None:
        """No deadline for ``member`` any more (unless one for a later action is there)."""
        ...

    async def claim(self, hold_ms: float, limit: int = 100) -> list[tuple[str, int]]:
        """The members due now with their actions, each moved ``hold_ms`` on."""
        ...


# -- socket counts ---------------------------------------------------------------------------


class Sockets(Protocol):
    """Open WebSockets counted: per address, and spectators per game."""

    async def enter(
        self, address: str, game: str, *, spectator: bool
    ) -> Callable[[], Awaitable[None]] | None:
        """A release function for a socket that may open, or None if it may not."""
        ...


# -- the seek queue --------------------------------------------------------------------------


class QueueUnreachable(Exception):
    """A shared queue that cannot be reached now: nothing changed."""


class SeekQueue(Protocol):
    """The quick-match queue. Each method raises :class:`QueueUnreachable` when the
    queue cannot be reached; taking a pair removes both seekers at once."""

    async def add(self, player_id: int, rating: float, terms: Terms) -> None:
        """The player waits (again, from now) for a game on ``terms``."""
        ...

    async def remove(self, player_id: int) -> bool:
        """The player waits no more; whether they were waiting."""
        ...

    async def count(self) -> int:
        """How many wait now."""
        ...

    async def take_pairs(self) -> list[tuple[Seeker, Seeker]]:
        """The pairs the windows allow now, each taken out of the queue; when the
        queue stops answering halfway, those taken so far (raises only if none)."""
        ...


# -- the online set --------------------------------------------------------------------------


class Online(Protocol):
    """The players with a lobby open, at any instance."""

    async def arrive(self, player_id: int) -> None:
        """The player's first lobby socket at this instance opened."""
        ...

    async def leave(self, player_id: int) -> None:
        """The player's last lobby socket at this instance closed."""
        ...

    async def everyone(self) -> list[int]:
        """The players online, sorted; those of this instance only while the other
        instances cannot be read."""
        ...


# -- the job runner --------------------------------------------------------------------------


class JobRunner(Protocol):
    """Where the engine's work runs: this process's pool, or ``nard worker`` processes."""

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` (a module-level function: it may go to another process),
        its result awaited; a decision (bot turn, hint)."""
        ...

    def choose(self, here: Callable[[], R], queued: Callable[[JobQueue], R]) -> R:
        """``here()`` when jobs run in this process, ``queued(queue)`` when they go on a
        worker queue: how a feature whose jobs outlive a request (the analyses, which
        report progress) picks its way once, when it is made."""
        ...

    def close(self) -> None: ...
