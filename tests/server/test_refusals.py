"""Refusal texts: each written whole in English and Persian, in the glossary's
words, with Persian digits in the Persian one."""

from __future__ import annotations

import re
import string
from typing import Any

from nard.server.refusals import TEXT, Refusal, RefusalCode
from tests.test_glossary import violations

SAMPLES = {"seq": 12, "sent": 9, "wait": "37", "limit": 4096, "side": "black"}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_each_code_and_variant_fills_its_texts_from_the_refusal() -> None:
    persian: dict[str, str] = {}
    for key, (english, farsi) in TEXT.items():
        code, variant = key if isinstance(key, tuple) else (key, None)
        params: dict[str, Any] = {
            name: SAMPLES.get(name, "why it was refused") for name in placeholders(english)
        }
        refusal = Refusal(code, variant=variant, **params)
        for name, value in params.items():
            assert str(value) in refusal.message, (key, name)
        assert not placeholders(farsi) - placeholders(english), key
        assert "{" not in refusal.message_fa and refusal.message_fa.endswith("."), key
        persian[f"{code}:{variant}"] = refusal.message_fa
    assert list(violations(persian)) == []


def test_numbers_are_written_in_persian_digits_in_the_persian_text() -> None:
    refusal = Refusal(RefusalCode.STALE, seq=120, sent=97)
    assert "120" in refusal.message and "97" in refusal.message
    assert "۱۲۰" in refusal.message_fa and "۹۷" in refusal.message_fa
    assert not re.search("[0-9]", refusal.message_fa)
    assert refusal.seq == 120 and refusal.status == 409


def test_a_refused_play_speaks_with_the_cores_explanation() -> None:
    from nard.core.board import Position
    from nard.core.dice import Roll
    from nard.core.explain import explain_play
    from nard.core.notation import parse_play

    why = explain_play(Position.initial(), Roll(6, 4), parse_play("13/7"))
    assert why is not None
    refusal = Refusal(RefusalCode.ILLEGAL_PLAY, explanation=why, why="13/7 is not legal")
    assert (refusal.message, refusal.message_fa) == (why.message_en, why.message_fa)
    assert refusal.detail == "13/7 is not legal" and refusal.status == 400
