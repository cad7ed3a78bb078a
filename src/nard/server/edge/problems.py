"""The edge's refusals as ASGI responses: a JSON body like the application's errors.

>>> body = problem_body("too_large", "a request body is at most 65536 bytes")
>>> sorted(body), body["code"]
(['code', 'detail', 'message', 'message_fa', 'rule'], 'too_large')
"""

from __future__ import annotations

import json
from typing import Any

from starlette.types import Send

FA = {
    "too_large": "درخواست بیش از اندازه بزرگ است.",
    "too_slow": "درخواست بیش از اندازه کند رسید؛ دوباره بفرستید.",
    "headers_too_large": "سرآیندهای درخواست بیش از اندازه بزرگ‌اند.",
    "foreign_origin": "این درخواست از سایت دیگری آمده است و پذیرفته نمی‌شود.",
    "rate_limited": "درخواست‌ها بیش از اندازه زیادند؛ کمی صبر کنید.",
    "locked": "این حساب به دلیل رمزهای نادرست پیاپی مدتی قفل است؛ کمی بعد دوباره بکوشید.",
    "busy": "کارساز اکنون سرش شلوغ است؛ کمی بعد دوباره بکوشید.",
    "invalid": "درخواست درست ساخته نشده است.",
    "bad_json": "درخواست JSON معتبر نیست.",
}


def problem_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """The body of an edge refusal; ``detail`` repeats ``message`` for FastAPI clients."""
    return {
        "code": code,
        "message": message,
        "message_fa": FA.get(code, FA["invalid"]),
        "rule": None,
        "detail": message,
        **extra,
    }


async def send_problem(
    send: Send,
    status: int,
    code: str,
    message: str,
    *,
    close: bool = False,
    headers: list[tuple[bytes, bytes]] | None = None,
) -> None:
    """Answer a refusal; ``close`` ends the connection (its unread input is not trusted)."""
    body = json.dumps(problem_body(code, message), ensure_ascii=False).encode()
    sent = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *(headers or []),
    ]
    if close:
        sent.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": sent})
    await send({"type": "http.response.body", "body": body})
