"""Plain text on one line: the characters that player-written text may not hold.

Names and chat lines are shown to other players (and names are written into
exported files), so neither may hold control characters (NUL, which
PostgreSQL refuses to store, line breaks, which forge lines), bidirectional
controls (which reverse how the text around them reads), other invisible
format characters, line and paragraph separators, private-use, surrogate or
unassigned code points. The zero-width non-joiner is kept, as Persian writes
with it (``می‌خواهم``), and so is the joiner that emoji sequences use.

>>> hidden_character("می\u200cخواهم") is None
True
>>> hidden_character("evil\u202eeman")
'the invisible character U+202E'
>>> hidden_character("nul\\x00")
'the control character U+0000'
"""

from __future__ import annotations

import unicodedata

_KEPT_FORMAT = frozenset({"\u200c", "\u200d"})  # ZWNJ (Persian), ZWJ (emoji sequences)


def hidden_character(value: str) -> str | None:
    """The first character of ``value`` that plain text may not hold, described
    without the text around it; None when there is none."""
    for char in value:
        category = unicodedata.category(char)
        if category == "Cc":
            return f"the control character U+{ord(char):04X}"
        if category in ("Cf", "Zl", "Zp") and char not in _KEPT_FORMAT:
            return f"the invisible character U+{ord(char):04X}"
        if category in ("Co", "Cs", "Cn"):
            return f"the code point U+{ord(char):04X}"
    return None
