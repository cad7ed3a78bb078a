"""Players and their login tokens."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from nard.storage.models import (
    Player,
    PlayerToken,
    utcnow,
)


class PlayerRepository:
    """Players and their login tokens (stored as SHA-256 hashes only)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def create(self, display_name: str) -> Player:
        player = Player(display_name=display_name)
        self.session.add(player)
        self.session.flush()
        return player

    def many(self, player_ids: Sequence[int]) -> dict[int, Player]:
        if not player_ids:
            return {}
        found = self.session.scalars(select(Player).where(Player.id.in_(player_ids)))
        return {player.id: player for player in found}

    def get(self, player_id: int) -> Player | None:
        return self.session.get(Player, player_id)

    def names(self, player_ids: Sequence[int]) -> dict[int, str]:
        rows = self.session.execute(
            select(Player.id, Player.display_name).where(Player.id.in_(player_ids))
        )
        return {row.id: row.display_name for row in rows}

    def by_username(self, username: str) -> Player | None:
        """The account with this username, whatever its case (``Ann`` finds ``ann``)."""
        return self.session.scalar(
            select(Player).where(func.lower(Player.username) == username.lower())
        )

    def add_token(self, player_id: int, token_hash: str) -> None:
        self.session.add(PlayerToken(player_id=player_id, token_hash=token_hash))
        self.session.flush()

    def by_token(
        self, token_hash: str, *, used_since: datetime | None = None
    ) -> tuple[Player, datetime] | None:
        """The player of a live token and when the token was last used (or made).

        A token not used since ``used_since`` has expired and finds no one.
        """
        last_used = func.coalesce(PlayerToken.last_used_at, PlayerToken.created_at)
        query = (
            select(Player, last_used)
            .join(PlayerToken, PlayerToken.player_id == Player.id)
            .where(PlayerToken.token_hash == token_hash, PlayerToken.revoked_at.is_(None))
        )
        if used_since is not None:
            query = query.where(last_used >= used_since)
        row = self.session.execute(query).first()
        return None if row is None else (row[0], row[1])

    def touch_token(self, token_hash: str) -> None:
        """Note that a token was used now (it expires that much later)."""
        self.session.execute(
            update(PlayerToken)
            .where(PlayerToken.token_hash == token_hash)
            .values(last_used_at=utcnow())
        )

    def revoke_token(self, token_hash: str) -> None:
        self.session.execute(
            update(PlayerToken)
            .where(PlayerToken.token_hash == token_hash, PlayerToken.revoked_at.is_(None))
            .values(revoked_at=utcnow())
        )

    def revoke_other_tokens(self, player_id: int, keep_hash: str) -> None:
        self.session.execute(
            update(PlayerToken)
            .where(
                PlayerToken.player_id == player_id,
                PlayerToken.token_hash != keep_hash,
                PlayerToken.revoked_at.is_(None),
            )
            .values(revoked_at=utcnow())
        )
