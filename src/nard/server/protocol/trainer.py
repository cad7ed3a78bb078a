"""The rules trainer's HTTP requests and answers (``/api/trainer/...``, issue 15).

A drill's optional parts (the refused play of a "why refused" drill, the
questions of a decision walk) are left out of the JSON when the drill has none;
every other field is always sent, null when empty. Boards are per side in that
side's own numbering, the side on roll playing White (:class:`BoardView`).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from nard.server.protocol.views import BoardView, StepPointsView, View, omitted_when_none

_MAX_PLAYS = 200
MAX_PRACTICE_STEPS = 4
"""Steps a practice board takes by hand (a play has at most four)."""


class TextView(View):
    """One message written whole in each language."""

    en: str
    fa: str


class RefusalView(View):
    """Why the core refused a play: the rule and its section (``anchor``), both
    messages, the common mistake and a legal play to draw instead."""

    rule: str
    code: str
    mistake: int | None
    message: TextView
    anchor: str
    legal_play: str | None
    legal_steps: list[list[int]]
    """``[from, to]`` per step of ``legal_play``; empty when there is none."""


class DrillView(View):
    """A drill's position, dice and question, never its answer."""

    seed: int
    kind: str
    number: int
    rules: str
    level: str
    position_id: str
    board: BoardView
    dice: list[int]
    """High die first."""
    link: str
    refused_play: str | None = omitted_when_none()
    """"Why refused" drills only, with ``refused_steps`` and ``choices``."""
    refused_steps: list[list[int]] | None = omitted_when_none()
    choices: list[str] | None = omitted_when_none()
    """The rule ids offered."""
    questions: list[str] | None = omitted_when_none()
    """Decision drills only, with ``double``."""
    double: bool | None = omitted_when_none()


class ProgressView(View):
    """One kind's progress for one rule set and level (``trainer_progress.Progress``)."""

    kind: str
    rules: str
    level: str
    answered: int
    right: int
    streak: int
    best_streak: int
    level_up: bool


class ProgressList(View):
    data: list[ProgressView]


class RouteView(View):
    """One way a die can be played first, and what can follow it."""

    first: str
    then: list[str]


class RefusedPlayView(View):
    """A play the player wrote that is not legal here: why, or the parse error."""

    text: str
    error: str | None
    explanation: RefusalView | None


class CustomsRefusalView(View):
    play: str
    explanation: RefusalView


class PlaysVerdict(View):
    """A plays drill checked: which legal plays were found, which missed, which
    refused; ``progress`` as this answer left it (every verdict has it when the
    answer completes the drill)."""

    correct: bool
    total: int
    found: list[str]
    missing: list[str]
    refused: list[RefusedPlayView]
    routes: dict[str, list[RouteView]]
    """Per die (as text), the ways to play it first."""
    customs: list[CustomsRefusalView]
    """Customs drills only (empty otherwise): the plays the customs refuse, and why."""
    progress: ProgressView | None = omitted_when_none()


class RuleVerdict(View):
    """A "why refused" drill checked: the rule chosen, the mistake named, the explanation."""

    correct: bool
    mistake_correct: bool | None
    explanation: RefusalView
    progress: ProgressView | None = omitted_when_none()


class DecisionVerdict(View):
    """One question of a decision walk checked; ``last`` when it was the walk's last,
    and only then does it count (and carry ``progress``)."""

    correct: bool
    answer: bool
    rule: str
    anchor: str
    last: bool
    progress: ProgressView | None = omitted_when_none()


Verdict = PlaysVerdict | RuleVerdict | DecisionVerdict


class RulesReportView(View):
    """A rules problem report: the position, the refusal, and the text to paste."""

    position_id: str
    board: BoardView
    dice: list[int]
    play: str
    steps: list[str]
    rules: str
    version: str
    explanation: RefusalView | None
    text: TextView
    link: str


class DrillKey(BaseModel):
    """What makes a drill: the same four values make the same drill anywhere."""

    seed: int = Field(ge=0, le=2**31)
    kind: str = Field(max_length=20)
    rules: str = Field(default="standard", max_length=20)
    level: str = Field(default="easy", max_length=10)


class Answer(DrillKey):
    """A player's answer: ``plays`` (notation) for plays drills, ``rule`` and
    ``mistake`` for a "why refused" drill, ``step`` and ``yes`` for the tree."""

    plays: list[str] = Field(default_factory=list, max_length=_MAX_PLAYS)
    rule: str | None = Field(default=None, max_length=10)
    mistake: int | None = Field(default=None, ge=1, le=7)
    step: int | None = Field(default=None, ge=0, le=10)
    yes: bool | None = None
    missed_before: bool = False
    """Decision drills: whether an earlier question of this walk was answered wrong
    (the walk counts once, at its last question)."""


class PracticeStepView(StepPointsView):
    """A step put by hand (``from``, ``to`` in the player's numbering) and whether it hit."""

    hit: bool


class PracticeBoardView(View):
    """A practice board after the steps put by hand so far (``POST /api/trainer/board``):
    the board, where each checker may be put next (``destinations``, point to points,
    0 off; empty once four steps are in) and the steps with their hits."""

    board: BoardView
    destinations: dict[str, list[int]]
    steps: list[PracticeStepView]


class PracticeSteps(BaseModel):
    """A practice position (the side on roll plays White) and the steps put by hand."""

    position_id: str = Field(max_length=20)
    steps: list[tuple[int, int]] = Field(default_factory=list, max_length=MAX_PRACTICE_STEPS)
