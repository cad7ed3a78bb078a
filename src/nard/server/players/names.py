"""Display names: the one check every name passes on its way in.

A name is shown to other players and written into exported files, so it must
be plain text on one line (:mod:`nard.server.plain_text`: no control,
bidirectional or other invisible characters): NFC-normalised, runs of spaces
made one space, 1 to :data:`MAX_LENGTH` characters, at least one of them
visible.

>>> display_name("  Shirin   Jan ")
'Shirin Jan'
>>> display_name("می\u200cخواهم") == "می\u200cخواهم"
True
>>> display_name("evil\u202eeman")
Traceback (most recent call last):
...
nard.server.players.names.NameRefused: a name cannot contain the invisible character U+202E
>>> display_name("two\\nlines")
Traceback (most recent call last):
...
nard.server.players.names.NameRefused: a name cannot contain the control character U+000A
>>> display_name("Bot (expert)")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
nard.server.players.names.NameRefused: a name cannot look like one the server gives (...)
>>> try:
...     display_name("x" * 41)
... except NameRefused as refused:
...     print(refused.message_fa)
نام حداکثر ۴۰ حرف است.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, StringConstraints

from nard.core.digits import fa_digits
from nard.server.plain_text import hidden_character

MAX_LENGTH = 40
"""Characters in a name (the database column's width)."""

_SPACES = re.compile(r"\s+")
_MADE_UP = re.compile(
    r"^(?:(?:bot|computer|رایانه)\s*\(.*|(?:guest|مهمان)\s*[0-9۰-۹٠-٩]+)$", re.IGNORECASE
)
"""The names the server gives guests ("Guest 1234") and the computer ("Bot (expert)"), which
pages write in their own language as «مهمان ۱۲۳۴» or «رایانه (استاد)»: nobody may pass for one."""


class NameRefused(ValueError):
    """Why a name is refused, in English (the message) and in Persian, which a refusal
    over HTTP carries as its ``message_fa`` (edge/validation.py)."""

    def __init__(self, message: str, message_fa: str) -> None:
        super().__init__(message)
        self.message_fa = message_fa


def display_name(value: str) -> str:
    """``value`` as a name to keep, or NameRefused saying what is wrong (never echoing it)."""
    hidden = hidden_character(value)
    if hidden is not None:
        raise NameRefused(
            f"a name cannot contain {hidden}",
            "نام نمی‌تواند نویسهٔ نامرئی یا کنترلی داشته باشد.",
        )
    name = _SPACES.sub(" ", unicodedata.normalize("NFC", value)).strip()
    if not name:
        raise NameRefused("a name cannot be empty", "نام نمی‌تواند خالی باشد.")
    if len(name) > MAX_LENGTH:
        raise NameRefused(
            f"a name is at most {MAX_LENGTH} characters",
            f"نام حداکثر {fa_digits(str(MAX_LENGTH))} حرف است.",
        )
    if not any(unicodedata.category(char)[0] in "LNPS" for char in name):
        raise NameRefused(
            "a name needs at least one visible character",
            "نام باید دست‌کم یک حرف دیدنی داشته باشد.",
        )
    if _MADE_UP.match(name):
        raise NameRefused(
            "a name cannot look like one the server gives (a guest's or the bot's)",
            "نام نمی‌تواند شبیه نام‌هایی باشد که سایت می‌دهد (نام مهمان یا رایانه).",
        )
    return name


Name = Annotated[
    str,
    # A bound on the raw text first, so that the checks above never scan a huge string.
    StringConstraints(max_length=4 * MAX_LENGTH),
    AfterValidator(display_name),
]
"""A display name in a request model."""
