"""Chat: the players' room and the spectators', kept with the game.

The players' lines go to everyone watching the game (the game's bus channel);
the spectators' lines go only to spectators (their own channel) and are shown
to the players once the match is over (:meth:`Chat.history`). Every line is
stored before it is published; the page shows it as text, never as markup.
"""

from __future__ import annotations

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
from nard.storage.chat import ChatRepository
from nard.storage.models import ChatMessage as ChatRow

Room = Literal["players", "spectators"]
PLAYERS: Room = "players"
SPECTATORS: Room = "spectators"


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
    def __init__(self, database: Database, bus: EventBus) -> None:
        self.database = database
        self.bus = bus

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
            ChatRepository(session).add(
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

    async def history(self, live: LiveGame, *, seated: bool) -> list[ChatLineView]:
        """The lines a viewer may read: the players' chat, and the spectators' unless a
        player asks before the match is over."""
        rooms: list[Room] = [PLAYERS] if seated and not live.is_over else [PLAYERS, SPECTATORS]
        return await self.database.run(
            lambda session: [
                _line(row) for row in ChatRepository(session).of_game(live.setup.id, rooms)
            ]
        )
