"""Who plays a side in ``nard play``: a person at the terminal, a random player, or the bot.

A computer player answers :meth:`ComputerPlayer.decide` with the action it
takes, or None when it simply rolls the dice (the caller rolls them, so the
dice source stays in one place). Every action it returns is one the game
accepts: plays come from the core's legal plays, cube and resignation
answers only when :meth:`~nard.match.game.Game.available_actions` lists them.

>>> from nard.core.board import Position, Side
>>> from nard.core.dice import Roll
>>> from nard.match import Game, RollDice
>>> game = Game.from_position(Position.initial())
>>> game, _ = game.apply(RollDice(Side.WHITE, Roll(6, 5)))
>>> action = RandomPlayer(seed=3).decide(game, Side.WHITE)
>>> action.play in game.legal_plays
True
>>> parse_player("bot:expert").spec, parse_player("random").spec
('bot:expert', 'random')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from nard.core.board import Side
from nard.match.actions import (
    AcceptResignation,
    Action,
    Beaver,
    Double,
    Drop,
    MakePlay,
    RefuseResignation,
    Take,
)
from nard.match.game import Game, Phase

if TYPE_CHECKING:
    from nard.ai.bot import Bot


class ComputerPlayer(Protocol):
    """A side played by the program."""

    spec: str

    def decide(self, game: Game, side: Side) -> Action | None:
        """The action ``side`` takes now; None means: roll the dice."""
        ...


@dataclass(frozen=True, slots=True)
class HumanPlayer:
    """A person typing at the terminal."""

    spec: str = "human"


class RandomPlayer:
    """Plays uniformly among the legal plays; cube actions at random, rarely.

    It doubles with probability ``double_chance`` when it may, drops a double
    with ``drop_chance`` (beavering with ``beaver_chance`` when allowed) and
    accepts a resignation half the time. It never resigns.
    """

    spec = "random"

    def __init__(
        self,
        *,
        seed: int | str | None = None,
        double_chance: float = 0.02,
        drop_chance: float = 0.25,
        beaver_chance: float = 0.05,
    ) -> None:
        self._rng = random.Random(seed)
        self.double_chance = double_chance
        self.drop_chance = drop_chance
        self.beaver_chance = beaver_chance

    def decide(self, game: Game, side: Side) -> Action | None:
        if game.to_act is not side:
            return None
        if game.phase is Phase.ROLLING:
            if game.can_double(side) and self._rng.random() < self.double_chance:
                return Double(side)
            return None
        if game.phase is Phase.PLAYING:
            # The board's order of plays is fixed, so a seed gives the same choice.
            # A game only waits for a play when one exists (R10 passes the turn itself).
            return MakePlay(side, self._rng.choice(list(game.legal_plays)))
        if game.phase is Phase.CUBE_OFFERED:
            if self._rng.random() < self.drop_chance:
                return Drop(side)
            if game.can_beaver(side) and self._rng.random() < self.beaver_chance:
                return Beaver(side)
            return Take(side)
        if game.phase is Phase.RESIGNATION_OFFERED:
            accept = self._rng.random() < 0.5
            return AcceptResignation(side) if accept else RefuseResignation(side)
        return None


class BotPlayer:
    """The bot of :mod:`nard.ai` at a given level."""

    def __init__(self, level: str, *, seed: int | None = None, bot: Bot | None = None) -> None:
        if bot is None:
            from nard.ai.bot import Bot

            bot = Bot(level, seed=seed)
        self.bot = bot
        self.spec = f"bot:{bot.level.name}"

    def decide(self, game: Game, side: Side) -> Action | None:
        from nard.ai.bot_actions import choose_action

        # Resignations too: it accepts only what is worth at least playing on,
        # and offers one when its game is hopeless (nard.ai.resign).
        return choose_action(self.bot, game, side)


def bot_available() -> bool:
    """Whether :mod:`nard.ai` and its engine can be loaded."""
    try:
        import nard.ai.engine  # noqa: F401
    except ImportError:
        return False
    return True


def parse_player(spec: str, *, seed: int | None = None) -> HumanPlayer | ComputerPlayer:
    """A player from ``human``, ``random`` or ``bot:LEVEL`` (``bot`` alone: intermediate).

    The bot is built only when asked for, so ``human`` and ``random`` never load it.
    """
    text = spec.strip().lower()
    if text == "human":
        return HumanPlayer()
    if text == "random":
        return RandomPlayer(seed=seed)
    if text == "bot" or text.startswith("bot:"):
        level = text.partition(":")[2] or "intermediate"
        from nard.ai.bot import Level

        Level.named(level)  # unknown levels fail here, before the engine loads
        if not bot_available():
            raise ValueError(
                "the bot needs the bgsage engine, part of nard: pip install --force-reinstall nard"
            )
        return _LazyBot(level, seed)
    raise ValueError(f"a player is human, random or bot:LEVEL, not {spec!r}")


class _LazyBot:
    """A bot player whose engine loads at its first decision."""

    def __init__(self, level: str, seed: int | None) -> None:
        from nard.ai.bot import Level

        self.level = Level.named(level)
        self.seed = seed
        self.spec = f"bot:{self.level.name}"
        self._player: BotPlayer | None = None

    def decide(self, game: Game, side: Side) -> Action | None:
        if self._player is None:
            self._player = BotPlayer(self.level.name, seed=self.seed)
        return self._player.decide(game, side)
