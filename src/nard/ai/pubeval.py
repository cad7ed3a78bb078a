"""Tesauro's pubeval: the classic linear benchmark player, in numpy.

Gerald Tesauro published pubeval (IBM Research, 1993) "as a public service
to the backgammon programming community": a linear score over a raw board
encoding, with one weight vector for races and one for contact positions.
It makes obvious mistakes but plays a steady, well-known game, so results
against it compare bots across programs. The weights below are the published
ones; the encoding follows the published ``setx()``.

The score ranks the positions a play leads to, higher is better; it is not a
probability, so pubeval is a player here, not an :class:`Evaluator`.

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> from nard.core.plays import Play, Step
>>> PubEval().choose_play(Position.initial(), Roll(3, 1)) == Play((Step(8, 5), Step(6, 5)))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from nard.core.board import BAR, CHECKERS_PER_SIDE, OFF, Position
from nard.core.dice import Roll
from nard.core.plays import NO_PLAY, LegalPlays, Play
from nard.core.rules import STANDARD, RuleSet

INPUTS: Final = 122
_WIN_SCORE: Final = 99999999.0
"""Tesauro's score for bearing off the last checker: better than anything."""

# The published weights, five per board point (see encode()), then bar and off.
# fmt: off
_RACE_WEIGHTS: Final = (
    0.00000, -0.17160, 0.27010, 0.29906, -0.08471,
    0.00000, -1.40375, -1.05121, 0.07217, -0.01351,
    0.00000, -1.29506, -2.16183, 0.13246, -1.03508,
    0.00000, -2.29847, -2.34631, 0.17253, 0.08302,
    0.00000, -1.27266, -2.87401, -0.07456, -0.34240,
    0.00000, -1.34640, -2.46556, -0.13022, -0.01591,
    0.00000, 0.27448, 0.60015, 0.48302, 0.25236,
    0.00000, 0.39521, 0.68178, 0.05281, 0.09266,
    0.00000, 0.24855, -0.06844, -0.37646, 0.05685,
    0.00000, 0.17405, 0.00430, 0.74427, 0.00576,
    0.00000, 0.12392, 0.31202, -0.91035, -0.16270,
    0.00000, 0.01418, -0.10839, -0.02781, -0.88035,
    0.00000, 1.07274, 2.00366, 1.16242, 0.22520,
    0.00000, 0.85631, 1.06349, 1.49549, 0.18966,
    0.00000, 0.37183, -0.50352, -0.14818, 0.12039,
    0.00000, 0.13681, 0.13978, 1.11245, -0.12707,
    0.00000, -0.22082, 0.20178, -0.06285, -0.52728,
    0.00000, -0.13597, -0.19412, -0.09308, -1.26062,
    0.00000, 3.05454, 5.16874, 1.50680, 5.35000,
    0.00000, 2.19605, 3.85390, 0.88296, 2.30052,
    0.00000, 0.92321, 1.08744, -0.11696, -0.78560,
    0.00000, -0.09795, -0.83050, -1.09167, -4.94251,
    0.00000, -1.00316, -3.66465, -2.56906, -9.67677,
    0.00000, -2.77982, -7.26713, -3.40177, -12.32252,
    0.00000, 3.42040,
)

