"""Server to client: every message the server sends on a game's socket.

Each is serialised once (``model_dump_json``) and the same text goes to every
subscriber of the game.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from nard.core.notation import format_play
from nard.server.protocol.analysis import MatchAnalysisView
from nard.server.protocol.events import EventView
from nard.server.protocol.frames import FrameView
from nard.server.protocol.http import PlayerPublic
from nard.server.protocol.views import (
    ChatLineView,
    CubeHintView,
    ExplanationView,
    GameChanges,
    GameSnapshot,
    SeatView,
    SideName,
    StepPointsView,
    View,
    omitted_when_none,
)
from nard.server.refusals import Refusal, RefusalCode


class WelcomeMessage(View):
    type: Literal["welcome"] = "welcome"
    you: list[SideName]
    """The seats this connection holds (empty for spectators)."""
    player: PlayerPublic | None
    claim_after_s: float


class ChatLineMessage(View):
    type: Literal["chat"] = "chat"
    line: ChatLineView


class StateMessage(View):
    type: Literal["state"] = "state"
    game: GameSnapshot


class UpdateMessage(View):
    type: Literal["update"] = "update"
    seq: int
    events: list[EventView]
    game: GameChanges | None = omitted_when_none()
    """What the action changed; left out of catch-up replays from the log."""
    frames: list[FrameView] = Field(default_factory=list)
    """The frames the action made, in order (none for a step or an undo)."""


class AckMessage(View):
    type: Literal["ack"] = "ack"
    id: int | None
    seq: int
    """Sent only once the action is committed to the database."""


class ErrorMessage(View):
    type: Literal["error"] = "error"
    id: int | None
    code: RefusalCode
    message: str
    message_fa: str
    rule: str | None
    explanation: ExplanationView | None = omitted_when_none()
    detail: str | None = omitted_when_none()
    seq: int | None = omitted_when_none()

    @classmethod
    def of(cls, refusal: Refusal, message_id: int | None) -> ErrorMessage:
        """The ``error`` answering message ``message_id`` (None: no message to name)."""
        why = refusal.explanation
        explanation = None
        if why is not None:
            explanation = ExplanationView(
                code=why.code,
                rule=why.rule.value,
                mistake=why.mistake,
                message_en=why.message_en,
                message_fa=why.message_fa,
                legal_play=None if why.legal_play is None else format_play(why.legal_play),
                step=None
                if why.step is None
                else StepPointsView(from_point=why.step.from_point, to_point=why.step.to_point),
            )
        return cls(
            id=message_id,
            code=refusal.code,
            message=refusal.message,
            message_fa=refusal.message_fa,
            rule=refusal.rule,
            explanation=explanation,
            detail=None if why is None else refusal.detail,
            seq=refusal.seq,
        )


class PresenceMessage(View):
    type: Literal["presence"] = "presence"
    seats: list[SeatView]


class PongMessage(View):
    type: Literal["pong"] = "pong"
    id: int | None


class AnalysisMessage(View):
    type: Literal["analysis"] = "analysis"
    status: Literal["running", "done", "failed"]
    seq: int
    """The action the analysis covers."""
    done: int
    total: int
    progress: float
    error: str | None
    result: MatchAnalysisView | None = omitted_when_none()
    """``MatchAnalysis.to_dict()``, once done (:mod:`nard.server.protocol.analysis`)."""
    analysis: MatchAnalysisView | None = omitted_when_none()
    """The same as ``result`` (the web app reads this one)."""


class CubeHintAnswerMessage(View):
    """The answer to ``cube_hint``, to the asking connection only."""

    type: Literal["cube_hint"] = "cube_hint"
    id: int | None
    seq: int
    """The action the hint is for."""
    hint: CubeHintView


ServerMessage = Annotated[
    WelcomeMessage
    | StateMessage
    | UpdateMessage
    | AckMessage
    | ErrorMessage
    | PresenceMessage
    | PongMessage
    | AnalysisMessage
    | ChatLineMessage
    | CubeHintAnswerMessage,
    Field(discriminator="type"),
]
