"""Digits as Persian text writes them, and read back: the one table of them.

Persian text is written with the Extended Arabic-Indic digits (U+06F0-U+06F9,
``۰۱۲۳۴۵۶۷۸۹``); Arabic keyboards type the Arabic-Indic ones (U+0660-U+0669,
``٠١٢٣٤٥٦٧٨٩``), which look alike in most fonts. Nard writes the first and
reads both.

>>> fa_digits("24/18 6/off")
'۲۴/۱۸ ۶/off'
>>> latin_digits("R۵ R٥ 5")
'R5 R5 5'
"""

from __future__ import annotations

from typing import Final

__all__ = ["ARABIC_INDIC_DIGITS", "PERSIAN_DIGITS", "fa_digits", "latin_digits"]

PERSIAN_DIGITS: Final = "۰۱۲۳۴۵۶۷۸۹"
"""The digits 0-9 as Persian text writes them (U+06F0-U+06F9)."""

ARABIC_INDIC_DIGITS: Final = "٠١٢٣٤٥٦٧٨٩"
"""The digits 0-9 as Arabic text writes them (U+0660-U+0669)."""

_TO_PERSIAN: Final = str.maketrans("0123456789", PERSIAN_DIGITS)
_TO_LATIN: Final = str.maketrans(PERSIAN_DIGITS + ARABIC_INDIC_DIGITS, "0123456789" * 2)


def fa_digits(text: str) -> str:
    """``text`` with its ASCII digits written as Persian digits."""
    return text.translate(_TO_PERSIAN)


def latin_digits(text: str) -> str:
    """``text`` with its Persian and Arabic-Indic digits written as ASCII digits."""
    return text.translate(_TO_LATIN)
