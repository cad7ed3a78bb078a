"""Client to server: one discriminated union on ``type`` (:data:`ClientMessage`).

Validated strictly: unknown fields, unknown types and wrong types are refused.

>>> message = parse_client_message('{"type": "step", "from": 24, "to": 18, "seq": 3}')
>>> type(message).__name__, message.from_point, message.seq
('StepMessage', 24, 3)
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    ConfigDict,
    Field,
    StringConstraints,
    TypeAdapter,
    model_validator,
)
from pydantic_core import PydanticCustomError

from nard.server.plain_text import hidden_character
from nard.server.protocol.views import ChatPhrase, Point, SideName, Strict


class Message(Strict):
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None
    """Echoed in the ``ack`` or ``error`` that answers this message."""


class ActionMessage(Message):
    seq: Annotated[int, Field(ge=0)]
    """The last ``seq`` this client has seen: the action applies to that state only."""
    side: SideName | None = None
    """Which seat acts, for a client holding both seats (hot-seat); else implied."""


class RollMessage(ActionMessage):
    type: Literal["roll"]


class StepMessage(ActionMessage):
    model_config = ConfigDict(populate_by_name=True)
    type: Literal["step"]
    from_point: Point = Field(alias="from")
    to_point: Point = Field(alias="to")


class UndoMessage(ActionMessage):
    type: Literal["undo"]


class ConfirmMessage(ActionMessage):
    type: Literal["confirm"]


class PlayMessage(ActionMessage):
    type: Literal["play"]
    steps: Annotated[list[tuple[Point, Point]], Field(max_length=4)]


class DoubleMessage(ActionMessage):
    type: Literal["double"]


class TakeMessage(ActionMessage):
    type: Literal["take"]


class DropMessage(ActionMessage):
    type: Literal["drop"]


class BeaverMessage(ActionMessage):
    type: Literal["beaver"]


class ResignMessage(ActionMessage):
    type: Literal["resign"]
    kind: Literal["single", "gammon", "backgammon"] = "single"


class AcceptResignationMessage(ActionMessage):
    type: Literal["accept_resignation"]


class RefuseResignationMessage(ActionMessage):
    type: Literal["refuse_resignation"]


class ClaimMessage(ActionMessage):
    type: Literal["claim"]


class CubeHintMessage(Message):
    """Ask for the cube hint: double or not before rolling, take or pass when doubled."""

    type: Literal["cube_hint"]
    seq: Annotated[int, Field(ge=0)]
    """The last ``seq`` this client has seen: the hint is for that state only."""


class ClientSeedMessage(Message):
    type: Literal["client_seed"]
    seed: Annotated[str, StringConstraints(min_length=1, max_length=64)]


class SyncMessage(Message):
    type: Literal["sync"]
    since: Annotated[int, Field(ge=0)]


class PingMessage(Message):
    type: Literal["ping"]


def chat_line(value: str) -> str:
    """``value`` as a chat line to keep: plain text on one line, something to read.

    Refused with its own error type (``chat_text``), which the socket answers with
    a refusal that says which character, never the text around it.
    """
    hidden = hidden_character(value)
    if hidden is not None:
        raise PydanticCustomError(
            "chat_text", "a chat line cannot contain {hidden}", {"hidden": hidden}
        )
    if not any(unicodedata.category(char)[0] in "LNPS" for char in value):
        raise PydanticCustomError("chat_text", "a chat line needs at least one visible character")
    return value


ChatText = Annotated[
    str,
    # The length first, so that the characters of a huge string are never scanned.
    StringConstraints(strip_whitespace=True, min_length=1, max_length=300),
    AfterValidator(chat_line),
]


class ChatMessage(Message):
    """A chat line: free ``text`` (at most 300 characters) or a stock ``phrase``."""

    type: Literal["chat"]
    text: ChatText | None = None
    phrase: ChatPhrase | None = None

    @model_validator(mode="after")
    def _one_of(self) -> ChatMessage:
        if (self.text is None) == (self.phrase is None):
            raise ValueError("send either text or a phrase")
        return self


ClientMessage = Annotated[
    RollMessage
    | StepMessage
    | UndoMessage
    | ConfirmMessage
    | PlayMessage
    | DoubleMessage
    | TakeMessage
    | DropMessage
    | BeaverMessage
    | ResignMessage
    | AcceptResignationMessage
    | RefuseResignationMessage
    | ClaimMessage
    | CubeHintMessage
    | ClientSeedMessage
    | SyncMessage
    | PingMessage
    | ChatMessage,
    Field(discriminator="type"),
]

CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


def parse_client_message(text: str | bytes) -> ClientMessage:
    """Validate one client message (JSON text); raises :class:`pydantic.ValidationError`.

    Strict mode is relaxed for JSON input only where JSON has no such type, so
    ``"seq": "3"`` is refused while tuples arrive as arrays.
    """
    return CLIENT_MESSAGE.validate_json(text)
