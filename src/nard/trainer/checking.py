"""Checking a player's answers to a drill; nard.core decides every one.

>>> from nard.trainer.drills import Kind, Level, make_drill
>>> drill = make_drill(3, Kind.PLAYS, "standard", Level.EASY)
>>> first = next(iter(drill.legal_plays))
>>> report = check_plays(drill, [str(first), "24/1"])
>>> len(report.found), len(report.missing) == len(drill.legal_plays) - 1
(1, True)
>>> report.refused[0].explanation is not None or report.refused[0].error is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from nard.core.board import Position
from nard.core.digits import latin_digits
from nard.core.explain import Explanation
from nard.core.plays import NO_PLAY, Play
from nard.core.rules import Rule
from nard.trainer.decision import TreeStep
from nard.trainer.drills import Drill
from nard.trainer.judge import Verdict, judge_play


@dataclass
class PlaysReport:
    """A "find every legal play" answer checked: the legal plays found (by the
    position they make), those missing, and the plays refused with their reasons."""

    found: list[Play] = field(default_factory=list)
    missing: list[Play] = field(default_factory=list)
    refused: list[Verdict] = field(default_factory=list)
    repeated: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Every legal play found and nothing refused."""
        return not self.missing and not self.refused


def check_plays(drill: Drill, answers: Sequence[str]) -> PlaysReport:
    """Judge each written play; a legal play counts once, whatever order of steps
    or notation wrote it (it is known by the position it makes)."""
    report = PlaysReport()
    legal: dict[Position, Play] = {after: play for play, after in drill.legal_plays.items()}
    if not legal:  # R10: "Cannot move" is the one answer, and it leaves the board as it is
        legal = {drill.position: NO_PLAY}
    seen: set[Position] = set()
    for text in answers:
        verdict = judge_play(drill.position, drill.roll, text, drill.rules)
        if verdict.after is None:
            report.refused.append(verdict)
        elif verdict.after in seen:
            report.repeated.append(text)
        else:
            seen.add(verdict.after)
            report.found.append(legal[verdict.after])
    report.missing = [play for after, play in legal.items() if after not in seen]
    return report


@dataclass(frozen=True)
class RuleAnswer:
    """A "why refused" answer checked against nard.core's explanation."""

    correct: bool
    explanation: Explanation
    mistake_correct: bool | None = None


def check_rule(drill: Drill, rule: str, mistake: int | None = None) -> RuleAnswer:
    """Whether ``rule`` (an id such as ``"R8"``) is the rule that refuses the drill's
    play; ``mistake`` (1-7, or None to skip that question) is checked where the
    explanation names one of the seven common mistakes."""
    why = drill.refusal()
    try:
        correct = Rule(latin_digits(rule.strip().upper())) is why.rule
    except ValueError:
        correct = False
    mistake_correct = None if mistake is None else mistake == why.mistake
    return RuleAnswer(correct, why, mistake_correct)


def check_decision(drill: Drill, index: int, yes: bool) -> tuple[bool, TreeStep]:
    """Whether ``yes`` answers the decision tree's question number ``index`` as the
    engine does; with the tree's step (its question, answer and rule)."""
    steps = drill.decision()
    if not 0 <= index < len(steps):
        raise ValueError(f"the tree asks {len(steps)} questions here, not {index + 1}")
    step = steps[index]
    return step.yes == yes, step
