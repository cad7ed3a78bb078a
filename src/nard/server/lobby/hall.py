"""The lobby hall: challenges (in the database), quick-match seekers and who is online.

Every change is published as a whole ``lobby`` snapshot on the event bus's
``lobby`` channel (in-process, or Redis), and a new game's ``matched`` message
on each of its players' channels (``player:<id>``). A challenge is taken by one
conditional UPDATE in the transaction that creates the game
(:meth:`~nard.server.games.table.Table.pair`), so two people accepting at once
get exactly one game. The online list and the quick-match queue are ports
(:class:`~nard.server.ports.Online`, :class:`~nard.server.ports.SeekQueue`),
shared by every instance through Redis when there is one: seekers at two
instances are paired, and a cancel reaches the queue whichever instance it
lands on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from sqlalchemy.orm import Session

from nard.match.ratings import INITIAL_RATING
from nard.server.database import Database
from nard.server.games.founding import match_header
from nard.server.games.live import GameMode, LiveGame
from nard.server.games.table import Table
from nard.server.limits import CreationLimits
from nard.server.lobby.pairing import Seeker, Terms
from nard.server.lobby.view import game_request, lobby_view
from nard.server.players.security import new_public_id, token_shaped
from nard.server.players.service import PlayerInfo
from nard.server.ports import EventBus, Online, QueueUnreachable, SeekQueue
from nard.server.protocol import http as schemas
from nard.server.protocol.lobby import LobbyMessage, MatchedMessage
from nard.server.refusals import Refusal, RefusalCode
from nard.storage.challenges import ChallengeRepository
from nard.storage.models import Challenge, Player
from nard.storage.players import PlayerRepository

log = logging.getLogger(__name__)

CHANNEL = "lobby"
PAIR_EVERY_S = 1.0
"""How often waiting seekers are paired again (their windows widen)."""
MOST_OPEN_CHALLENGES = 3
"""Open challenges one player may have at once: each is a row every lobby lists."""


def player_channel(player_id: int) -> str:
    return f"player:{player_id}"


def challenge_rated(terms: schemas.ChallengeCreate, creator: PlayerInfo) -> bool:
    why = "money" if terms.length is None else "guest" if creator.is_guest else None
    if terms.rated and why is not None:
        raise Refusal(RefusalCode.UNRATED, variant=why)
    return why is None and terms.rated is not False


def _challenge_shaped(public_id: str) -> None:
    """No look-up for an id that cannot be ours (a NUL byte, which PostgreSQL refuses)."""
    if not token_shaped(public_id):
        raise Refusal(RefusalCode.NO_SUCH_CHALLENGE)


@dataclass(slots=True)
class _Online:
    connections: dict[int, int] = field(default_factory=dict)

    def arrive(self, player_id: int) -> None:
        self.connections[player_id] = self.connections.get(player_id, 0) + 1

    def leave(self, player_id: int) -> None:
        left = self.connections.get(player_id, 0) - 1
        if left > 0:
            self.connections[player_id] = left
        else:
            self.connections.pop(player_id, None)


class Hall:
    def __init__(
        self,
        database: Database,
        bus: EventBus,
        table: Table,
        *,
        limits: CreationLimits,
        online: Online,
        seekers: SeekQueue,
    ) -> None:
        self.database = database
        self.limits = limits
        self.everywhere = online
        """Who has a lobby open at any instance (:attr:`online` counts this one's sockets)."""
        self.bus = bus
        self.table = table
        self.online = _Online()
        self.seekers = seekers
        self._pairing: asyncio.Task[None] | None = None
        self._seeks = 0
        self._tasks: set[asyncio.Task[None]] = set()
        table.listen(self)

    def after_commit(self, live: LiveGame) -> None:
        """A game that has just ended leaves the list of games to watch."""
        if live.is_over and live.setup.mode is GameMode.FRIEND:
            task = asyncio.create_task(self.publish())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    # -- challenges ----------------------------------------------------------------------------

    async def create(self, player: PlayerInfo, terms: schemas.ChallengeCreate) -> str:
        try:
            match_header(game_request(terms))
        except ValueError as error:
            raise Refusal(RefusalCode.INVALID, why=str(error)) from error
        low, high = terms.min_rating, terms.max_rating
        if low is not None and high is not None and low > high:
            raise Refusal(RefusalCode.INVALID, why="min_rating is above max_rating")
        stored = terms.model_dump(mode="json") | {"rated": challenge_rated(terms, player)}
        public_id = new_public_id()

        def insert(session: Session) -> bool:
            made = ChallengeRepository(session).create_within(
                public_id, player.id, stored, most_open=MOST_OPEN_CHALLENGES
            )
            session.commit()
            return made is not None

        # Each lobby game counts against its players' games a minute (games/routes.py):
        # the creator's when offered, the taker's when taken, each seeker's when seeking;
        # an offer, a take or a seek refused counts for nothing.
        async with self.limits.making_game(player.id):
            if not await self.database.run(insert):
                raise Refusal(RefusalCode.TOO_MANY_CHALLENGES, most=MOST_OPEN_CHALLENGES)
        await self.publish()
        return public_id

    async def cancel(self, player: PlayerInfo, public_id: str) -> None:
        _challenge_shaped(public_id)

        def withdraw(session: Session) -> bool:
            done = ChallengeRepository(session).cancel(public_id, player.id)
            session.commit()
            return done

        if not await self.database.run(withdraw):
            raise Refusal(RefusalCode.NO_SUCH_CHALLENGE)
        await self.publish()

    async def accept(self, player: PlayerInfo, public_id: str) -> schemas.ChallengeTaken:
        """Take the challenge and start its game; of two at once exactly one gets it."""
        _challenge_shaped(public_id)

        def read(session: Session) -> tuple[Challenge, Player] | None:
            challenge = ChallengeRepository(session).by_public_id(public_id)
            me = PlayerRepository(session).get(player.id)
            if challenge is None or challenge.status != "open" or me is None:
                return None
            return challenge, me

        found = await self.database.run(read)
        if found is None:
            raise Refusal(RefusalCode.NO_SUCH_CHALLENGE)
        challenge, me = found
        if challenge.creator_id == player.id:
            raise Refusal(RefusalCode.OWN_CHALLENGE)
        terms = schemas.ChallengeCreate.model_validate(
            {k: v for k, v in challenge.terms.items() if k != "rated"}, strict=False
        )
        rated = bool(challenge.terms.get("rated"))
        if rated and player.is_guest:
            raise Refusal(RefusalCode.UNRATED, variant="guest")
        low, high = terms.min_rating, terms.max_rating
        if (low is not None and me.rating < low) or (high is not None and me.rating > high):
            raise Refusal(RefusalCode.OUT_OF_RANGE)

        def claim(session: Session, game_id: str) -> bool:
            challenges = ChallengeRepository(session)
            if not challenges.take(challenge.id, player.id):
                return False
            challenges.set_game(challenge.id, game_id)
            return True

        async with self.limits.making_game(player.id):
            live = await self.table.pair(
                (challenge.creator_id, player.id), game_request(terms), rated=rated, claim=claim
            )
            if live is None:  # someone else took it first
                raise Refusal(RefusalCode.NO_SUCH_CHALLENGE)
        await self._matched(live.public_id, public_id, (challenge.creator_id, player.id))
        return schemas.ChallengeTaken(challenge=public_id, game=live.public_id)

    # -- quick match -----------------------------------------------------------------------------

    async def seek(self, player: PlayerInfo, wish: schemas.QuickMatch) -> schemas.Seeking:
        async with self.limits.making_game(player.id):
            rating = await self.database.run(
                lambda session: (PlayerRepository(session).get(player.id) or Player()).rating
            )
            terms = (wish.length, wish.preset)
            async with self._queue_busy():
                await self.seekers.add(player.id, rating or INITIAL_RATING, terms)
        self._seeks += 1
        try:
            games = await self.pair_seekers()
        except QueueUnreachable as error:  # queued all the same: the pairing loop tries again
            log.warning("lobby: pairing failed (%s)", error)
            games = {}
        await self.publish()
        if self._pairing is None:
            self._pairing = asyncio.create_task(self._keep_pairing())
        return schemas.Seeking(seeking=player.id not in games, game=games.get(player.id))

    async def stop_seeking(self, player: PlayerInfo) -> None:
        async with self._queue_busy():
            stopped = await self.seekers.remove(player.id)
        if stopped:
            await self.publish()

    @contextlib.asynccontextmanager
    async def _queue_busy(self) -> AsyncIterator[None]:
        """A shared queue Redis does not answer: the player is told to try again."""
        try:
            yield
        except QueueUnreachable as error:
            log.warning("lobby: the quick-match queue is unreachable (%s)", error)
            raise Refusal(RefusalCode.BUSY, why="the quick-match queue is unreachable") from error

    async def pair_seekers(self) -> dict[int, str]:
        """Start a game for each pair the window allows now: ``{player: game}``."""
        started: dict[int, str] = {}
        for first, second in await self.seekers.take_pairs():
            try:
                game = await self._start_quick((first.player_id, second.player_id), first.terms)
            except Exception:
                # Out of the queue already: back in it, or they would wait for nothing.
                log.exception("lobby: starting a quick match failed")
                await self._put_back(first, second)
                continue
            started.update({first.player_id: game, second.player_id: game})
        return started

    async def _put_back(self, *seekers: Seeker) -> None:
        for seeker in seekers:
            try:
                await self.seekers.add(seeker.player_id, seeker.rating, seeker.terms)
            except QueueUnreachable as error:
                log.warning("lobby: seeker %d lost (%s)", seeker.player_id, error)

    async def _start_quick(self, players: tuple[int, int], wish: Terms) -> str:
        """The game of a quick-match pair, recorded as a challenge taken at once."""

        def accounts(session: Session) -> bool:
            found = PlayerRepository(session).many(list(players)).values()
            return len(found) == 2 and all(player.username is not None for player in found)

        rated = await self.database.run(accounts)
        length, preset = wish
        terms = schemas.ChallengeCreate(
            length=length, rules=schemas.RuleSwitches.model_validate({"preset": preset})
        )
        stored = terms.model_dump(mode="json") | {"rated": rated}
        challenge_id = new_public_id()

        def claim(session: Session, game_id: str) -> bool:
            challenges = ChallengeRepository(session)
            row = challenges.create(challenge_id, players[0], stored)
            taken = challenges.take(row.id, players[1])
            challenges.set_game(row.id, game_id)
            return taken

        live = await self.table.pair(players, game_request(terms), rated=rated, claim=claim)
        assert live is not None  # nobody else can take a challenge made in this transaction
        await self._matched(live.public_id, challenge_id, players)
        return live.public_id

    async def _keep_pairing(self) -> None:
        """Pair again each second (the windows widen) while anyone waits, here or at
        another instance."""
        try:
            while True:
                await asyncio.sleep(PAIR_EVERY_S)
                try:
                    if await self.pair_seekers():
                        await self.publish()
                    seeks = self._seeks
                    if not await self.seekers.count() and seeks == self._seeks:
                        return  # (a seek while counting may have found this loop running)
                except QueueUnreachable as error:  # the next round tries again
                    log.warning("lobby: pairing failed (%s)", error)
                except Exception:  # a loop that died would leave everyone waiting
                    log.exception("lobby: pairing failed")
        finally:
            self._pairing = None

    # -- who is here -----------------------------------------------------------------------------

    async def arrive(self, player: PlayerInfo | None) -> None:
        if player is not None:
            self.online.arrive(player.id)
            if self.online.connections[player.id] == 1:
                await self.everywhere.arrive(player.id)
            await self.publish()

    async def leave(self, player: PlayerInfo | None) -> None:
        if player is not None:
            self.online.leave(player.id)
            if player.id not in self.online.connections:
                await self.everywhere.leave(player.id)
                # A seeker with no lobby open anywhere would never hear of its game.
                if player.id not in await self._everyone():
                    with contextlib.suppress(QueueUnreachable):  # its lease lapses instead
                        await self.seekers.remove(player.id)
            await self.publish()

    # -- what every lobby sees -------------------------------------------------------------------

    async def _everyone(self) -> list[int]:
        here = list(self.online.connections)
        return list(dict.fromkeys([*here, *await self.everywhere.everyone()]))

    async def snapshot(self) -> LobbyMessage:
        online = await self._everyone()
        try:
            seeking = await self.seekers.count()
        except QueueUnreachable as error:
            log.warning("lobby: counting the seekers failed (%s)", error)
            seeking = 0

        return await self.database.run(lambda session: lobby_view(session, online, seeking))

    async def publish(self) -> None:
        await self.bus.publish(CHANNEL, (await self.snapshot()).model_dump_json())

    async def _matched(self, game: str, challenge: str, players: tuple[int, int]) -> None:
        message = MatchedMessage(game=game, challenge=challenge).model_dump_json()
        for player_id in players:
            await self.bus.publish(player_channel(player_id), message)
        await self.publish()

    async def close(self) -> None:
        for task in list(self._tasks):
            with contextlib.suppress(Exception):
                await task
        if self._pairing is not None:
            self._pairing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pairing
