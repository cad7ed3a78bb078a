"""An immutable sequence that grows by appending without copying what came before.

A :class:`~nard.match.game.Game` keeps every event and action of the game. As
tuples, each action would copy the whole history into a new tuple: quadratic
work over a game, and a large new container for the garbage collector to scan
on every action of a busy server. :class:`AppendLog` shares one buffer between
successive versions; each version sees its own prefix, which never changes.

>>> empty = AppendLog()
>>> first = empty.extend(("a", "b"))
>>> second = first.extend(("c",))
>>> branch = first.extend(("x",))  # an older version grows its own way
>>> list(first), list(second), list(branch), len(empty)
(['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'x'], 0)
>>> second[-1], second[:2], second == AppendLog(("a", "b", "c"))
('c', ('a', 'b'), True)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class AppendLog(Sequence[T], Generic[T]):
    """A read-only view of the first ``length`` items of a buffer only ever appended to."""

    __slots__ = ("_buffer", "_length")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._buffer: list[T] = list(items)
        self._length = len(self._buffer)

    @classmethod
    def _view(cls, buffer: list[T], length: int) -> AppendLog[T]:
        log: AppendLog[T] = cls.__new__(cls)
        log._buffer, log._length = buffer, length
        return log

    def extend(self, items: Sequence[T]) -> AppendLog[T]:
        """A new log with ``items`` after these; this one is unchanged."""
        if not items:
            return self
        buffer, length = self._buffer, self._length
        if len(buffer) == length:
            # The newest version: share the buffer. Appending is atomic, so if two
            # threads extend the same version at once, the one whose items did not
            # land right after this prefix sees it below and copies instead.
            buffer.extend(items)
            if all(buffer[length + index] is item for index, item in enumerate(items)):
                return self._view(buffer, length + len(items))
        return self._view([*buffer[:length], *items], length + len(items))

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self._buffer[: self._length][index])
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("log index out of range")
        return self._buffer[index]

    def __iter__(self) -> Iterator[T]:
        return itertools.islice(self._buffer, self._length)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, AppendLog):
            return self._length == other._length and (
                (self._buffer is other._buffer) or self._items() == other._items()
            )
        if isinstance(other, tuple):
            return self._items() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._items())

    def __repr__(self) -> str:
        return f"AppendLog({self._items()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle (the bot's worker processes) only the visible prefix.
        return (AppendLog, (self._items(),))

    def _items(self) -> tuple[T, ...]:
        return tuple(self._buffer[: self._length])
