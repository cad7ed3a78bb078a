"""The chat lines of each game's rooms."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from nard.storage.models import (
    ChatMessage,
)


class ChatRepository:
    """A game's chat lines, oldest first."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, **fields: Any) -> ChatMessage:
        row = ChatMessage(**fields)
        self.session.add(row)
        self.session.flush()
        return row

    def of_game(
        self,
        game_id: int,
        rooms: Sequence[str],
        *,
        before: int | None = None,
        limit: int | None = None,
    ) -> Sequence[ChatMessage]:
        """The lines in ``rooms``, oldest first: with ``limit``, the newest so many of those
        before the line ``before`` (all lines without it)."""
        query = select(ChatMessage).where(
            ChatMessage.game_id == game_id, ChatMessage.room.in_(rooms)
        )
        if before is not None:
            query = query.where(ChatMessage.id < before)
        if limit is None:
            return self.session.scalars(query.order_by(ChatMessage.id)).all()
        newest = self.session.scalars(query.order_by(ChatMessage.id.desc()).limit(limit)).all()
        return newest[::-1]

    def count(self, game_id: int, room: str) -> int:
        """How many lines a game's room holds."""
        return (
            self.session.scalar(
                select(func.count())
                .select_from(ChatMessage)
                .where(ChatMessage.game_id == game_id, ChatMessage.room == room)
            )
            or 0
        )
