"""The match record files (``record.json``, ``record.mat``), built once per state of
their game.

Building a file walks the whole match on the event loop (a 20,000-action game
takes a while), and anyone holding a game's spectator link may ask for it as
often as they like. So each file is kept, under the state of the game it
shows, in a small cache that forgets the least recently asked first and is
bounded in files and in bytes: asked again before the game moves on, it is
served as it was built.

>>> files = RecordFiles(max_files=2)
>>> files.get(("json", "g1", 3), lambda: "{}"), files.get(("json", "g1", 3), lambda: "x")
(b'{}', b'{}')
>>> files.built
1
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Literal

from nard.server.games.live import LiveGame

MAX_FILES = 64
MAX_BYTES = 16 * 1024 * 1024


def state_key(kind: Literal["json", "mat", "frames"], live: LiveGame) -> Hashable:
    """What a record file shows of its game: its actions, status (the result and the
    server seed come with the end), players' names and client seeds; the end of a
    game by time or claim changes the status, not the ``seq``."""
    return (
        kind,
        live.public_id,
        live.seq,
        live.status,
        live.seating.names,
        live.client_seeds,
    )


class RecordFiles:
    def __init__(self, *, max_files: int = MAX_FILES, max_bytes: int = MAX_BYTES) -> None:
        self.max_files = max_files
        self.max_bytes = max_bytes
        self.built = 0
        """Files built so far (the others asked for were served from the cache)."""
        self._files: OrderedDict[Hashable, bytes] = OrderedDict()
        self._bytes = 0

    def get(self, key: Hashable, build: Callable[[], str]) -> bytes:
        """The file under ``key``, built by ``build`` if it is not kept."""
        found = self._files.get(key)
        if found is not None:
            self._files.move_to_end(key)
            return found
        body = build().encode()
        self.built += 1
        if len(body) <= self.max_bytes:
            self._files[key] = body
            self._bytes += len(body)
            while len(self._files) > self.max_files or self._bytes > self.max_bytes:
                _, dropped = self._files.popitem(last=False)
                self._bytes -= len(dropped)
        return body
