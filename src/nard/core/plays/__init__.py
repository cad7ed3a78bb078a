"""Steps, plays and legal play generation (docs/rules.md R5-R14, V1, V2).

A :class:`Step` is one die's checker movement; a :class:`Play` is the whole
turn. The package is split by job:

- :mod:`~nard.core.plays.play`: :class:`Step`, :class:`Play`, applying them;
- :mod:`~nard.core.plays.steps`: the steps one die allows, for every search;
- :mod:`~nard.core.plays.standard`: the fast search for the standard rules;
- :mod:`~nard.core.plays.customs`: the search under the Iranian customs (V1, V2);
- :mod:`~nard.core.plays.guide`: :class:`TurnGuide`, step-by-step play;
- :mod:`~nard.core.plays.legal`: :class:`LegalPlays`, :func:`is_legal`.

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> plays = Position.initial().legal_plays(Roll(3, 1))
>>> len(plays)
16
>>> from nard.core.notation import parse_play
>>> parse_play("8/5 6/5") in plays
True
"""

from nard.core.plays.customs import NodeKey, TurnNode
from nard.core.plays.guide import TurnGuide
from nard.core.plays.legal import LegalPlays, check_play, generate_plays, is_legal
from nard.core.plays.play import NO_PLAY, Play, Step, apply_play, apply_step, step_orders

__all__ = [
    "NO_PLAY",
    "LegalPlays",
    "NodeKey",
    "Play",
    "Step",
    "TurnGuide",
    "TurnNode",
    "apply_play",
    "apply_step",
    "check_play",
    "generate_plays",
    "is_legal",
    "step_orders",
]
