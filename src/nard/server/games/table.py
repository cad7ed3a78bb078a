"""The table: every action's way from a checked seat to the players' screens.

Under the game's lock: check that the player holds the seat and saw the latest
state (``seq``), let :mod:`nard.match` apply the action (its errors carry the
rule and the core's explanation), append it to the action log in one committed
transaction, and only then publish the update on the bus and tell the
listeners (:class:`AfterCommit`: the bot, the ratings, the clocks' timers); the socket
acknowledges the action once :meth:`Table.act` returns its ``seq``.
Creating a game, taking a friend's invitation and claiming an abandoned game
happen here too.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Protocol

from sqlalchemy.orm import Session

from nard.core.board import Side
from nard.match.actions import Action
from nard.match.errors import GameError
from nard.match.record import action_to_dict
from nard.match.timeline import advance
from nard.server.database import Database
from nard.server.games.action_log import ActionLog
from nard.server.games.clocks import Timekeeper, running_side
from nard.server.games.founding import founding_columns, rated_at_creation
from nard.server.games.intake import Intake
from nard.server.games.live import SIDES, GameMode, GameStatus, LiveGame, Standing, match_over
from nard.server.games.projection import Projection, state_view
from nard.server.games.registry import Registry
from nard.server.games.timeout import Flagfall
from nard.server.players.security import new_public_id, new_token
from nard.server.ports import EventBus, Presence
from nard.server.protocol import client
from nard.server.protocol import http as schemas
from nard.server.protocol.events import side_name
from nard.server.protocol.views import EndingName, OutcomeView, stored
from nard.server.refusals import Refusal, RefusalCode
from nard.storage.games import ConflictError, GameRepository, LoggedAction

ENDINGS: dict[str, EndingName] = {
    "borne_off": "bear_off",
    "resigned": "resigned",
    "dropped": "dropped_double",
}
"""A game's end (:class:`~nard.match.scoring.EndReason`) as the match's ending."""


class AfterCommit(Protocol):
    """Told of each game whose state has just changed and been published."""

    def after_commit(self, live: LiveGame) -> None: ...


def refuse_unless_current(live: LiveGame, seq: int) -> None:
    """Refuse a message about a finished game or a state older than the game's."""
    if live.is_over or live.match.game is None:
        raise Refusal(RefusalCode.FINISHED, seq=live.seq)
    if seq != live.seq:
        raise Refusal(RefusalCode.STALE, seq=live.seq, sent=seq)


