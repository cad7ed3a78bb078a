"""nard.trainer: seed 004's rules drills, made and checked by the engine.

Drills come from seeded positions (:mod:`~nard.trainer.positions`), fitted to a
kind and a level and answered by nard.core (:mod:`~nard.trainer.drills`);
:mod:`~nard.trainer.checking` judges a player's answers. It imports nard.core,
nard.match and nard.core.svg only (import-linter checks it).

>>> from nard.trainer import Kind, Level, check_rule, make_drill
>>> drill = make_drill(1, Kind.REFUSED, "standard", Level.MEDIUM)
>>> check_rule(drill, drill.refusal().rule.value).correct
True
"""

from nard.trainer.checking import PlaysReport, RuleAnswer, check_decision, check_plays, check_rule
from nard.trainer.decision import Question, TreeStep, decision_walk
from nard.trainer.drills import Drill, Kind, Level, drills, make_drill
from nard.trainer.judge import Verdict, judge_play
from nard.trainer.routes import Route, die_routes
from nard.trainer.rule_sets import RULE_SETS, rule_set, rule_set_name

__all__ = [
    "RULE_SETS",
    "Drill",
    "Kind",
    "Level",
    "PlaysReport",
    "Question",
    "Route",
    "RuleAnswer",
    "TreeStep",
    "Verdict",
    "check_decision",
    "check_plays",
    "check_rule",
    "decision_walk",
    "die_routes",
    "drills",
    "judge_play",
    "make_drill",
    "rule_set",
    "rule_set_name",
]
