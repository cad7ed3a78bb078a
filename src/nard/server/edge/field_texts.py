"""The Persian of a request field's refusal, naming the limit as the English does.

Pydantic writes the English (``display_name: String should have at most 160
characters``); a Persian reader got only «درخواست درست ساخته نشده است». Here the
first wrong field's error becomes a whole Persian sentence: a check of ours that
raises with its own Persian (:class:`~nard.server.players.names.NameRefused`) gives
it; pydantic's own error types are written from their context (the limit).

>>> persian_problem({"type": "string_too_short", "loc": ("body", "password"),
...                  "ctx": {"min_length": 8}})
'گذرواژه دست\u200cکم ۸ نویسه است.'
>>> persian_problem({"type": "missing", "loc": ("body", "username")})
'نام کاربری لازم است.'
>>> print(persian_problem({"type": "json_invalid", "loc": ("body", 0)}))
None
"""

from __future__ import annotations

from collections.abc import Mapping

from nard.core.digits import fa_digits

FIELDS = {
    "display_name": "نام",
    "username": "نام کاربری",
    "password": "گذرواژه",
    "new_password": "گذرواژهٔ تازه",
    "old_password": "گذرواژهٔ کنونی",
    "length": "طول مسابقه",
    "text": "پیام",
    "min_rating": "کمترین ریتینگ",
    "max_rating": "بیشترین ریتینگ",
    "client_seed": "بذر تاس شما",
}
"""Field names as a Persian reader knows them; others are named as sent."""

TEMPLATES = {
    "string_too_long": "{field} حداکثر {max_length} نویسه است.",
    "string_too_short": "{field} دست‌کم {min_length} نویسه است.",
    "too_long": "{field} حداکثر {max_length} مورد دارد.",
    "greater_than_equal": "{field} دست‌کم {ge} است.",
    "less_than_equal": "{field} حداکثر {le} است.",
    "greater_than": "{field} باید بیشتر از {gt} باشد.",
    "less_than": "{field} باید کمتر از {lt} باشد.",
    "missing": "{field} لازم است.",
    "extra_forbidden": "فیلد «{field}» در این درخواست شناخته نیست.",
    "literal_error": "مقدار {field} از گزینه‌های پذیرفته نیست.",
    "enum": "مقدار {field} از گزینه‌های پذیرفته نیست.",
    "string_type": "{field} باید متن باشد.",
    "int_type": "{field} باید عدد درست باشد.",
    "int_parsing": "{field} باید عدد درست باشد.",
    "bool_type": "{field} باید درست یا نادرست (true/false) باشد.",
}
USERNAME_RULE = "نام کاربری از ۳ تا ۴۰ نویسه است: حرف لاتین (A تا Z)، رقم، یا _ . -"
"""The username's pattern (protocol/http.py's Username), said in words."""


def _field(loc: object) -> str:
    parts = [part for part in loc if isinstance(part, str)] if isinstance(loc, tuple | list) else []
    named = [part for part in parts if part not in ("body", "query", "path")]
    last = named[-1] if named else ""
    return FIELDS.get(last, last[:40])


def persian_problem(error: Mapping[str, object]) -> str | None:
    """A whole Persian sentence for one pydantic error, or None when there is none."""
    ctx = error.get("ctx")
    context = ctx if isinstance(ctx, Mapping) else {}
    cause = context.get("error")
    message_fa = getattr(cause, "message_fa", None)
    if isinstance(message_fa, str):
        return message_fa
    kind = str(error.get("type", ""))
    field = _field(error.get("loc", ()))
    if kind == "string_pattern_mismatch" and field == FIELDS["username"]:
        return USERNAME_RULE
    template = TEMPLATES.get(kind)
    if template is None or not field:
        return None
    values = {key: fa_digits(str(value)) for key, value in context.items() if key != "error"}
    try:
        return template.format(field=field, **values)
    except KeyError:
        return None