class Table:
    def __init__(
        self,
        registry: Registry,
        database: Database,
        log: ActionLog,
        bus: EventBus,
        *,
        intake: Intake,
        presence: Presence,
        projection: Projection,
        timekeeper: Timekeeper,
        clock_scale: float = 1.0,
    ) -> None:
        self.registry = registry
        self.database = database
        self.log = log
        self.bus = bus
        self.intake = intake
        self.presence = presence
        self.projection = projection
        self.timekeeper = timekeeper
        self.clock_scale = clock_scale
        """Every preset's times multiplied by this in new games (1 but in tests)."""
        self._listeners: list[AfterCommit] = []
        self.flagfall = Flagfall(registry, timekeeper, self.publish_state)

    def listen(self, listener: AfterCommit) -> None:
        self._listeners.append(listener)

    def _changed(self, live: LiveGame) -> None:
        for listener in self._listeners:
            listener.after_commit(live)

    # -- a new game, a friend's seat --------------------------------------------------------

    async def create(
        self, player_id: int, request: schemas.GameCreate, *, account: bool = False
    ) -> LiveGame:
        rated = rated_at_creation(request, account=account)
        mine = SIDES[
            secrets.choice(("white", "black")) if request.side == "random" else request.side
        ]
        mode = GameMode(request.mode)
        founding = founding_columns(request, mode, self.clock_scale)
        seats: dict[Side, int | None] = {mine: player_id, mine.other: None}
        bot_side, status, invite = None, GameStatus.ACTIVE, None
        if mode is GameMode.HOTSEAT:
            seats = {Side.WHITE: player_id, Side.BLACK: player_id}
        elif mode is GameMode.BOT:
            bot_side = mine.other
        else:
            status, invite = GameStatus.WAITING, new_token()

        def insert(session: Session) -> int:
            row = GameRepository(session).create(
                public_id=new_public_id(),
                mode=mode.value,
                status=status.value,
                white_player_id=seats[Side.WHITE],
                black_player_id=seats[Side.BLACK],
                bot_side=side_name(bot_side),
                bot_level=request.bot_level if bot_side is not None else None,
                invite_token=invite,
                client_seeds=[request.client_seed] if request.client_seed else [],
                rated=rated,
                **founding,
            )
            session.commit()
            return row.id

        live = await self.registry.load(await self.database.run(insert))
        self._changed(live)
        return live

    async def pair(
        self,
        players: tuple[int, int],
        request: schemas.GameCreate,
        *,
        rated: bool,
        claim: Callable[[Session, str], bool],
    ) -> LiveGame | None:
        """A game between two players met in the lobby, in the transaction that ``claim``s them.

        ``claim(session, public_id)`` takes the challenge (or the quick-match
        pairing) for the game ``public_id`` in the same transaction; if it
        fails, nothing is created and the answer is None.
        The seats are drawn at random.
        """
        founding = founding_columns(request, GameMode.FRIEND, self.clock_scale)
        first, second = players if secrets.randbits(1) else players[::-1]
        public_id = new_public_id()

        def insert(session: Session) -> int | None:
            if not claim(session, public_id):
                session.rollback()
                return None
            row = GameRepository(session).create(
                public_id=public_id,
                mode=GameMode.FRIEND.value,
                status=GameStatus.ACTIVE.value,
                white_player_id=first,
                black_player_id=second,
                client_seeds=[],
                rated=rated,
                **founding,
            )
            session.commit()
            return row.id

        game_id = await self.database.run(insert)
        if game_id is None:
            return None
        live = await self.registry.load(game_id)
        self._changed(live)
        return live

    async def join(self, token: str, player_id: int, *, account: bool = False) -> LiveGame:
        """Take the free seat of the game this invitation belongs to; the first opener wins.

        A guest who takes the seat makes the match unrated. A player already seated
        (the creator opening their own link) gets the game as it is."""

        def take(session: Session) -> tuple[int, bool | None] | None:
            games = GameRepository(session)
            row = games.by_invite(token)
            if row is None:
                return None
            if player_id in (row.white_player_id, row.black_player_id):
                return row.id, None
            side = "white" if row.white_player_id is None else "black"
            taken = games.take_seat(row.id, side, player_id, token)
            if taken and not account:
                games.unrate(row.id)
            session.commit()
            return row.id, taken

        outcome = await self.database.run(take)
        if outcome is None:
            raise Refusal(RefusalCode.NOT_FOUND)
        game_id, taken = outcome
        if taken is None:
            return await self.registry.load(game_id)
        if not taken:
            # Someone else opened the link a moment before: the token is spent.
            raise Refusal(RefusalCode.NOT_FOUND)
        live = await self.registry.reload(await self.registry.load(game_id))
        await self.publish_state(live)
        return live

    async def add_client_seed(self, live: LiveGame, player_id: int, seed: str) -> None:
        async with live.lock:
            if not live.sides_of(player_id):
                raise Refusal(RefusalCode.SPECTATOR)
            if live.setup.commitment is None:
                raise Refusal(RefusalCode.INVALID, why="this game does not use provably fair dice")
            seeds = [*live.client_seeds, seed]
            if live.seq > 0 or len(seeds) > 4:
                raise Refusal(RefusalCode.SEEDS_FIXED)

            def save(session: Session) -> bool:
                done = GameRepository(session).set_client_seeds(live.setup.id, seeds)
                session.commit()
                return done

            if not await self.database.run(save):
                raise Refusal(RefusalCode.SEEDS_FIXED)
            live.client_seeds = tuple(seeds)
            await self.publish_state(live)

    # -- connections and claims --------------------------------------------------------------

    async def arrive(self, live: LiveGame, sides: list[Side]) -> None:
        """A connection opened for these seats (none: a spectator)."""
        await self.presence.arrive(live, sides)
        if sides:
            await self.bus.publish(live.public_id, self.projection.presence_message(live))

    async def leave(self, live: LiveGame, sides: list[Side]) -> None:
        await self.presence.leave(live, sides)
        if sides:
            await self.bus.publish(live.public_id, self.projection.presence_message(live))

    async def claim(self, live: LiveGame, player_id: int) -> int:
        """End a friend game the opponent has left for longer than the claim time."""
        async with live.lock:
            # Another server process may have moved the game on or ended it.
            await self.registry.refresh(live)
            if live.is_over:
                raise Refusal(RefusalCode.FINISHED)
            sides = live.sides_of(player_id)
            if not sides:
                raise Refusal(RefusalCode.SPECTATOR)
            side = sides[0]
            await self.presence.refresh(live)  # the opponent may be at another instance
            wait = self.presence.claimable_in(live, side)
            if wait is None:
                raise Refusal(RefusalCode.CANNOT_CLAIM, variant="present")
            if wait > 0:
                raise Refusal(RefusalCode.CANNOT_CLAIM, wait=f"{wait:.0f}")
            result = OutcomeView(winner=side_name(side), reason="claimed", score=live.match.score)
            if not await self.registry.finish(live, result):
                raise Refusal(RefusalCode.FINISHED)
            await self.publish_state(live)
            return live.seq

    # -- actions ----------------------------------------------------------------------------

    async def act(self, live: LiveGame, player_id: int, message: client.ActionMessage) -> int:
        """Apply a player's action; returns its ``seq`` once it is committed."""
        async with live.lock:
            if (
                message.seq > live.seq
                or live.status is GameStatus.WAITING
                or not live.sides_of(player_id)
            ):
                # Another server process may have moved this game on (or seated the
                # opponent): catch up from the database, if its row says so.
                await self.registry.refresh(live)
            if live.status is GameStatus.WAITING:
                raise Refusal(RefusalCode.WAITING)
            side = self.intake.acting_side(live, player_id, message.side)
            refuse_unless_current(live, message.seq)
            action = self.intake.action(live, side, message)
            return await self.commit(live, action, player_id)

    async def commit(self, live: LiveGame, action: Action, player_id: int | None) -> int:
        """Apply ``action`` (the caller holds the lock), save it, then publish it."""
        clock = self.timekeeper.charged(live)
        if clock is not None and clock.flagged is not None:
            # The timer has not fired yet, but the time is up: no action after it.
            await self.flagfall.lose(live, clock)
            raise Refusal(RefusalCode.FINISHED, seq=live.seq)
        seq = live.seq + 1
        try:
            moment = advance(live.match, action, seq=seq, interner=self.registry.interner)
        except GameError as error:
            raise Refusal.from_game_error(error) from error
        match, events = moment.match, moment.events
        assert match is not None
        state = state_view(match)
        over = match_over(match)
        result = live.standing.result
        if over:
            winner = match.winner or match.games[-1].winner
            last = match.games[-1].result
            result = OutcomeView(
                winner=side_name(winner),
                reason="match_over",
                score=match.score,
                ending=None if last is None else ENDINGS[last.reason.value],
                kind=None if last is None else last.kind.value,
            )
        status = GameStatus.FINISHED if over else live.status
        views = self.projection.events(events)
        if clock is not None:
            clock = clock.run(running_side(match))
        entry = LoggedAction(
            live.setup.id,
            seq,
            action=action_to_dict(action),
            events=[stored(view) for view in views],
            player_id=player_id,
            snapshot={
                "seq": seq,
                "position_id": state.game.position_id,
                "phase": state.game.phase,
                "score": list(state.match.score),
                "game_number": state.match.game_number,
            },
            status=status.value,
            result=None if not over or result is None else stored(result),
            clock=None if clock is None else clock.to_dict(),
        )
        try:
            await self.log.append(entry)
        except ConflictError as error:
            await self.registry.reload(live)
            raise Refusal(RefusalCode.CONFLICT, seq=live.seq) from error
        live.standing = Standing(match, seq, status, result, datetime.now(UTC))
        self.timekeeper.keep(live, clock)
        await self.bus.publish(
            live.public_id, self.projection.update_message(live, views, state, moment)
        )
        await self.bus.announce(live.public_id, seq)
        self._changed(live)
        return seq

    async def publish_state(self, live: LiveGame) -> None:
        await self.presence.refresh(live)  # the state shows the seats
        await self.bus.publish(live.public_id, self.projection.state_message(live))
        await self.bus.announce(live.public_id, live.seq)
        self._changed(live)
