"""One kept instance for each of the small values a game's history repeats.

A :class:`~nard.match.game.Game` keeps every action and event for as long as
the game lasts. Almost all of them come from a few thousand values: a step is
two points, a die and a hit; a roll is one of 21. Kept as made, each turn
would leave about a dozen new objects behind, and on a server holding a
thousand games the garbage collector would look at every one of them again
and again. :func:`interned` hands back one kept instance per value instead,
so what a turn leaves behind is mostly the play: over 50 random games, 5.2
tracked objects a play instead of 10.5, for about 10 µs more per action
(``python -m bench.history_objects``).

Values are told apart by every field, not by ``==``: ``Step(6, 0, die=6)``
equals ``Step(6, 0, die=5)`` but is not the same step in a record.

>>> from nard.core.board import Side
>>> from nard.core.plays import Step
>>> from nard.match.events import StepMade
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

_KEPT: dict[tuple[Any, ...], Any] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}
_ATOMS: set[type] = {type(None), bool, int}
_LOOSE = object()
"""The key of a value that is not kept."""


def interned(value: V) -> V:
    """The kept instance with all of ``value``'s fields, or ``value`` rebuilt from kept parts.

    A frozen dataclass whose fields are all enums, ints, bools, ``None`` or
    such values is kept. One holding a tuple (a :class:`~nard.core.plays.Play`,
    a score) is rebuilt from kept parts but not kept itself, so that what is
    kept stays within a few thousand values. Anything else is returned as it
    is.
    """
    return _intern(value)[0]  # type: ignore[no-any-return]


def _intern(value: Any) -> tuple[Any, Any]:
    """``value`` or its kept instance, and its key (:data:`_LOOSE` when it is not kept)."""
    kind = type(value)
    if kind in _ATOMS:
        return value, value
    names = _FIELDS.get(kind)
    if names is None:
        if isinstance(value, (Enum, int)):
            _ATOMS.add(kind)
            return value, value
        if kind is tuple:
            return _intern_tuple(value)
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            return value, _LOOSE
        names = _FIELDS[kind] = tuple(field.name for field in dataclasses.fields(value))
    originals = [getattr(value, name) for name in names]
    parts = [_intern(part) for part in originals]
    keys = tuple(key for _, key in parts)
    whole = _LOOSE not in keys
    if whole:
        found = _KEPT.get((kind, keys))
        if found is not None:
            return found, (kind, keys)
    if any(new is not old for (new, _), old in zip(parts, originals, strict=True)):
        value = dataclasses.replace(
            value, **{name: new for name, (new, _) in zip(names, parts, strict=True)}
        )
    if not whole:
        return value, _LOOSE
    return _KEPT.setdefault((kind, keys), value), (kind, keys)


def _intern_tuple(value: tuple[Any, ...]) -> tuple[Any, Any]:
    # Items are interned, but nothing holding a tuple is kept: the tuples in
    # events (a play's steps, a match score) come from too many values.
    items = [_intern(item)[0] for item in value]
    if any(new is not old for new, old in zip(items, value, strict=True)):
        value = tuple(items)
    return value, _LOOSE
