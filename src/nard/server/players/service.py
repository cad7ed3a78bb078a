"""Players: guests by default, optional accounts (argon2id), login tokens in a cookie.

A token is 32 random bytes; the database keeps only its SHA-256, so a leaked
database gives no usable cookie. Logging in issues a fresh token (the guest
one stays valid only until logout), changing the password revokes all others.
A token unused for :data:`TOKEN_LIFETIME` expires; one in use is renewed (its
cookie set again) at most once a day.

Passwords are costly on purpose (argon2id: 64 MiB and tens of milliseconds
each), so they are hashed in a small pool of their own threads, never on the
event loop nor in the database's threads, with a bounded queue (``busy`` beyond
it); and each address may try only so many logins and registrations, and each
account only so many wrong passwords in a row (:mod:`nard.server.limits`).
Usernames are unique whatever their case, and logging in ignores the case.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from nard.server.players.security import hash_password, new_token, token_hash, verify_password
from nard.server.ports import Counters, Throttled
from nard.server.ports.local.limits import AttemptWindow, Lockout
from nard.server.protocol import http as schemas
from nard.server.refusals import Refusal, RefusalCode
from nard.storage.models import Player
from nard.storage.players import PlayerRepository

T = TypeVar("T")

TOKEN_LIFETIME = timedelta(days=30)
"""How long a login token lives unused (the cookie's Max-Age)."""
RENEW_AFTER = timedelta(days=1)
"""A token used again this long after its last renewal is renewed."""
QUEUED_HASHES_PER_WORKER = 8
"""Password checks that may wait per hashing thread before new ones are refused (busy)."""

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


@dataclass(frozen=True, slots=True)
class Login:
    """Who a cookie belongs to, and whether to send the cookie again (renewed)."""

    player: PlayerInfo
    renewed: bool


class PlayerService:
    def __init__(
        self,
        sessions: sessionmaker[Session],
        executor: Executor | None = None,
        *,
        password_workers: int = 2,
        login_per_address: int = 20,
        login_per_account: int = 5,
        login_window_s: float = 300.0,
        counters: Counters,
    ) -> None:
        self.sessions = sessions
        self.executor = executor
        self._hashing = ThreadPoolExecutor(password_workers, thread_name_prefix="nard-argon2")
        self._hash_queue = password_workers * QUEUED_HASHES_PER_WORKER
        self._hashes_running = 0
        self.logins = counters.window("logins", AttemptWindow(login_per_address, login_window_s))
        self.registrations = counters.window(
            "registrations", AttemptWindow(login_per_address, login_window_s)
        )
        self.wrong_passwords = counters.lockout(
            "wrong-passwords", Lockout(login_per_account, login_window_s)
        )

    def close(self) -> None:
        self._hashing.shutdown(wait=False, cancel_futures=True)

    async def _hash(self, work: Callable[..., T], *args: str) -> T:
        """Run an argon2 call in the hashing threads, or refuse at once when they are full."""
        if self._hashes_running >= self._hash_queue:
            raise Throttled("busy", "too many logins at once: try again in a moment", 1.0)
        self._hashes_running += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._hashing, work, *args)
        finally:
            self._hashes_running -= 1

    async def _db(self, work: Callable[[Session], T]) -> T:
        def run() -> T:
            with self.sessions() as session:
                return work(session)

        return await asyncio.get_running_loop().run_in_executor(self.executor, run)

    async def by_token(self, token: str | None) -> PlayerInfo | None:
        login = await self.login_of(token)
        return None if login is None else login.player

    async def login_of(self, token: str | None) -> Login | None:
        """The player of a live token; a token last renewed a day ago or more is renewed."""
        if not token or len(token) > 100:
            return None
        digest = token_hash(token)
        now = datetime.now(UTC)

        def find(session: Session) -> Login | None:
            players = PlayerRepository(session)
            found = players.by_token(digest, used_since=now - TOKEN_LIFETIME)
            if found is None:
                return None
            player, last_used = found
            if last_used.tzinfo is None:  # SQLite keeps no time zone; stored as UTC
                last_used = last_used.replace(tzinfo=UTC)
            renewed = now - last_used >= RENEW_AFTER
            if renewed:
                players.touch_token(digest)
                session.commit()
            return Login(PlayerInfo.of(player), renewed)

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
        self, current: PlayerInfo | None, request: schemas.AccountCreate, address: str
    ) -> tuple[PlayerInfo, str]:
        """Make an account: the current guest becomes it (keeping its games), else a new one."""
        await self.registrations.check(address, "new accounts from this address")

        def taken(session: Session) -> bool:
            return PlayerRepository(session).by_username(request.username) is not None

        if await self._db(taken):  # before the costly hash; the unique index decides races
            raise Refusal(RefusalCode.USERNAME_TAKEN)
        hashed = await self._hash(hash_password, request.password)
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

    async def login(self, request: schemas.Login, address: str) -> tuple[PlayerInfo, str]:
        await self.logins.check(address, "logins from this address")
        account = request.username.lower()
        await self.wrong_passwords.check(account)

        def find(session: Session) -> tuple[PlayerInfo, str] | None:
            row = PlayerRepository(session).by_username(request.username)
            if row is None or row.password_hash is None:
                return None
            return PlayerInfo.of(row), row.password_hash

        found = await self._db(find)
        hashed = _DUMMY_HASH if found is None else found[1]
        ok = await self._hash(verify_password, hashed, request.password)
        if found is None or not ok:
            await self.wrong_passwords.wrong(account)
            raise Refusal(RefusalCode.BAD_LOGIN)
        await self.wrong_passwords.right(account)
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

        account = (player.username or "").lower()
        await self.wrong_passwords.check(account)
        hashed = await self._db(current_hash)
        ok = hashed is not None and await self._hash(verify_password, hashed, request.old_password)
        if not ok:
            await self.wrong_passwords.wrong(account)
            raise Refusal(RefusalCode.BAD_LOGIN, variant="old_password")
        await self.wrong_passwords.right(account)
        new_hash = await self._hash(hash_password, request.new_password)

        def save(session: Session) -> None:
            players = PlayerRepository(session)
            row = players.get(player.id)
            assert row is not None
            row.password_hash = new_hash
            players.revoke_other_tokens(player.id, token_hash(token))
            session.commit()

        await self._db(save)
