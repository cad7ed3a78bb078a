"""Analysis of a game or match record: errors, equity loss, luck, error rate.

Every decision of a record is judged against the best choice:

* **plays**: every legal play of the roll is ranked (:func:`rank_plays`) and
  the play made loses the equity between it and the best;
* **cube decisions**: double or not, take, drop or beaver are judged by the
  equities of no double, double/take and double/pass.

Every equity is *at the score* (:mod:`nard.ai.score_equity`): in a match,
the chance to win the match by the match equity table, shown as gnubg's
EMG (normalised to the cube's value, so numbers read like money equities and
compare with gnubg's ``show analysis``); in money play, points per unit
cube. Both are cubeful: gnubg's 0-ply cube model (Janowski's interpolation
with the cube efficiency, the cube's value and owner) on the chances the
evaluator finds at the depth asked for (0, 1 or 2 plies). Gammons count
only as much as the score makes them worth: nothing where a single win
takes the match. With an evaluator other than the engine (a test evaluator)
the cube is valued dead (cubeless at the score) and cube decisions are not
analysed.

Marks follow the thresholds GNU Backgammon 1.07 uses (``show analysis``):
a loss above 0.03 is *doubtful*, above 0.06 *bad*, above 0.12 *very bad*.
Each roll's luck is gnubg's (:mod:`nard.ai.luck`), at the score too. Per
player, the **error rate**
is the mean loss per decision in milli-equity (gnubg's "error rate per
move", mEMG; forced plays and obvious cube decisions are not decisions),
**PR** is XG's Performance Rating, 500 times the same mean, and the
**rating** is gnubg's word for the error rate (:func:`rating`).

>>> from nard.ai.evaluator import PipCountEvaluator
>>> from nard.core.board import Side
>>> from nard.core.plays import Play, Step
>>> from nard.match.actions import MakePlay, OpeningRoll, RollDice
>>> from nard.match.record import MatchRecord
>>> from nard.core.dice import Roll
>>> record = MatchRecord(actions=(
...     OpeningRoll(white=3, black=1),
...     MakePlay(Side.WHITE, Play((Step(8, 5), Step(6, 5)))),
...     RollDice(Side.BLACK, Roll(6, 5)),
...     MakePlay(Side.BLACK, Play((Step(24, 18), Step(18, 13)))),
... ))
>>> analysis = analyse_record(record, evaluator=PipCountEvaluator())
>>> [(d.move, d.side.name, d.chosen) for d in analysis.decisions]
[(1, 'WHITE', '8/5 6/5'), (2, 'BLACK', '24/13')]
>>> analysis.stats[Side.WHITE].decisions
1
"""

from nard.ai.analysis.analyser import Analyser, analyse_record
from nard.ai.analysis.decisions import (
    BAD,
    DOUBTFUL,
    MARKED,
    VERY_BAD,
    Alternative,
    CubeChoice,
    Decision,
    DecisionKind,
    Mark,
    mark,
)
from nard.ai.analysis.results import GameAnalysis, GraphPoint, MatchAnalysis
from nard.ai.analysis.stats import PR_FACTOR, RATINGS, PlayerStats, rating

__all__ = [
    "BAD",
    "DOUBTFUL",
    "MARKED",
    "PR_FACTOR",
    "RATINGS",
    "VERY_BAD",
    "Alternative",
    "Analyser",
    "CubeChoice",
    "Decision",
    "DecisionKind",
    "GameAnalysis",
    "GraphPoint",
    "Mark",
    "MatchAnalysis",
    "PlayerStats",
    "analyse_record",
    "mark",
    "rating",
]
