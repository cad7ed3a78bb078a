"""Learn from your mistakes: each marked checker play of an analysis becomes a puzzle.

A puzzle is the position and roll of one marked play (the analysis's own
marks: a loss above its *doubtful* threshold), the play made and the best
play with their equities, and the analysis's ranking of every legal play of
the roll. The player's answer is judged by that ranking, never by a written
answer: a legal play counts as right when the analysis would not have marked
it, i.e. it loses at most the analysis's doubtful threshold against the best
(:attr:`Puzzle.tolerance`). A play the deep search never judged (the move
filter dropped it as clearly worse) is not right.

The analysis is read as the JSON the server keeps (``MatchAnalysis.to_dict()``),
so this module needs nard.core only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Final, Literal

from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.explain import Explanation
from nard.core.plays import Play
from nard.core.rules import EscapeScope, RuleSet
from nard.trainer.judge import judge_play
from nard.trainer.rule_sets import RULE_SETS

MARKS: Final = ("doubtful", "bad", "very bad")
"""The analysis's marks of an error (``nard.ai.analysis.Mark``), mildest first."""


class OutdatedAnalysis(ValueError):
    """The analysis was made before plays were ranked for puzzles: analyse again."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """One legal play of the puzzle's roll as the analysis ranked it."""

    play: str
    position_id: str
    """The position the play leads to: two orders of the same steps are one play."""
    equity: float
    searched: bool


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One marked play to find again; ``side`` is the player's side in the game."""

    game: int
    move: int
    side: str
    position_id: str
    dice: tuple[int, int]
    played: str
    played_equity: float
    best: str
    best_equity: float
    mark: str
    tolerance: float
    ranking: tuple[Candidate, ...]

    @property
    def roll(self) -> Roll:
        return Roll(*self.dice)

    @property
    def position(self) -> Position:
        return Position.from_id(self.position_id)


AnswerError = Literal["illegal", "unreadable", "ambiguous", "not_ranked"]
"""Why an answer is no ranked play (see :data:`nard.trainer.judge.ErrorCode`), or
``not_ranked``: a legal play missing from the ranking."""


@dataclass(frozen=True, slots=True)
class Answer:
    """A player's play judged: legal and ranked (``candidate``, ``loss``, ``right``), or
    refused by the rules (``explanation``), or no play at all (``error``, in English,
    and ``error_code``)."""

    text: str
    candidate: Candidate | None = None
    loss: float | None = None
    right: bool = False
    explanation: Explanation | None = None
    error: str | None = None
    error_code: AnswerError | None = None
    tolerance: float = 0.0

    @property
    def legal(self) -> bool:
        """Whether the answer was a legal play found in the ranking."""
        return self.candidate is not None

    @property
    def judged(self) -> bool:
        """Whether the analysis can say right or wrong: the play was searched as deeply
        as the best, or even its quick estimate loses more than the tolerance. A play
        only estimated, within the tolerance, is neither (and is not scheduled)."""
        if self.candidate is None or self.loss is None:
            return False
        return self.candidate.searched or self.loss > self.tolerance

    @property
    def counts(self) -> bool:
        """Whether the answer moves the puzzle between boxes (a judged play)."""
        return self.judged


def puzzles_of(analysis: Mapping[str, Any], sides: Sequence[str]) -> list[Puzzle]:
    """The puzzles of ``sides``' (``"white"``/``"black"``) marked checker plays, in order.

    Raises :class:`OutdatedAnalysis` when a marked play has no ranking kept.
    """
    tolerance = float(analysis["thresholds"]["doubtful"])
    found: list[Puzzle] = []
    for game in analysis["games"]:
        for decision in game["decisions"]:
            if (
                decision["kind"] != "play"
                or decision["side"] not in sides
                or decision["mark"] not in MARKS
            ):
                continue
            plays = decision.get("plays")
            if not plays:
                raise OutdatedAnalysis(
                    "this analysis predates practice puzzles: analyse the game again"
                )
            high, low = decision["roll"]
            found.append(
                Puzzle(
                    game=int(game["number"]),
                    move=int(decision["move"]),
                    side=str(decision["side"]),
                    position_id=str(decision["position_id"]),
                    dice=(int(high), int(low)),
                    played=str(decision["chosen"]),
                    played_equity=float(decision["equity"]),
                    best=str(decision["best"]),
                    best_equity=float(decision["best_equity"]),
                    mark=str(decision["mark"]),
                    tolerance=tolerance,
                    ranking=tuple(
                        Candidate(
                            str(item["play"]),
                            str(item["position_id"]),
                            float(item["equity"]),
                            bool(item["searched"]),
                        )
                        for item in plays
                    ),
                )
            )
    return found


def check_answer(puzzle: Puzzle, text: str, rules: RuleSet) -> Answer:
    """Judge ``text`` (a play in gnubg notation) as the answer to ``puzzle``."""
    verdict = judge_play(puzzle.position, puzzle.roll, text, rules)
    if verdict.after is None:
        return Answer(
            text,
            explanation=verdict.explanation,
            error=verdict.error,
            error_code=verdict.error_code,
            tolerance=puzzle.tolerance,
        )
    reached = verdict.after.id()
    candidate = next((c for c in puzzle.ranking if c.position_id == reached), None)
    if candidate is None:  # the ranking holds every legal play of the roll
        return Answer(
            text,
            error="this play is not in the analysis's ranking",
            error_code="not_ranked",
            tolerance=puzzle.tolerance,
        )
    loss = max(0.0, puzzle.best_equity - candidate.equity)
    right = candidate.searched and loss <= puzzle.tolerance
    return Answer(text, candidate=candidate, loss=loss, right=right, tolerance=puzzle.tolerance)


def ranked_play(puzzle: Puzzle, text: str, rules: RuleSet) -> Play:
    """The legal play the ranking names ``text`` (the game's or the best play), found by
    the board it leads to, so a page draws it from steps; no play when none is ranked so."""
    reached = next((c.position_id for c in puzzle.ranking if c.play == text), None)
    for play, after in puzzle.position.legal_plays(puzzle.roll, rules).items():
        if after.id() == reached:
            return play
    return Play()


def rules_to_dict(rules: RuleSet) -> dict[str, Any]:
    """A rule set as JSON: its fields, enums as their values."""
    return {
        item.name: getattr(getattr(rules, item.name), "value", getattr(rules, item.name))
        for item in fields(rules)
    }


def rules_from_dict(data: Mapping[str, Any]) -> RuleSet:
    """The rule set :func:`rules_to_dict` wrote."""
    values = {item.name: data[item.name] for item in fields(RuleSet) if item.name in data}
    if "escape_scope" in values:
        values["escape_scope"] = EscapeScope(values["escape_scope"])
    return RuleSet(**values)


def move_rules_name(rules: RuleSet) -> str | None:
    """The trainer's rule set (``standard``, ``iranian``, ``v1-board``) that allows the
    same plays as ``rules`` (the cube and scoring switches aside); None when none does."""
    for name, known in RULE_SETS.items():
        if _move_switches(known) == _move_switches(rules):
            return name
    return None


def _move_switches(rules: RuleSet) -> tuple[bool, EscapeScope | None, bool]:
    scope = rules.escape_scope if rules.escape_after_hit else None
    return rules.escape_after_hit, scope, rules.no_home_cover_after_hit
