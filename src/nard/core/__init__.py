"""nard.core: the Takhte Nard rules engine (standard library only).

>>> from nard.core import Position, Roll, parse_play
>>> position = Position.initial()
>>> plays = position.legal_plays(Roll(3, 1))
>>> parse_play("8/5 6/5") in plays
True
"""

from nard.core.board import BAR, HOME_BOARD, OFF, Point, Position, Side, opposite_point
from nard.core.dice import ALL_ROLLS, OPENING_ROLLS, Roll
from nard.core.errors import AmbiguousPlayError, IllegalPlayError, InvalidIdError, InvalidPlayError
from nard.core.explain import Explanation, explain_move, explain_play, explain_step
from nard.core.ids import MatchState, Xgid, decode_position_id, encode_position_id
from nard.core.notation import format_play, format_step, parse_play
from nard.core.plays import (
    NO_PLAY,
    LegalPlays,
    Play,
    Step,
    TurnGuide,
    apply_play,
    apply_step,
    generate_plays,
    is_legal,
)
from nard.core.rules import IRANIAN, STANDARD, EscapeScope, Rule, RuleSet

__all__ = [
    "ALL_ROLLS",
    "BAR",
    "HOME_BOARD",
    "IRANIAN",
    "NO_PLAY",
    "OFF",
    "OPENING_ROLLS",
    "STANDARD",
    "AmbiguousPlayError",
    "EscapeScope",
    "Explanation",
    "IllegalPlayError",
    "InvalidIdError",
    "InvalidPlayError",
    "LegalPlays",
    "MatchState",
    "Play",
    "Point",
    "Position",
    "Roll",
    "Rule",
    "RuleSet",
    "Side",
    "Step",
    "TurnGuide",
    "Xgid",
    "apply_play",
    "apply_step",
    "decode_position_id",
    "encode_position_id",
    "explain_move",
    "explain_play",
    "explain_step",
    "format_play",
    "format_step",
    "generate_plays",
    "is_legal",
    "opposite_point",
    "parse_play",
]
