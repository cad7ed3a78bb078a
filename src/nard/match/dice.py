"""Dice sources: where the numbers in roll actions come from.

The game state machine never rolls: a caller takes two dice from a
:class:`DiceSource` and puts them in an action (see
:meth:`nard.match.game.Game.roll_action`). That keeps games pure and replayable.

>>> dice = SeededDice(2024)
>>> dice.roll() == SeededDice(2024).roll()
True
>>> all(1 <= die <= 6 for die in SystemDice().roll())
True
"""

from __future__ import annotations

import random
import secrets
from typing import Protocol, runtime_checkable


@runtime_checkable
class DiceSource(Protocol):
    """Anything that rolls two dice.

    ``roll()`` gives both dice of a turn. ``opening_roll()`` gives the opening
    roll (R4) as ``(white's die, black's die)``; every source draws it the same
    way as a turn's roll, so a sequence of draws is just a sequence of pairs.
    """

    def roll(self) -> tuple[int, int]: ...

    def opening_roll(self) -> tuple[int, int]: ...


class SystemDice:
    """Dice from the operating system's cryptographic random source (:mod:`secrets`)."""

    def roll(self) -> tuple[int, int]:
        return secrets.randbelow(6) + 1, secrets.randbelow(6) + 1

    def opening_roll(self) -> tuple[int, int]:
        return self.roll()


class SeededDice:
    """Deterministic dice from :class:`random.Random` with a seed: for tests and replays.

    >>> dice = SeededDice(1)
    >>> [dice.roll() for _ in range(3)]
    [(2, 5), (1, 3), (1, 4)]
    """

    def __init__(self, seed: int | str | bytes) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def roll(self) -> tuple[int, int]:
        return self._random.randint(1, 6), self._random.randint(1, 6)

    def opening_roll(self) -> tuple[int, int]:
        return self.roll()

    def __repr__(self) -> str:
        return f"SeededDice({self.seed!r})"
