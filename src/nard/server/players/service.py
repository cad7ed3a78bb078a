"""Players: guests by default, optional accounts (argon2id), login tokens in a cookie.

A token is 32 random bytes; the database keeps only its SHA-256, so a leaked
database gives no usable cookie. Logging in issues a fresh token (the guest
one stays valid only until logout), changing the password revokes all others.
A token unused for :data:`TOKEN_LIFETIME` expires; one in use is renewed (its
cookie set again) at most once a day.

Passwords are costly on purpose (argon2id: 64 MiB and tens of milliseconds
each), so they are hashed in a small pool of their own threads, never on the
event loop nor in the database's threads, with a bounded queue (``busy`` beyond
it); and each address may try only so many logins and registrations
(:mod:`nard.server.limits`). Usernames are unique whatever their case, and
logging in ignores the case.

Usernames are public, so wrong passwords must not lock the owner out. They
lock the account only where they come from: after ``login_per_account`` in a
row from one address (or one device the account logged in from before, when
the attempt carries its cookie) that place waits, doubling up to an hour.
Across all places, the account's wrong passwords beyond
:data:`ACCOUNT_GUESSES` times as many hold back every login from a place the
account never logged in from (:mod:`nard.server.ports.local.known_logins`), the same
doubling wait; its owner, from a device or an address of a past login, is let
in all the same.
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
from nard.server.ports import Counters, Guard, Throttled
from nard.server.ports.local.known_logins import KnownLogins
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
ACCOUNT_GUESSES = 4
"""An account's wrong passwords from anywhere, in ``login_per_account``s, before logins
from places it never logged in from wait (a guesser spread over many addresses)."""

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
        # Wrong passwords per account and place (an address, or a known device) ...
        self.wrong_passwords = counters.lockout(
            "wrong-passwords-here", Lockout(login_per_account, login_window_s)
        )
        # ... and per account, holding back only the places it never logged in from.
        self.guesses = counters.lockout(
            "account-guesses", Lockout(login_per_account * ACCOUNT_GUESSES, login_window_s)
        )
        self.known = counters.known(KnownLogins())

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
        self,
        current: PlayerInfo | None,
        request: schemas.AccountCreate,
        address: str,
        device: str | None = None,
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

        player = await self._db(create)
        await self.known.add(request.username.lower(), _device_hash(device), address)
        return player, token

    async def login(
        self, request: schemas.Login, address: str, device: str | None = None
    ) -> tuple[PlayerInfo, str]:
        """A new token for the right password; ``device`` is the browser's device cookie."""
        await self.logins.check(address, "logins from this address")
        account = request.username.lower()
        here = await self._place(account, address, device)

        def find(session: Session) -> tuple[PlayerInfo, str] | None:
            row = PlayerRepository(session).by_username(request.username)
            if row is None or row.password_hash is None:
                return None
            return PlayerInfo.of(row), row.password_hash

        found = await self._db(find)
        hashed = _DUMMY_HASH if found is None else found[1]
        ok = await self._hash(verify_password, hashed, request.password)
        if found is None or not ok:
            await self._wrong(account, here)
            raise Refusal(RefusalCode.BAD_LOGIN)
        await self._right(account, here, address, device)
        player = found[0]
        token = new_token()

        def add(session: Session) -> None:
            PlayerRepository(session).add_token(player.id, token_hash(token))
            session.commit()

        await self._db(add)
        return player, token

    async def _place(self, account: str, address: str, device: str | None) -> str:
        """The lockout key of an attempt at ``account`` (a known device, else the address),
        once neither that place nor (for a stranger) the account is locked."""
        hashed = _device_hash(device)
        seen = await self.known.known(account, hashed, address)
        here = f"{account} device:{hashed}" if seen.device else f"{account} address:{address}"
        await _check_locked(self.wrong_passwords, here, "here")
        if not any(seen):
            await _check_locked(self.guesses, account, "account")
        return here

    async def _wrong(self, account: str, here: str) -> None:
        await self.wrong_passwords.wrong(here)
        await self.guesses.wrong(account)

    async def _right(self, account: str, here: str, address: str, device: str | None) -> None:
        await self.wrong_passwords.right(here)
        await self.guesses.right(account)  # the owner knows the password: guessing begins anew
        await self.known.add(account, _device_hash(device), address)

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

        # The token proves a login: the place is this player's own, whatever the address.
        account = (player.username or "").lower()
        here = f"{account} token:{token_hash(token)}"
        await _check_locked(self.wrong_passwords, here, "here")
        hashed = await self._db(current_hash)
        ok = hashed is not None and await self._hash(verify_password, hashed, request.old_password)
        if not ok:
            await self.wrong_passwords.wrong(here)
            raise Refusal(RefusalCode.BAD_LOGIN, variant="old_password")
        await self.wrong_passwords.right(here)
        new_hash = await self._hash(hash_password, request.new_password)

        def save(session: Session) -> None:
            players = PlayerRepository(session)
            row = players.get(player.id)
            assert row is not None
            row.password_hash = new_hash
            players.revoke_other_tokens(player.id, token_hash(token))
            session.commit()

        await self._db(save)


def _device_hash(device: str | None) -> str | None:
    """What is kept of a device cookie; None for none, or one no server made."""
    if device is None or not 20 <= len(device) <= 100:
        return None
    return token_hash(device)


async def _check_locked(guard: Guard, key: str, variant: str) -> None:
    """Refuse (429 ``locked``, its text in fa and en) while ``guard`` holds ``key``."""
    try:
        await guard.check(key)
    except Throttled as locked:
        wait = max(1, round(locked.retry_after))
        refusal = Refusal(RefusalCode.LOCKED, variant=variant, wait=wait)
        raise Throttled(
            "locked", refusal.message, locked.retry_after, message_fa=refusal.message_fa
        ) from None
