"""nard.ai: the bot and analysis, built on the bgsage engine.

The engine sits behind one protocol (:class:`Evaluator`); the bot only ever
chooses among the plays :mod:`nard.core` says are legal, so it follows every
rule set, the Iranian customs included. Importing this package does not load
bgsage; :mod:`nard.ai.engine` does, on first use.

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> from nard.core.plays import LegalPlays
>>> bot = Bot("casual", evaluator=PipCountEvaluator(), seed=1)
>>> bot.choose_play(Position.initial(), Roll(6, 6)) in LegalPlays(Position.initial(), Roll(6, 6))
True
"""

from nard.ai.analysis import Analyser, MatchAnalysis, analyse_record
from nard.ai.bot import LEVELS, Bot, Level
from nard.ai.cube import CubeAction, CubeAnalysis, CubeState, analyse_cube
from nard.ai.evaluator import Evaluator, PipCountEvaluator, PlayEvaluator
from nard.ai.hint import hint_cube, hint_plays
from nard.ai.probabilities import Probabilities
from nard.ai.progress import AnalysisCancelled, AnalysisProgress, CancelToken
from nard.ai.ranking import RankedPlay, rank_plays

__all__ = [
    "LEVELS",
    "Analyser",
    "AnalysisCancelled",
    "AnalysisProgress",
    "Bot",
    "CancelToken",
    "CubeAction",
    "CubeAnalysis",
    "CubeState",
    "Evaluator",
    "Level",
    "MatchAnalysis",
    "PipCountEvaluator",
    "PlayEvaluator",
    "Probabilities",
    "RankedPlay",
    "analyse_cube",
    "analyse_record",
    "hint_cube",
    "hint_plays",
    "rank_plays",
]
