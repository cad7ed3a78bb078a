"""Practice puzzles of a player's own mistakes (``/api/mistakes/...``, issue 15).

A puzzle is shown without its answer: the position, the dice and the rules.
Once answered, the verdict carries both plays (the one made in the game and
the best) with their equities, and the answer's own when it was a legal play.
Boards are per side in that side's own numbering, the side on roll playing
White (:class:`BoardView`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from nard.server.protocol.trainer import RefusalView
from nard.server.protocol.views import BoardView, RulesView, StepPointsView, Strict, View


class PuzzleCountsView(View):
    """How many puzzles the player has, how many are due now, how many mastered
    (in the last Leitner box: solved four times in a row)."""

    puzzles: int
    due: int
    mastered: int


class PuzzleView(View):
    """One puzzle to solve: find a better play than the one made in the game."""

    id: int
    game: str
    """The game's public id (its replay is ``/replay/{game}``)."""
    game_number: int
    move: int
    side: str
    position_id: str
    board: BoardView
    dice: list[int]
    """High die first."""
    rules: RulesView
    rules_name: str | None
    """``standard``, ``iranian`` or ``v1-board`` when the rules are one of those."""
    mark: str
    box: int
    due_at: datetime
    answered: int
    right: int


class NextPuzzleView(View):
    """The puzzle to practise next (due first, earliest due first), or none."""

    puzzle: PuzzleView | None
    due_now: bool
    counts: PuzzleCountsView


class MadePuzzlesView(View):
    """Puzzles made of one game's analysis: how many were new, how many the game has."""

    added: int
    game_puzzles: int
    counts: PuzzleCountsView


class PlayEquityView(View):
    play: str
    steps: list[StepPointsView]
    """The play's steps in the player's numbering (empty when the ranking lacks it)."""
    equity: float


AnswerError = Literal["illegal", "unreadable", "ambiguous", "not_ranked"]
"""Why an answer is no ranked play, when no rule explains it: the rules refuse it,
it is no play at all, it fits more than one play, or the ranking lacks it."""


class PuzzleVerdict(View):
    """An answer judged by the analysis's ranking. ``legal`` false: the rules refused
    the play (``explanation``) or it was no play (``error``, in English, and
    ``error_code`` for the page to say in its language); nothing was counted.
    Otherwise ``yours`` is the play entered with its equity; ``judged`` whether the
    analysis can tell (false: a play its deep search never looked at, within the
    tolerance by its quick estimate; nothing was counted); ``right`` whether the
    analysis would not have marked it (searched, ``loss`` at most ``tolerance``), and
    a judged answer moved the puzzle to ``box`` (due again at ``due_at``)."""

    right: bool
    legal: bool
    judged: bool
    explanation: RefusalView | None
    error: str | None
    error_code: AnswerError | None
    yours: PlayEquityView | None
    loss: float | None
    played: PlayEquityView
    best: PlayEquityView
    difference: float
    """The best play's equity minus the game play's."""
    tolerance: float
    box: int
    due_at: datetime
    mastered: bool
    counts: PuzzleCountsView


_MAX_PLAY = 80


class PuzzleAnswer(Strict):
    """A play in gnubg notation (as the board writes it), e.g. ``13/7 8/7``."""

    play: str = Field(min_length=1, max_length=_MAX_PLAY)
