"""Players: guests by default, optional accounts (argon2id), login tokens in a cookie.

A token is 32 random bytes; the database keeps only its SHA-256, so a leaked
database gives no usable cookie. Logging in issues a fresh token (the guest
one stays valid only until logout), changing the password revokes all others.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TypeVar

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from nard.server import schemas
from nard.server.refusals import Refusal, RefusalCode
from nard.server.security import hash_password, new_token, token_hash, verify_password
from nard.storage.models import Player
from nard.storage.repository import PlayerRepository

T = TypeVar("T")

# A fixed hash to verify against when the username is unknown, so that a wrong
# username takes as long as a wrong password.
_DUMMY_HASH = hash_password(secrets.token_urlsafe(16))


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    id: int
    display_name: str
    username: str | None

    @property
    def is_guest(self) -> bool:
        return self.username is None

    @classmethod
    def of(cls, player: Player) -> PlayerInfo:
        return cls(player.id, player.display_name, player.username)

    def public(self) -> schemas.PlayerPublic:
        return schemas.PlayerPublic(
            id=self.id,
            display_name=self.display_name,
            username=self.username,
            is_guest=self.is_guest,
        )


class PlayerService:
    def __init__(self, sessions: sessionmaker[Session], executor: Executor | None = None) -> None:
        self.sessions = sessions
        self.executor = executor

    async def _db(self, work: Callable[[Session], T]) -> T:
        def run() -> T:
            with self.sessions() as session:
                return work(session)

        return await asyncio.get_running_loop().run_in_executor(self.executor, run)

    async def by_token(self, token: str | None) -> PlayerInfo | None:
        if not token or len(token) > 100:
            return None
        digest = token_hash(token)

        def find(session: Session) -> PlayerInfo | None:
            player = PlayerRepository(session).by_token(digest)
            return None if player is None else PlayerInfo.of(player)

        return await self._db(find)

    async def create_guest(self, display_name: str | None = None) -> tuple[PlayerInfo, str]:
        token = new_token()
        name = display_name or f"Guest {secrets.randbelow(9000) + 1000}"

        def create(session: Session) -> PlayerInfo:
            players = PlayerRepository(session)
            player = players.create(name)
            players.add_token(player.id, token_hash(token))
            session.commit()
            return PlayerInfo.of(player)

        return await self._db(create), token

    async def rename(self, player: PlayerInfo, display_name: str) -> PlayerInfo:
        def rename(session: Session) -> PlayerInfo:
            row = PlayerRepository(session).get(player.id)
            assert row is not None
            row.display_name = display_name
            session.commit()
            return PlayerInfo.of(row)

        return await self._db(rename)

    async def register(
        self, current: PlayerInfo | None, request: schemas.AccountCreate
    ) -> tuple[PlayerInfo, str]:
        """Make an account: the current guest becomes it (keeping its games), else a new one."""
        hashed = await asyncio.to_thread(hash_password, request.password)
        token = new_token()

        def create(session: Session) -> PlayerInfo:
            players = PlayerRepository(session)
            row = None
            if current is not None and current.is_guest:
                row = players.get(current.id)
            if row is None:
                row = players.create(request.display_name or request.username)
            elif request.display_name:
                row.display_name = request.display_name
            row.username = request.username
            row.password_hash = hashed
            try:
                players.add_token(row.id, token_hash(token))
                session.commit()
            except IntegrityError as error:
                session.rollback()
                raise Refusal(RefusalCode.USERNAME_TAKEN) from error
            return PlayerInfo.of(row)

        return await self._db(create), token

    async def login(self, request: schemas.Login) -> tuple[PlayerInfo, str]:
        def find(session: Session) -> tuple[PlayerInfo, str] | None:
            row = PlayerRepository(session).by_username(request.username)
            if row is None or row.password_hash is None:
                return None
            return PlayerInfo.of(row), row.password_hash

        found = await self._db(find)
        hashed = _DUMMY_HASH if found is None else found[1]
        ok = await asyncio.to_thread(verify_password, hashed, request.password)
        if found is None or not ok:
            raise Refusal(RefusalCode.BAD_LOGIN)
        player = found[0]
        token = new_token()

        def add(session: Session) -> None:
            PlayerRepository(session).add_token(player.id, token_hash(token))
            session.commit()

        await self._db(add)
        return player, token

    async def logout(self, token: str) -> None:
        def revoke(session: Session) -> None:
            PlayerRepository(session).revoke_token(token_hash(token))
            session.commit()

        await self._db(revoke)

    async def change_password(
        self, player: PlayerInfo, token: str, request: schemas.PasswordChange
    ) -> None:
        if player.is_guest:
            raise Refusal(RefusalCode.GUEST)

        def current_hash(session: Session) -> str | None:
            row = PlayerRepository(session).get(player.id)
            return None if row is None else row.password_hash

        hashed = await self._db(current_hash)
        ok = hashed is not None and await asyncio.to_thread(
            verify_password, hashed, request.old_password
        )
        if not ok:
            raise Refusal(RefusalCode.BAD_LOGIN, variant="old_password")
        new_hash = await asyncio.to_thread(hash_password, request.new_password)

        def save(session: Session) -> None:
            players = PlayerRepository(session)
            row = players.get(player.id)
            assert row is not None
            row.password_hash = new_hash
            players.revoke_other_tokens(player.id, token_hash(token))
            session.commit()

        await self._db(save)
