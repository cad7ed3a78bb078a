"""One kept instance for each of the small values a game's history repeats.

A :class:`~nard.match.game.Game` keeps every action and event for as long as
the game lasts. Almost all of them come from a few thousand values: a step is
two points, a die and a hit; a roll is one of 21. Kept as made, each turn
would leave about a dozen new objects behind, and on a server holding a
thousand games the garbage collector would look at every one of them again
and again. An :class:`Interner` hands back one kept instance per value
instead, so what a turn leaves behind is mostly the play: over 50 random
games, about half the tracked objects a play, for some tens of µs more per
action (``python -m bench.history_objects``).

The interner is owned by whoever keeps games long, the game server, and
passed to :meth:`Game.apply <nard.match.game.Game.apply>` (and
:meth:`Match.apply <nard.match.match.Match.apply>`, record replays); without
one, histories keep the values as made.

Values are told apart by every field, not by ``==``: ``Step(6, 0, die=6)``
equals ``Step(6, 0, die=5)`` but is not the same step in a record.

>>> from nard.core.board import Side
>>> from nard.core.plays import Step
>>> from nard.match.events import StepMade
>>> interned = Interner()
>>> made = StepMade(Side.WHITE, Step(6, 0, die=6))
>>> interned(made) is interned(StepMade(Side.WHITE, Step(6, 0, die=6)))
True
>>> interned(Step(6, 0, die=6)) is interned(Step(6, 0, die=5))
False
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any, TypeVar

V = TypeVar("V")

_LOOSE = object()
"""The key of a value that is not kept."""


class Interner:
    """Keeps one instance of each small history value it is given."""

    def __init__(self) -> None:
        self._kept: dict[tuple[Any, ...], Any] = {}
        self._fields: dict[type, tuple[str, ...]] = {}
        self._atoms: set[type] = {type(None), bool, int}

    def __len__(self) -> int:
        """How many values are kept."""
        return len(self._kept)

    def __call__(self, value: V) -> V:
        """The kept instance with all of ``value``'s fields, or ``value`` rebuilt from kept parts.

        A frozen dataclass whose fields are all enums, ints, bools, ``None`` or
        such values is kept. One holding a tuple (a :class:`~nard.core.plays.Play`,
        a score) is rebuilt from kept parts but not kept itself, so that what is
        kept stays within a few thousand values. Anything else is returned as it
        is.
        """
        return self._intern(value)[0]  # type: ignore[no-any-return]

    def _intern(self, value: Any) -> tuple[Any, Any]:
        """``value`` or its kept instance, and its key (:data:`_LOOSE` when it is not kept)."""
        kind = type(value)
        if kind in self._atoms:
            return value, value
        names = self._fields.get(kind)
        if names is None:
            if isinstance(value, (Enum, int)):
                self._atoms.add(kind)
                return value, value
            if kind is tuple:
                return self._intern_tuple(value)
            if not dataclasses.is_dataclass(value) or isinstance(value, type):
                return value, _LOOSE
            names = self._fields[kind] = tuple(field.name for field in dataclasses.fields(value))
        originals = [getattr(value, name) for name in names]
        parts = [self._intern(part) for part in originals]
        keys = tuple(key for _, key in parts)
        whole = _LOOSE not in keys
        if whole:
            found = self._kept.get((kind, keys))
            if found is not None:
                return found, (kind, keys)
        if any(new is not old for (new, _), old in zip(parts, originals, strict=True)):
            value = dataclasses.replace(
                value, **{name: new for name, (new, _) in zip(names, parts, strict=True)}
            )
        if not whole:
            return value, _LOOSE
        return self._kept.setdefault((kind, keys), value), (kind, keys)

    def _intern_tuple(self, value: tuple[Any, ...]) -> tuple[Any, Any]:
        # Items are interned, but nothing holding a tuple is kept: the tuples in
        # events (a play's steps, a match score) come from too many values.
        items = [self._intern(item)[0] for item in value]
        if any(new is not old for new, old in zip(items, value, strict=True)):
            value = tuple(items)
        return value, _LOOSE
