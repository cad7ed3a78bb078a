"""The one digit table: Persian digits written, Persian and Arabic-Indic digits read."""

from __future__ import annotations

from nard.core.digits import ARABIC_INDIC_DIGITS, PERSIAN_DIGITS, fa_digits, latin_digits


def test_the_tables_are_the_unicode_ranges() -> None:
    assert "".join(map(chr, range(0x06F0, 0x06FA))) == PERSIAN_DIGITS
    assert "".join(map(chr, range(0x0660, 0x066A))) == ARABIC_INDIC_DIGITS


def test_every_digit_is_read_from_both_scripts_and_written_in_persian() -> None:
    for value in range(10):
        assert latin_digits(PERSIAN_DIGITS[value]) == str(value)
        assert latin_digits(ARABIC_INDIC_DIGITS[value]) == str(value)
        assert fa_digits(str(value)) == PERSIAN_DIGITS[value]
    assert latin_digits(fa_digits("R14 24/18")) == "R14 24/18"
    assert latin_digits("بار/۲۲ ١٣/٧") == "بار/22 13/7"
