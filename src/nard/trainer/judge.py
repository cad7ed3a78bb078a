"""Reading a player's play and judging it with nard.core: legal, or why not.

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> verdict = judge_play(Position.initial(), Roll(6, 4), "13/7")
>>> verdict.play is None, verdict.explanation.rule
(True, <Rule.R8: 'R8'>)
>>> judge_play(Position.initial(), Roll(6, 4), "24/14").play
Play((Step(24, 18, die=6), Step(18, 14, die=4)))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.errors import AmbiguousPlayError, IllegalPlayError, InvalidPlayError
from nard.core.explain import Explanation, explain_play
from nard.core.notation import parse_play
from nard.core.plays import Play, apply_play
from nard.core.rules import STANDARD, RuleSet

ErrorCode = Literal["illegal", "unreadable", "ambiguous"]
"""Why a text is no legal play, when no rule explains it: the rules refuse it,
it is no play at all, or it fits more than one play."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """A written play judged: ``play`` and ``after`` when legal, else ``explanation``
    (the rule that refused it), or ``error`` when the text is no play at all, with
    ``error_code`` saying which kind (for a page to say it in its own language)."""

    text: str
    play: Play | None = None
    after: Position | None = None
    explanation: Explanation | None = None
    error: str | None = None
    error_code: ErrorCode | None = None


def judge_play(position: Position, roll: Roll, text: str, rules: RuleSet = STANDARD) -> Verdict:
    """Judge ``text`` (gnubg notation, Persian digits and words too) as a play of ``roll``."""
    try:
        play = parse_play(text, position, roll, rules=rules)
    except IllegalPlayError as refusal:
        if refusal.explanation is None:
            return Verdict(text, error=str(refusal), error_code="illegal")
        return Verdict(text, explanation=refusal.explanation)
    except InvalidPlayError as error:
        return Verdict(text, error=str(error), error_code="unreadable")
    except AmbiguousPlayError as error:
        return Verdict(text, error=str(error), error_code="ambiguous")
    why = explain_play(position, roll, play, rules)
    if why is not None:  # parse_play returns legal plays; kept as nard.core's last word
        return Verdict(text, explanation=why)
    return Verdict(text, play=play, after=apply_play(position, play))
