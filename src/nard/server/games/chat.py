"""Chat: the players' room and the spectators', kept with the game.

The players' lines go to everyone watching the game (the game's bus channel);
the spectators' lines go only to spectators (their own channel) and are shown
to the players once the match is over (:meth:`Chat.history`). Every line is
stored before it is published; the page shows it as text, never as markup.

A room holds at most ``max_lines`` lines (``NARD_CHAT_LINES_PER_GAME``); a
line beyond is refused (``chat_full``) rather than the oldest dropped, so a
flood cannot erase what was said. The history is read a page at a time,
newest first (:data:`PAGE_LINES` by default).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from sqlalchemy.orm import Session

from nard.core.board import Side
from nard.server.database import Database
from nard.server.games.live import LiveGame
from nard.server.ports import EventBus
from nard.server.protocol import client
from nard.server.protocol.events import side_name
from nard.server.protocol.server import ChatLineMessage
from nard.server.protocol.views import ChatLineView
from nard.server.refusals import Refusal, RefusalCode
from nard.storage.chat import ChatRepository
from nard.storage.models import ChatMessage as ChatRow

Room = Literal["players", "spectators"]
PLAYERS: Room = "players"
SPECTATORS: Room = "spectators"

CHAT_LINES = 500
"""Lines a game's room may hold (the default of ``NARD_CHAT_LINES_PER_GAME``)."""
PAGE_LINES = 100
"""Lines in a page of the history unless asked for fewer; the most one page holds."""


@dataclass(frozen=True, slots=True)
class ChatPage:
    """Lines of a game's history, oldest first; ``older`` is the ``before`` that reads the
    page before them (None: none are older)."""

    lines: list[ChatLineView]
    older: int | None


def spectators_channel(public_id: str) -> str:
    """The bus channel of a game's spectators' chat."""
    return f"{public_id}:spectators"


def _line(row: ChatRow) -> ChatLineView:
    return ChatLineView.model_validate(
        {
            "room": row.room,
            "name": row.name,
            "side": row.side,
            "text": row.text,
            "phrase": row.phrase,
            "at": row.created_at,
        }
    )


class Chat:
    def __init__(self, database: Database, bus: EventBus, *, max_lines: int = CHAT_LINES) -> None:
        self.database = database
        self.bus = bus
        self.max_lines = max_lines

    async def say(
        self,
        live: LiveGame,
        player_id: int,
        name: str,
        sides: list[Side],
        message: client.ChatMessage,
    ) -> None:
        """Store a line in the speaker's room (players' if seated), then publish it."""
        room = PLAYERS if sides else SPECTATORS
        line = ChatLineView(
            room=room,
            name=name,
            side=side_name(sides[0]) if len(sides) == 1 else None,
            text=message.text,
            phrase=message.phrase,
            at=datetime.now(UTC),
        )

        def store(session: Session) -> None:
            chat = ChatRepository(session)
            # Two instances may both pass at the last line: the bound is kept within a few.
            if chat.count(live.setup.id, room) >= self.max_lines:
                raise Refusal(RefusalCode.CHAT_FULL, most=self.max_lines)
            chat.add(
                game_id=live.setup.id,
                room=room,
                player_id=player_id,
                name=name[:40],
                side=line.side,
                text=line.text,
                phrase=line.phrase,
                created_at=line.at,
            )
            session.commit()

        await self.database.run(store)
        channel = live.public_id if room == PLAYERS else spectators_channel(live.public_id)
        await self.bus.publish(channel, ChatLineMessage(line=line).model_dump_json())

    async def history(
        self, live: LiveGame, *, seated: bool, before: int | None = None, limit: int = PAGE_LINES
    ) -> ChatPage:
        """The lines a viewer may read (the players' chat, and the spectators' unless a
        player asks before the match is over): the newest ``limit`` before ``before``."""
        rooms: list[Room] = [PLAYERS] if seated and not live.is_over else [PLAYERS, SPECTATORS]

        def read(session: Session) -> ChatPage:
            rows = ChatRepository(session).of_game(
                live.setup.id, rooms, before=before, limit=limit + 1
            )
            older = rows[1:] if len(rows) > limit else rows
            return ChatPage(
                [_line(row) for row in older], older[0].id if len(rows) > limit else None
            )

        return await self.database.run(read)
