"""A refusal the server sends back: a stable code, English and Persian text, and
the core's explanation when a play or step is refused."""

from __future__ import annotations

from typing import Any

from nard.core.explain import Explanation
from nard.core.notation import format_play
from nard.match.errors import (
    CubeActionError,
    GameError,
    GameOverError,
    GamePlayError,
    OutOfTurnError,
    PhaseError,
    ResignationError,
)

FA: dict[str, str] = {
    "bad_frame": "پیام باید متن JSON باشد.",
    "too_large": "پیام بیش از اندازه بزرگ است.",
    "bad_json": "پیام JSON معتبر نیست.",
    "unknown_type": "نوع پیام شناخته نیست.",
    "invalid": "پیام درست ساخته نشده است.",
    "rate_limited": "پیام‌ها بیش از اندازه سریع فرستاده می‌شوند؛ کمی صبر کنید.",
    "spectator": "تماشاگر نمی‌تواند بازی کند.",
    "not_your_seat": "این جایگاه از آنِ شما نیست.",
    "stale": "وضعیت بازی تغییر کرده است؛ وضعیت تازه را بگیرید و دوباره بفرستید.",
    "waiting": "حریف هنوز به بازی نپیوسته است.",
    "finished": "بازی تمام شده است.",
    "out_of_turn": "نوبت شما نیست.",
    "phase": "این کار اکنون ممکن نیست.",
    "cube": "قوانین تاس دوبل این کار را اجازه نمی‌دهند.",
    "resignation": "این واگذاری اکنون ممکن نیست.",
    "game_over": "بازی تمام شده است.",
    "illegal_play": "این حرکت مجاز نیست.",
    "cannot_claim": "هنوز نمی‌توانید بازی را به سود خود تمام کنید.",
    "seeds_fixed": "پس از نخستین پرتاب تاس، بذر بازیکن را نمی‌توان افزود.",
    "conflict": "کار دیگری هم‌زمان ثبت شد؛ دوباره بفرستید.",
    "no_hint": "راهنمایی فقط در بازی با رایانه داده می‌شود.",
    "hint_after_step": "راهنمایی پیش از نخستین حرکت نوبت داده می‌شود؛ حرکت‌ها را برگردانید.",
}


class Refusal(Exception):
    """A message or request the server refuses; nothing changed."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        rule: str | None = None,
        explanation: Explanation | None = None,
        seq: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.explanation = explanation
        self.seq = seq

    def data(self) -> dict[str, Any]:
        """The body of an ``error`` message (see docs/protocol.md)."""
        why = self.explanation
        data: dict[str, Any] = {
            "code": self.code,
            "message": why.message_en if why else self.message,
            "message_fa": why.message_fa if why else FA.get(self.code, FA["invalid"]),
            "rule": self.rule,
        }
        if why is not None:
            data["explanation"] = {
                "code": why.code,
                "rule": why.rule.value,
                "mistake": why.mistake,
                "message_en": why.message_en,
                "message_fa": why.message_fa,
                "legal_play": None if why.legal_play is None else format_play(why.legal_play),
                "step": None
                if why.step is None
                else {"from": why.step.from_point, "to": why.step.to_point},
            }
            data["detail"] = self.message
        if self.seq is not None:
            data["seq"] = self.seq
        return data

    @classmethod
    def from_game_error(cls, error: GameError) -> Refusal:
        code = {
            OutOfTurnError: "out_of_turn",
            GameOverError: "game_over",
            CubeActionError: "cube",
            ResignationError: "resignation",
            GamePlayError: "illegal_play",
        }.get(type(error))
        if code is None:
            code = "phase" if isinstance(error, PhaseError) else "invalid"
        explanation = error.explanation if isinstance(error, GamePlayError) else None
        rule = None if error.rule is None else error.rule.value
        return cls(code, str(error), rule=rule, explanation=explanation)
