"""Seed 004's five-step decision tree (docs/rules.md#r11), answered by the engine.

The questions, in order: a checker on the bar (R12)? Can both dice be played
(R8)? Only one of them (R9)? Each alone but not both, so the larger (R9)?
Nothing (R10)? The first question only narrows what may move; the walk
stops at the first other question answered yes. For doubles "both" asks
whether all four units can be played, "one" whether some can (the most of
them is played, R8), and "larger" is not asked.

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> walk = decision_walk(Position.from_points({20: 1, 1: 14}, {12: 2}), Roll(5, 2))
>>> [(step.question.value, step.yes, step.rule.value) for step in walk]
[('bar', False, 'R12'), ('both', False, 'R8'), ('one', False, 'R9'), ('larger', True, 'R9')]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from nard.core.board import BAR, Position
from nard.core.dice import Roll
from nard.core.plays import TurnGuide
from nard.core.rules import STANDARD, Rule, RuleSet


class Question(StrEnum):
    """The decision tree's questions, in the order they are asked."""

    BAR = "bar"
    BOTH = "both"
    ONE = "one"
    LARGER = "larger"
    NOTHING = "nothing"


RULE_OF: dict[Question, Rule] = {
    Question.BAR: Rule.R12,
    Question.BOTH: Rule.R8,
    Question.ONE: Rule.R9,
    Question.LARGER: Rule.R9,
    Question.NOTHING: Rule.R10,
}


@dataclass(frozen=True, slots=True)
class TreeStep:
    """One question of the tree with the engine's answer and the rule behind it."""

    question: Question
    yes: bool

    @property
    def rule(self) -> Rule:
        return RULE_OF[self.question]


def decision_walk(position: Position, roll: Roll, rules: RuleSet = STANDARD) -> list[TreeStep]:
    """The questions asked on this position and roll, each with its answer."""
    guide = TurnGuide(position, roll, rules)
    most = guide.dice_used
    steps = [TreeStep(Question.BAR, position.player[BAR] > 0)]
    if roll.is_double:
        answers = [(Question.BOTH, most == 4), (Question.ONE, 0 < most < 4)]
    else:
        alone = {edge.die for edge, _ in guide.nodes[guide.root].children}
        answers = [
            (Question.BOTH, most == 2),
            (Question.ONE, most == 1 and len(alone) == 1),
            (Question.LARGER, most == 1 and len(alone) == 2),
        ]
    for question, yes in answers:
        steps.append(TreeStep(question, yes))
        if yes:
            return steps
    steps.append(TreeStep(Question.NOTHING, True))
    return steps
