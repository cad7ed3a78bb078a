"""Learn from your mistakes (issue 15): a player's marked plays become puzzles.

Puzzles are made from a game's finished analysis (``nard.trainer.mistakes``),
one per marked checker play of the seats the player holds, and scheduled in
Leitner boxes (``nard.trainer.leitner``): due ones come first, across all of
the player's games. Answers are judged by the analysis's ranking kept with
each puzzle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from pydantic import JsonValue
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from nard.core.board import Side
from nard.core.rules import RuleSet
from nard.server.database import Database
from nard.server.refusals import Refusal, RefusalCode
from nard.storage.analyses import AnalysisRepository
from nard.storage.mistake_puzzles import (
    PuzzleCounts,
    add_puzzles,
    counts_of,
    game_public_id,
    game_puzzles,
    new_row,
    next_puzzle,
    puzzle_of,
)
from nard.storage.models import MistakePuzzle
from nard.trainer.leitner import LAST_BOX, Card, new_card, review
from nard.trainer.mistakes import (
    Answer,
    Candidate,
    OutdatedAnalysis,
    Puzzle,
    check_answer,
    puzzles_of,
    rules_from_dict,
    rules_to_dict,
)


def aware(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite gives naive timestamps back)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def puzzle_from_row(row: MistakePuzzle) -> Puzzle:
    """The stored puzzle as nard.trainer checks it."""
    high, low = int(row.dice[0]), int(row.dice[1])
    return Puzzle(
        game=row.game_number,
        move=row.move,
        side=row.side,
        position_id=row.position_id,
        dice=(high, low),
        played=row.played,
        played_equity=row.played_equity,
        best=row.best,
        best_equity=row.best_equity,
        mark=row.mark,
        tolerance=row.tolerance,
        ranking=tuple(
            Candidate(item["play"], item["position_id"], item["equity"], item["searched"])
            for item in row.ranking
        ),
    )


@dataclass(frozen=True, slots=True)
class Made:
    added: int
    game_puzzles: int
    counts: PuzzleCounts


@dataclass(frozen=True, slots=True)
class Kept:
    """A stored puzzle (detached from its session) and its game's public id."""

    row: MistakePuzzle
    game: str


@dataclass(frozen=True, slots=True)
class Answered:
    row: MistakePuzzle
    answer: Answer
    counts: PuzzleCounts


class MistakesService:
    def __init__(self, database: Database, clock: Callable[[], datetime] | None = None) -> None:
        self.database = database
        self.clock = clock or (lambda: datetime.now(UTC))

    async def make(
        self, player_id: int, game_id: int, sides: Sequence[Side], rules: RuleSet
    ) -> Made:
        """Puzzles of the game's latest analysis for ``sides`` (kept once each).

        Refused when the game has no analysis, it is not finished, or it
        predates the rankings puzzles need.
        """
        now = self.clock()
        names = [side.name.lower() for side in sides]

        def make(session: Session) -> Made:
            analysis = AnalysisRepository(session).latest(game_id)
            if analysis is None:
                raise Refusal(RefusalCode.NO_ANALYSIS)
            if analysis.status == "failed":
                raise Refusal(RefusalCode.ANALYSIS_UNFINISHED, variant="failed")
            if analysis.status != "done" or analysis.result is None:
                raise Refusal(RefusalCode.ANALYSIS_UNFINISHED)
            try:
                puzzles = puzzles_of(analysis.result, names)
            except OutdatedAnalysis:
                raise Refusal(RefusalCode.ANALYSIS_OUTDATED) from None
            card = new_card(now)
            rows = [_row(player_id, game_id, puzzle, rules, card) for puzzle in puzzles]
            try:
                added = add_puzzles(session, rows)
                session.commit()
            except IntegrityError:  # a second tab kept them first
                session.rollback()
                added = 0
            total = game_puzzles(session, player_id, game_id)
            return Made(added, total, counts_of(session, player_id, now, LAST_BOX))

        return await self.database.run(make)

    async def next(
        self, player_id: int, game_id: int | None = None
    ) -> tuple[Kept | None, PuzzleCounts]:
        """The puzzle to practise next (earliest due; with none due, the one practised
        longest ago) and the player's counts."""
        now = self.clock()

        def read(session: Session) -> tuple[Kept | None, PuzzleCounts]:
            row = next_puzzle(session, player_id, now, game_id)
            counts = counts_of(session, player_id, now, LAST_BOX)
            return (None if row is None else _kept(session, row)), counts

        return await self.database.run(read)

    async def get(self, player_id: int, puzzle_id: int) -> Kept:
        def read(session: Session) -> Kept:
            row = puzzle_of(session, player_id, puzzle_id)
            if row is None:
                raise Refusal(RefusalCode.NO_SUCH_PUZZLE)
            return _kept(session, row)

        return await self.database.run(read)

    async def answer(self, player_id: int, puzzle_id: int, text: str) -> Answered:
        """Judge ``text`` as the answer; a legal play moves the puzzle between boxes."""
        now = self.clock()

        def answer(session: Session) -> Answered:
            row = puzzle_of(session, player_id, puzzle_id, lock=True)
            if row is None:
                raise Refusal(RefusalCode.NO_SUCH_PUZZLE)
            judged = check_answer(puzzle_from_row(row), text, rules_from_dict(row.rules))
            if judged.counts:
                card = review(Card(row.box, aware(row.due_at)), right=judged.right, now=now)
                row.box, row.due_at = card.box, card.due
                row.answered += 1
                row.right += judged.right
                row.answered_at = now
                session.commit()
            session.refresh(row)
            session.expunge(row)
            return Answered(row, judged, counts_of(session, player_id, now, LAST_BOX))

        return await self.database.run(answer)

    async def counts(self, player_id: int) -> PuzzleCounts:
        now = self.clock()
        return await self.database.run(lambda s: counts_of(s, player_id, now, LAST_BOX))


def _kept(session: Session, row: MistakePuzzle) -> Kept:
    public = game_public_id(session, row.game_id)
    session.expunge(row)
    return Kept(row, public)


def _row(player_id: int, game_id: int, puzzle: Puzzle, rules: RuleSet, card: Card) -> MistakePuzzle:
    ranking: list[JsonValue] = [
        {"play": c.play, "position_id": c.position_id, "equity": c.equity, "searched": c.searched}
        for c in puzzle.ranking
    ]
    return new_row(
        player_id=player_id,
        game_id=game_id,
        game_number=puzzle.game,
        move=puzzle.move,
        side=puzzle.side,
        position_id=puzzle.position_id,
        dice=f"{puzzle.dice[0]}{puzzle.dice[1]}",
        rules=rules_to_dict(rules),
        played=puzzle.played,
        played_equity=puzzle.played_equity,
        best=puzzle.best,
        best_equity=puzzle.best_equity,
        mark=puzzle.mark,
        tolerance=puzzle.tolerance,
        ranking=ranking,
        box=card.box,
        due_at=card.due,
    )
