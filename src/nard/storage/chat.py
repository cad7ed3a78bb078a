"""The chat lines of each game's rooms."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
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

    def of_game(self, game_id: int, rooms: Sequence[str]) -> Sequence[ChatMessage]:
        return self.session.scalars(
            select(ChatMessage)
            .where(ChatMessage.game_id == game_id, ChatMessage.room.in_(rooms))
            .order_by(ChatMessage.id)
        ).all()
