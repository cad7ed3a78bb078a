"""The bot's decisions and the hints, as jobs of the job runner
(:class:`~nard.server.ports.JobRunner`): in a pool of worker processes, so the
event loop never waits for them, or on ``nard worker`` processes.

Each worker keeps one :class:`nard.ai.bot.Bot` per level (the engine loads
once per process). :func:`decide` runs in the worker: it returns the bot's
action, or None when the bot rolls rather than doubles (the server rolls the
dice, never the bot).
"""

from __future__ import annotations

import asyncio
from contextlib import AbstractContextManager, nullcontext
from typing import Literal, TypeVar

from nard.ai.bot import Bot
from nard.ai.bot_actions import choose_action, cube_state
from nard.ai.cube import CubeAction, CubeAnalysis
from nard.ai.hint import hint_cube, hint_plays
from nard.core.board import Side
from nard.core.notation import format_play
from nard.match.actions import Action
from nard.match.game import Game, Phase
from nard.server.ports import JobRunner
from nard.server.ports.redis.jobs import RETRY_S
from nard.server.process.metrics import Metrics
from nard.server.process.pool_child import die_with_parent
from nard.server.protocol.events import side_name, step_view
from nard.server.protocol.http import HintPlay
from nard.server.protocol.views import CubeHintView, CubeProper

T = TypeVar("T")

_BOTS: dict[str, Bot] = {}


def decide(level: str, game: Game, side: Side) -> Action | None:
    """What the bot playing ``side`` does in ``game`` (runs in a worker process),
    resignations included (:mod:`nard.ai.resign`)."""
    bot = _BOTS.get(level)
    if bot is None:
        bot = _BOTS[level] = Bot(level)
    return choose_action(bot, game, side)


def hint(game: Game, limit: int) -> list[HintPlay]:
    """The best ``limit`` plays of the roll being played in ``game``, best first (in a worker).

    The plays are valued knowing the cube and the score, as the bot values its own.
    """
    assert game.turn_start is not None and game.roll is not None
    ranked = hint_plays(game.turn_start, game.roll, game.rules, cube=cube_state(game), limit=limit)
    return [
        HintPlay(
            play=format_play(item.play),
            steps=[step_view(step) for step in item.play],
            equity=item.equity,
            loss=item.equity_loss,
        )
        for item in ranked
    ]


def cube_hint(game: Game) -> CubeHintView:
    """The cube decision of the side to act in ``game`` (in a worker): the doubler's
    before it rolls, or, with a double offered, the doubler's analysis the taker answers.

    The same analysis the bot and ``nard hint --cube`` make, at the game's cube and score.
    """
    to_act = game.to_act
    assert to_act is not None
    doubler = to_act if game.phase is Phase.ROLLING else to_act.other
    analysis = hint_cube(game.view(doubler), cube_state(game))
    return CubeHintView(
        decision="double" if doubler is to_act else "take",
        doubler=side_name(doubler),
        no_double=analysis.no_double,
        double_take=analysis.double_take,
        double_pass=analysis.double_pass,
        proper=proper_action(analysis),
        answer=answer_of(analysis),
    )


def answer_of(analysis: CubeAnalysis) -> Literal["take", "beaver", "pass"]:
    """The proper answer to a double in ``analysis``."""
    if not analysis.should_take:
        return "pass"
    return "beaver" if analysis.should_beaver else "take"


def proper_action(analysis: CubeAnalysis) -> CubeProper:
    """The proper action with the answer a double would get ("no double, take" ...).

    Only a side too good to double whose double would be passed plays on for more
    (:attr:`CubeAnalysis.action`); without a double, the answer names what a double
    would get.
    """
    answer = answer_of(analysis)
    if analysis.should_double:
        return PROPER[("double", answer)]
    if analysis.action is CubeAction.TOO_GOOD:
        return "too_good_pass"
    return PROPER[("no_double", answer)]


PROPER: dict[tuple[str, str], CubeProper] = {
    ("double", "take"): "double_take",
    ("double", "beaver"): "double_beaver",
    ("double", "pass"): "double_pass",
    ("no_double", "take"): "no_double_take",
    ("no_double", "beaver"): "no_double_beaver",
    ("no_double", "pass"): "no_double_pass",
}


def warm_up() -> None:
    # Load the engine before the first game needs it.
    Bot("beginner")


def start_pool_worker(parent_pid: int) -> None:
    """A pool worker's start: it dies with the server (:mod:`.pool_child`), then warms up."""
    die_with_parent(parent_pid)
    warm_up()


class BotService:
    """Bot decisions and hints, each a job of ``jobs``."""

    def __init__(
        self,
        jobs: JobRunner,
        *,
        delay_s: float = 0.0,
        metrics: Metrics | None = None,
        retry_s: float = RETRY_S,
    ) -> None:
        self.jobs = jobs
        self.delay_s = delay_s
        self.retry_s = retry_s
        """A bot turn that failed (its job lost, its pool broken) is asked for again
        after this long (:class:`~nard.server.games.bot.BotTurns`)."""
        self.metrics = metrics

    async def decide(self, level: str, game: Game, side: Side) -> Action | None:
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        with self._job("bot"):
            return await self.jobs.run(decide, level, game, side)

    async def hint(self, game: Game, limit: int = 5) -> list[HintPlay]:
        """The best plays of the roll being played (see :func:`hint`), as a job."""
        with self._job("hint"):
            return await self.jobs.run(hint, game, limit)

    async def cube_hint(self, game: Game) -> CubeHintView:
        """The cube decision of the side to act (see :func:`cube_hint`), as a job."""
        with self._job("hint"):
            return await self.jobs.run(cube_hint, game)

    def _job(self, kind: str) -> AbstractContextManager[None]:
        return nullcontext() if self.metrics is None else self.metrics.job(kind)