_CONTACT_WEIGHTS: Final = (
    0.25696, -0.66937, -1.66135, -2.02487, -2.53398,
    -0.16092, -1.11725, -1.06654, -0.92830, -1.99558,
    -1.10388, -0.80802, 0.09856, -0.62086, -1.27999,
    -0.59220, -0.73667, 0.89032, -0.38933, -1.59847,
    -1.50197, -0.60966, 1.56166, -0.47389, -1.80390,
    -0.83425, -0.97741, -1.41371, 0.24500, 0.10970,
    -1.36476, -1.05572, 1.15420, 0.11069, -0.38319,
    -0.74816, -0.59244, 0.81116, -0.39511, 0.11424,
    -0.73169, -0.56074, 1.09792, 0.15977, 0.13786,
    -1.18435, -0.43363, 1.06169, -0.21329, 0.04798,
    -0.94373, -0.22982, 1.22737, -0.13099, -0.06295,
    -0.75882, -0.13658, 1.78389, 0.30416, 0.36797,
    -0.69851, 0.13003, 1.23070, 0.40868, -0.21081,
    -0.64073, 0.31061, 1.59554, 0.65718, 0.25429,
    -0.80789, 0.08240, 1.78964, 0.54304, 0.41174,
    -1.06161, 0.07851, 2.01451, 0.49786, 0.91936,
    -0.90750, 0.05941, 1.83120, 0.58722, 1.28777,
    -0.83711, -0.33248, 2.64983, 0.52698, 0.82132,
    -0.58897, -1.18223, 3.35809, 0.62017, 0.57353,
    -0.07276, -0.36214, 4.37655, 0.45481, 0.21746,
    0.10504, -0.61977, 3.54001, 0.04612, -0.18108,
    0.63211, -0.87046, 2.47673, -0.48016, -1.27157,
    0.86505, -1.11342, 1.24612, -0.82385, -2.77082,
    1.23606, -1.59529, 0.10438, -1.30206, -4.11520,
    5.62596, -2.75800,
)
# fmt: on

_RACE: Final = np.array(_RACE_WEIGHTS)
_CONTACT: Final = np.array(_CONTACT_WEIGHTS)
# Input slot s (0..23) describes point 24 - s of the side that played.
_SLOT_POINTS: Final = np.arange(24, 0, -1)


def encode(positions: Sequence[Position]) -> npt.NDArray[np.float64]:
    """Tesauro's 122 inputs for each position, seen by its side on roll (who just played).

    Per point, from 24 down to 1, five inputs: an opposing blot; one own
    checker; two or more; exactly three; and half of each checker beyond
    three. Then half the opposing checkers on the bar, and the own checkers
    borne off over 15.
    """
    player = np.array([p.player for p in positions], dtype=np.int64).reshape(-1, 26)
    opponent = np.array([p.opponent for p in positions], dtype=np.int64).reshape(-1, 26)
    count = player[:, _SLOT_POINTS] - opponent[:, 25 - _SLOT_POINTS]
    features = np.zeros((len(positions), 24, 5))
    features[:, :, 0] = count == -1
    features[:, :, 1] = count == 1
    features[:, :, 2] = count >= 2
    features[:, :, 3] = count == 3
    features[:, :, 4] = np.where(count >= 4, (count - 3) / 2.0, 0.0)
    inputs = np.zeros((len(positions), INPUTS))
    inputs[:, :120] = features.reshape(len(positions), 120)
    inputs[:, 120] = opponent[:, BAR] / 2.0
    inputs[:, 121] = player[:, OFF] / float(CHECKERS_PER_SIDE)
    return inputs


def scores(after: Sequence[Position], *, race: bool) -> npt.NDArray[np.float64]:
    """Pubeval's score of each position right after a play, for the side that played.

    ``race`` says whether the position *before* the play had no contact left
    (Tesauro picks the weights by the starting position).
    """
    if not after:
        return np.zeros(0)
    result = encode(after) @ (_RACE if race else _CONTACT)
    done = np.array([p.player[OFF] == CHECKERS_PER_SIDE for p in after])
    result[done] = _WIN_SCORE
    return np.asarray(result, dtype=np.float64)


class PubEval:
    """A player that makes the legal play pubeval scores highest (ties: the first found)."""

    name = "pubeval"

    def choose_play(self, position: Position, roll: Roll, rules: RuleSet = STANDARD) -> Play:
        """The play pubeval picks among nard.core's legal plays of ``roll``."""
        candidates = list(LegalPlays(position, roll, rules).items())
        if not candidates:
            return NO_PLAY
        values = scores([after for _, after in candidates], race=not position.is_contact())
        return candidates[int(np.argmax(values))][0]

    def __repr__(self) -> str:
        return "PubEval()"
