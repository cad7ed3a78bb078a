"""The table: every action's way from a checked seat to the players' screens.

Under the game's lock: check that the player holds the seat and saw the latest
state (``seq``), let :mod:`nard.match` apply the action (its errors carry the
rule and the core's explanation), append it to the action log in one committed
transaction, and only then publish the update on the bus and tell the
listeners (:class:`AfterCommit`: the bot; later clocks and ratings); the socket
acknowledges the action once :meth:`Table.act` returns its ``seq``.
Creating a game, taking a friend's invitation and claiming an abandoned game
happen here too.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Protocol

from sqlalchemy.orm import Session

from nard.core.board import Side
from nard.match.actions import Action
from nard.match.errors import GameError
from nard.match.fair import commitment as fair_commitment
from nard.match.record import action_to_dict
from nard.server import schemas
from nard.server.bus import EventBus
from nard.server.database import Database
from nard.server.protocol import client
from nard.server.protocol.events import side_name
from nard.server.protocol.views import OutcomeView
from nard.server.refusals import Refusal, RefusalCode
from nard.server.rooms.founding import match_header
from nard.server.rooms.intake import Intake
from nard.server.rooms.presence import Presence
from nard.server.rooms.projection import Projection, state_view, stored
from nard.server.rooms.registry import (
    SIDES,
    GameMode,
    GameStatus,
    LiveGame,
    Registry,
    Standing,
    match_over,
)
from nard.server.security import new_public_id, new_token
from nard.server.services.action_log import ActionLog
from nard.storage.repository import ConflictError, GameRepository, LoggedAction


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
    ) -> None:
        self.registry = registry
        self.database = database
        self.log = log
        self.bus = bus
        self.intake = intake
        self.presence = presence
        self.projection = projection
        self._listeners: list[AfterCommit] = []

    def listen(self, listener: AfterCommit) -> None:
        self._listeners.append(listener)

    def _changed(self, live: LiveGame) -> None:
        for listener in self._listeners:
            listener.after_commit(live)

    # -- a new game, a friend's seat --------------------------------------------------------

    async def create(self, player_id: int, request: schemas.GameCreate) -> LiveGame:
        try:
            header = match_header(request)
        except ValueError as error:
            raise Refusal(RefusalCode.INVALID, why=str(error)) from error
        mine = SIDES[
            secrets.choice(("white", "black")) if request.side == "random" else request.side
        ]
        mode = GameMode(request.mode)
        seats: dict[Side, int | None] = {mine: player_id, mine.other: None}
        bot_side, status, invite = None, GameStatus.ACTIVE, None
        if mode is GameMode.HOTSEAT:
            seats = {Side.WHITE: player_id, Side.BLACK: player_id}
        elif mode is GameMode.BOT:
            bot_side = mine.other
        else:
            status, invite = GameStatus.WAITING, new_token()
        seed = secrets.token_bytes(32) if request.fair_dice else None

        def insert(session: Session) -> int:
            row = GameRepository(session).create(
                public_id=new_public_id(),
                mode=mode.value,
                status=status.value,
                settings=header,
                white_player_id=seats[Side.WHITE],
                black_player_id=seats[Side.BLACK],
                bot_side=side_name(bot_side),
                bot_level=request.bot_level if bot_side is not None else None,
                invite_token=invite,
                watch_token=new_token(),
                server_seed=None if seed is None else seed.hex(),
                commitment=None if seed is None else fair_commitment(seed),
                client_seeds=[request.client_seed] if request.client_seed else [],
                seq=0,
                snapshot={},
            )
            session.commit()
            return row.id

        live = await self.registry.load(await self.database.run(insert))
        self._changed(live)
        return live

    async def join(self, token: str, player_id: int) -> LiveGame:
        """Take the free seat of the game this invitation belongs to; the first opener wins.

        A player already seated (the creator opening their own link) gets the game as
        it is."""

        def take(session: Session) -> tuple[int, bool | None] | None:
            games = GameRepository(session)
            row = games.by_invite(token)
            if row is None:
                return None
            if player_id in (row.white_player_id, row.black_player_id):
                return row.id, None
            side = "white" if row.white_player_id is None else "black"
            taken = games.take_seat(row.id, side, player_id, token)
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
        self.presence.arrive(live, sides)
        if sides:
            await self.bus.publish(live.public_id, self.projection.presence_message(live))

    async def leave(self, live: LiveGame, sides: list[Side]) -> None:
        self.presence.leave(live, sides)
        if sides:
            await self.bus.publish(live.public_id, self.projection.presence_message(live))

    async def claim(self, live: LiveGame, player_id: int) -> int:
        """End a friend game the opponent has left for longer than the claim time."""
        async with live.lock:
            sides = live.sides_of(player_id)
            if not sides:
                raise Refusal(RefusalCode.SPECTATOR)
            side = sides[0]
            wait = self.presence.claimable_in(live, side)
            if wait is None:
                raise Refusal(RefusalCode.CANNOT_CLAIM, variant="present")
            if wait > 0:
                raise Refusal(RefusalCode.CANNOT_CLAIM, wait=f"{wait:.0f}")
            result = OutcomeView(winner=side_name(side), reason="claimed", score=live.match.score)

            def finish(session: Session) -> bool:
                done = GameRepository(session).finish(
                    live.setup.id, status=GameStatus.FINISHED.value, result=stored(result)
                )
                session.commit()
                return done

            if not await self.database.run(finish):
                await self.registry.reload(live)
                raise Refusal(RefusalCode.FINISHED)
            standing = live.standing
            live.standing = Standing(
                standing.match, standing.seq, GameStatus.FINISHED, result, datetime.now(UTC)
            )
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
        try:
            match, events = live.match.apply(action, interner=self.registry.interner)
        except GameError as error:
            raise Refusal.from_game_error(error) from error
        seq = live.seq + 1
        state = state_view(match)
        over = match_over(match)
        result = live.standing.result
        if over:
            winner = match.winner or match.games[-1].winner
            result = OutcomeView(winner=side_name(winner), reason="match_over", score=match.score)
        status = GameStatus.FINISHED if over else live.status
        views = self.projection.events(events)
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
        )
        try:
            await self.log.append(entry)
        except ConflictError as error:
            await self.registry.reload(live)
            raise Refusal(RefusalCode.CONFLICT, seq=live.seq) from error
        live.standing = Standing(match, seq, status, result, datetime.now(UTC))
        await self.bus.publish(live.public_id, self.projection.update_message(live, views, state))
        self._changed(live)
        return seq

    async def publish_state(self, live: LiveGame) -> None:
        await self.bus.publish(live.public_id, self.projection.state_message(live))
        self._changed(live)
