"""Games: seat and turn checks, apply, save, publish (lila's ``MovePlayer``).

Every action goes the same way, under the game's lock: check that the player
holds the seat and saw the latest state (``seq``), let :mod:`nard.match`
apply it (its errors carry the rule and the core's explanation), append it to
the action log in one committed transaction, and only then acknowledge it and
publish the update on the bus. The dice are rolled here only, from the game's
provably fair seed (or the system's random source when fair dice are off).

A game lives in memory while it is played (:class:`LiveGame`); loading one
replays its action log, so a restarted server resumes every game exactly
where its last committed action left it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.orm import Session, sessionmaker

from nard.core.board import Side
from nard.core.dice import Roll
from nard.core.explain import explain_move
from nard.core.plays import Play, Step
from nard.core.rules import EscapeScope, RuleSet
from nard.match.actions import (
    AcceptResignation,
    Action,
    Beaver,
    ConfirmPlay,
    Double,
    Drop,
    MakePlay,
    MakeStep,
    OpeningRoll,
    RefuseResignation,
    Resign,
    RollDice,
    Take,
    UndoStep,
)
from nard.match.dice import SystemDice
from nard.match.errors import GameError
from nard.match.fair import commitment as fair_commitment
from nard.match.fair import derive_roll
from nard.match.game import Phase
from nard.match.match import Match
from nard.match.options import GameOptions, OpeningRule
from nard.match.record import FairDiceRecord, MatchRecord, action_to_dict
from nard.match.scoring import ResultKind
from nard.server import schemas
from nard.server.bus import EventBus
from nard.server.security import new_public_id, new_token
from nard.server.services.action_log import ActionLog
from nard.server.services.errors import Refusal
from nard.server.views import event_data, match_state, side_name
from nard.storage.models import Game as GameRow
from nard.storage.repository import (
    ConflictError,
    GameRepository,
    LoggedAction,
    PlayerRepository,
)

if TYPE_CHECKING:
    from nard.server.services.bot_service import BotService

log = logging.getLogger(__name__)

T = TypeVar("T")
SIDES = {"white": Side.WHITE, "black": Side.BLACK}


@dataclass
class LiveGame:
    """A game in memory: its settings, seats, match and the number of its last action."""

    id: int
    public_id: str
    mode: str
    status: str
    header: dict[str, Any]
    match: Match
    seq: int
    seats: dict[Side, int | None]
    names: dict[Side, str | None]
    bot_side: Side | None
    bot_level: str | None
    server_seed: str | None
    commitment: str | None
    client_seeds: list[str]
    invite_token: str | None
    watch_token: str
    result: dict[str, Any] | None
    created_at: datetime
    updated_at: datetime
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: dict[Side, int] = field(default_factory=lambda: {Side.WHITE: 0, Side.BLACK: 0})
    away_since: dict[Side, float] = field(
        default_factory=lambda: {Side.WHITE: time.monotonic(), Side.BLACK: time.monotonic()}
    )

    def sides_of(self, player_id: int | None) -> list[Side]:
        """The seats ``player_id`` holds (two in a hot-seat game)."""
        if player_id is None:
            return []
        return [side for side in Side if self.seats[side] == player_id]

    @property
    def is_match_over(self) -> bool:
        # A money game is one game: it is over when that game is.
        return self.match.is_over or (self.match.is_money and bool(self.match.games))

    @property
    def is_finished(self) -> bool:
        return self.status == "finished"


def _rules(switches: schemas.RuleSwitches) -> RuleSet:
    rules = RuleSet.preset(switches.preset)
    changes: dict[str, object] = {
        name: value
        for name, value in switches.model_dump(exclude={"preset"}).items()
        if value is not None
    }
    if "escape_scope" in changes:
        changes["escape_scope"] = EscapeScope(str(changes["escape_scope"]))
    return rules.with_(**changes)


def _header(request: schemas.GameCreate) -> dict[str, Any]:
    options = GameOptions(
        opening=OpeningRule(request.options.opening),
        lower_starts=request.options.lower_starts,
        jacoby=request.options.jacoby,
        beavers=request.options.beavers,
        automatic_doubles=request.options.automatic_doubles,
    )
    record = MatchRecord(
        length=request.length,
        rules=_rules(request.rules),
        options=options,
        crawford_rule=request.crawford,
    )
    # Build the match once, so impossible settings are refused before anything is saved.
    record.new_match()
    header = record.to_dict()
    del header["actions"], header["games"]
    return header


def _record(header: dict[str, Any], actions: list[dict[str, Any]]) -> MatchRecord:
    return MatchRecord.from_dict({**header, "actions": actions})


class GameService:
    """The games of this server process, their locks, and the path every action takes."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        bus: EventBus,
        *,
        executor: Executor | None = None,
        claim_after_s: float = 120.0,
        base_url: str = "",
        log: ActionLog | None = None,
    ) -> None:
        self.sessions = sessions
        self.executor = executor
        self.log = log or ActionLog(sessions, executor)
        self.bus = bus
        self.claim_after_s = claim_after_s
        self.base_url = base_url
        self.bots: BotService | None = None
        self._live: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._dice = SystemDice()

    # -- database calls, off the event loop ---------------------------------------------------

    async def _db(self, work: Callable[[Session], T]) -> T:
        def run() -> T:
            with self.sessions() as session:
                return work(session)

        return await asyncio.get_running_loop().run_in_executor(self.executor, run)

    # -- creating, joining, loading -------------------------------------------------------------

    async def create(self, player_id: int, request: schemas.GameCreate) -> LiveGame:
        try:
            header = _header(request)
        except ValueError as error:
            raise Refusal("invalid", str(error)) from error
        side = request.side
        if side == "random":
            side = secrets.choice(("white", "black"))
        mine = SIDES[side]
        seats: dict[Side, int | None] = {mine: player_id, mine.other: None}
        bot_side = None
        status = "active"
        invite = None
        if request.mode == "hotseat":
            seats = {Side.WHITE: player_id, Side.BLACK: player_id}
        elif request.mode == "bot":
            bot_side = mine.other
        else:
            status = "waiting"
            invite = new_token()
        seed = secrets.token_bytes(32) if request.fair_dice else None
        seeds = [request.client_seed] if request.client_seed else []

        def insert(session: Session) -> int:
            row = GameRepository(session).create(
                public_id=new_public_id(),
                mode=request.mode,
                status=status,
                settings=header,
                white_player_id=seats[Side.WHITE],
                black_player_id=seats[Side.BLACK],
                bot_side=side_name(bot_side),
                bot_level=request.bot_level if bot_side is not None else None,
                invite_token=invite,
                watch_token=new_token(),
                server_seed=None if seed is None else seed.hex(),
                commitment=None if seed is None else fair_commitment(seed),
                client_seeds=seeds,
                seq=0,
                snapshot={},
            )
            session.commit()
            return row.id

        game_id = await self._db(insert)
        live = await self._load_by_id(game_id)
        self._kick_bot(live)
        return live

    async def get(self, public_id: str) -> LiveGame | None:
        """The game with this public id, loaded (and replayed) if need be."""
        live = self._live.get(public_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(public_id, asyncio.Lock())
        async with lock:
            live = self._live.get(public_id)
            if live is None:
                live = await self._db(lambda session: self._read(session, public_id=public_id))
                if live is not None:
                    self._live[public_id] = live
        self._loading.pop(public_id, None)
        return live

    async def _load_by_id(self, game_id: int) -> LiveGame:
        live = await self._db(lambda session: self._read(session, game_id=game_id))
        assert live is not None
        return self._live.setdefault(live.public_id, live)

    def _read(
        self, session: Session, *, public_id: str | None = None, game_id: int | None = None
    ) -> LiveGame | None:
        games = GameRepository(session)
        row = games.by_public_id(public_id) if public_id is not None else games.get(game_id or 0)
        if row is None:
            return None
        logged = games.actions(row.id)
        match = _record(row.settings, [item.action for item in logged]).replay()
        seq = logged[-1].seq if logged else 0
        if seq != row.seq or (row.snapshot and row.snapshot.get("seq") != seq):
            # The log and the snapshot are written in one transaction; the log wins.
            log.error("game %s: snapshot at %s, log at %s", row.public_id, row.seq, seq)
        return self._live_from_row(session, row, match, seq)

    def _live_from_row(self, session: Session, row: GameRow, match: Match, seq: int) -> LiveGame:
        seats = {Side.WHITE: row.white_player_id, Side.BLACK: row.black_player_id}
        ids = [player for player in seats.values() if player is not None]
        known = PlayerRepository(session).names(ids)
        bot_side = SIDES.get(row.bot_side or "")
        names: dict[Side, str | None] = {
            side: (known.get(seats[side] or 0) if seats[side] is not None else None)
            for side in Side
        }
        if bot_side is not None:
            names[bot_side] = f"Bot ({row.bot_level})"
        return LiveGame(
            id=row.id,
            public_id=row.public_id,
            mode=row.mode,
            status=row.status,
            header=row.settings,
            match=match,
            seq=seq,
            seats=seats,
            names=names,
            bot_side=bot_side,
            bot_level=row.bot_level,
            server_seed=row.server_seed,
            commitment=row.commitment,
            client_seeds=list(row.client_seeds),
            invite_token=row.invite_token,
            watch_token=row.watch_token,
            result=row.result,
            created_at=row.created_at,
            updated_at=row.updated_at,
        )

    async def _reload(self, live: LiveGame) -> LiveGame:
        """Re-read a game another process has moved on (cross-process conflict)."""
        fresh = await self._db(lambda session: self._read(session, game_id=live.id))
        assert fresh is not None
        live.match, live.seq, live.status, live.result = (
            fresh.match,
            fresh.seq,
            fresh.status,
            fresh.result,
        )
        live.seats, live.names, live.invite_token = fresh.seats, fresh.names, fresh.invite_token
        return live

    async def join(self, token: str, player_id: int) -> LiveGame:
        """Take the free seat of the game this invitation belongs to; the first opener wins."""

        def take(session: Session) -> tuple[int, bool] | None:
            games = GameRepository(session)
            row = games.by_invite(token)
            if row is None:
                return None
            if player_id in (row.white_player_id, row.black_player_id):
                return row.id, False
            side = "white" if row.white_player_id is None else "black"
            taken = games.take_seat(row.id, side, player_id, token)
            session.commit()
            return row.id, taken

        outcome = await self._db(take)
        if outcome is None:
            raise Refusal("not_found", "this invitation is unknown or already used")
        game_id, taken = outcome
        if not taken:
            raise Refusal("own_invite", "this is your own invitation: send it to a friend")
        live = await self._load_by_id(game_id)
        live = await self._reload(live)
        live.status = "active"
        await self._publish_state(live)
        return live

    async def resume(self) -> int:
        """After a start: load the unfinished games against the bot and let it play on."""
        rows = await self._db(lambda session: list(GameRepository(session).active_bot_games()))
        for row in rows:
            live = await self.get(row.public_id)
            if live is not None:
                self._kick_bot(live)
        return len(rows)

    async def close(self) -> None:
        for task in list(self._bot_tasks.values()):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._bot_tasks.clear()
        await self.log.close()

    # -- views ------------------------------------------------------------------------------

    def fair_dice(self, live: LiveGame) -> dict[str, Any] | None:
        if live.commitment is None:
            return None
        revealed = live.is_finished or live.is_match_over
        return {
            "commitment": live.commitment,
            "client_seeds": list(live.client_seeds),
            "server_seed": live.server_seed if revealed else None,
        }

    def seats(self, live: LiveGame) -> list[dict[str, Any]]:
        return [
            {
                "side": side_name(side),
                "name": live.names[side],
                "is_bot": side is live.bot_side,
                "connected": side is live.bot_side or live.connections[side] > 0,
            }
            for side in Side
        ]

    def settings(self, live: LiveGame) -> dict[str, Any]:
        """The rules (RuleSet fields), match length, options and bot level of the game."""
        header = live.header
        return {
            "rules": dict(header["rules"]),
            "length": header.get("length"),
            "crawford": bool(header.get("crawford_rule", True)),
            "options": dict(header["options"]),
            "bot_level": live.bot_level,
        }

    def snapshot(self, live: LiveGame, state: dict[str, Any] | None = None) -> dict[str, Any]:
        """What every viewer sees: the body of ``state`` messages and of GET /games/{id}."""
        return self.changes(live, match_state(live.match) if state is None else state) | {
            "mode": live.mode,
            "settings": self.settings(live),
            "seats": self.seats(live),
            "fair_dice": self.fair_dice(live),
        }

    def changes(self, live: LiveGame, state: dict[str, Any]) -> dict[str, Any]:
        """The parts of :meth:`snapshot` an action can change: the body of ``update`` messages.

        Settings and seats do not change with an action (seats come in
        ``presence`` and ``state`` messages), so an update leaves them out and
        the client merges it into the game it has; fair dice come along once
        the match is over and the seed is revealed.
        """
        data = {
            "id": live.public_id,
            "status": live.status,
            "seq": live.seq,
            "result": live.result,
            "state": state,
        }
        if live.commitment is not None and (live.is_finished or live.is_match_over):
            data["fair_dice"] = self.fair_dice(live)
        return data

    def public(self, live: LiveGame, viewer: int | None) -> dict[str, Any]:
        you = live.sides_of(viewer)
        data = self.snapshot(live)
        data |= {
            "you": [side_name(side) for side in you],
            "created_at": live.created_at,
            "updated_at": live.updated_at,
            "watch_url": f"{self.base_url}/watch/{live.public_id}?token={live.watch_token}"
            if you
            else None,
            "invite_url": f"{self.base_url}/invite/{live.invite_token}"
            if you and live.invite_token
            else None,
        }
        return data

    def record(self, live: LiveGame) -> MatchRecord:
        """The match record so far, with the fair dice (the seed only once it is over)."""
        fair = self.fair_dice(live)
        names = tuple(live.names[side] or side_name(side) or "" for side in Side)
        metadata = [("Site", "nard"), ("Game", live.public_id)]
        if live.result and live.result.get("reason") == "claimed":
            metadata.append(("Termination", f"claimed by {live.result['winner']}"))
        return MatchRecord.from_match(
            live.match,
            players=(names[0], names[1]),
            metadata=metadata,
            fair_dice=None
            if fair is None
            else FairDiceRecord(
                fair["commitment"], tuple(fair["client_seeds"]), fair["server_seed"]
            ),
        )

    async def list_for(
        self, player_id: int, *, finished: bool | None = None
    ) -> list[dict[str, Any]]:
        """A player's games from their stored snapshots (no replay), newest first."""

        def read(session: Session) -> list[dict[str, Any]]:
            rows = GameRepository(session).of_player(player_id, finished=finished)
            ids = {p for row in rows for p in (row.white_player_id, row.black_player_id) if p}
            known = PlayerRepository(session).names(list(ids))
            listed = []
            for row in rows:
                seats = {"white": row.white_player_id, "black": row.black_player_id}
                listed.append(
                    {
                        "id": row.public_id,
                        "mode": row.mode,
                        "status": row.status,
                        "seq": row.seq,
                        "seats": [
                            {
                                "side": side,
                                "name": f"Bot ({row.bot_level})"
                                if row.bot_side == side
                                else known.get(seats[side] or 0),
                                "is_bot": row.bot_side == side,
                                "connected": False,
                            }
                            for side in ("white", "black")
                        ],
                        "you": [side for side in ("white", "black") if seats[side] == player_id],
                        "score": list(row.snapshot.get("score", [0, 0])),
                        "length": row.settings.get("length"),
                        "result": row.result,
                        "updated_at": row.updated_at,
                    }
                )
            return listed

        return await self._db(read)

    async def missed(self, live: LiveGame, since: int) -> list[dict[str, Any]]:
        """The ``update`` messages after action ``since`` (events only), from the log."""
        rows = await self._db(
            lambda session: [
                (item.seq, item.events)
                for item in GameRepository(session).actions(live.id, after=since)
            ]
        )
        return [{"type": "update", "seq": seq, "events": events} for seq, events in rows]

    # -- presence and claims ------------------------------------------------------------------

    async def connected(self, live: LiveGame, sides: list[Side]) -> None:
        for side in sides:
            live.connections[side] += 1
        if sides:
            await self._publish(live, {"type": "presence", "seats": self.seats(live)})

    async def disconnected(self, live: LiveGame, sides: list[Side]) -> None:
        for side in sides:
            live.connections[side] -= 1
            if live.connections[side] == 0:
                live.away_since[side] = time.monotonic()
        if sides:
            await self._publish(live, {"type": "presence", "seats": self.seats(live)})

    def claimable_in(self, live: LiveGame, side: Side) -> float | None:
        """Seconds until ``side`` may claim the game (0: now); None if it never may."""
        opponent = side.other
        if (
            live.mode != "friend"
            or live.status != "active"
            or opponent is live.bot_side
            or live.seats[opponent] in (None, live.seats[side])
        ):
            return None
        if live.connections[opponent] > 0:
            return None
        waited = time.monotonic() - live.away_since[opponent]
        return max(0.0, self.claim_after_s - waited)

    async def claim(self, live: LiveGame, player_id: int, expect: int | None = None) -> int:
        async with live.lock:
            sides = live.sides_of(player_id)
            if not sides:
                raise Refusal("spectator", "only a player can claim the game")
            side = sides[0]
            wait = self.claimable_in(live, side)
            if wait is None or wait > 0:
                detail = (
                    "your opponent is here or cannot abandon this game"
                    if wait is None
                    else f"your opponent may still come back: wait {wait:.0f} s more"
                )
                raise Refusal("cannot_claim", detail)
            result = {
                "winner": side_name(side),
                "reason": "claimed",
                "score": list(live.match.score),
            }
            done = await self._db(
                lambda session: self._finish(session, live.id, result),
            )
            if not done:
                await self._reload(live)
                raise Refusal("finished", "the game is already over")
            live.status, live.result = "finished", result
            await self._publish_state(live)
            return live.seq

    @staticmethod
    def _finish(session: Session, game_id: int, result: dict[str, Any]) -> bool:
        done = GameRepository(session).finish(game_id, status="finished", result=result)
        session.commit()
        return done

    async def add_client_seed(self, live: LiveGame, player_id: int, seed: str) -> None:
        async with live.lock:
            if not live.sides_of(player_id):
                raise Refusal("spectator", "only a player can add a client seed")
            if live.commitment is None:
                raise Refusal("invalid", "this game does not use provably fair dice")
            seeds = [*live.client_seeds, seed]
            if live.seq > 0 or len(seeds) > 4:
                raise Refusal("seeds_fixed", "client seeds are fixed once the dice have rolled")

            def save(session: Session) -> bool:
                done = GameRepository(session).set_client_seeds(live.id, seeds)
                session.commit()
                return done

            if not await self._db(save):
                raise Refusal("seeds_fixed", "client seeds are fixed once the dice have rolled")
            live.client_seeds = seeds
            await self._publish_state(live)

    # -- actions ------------------------------------------------------------------------------

    def _roll(self, live: LiveGame) -> tuple[int, int]:
        if live.server_seed is None:
            return self._dice.roll()
        draw = len(live.match.dice_rolls())
        return derive_roll(bytes.fromhex(live.server_seed), live.client_seeds, draw)

    def _acting_side(self, live: LiveGame, player_id: int, wanted: str | None) -> Side:
        sides = live.sides_of(player_id)
        if not sides:
            raise Refusal("spectator", "you hold no seat in this game: spectators only watch")
        if wanted is not None:
            side = SIDES[wanted]
            if side not in sides:
                raise Refusal("not_your_seat", f"you do not hold the {wanted} seat")
            return side
        if len(sides) == 1:
            return sides[0]
        game = live.match.game
        to_act = None if game is None else game.to_act
        return to_act if to_act is not None else Side.WHITE

    def _action(self, live: LiveGame, side: Side, message: Any) -> Action:
        game = live.match.game
        assert game is not None
        match message:
            case schemas.RollMessage():
                if game.phase is Phase.OPENING:
                    white, black = self._roll(live)
                    return OpeningRoll(white, black)
                if game.phase is Phase.ROLLING and game.to_act is side:
                    return RollDice(side, Roll(*self._roll(live)))
                # Let the game say why (out of turn, already rolled...); no dice are drawn.
                return RollDice(side, Roll(1, 1))
            case schemas.StepMessage():
                return MakeStep(side, self._step(live, message.from_point, message.to_point))
            case schemas.PlayMessage():
                steps: list[Step] = []
                for origin, target in message.steps:
                    steps.append(self._step(live, origin, target, made=steps))
                return MakePlay(side, Play(tuple(steps)))
            case schemas.UndoMessage():
                return UndoStep(side)
            case schemas.ConfirmMessage():
                return ConfirmPlay(side)
            case schemas.DoubleMessage():
                return Double(side)
            case schemas.TakeMessage():
                return Take(side)
            case schemas.DropMessage():
                return Drop(side)
            case schemas.BeaverMessage():
                return Beaver(side)
            case schemas.ResignMessage():
                return Resign(side, ResultKind(message.kind))
            case schemas.AcceptResignationMessage():
                return AcceptResignation(side)
            case schemas.RefuseResignationMessage():
                return RefuseResignation(side)
        raise Refusal("unknown_type", f"not an action: {type(message).__name__}")

    def _step(
        self, live: LiveGame, origin: int, target: int, *, made: list[Step] | None = None
    ) -> Step:
        try:
            return Step(origin, target)
        except ValueError as error:
            game = live.match.game
            explanation = None
            if game is not None and game.phase is Phase.PLAYING and game.turn_start and game.roll:
                steps = list(game.steps) if made is None else made
                explanation = explain_move(
                    game.turn_start, game.roll, steps, origin, target, game.rules
                )
            rule = None if explanation is None else explanation.rule.value
            raise Refusal("illegal_play", str(error), rule=rule, explanation=explanation) from error

    async def act(self, live: LiveGame, player_id: int, message: schemas.ActionMessage) -> int:
        """Apply a player's action; returns its ``seq`` once it is committed."""
        async with live.lock:
            if message.seq > live.seq or live.status == "waiting" or not live.sides_of(player_id):
                # Another server process may have moved this game on (or seated the
                # opponent): catch up from the database.
                await self._reload(live)
            if live.status == "waiting":
                raise Refusal("waiting", "wait for your opponent to open the invitation")
            side = self._acting_side(live, player_id, message.side)
            if live.is_finished or live.match.game is None or live.is_match_over:
                raise Refusal("finished", "the game is over", seq=live.seq)
            if message.seq != live.seq:
                raise Refusal(
                    "stale",
                    f"the game is at action {live.seq}, not {message.seq}: sync and retry",
                    seq=live.seq,
                )
            action = self._action(live, side, message)
            return await self._commit(live, action, player_id)

    async def hint(self, live: LiveGame, player_id: int, seq: int) -> list[dict[str, Any]]:
        """The best plays of the player's roll, in a game against the bot, before any step.

        Checked under the game's lock, computed outside it (in the bot's worker
        pool): the hint is for the state at ``seq``, and nothing changes.
        """
        async with live.lock:
            if seq > live.seq:
                await self._reload(live)
            sides = live.sides_of(player_id)
            if not sides:
                raise Refusal("spectator", "you hold no seat in this game: spectators get no hints")
            if live.mode != "bot" or self.bots is None:
                raise Refusal("no_hint", "hints are given in games against the computer only")
            game = live.match.game
            if live.is_finished or game is None or live.is_match_over:
                raise Refusal("finished", "the game is over", seq=live.seq)
            if seq != live.seq:
                raise Refusal(
                    "stale",
                    f"the game is at action {live.seq}, not {seq}: sync and retry",
                    seq=live.seq,
                )
            if game.to_act not in sides:
                raise Refusal("out_of_turn", "it is not your turn to play")
            if game.phase is not Phase.PLAYING:
                raise Refusal("phase", "a hint is for a roll being played: roll first")
            if game.steps:
                raise Refusal(
                    "hint_after_step",
                    "a hint is given before the first step of the turn: undo your steps first",
                )
        return await self.bots.hint(game)

    async def _commit(self, live: LiveGame, action: Action, player_id: int | None) -> int:
        """Apply ``action`` (the caller holds the lock), save it, then publish it."""
        try:
            match, events = live.match.apply(action)
        except GameError as error:
            raise Refusal.from_game_error(error) from error
        seq = live.seq + 1
        over = match.is_over or (match.is_money and bool(match.games))
        state = match_state(match)
        result = None
        if over:
            assert match.games
            last = match.games[-1]
            result = {
                "winner": side_name(match.winner or last.winner),
                "reason": "match_over",
                "score": list(match.score),
            }
        snapshot = {
            "seq": seq,
            "position_id": state["game"]["position_id"],
            "phase": state["game"]["phase"],
            "score": state["match"]["score"],
            "game_number": state["match"]["game_number"],
        }
        event_list = [event_data(event) for event in events]
        status = "finished" if over else live.status

        entry = LoggedAction(
            live.id,
            seq,
            action=action_to_dict(action),
            events=event_list,
            player_id=player_id,
            snapshot=snapshot,
            status=status,
            result=result,
        )
        try:
            await self.log.append(entry)
        except ConflictError as error:
            await self._reload(live)
            raise Refusal(
                "conflict", "another action was saved first: sync and retry", seq=live.seq
            ) from error
        live.match, live.seq, live.status = match, seq, status
        if result is not None:
            live.result = result
        message: dict[str, Any] = {"type": "update", "seq": seq, "events": event_list}
        message |= {"game": self.changes(live, state)}
        await self._publish(live, message)
        self._kick_bot(live)
        return seq

    async def _publish(self, live: LiveGame, message: dict[str, Any]) -> None:
        await self.bus.publish(live.public_id, json.dumps(message, default=str))

    async def _publish_state(self, live: LiveGame) -> None:
        await self._publish(live, {"type": "state", "game": self.snapshot(live)})

    # -- the bot ------------------------------------------------------------------------------

    def _bot_to_act(self, live: LiveGame) -> bool:
        game = live.match.game
        return (
            live.bot_side is not None
            and live.status == "active"
            and not live.is_match_over
            and game is not None
            and game.to_act is live.bot_side
        )

    def _kick_bot(self, live: LiveGame) -> None:
        if self.bots is None or not self._bot_to_act(live):
            return
        running = self._bot_tasks.get(live.public_id)
        if running is not None and not running.done():
            return
        self._bot_tasks[live.public_id] = asyncio.create_task(self._bot_turns(live))

    async def _bot_turns(self, live: LiveGame) -> None:
        """Let the bot act while it is its turn; it thinks in the worker pool."""
        assert self.bots is not None and live.bot_side is not None
        side = live.bot_side
        try:
            while True:
                async with live.lock:
                    if not self._bot_to_act(live):
                        return
                    game, seq = live.match.game, live.seq
                assert game is not None
                action = await self.bots.decide(live.bot_level or "intermediate", game, side)
                async with live.lock:
                    if live.seq != seq or not self._bot_to_act(live):
                        continue
                    if action is None:  # no double: roll
                        action = RollDice(side, Roll(*self._roll(live)))
                    try:
                        await self._commit(live, action, None)
                    except Refusal as refusal:
                        log.warning(
                            "game %s: the bot's %r refused: %s", live.public_id, action, refusal
                        )
                        if refusal.code != "conflict":
                            return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the bot failed", live.public_id)
        finally:
            self._bot_tasks.pop(live.public_id, None)
