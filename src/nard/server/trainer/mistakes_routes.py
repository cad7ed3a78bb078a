"""Learn from your mistakes (issue 15): practice puzzles made of a player's own
marked plays, and their JSON API (the page is ``/mistakes``). Only the player who made
the mistakes sees and answers their puzzles; another's is ``no_such_puzzle``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request

from nard.core.board import Position
from nard.core.rules import RuleSet
from nard.server.deps import CurrentPlayer, OptionalPlayer, RoomsDep
from nard.server.games.routes import visible_game
from nard.server.protocol.mistakes import (
    MadePuzzlesView,
    NextPuzzleView,
    PlayEquityView,
    PuzzleAnswer,
    PuzzleCountsView,
    PuzzleVerdict,
    PuzzleView,
)
from nard.server.protocol.trainer import RefusalView
from nard.server.protocol.views import BoardView, RulesView, StepPointsView
from nard.server.refusals import Refusal, RefusalCode
from nard.server.trainer.mistakes import MistakesService, aware, puzzle_from_row
from nard.server.trainer.routes import refusal_view
from nard.storage.mistake_puzzles import PuzzleCounts
from nard.storage.models import MistakePuzzle
from nard.trainer.leitner import LAST_BOX
from nard.trainer.mistakes import Puzzle, move_rules_name, ranked_play, rules_from_dict

router = APIRouter(tags=["mistakes"])

_MAX_ID = 2**31 - 1


def _service(request: Request) -> MistakesService:
    service: MistakesService = request.app.state.mistakes
    return service


def _counts(counts: PuzzleCounts) -> PuzzleCountsView:
    return PuzzleCountsView(puzzles=counts.puzzles, due=counts.due, mastered=counts.mastered)


def _view(row: MistakePuzzle, game: str) -> PuzzleView:
    position = Position.from_id(row.position_id)
    rules = rules_from_dict(row.rules)
    return PuzzleView(
        id=row.id,
        game=game,
        game_number=row.game_number,
        move=row.move,
        side=row.side,
        position_id=row.position_id,
        board=BoardView(white=list(position.player), black=list(position.opponent)),
        dice=[int(row.dice[0]), int(row.dice[1])],
        rules=RulesView.model_validate(row.rules),
        rules_name=move_rules_name(rules),
        mark=row.mark,
        box=row.box,
        due_at=aware(row.due_at),
        answered=row.answered,
        right=row.right,
    )


@router.post("/api/games/{public_id}/mistakes")
async def make_puzzles(
    public_id: str, player: CurrentPlayer, rooms: RoomsDep, request: Request
) -> MadePuzzlesView:
    """Puzzles of your marked checker plays in this game's finished analysis (each
    kept once; asking again adds only what a newer analysis found)."""
    live = await visible_game(rooms, public_id, player.id, None)
    sides = live.sides_of(player.id)
    made = await _service(request).make(player.id, live.setup.id, sides, live.match.rules)
    return MadePuzzlesView(
        added=made.added, game_puzzles=made.game_puzzles, counts=_counts(made.counts)
    )


@router.get("/api/mistakes/next")
async def next_puzzle(
    player: OptionalPlayer,
    rooms: RoomsDep,
    request: Request,
    game: Annotated[str | None, Query(max_length=64)] = None,
) -> NextPuzzleView:
    """The puzzle to practise next: the earliest due of all your games (of ``game``
    only, when given); with none due, the one practised longest ago (so "next"
    goes round them rather than showing the one just answered again)."""
    if player is None:
        return NextPuzzleView(puzzle=None, due_now=False, counts=_counts(PuzzleCounts(0, 0, 0)))
    game_id = None
    if game is not None:
        game_id = (await visible_game(rooms, game, player.id, None)).setup.id
    service = _service(request)
    kept, counts = await service.next(player.id, game_id)
    if kept is None:
        return NextPuzzleView(puzzle=None, due_now=False, counts=_counts(counts))
    due_now = aware(kept.row.due_at) <= service.clock()
    return NextPuzzleView(
        puzzle=_view(kept.row, kept.game), due_now=due_now, counts=_counts(counts)
    )


@router.get("/api/mistakes/counts")
async def puzzle_counts(player: OptionalPlayer, request: Request) -> PuzzleCountsView:
    """Your puzzles, those due now and those mastered (zeros without a player cookie)."""
    if player is None:
        return _counts(PuzzleCounts(0, 0, 0))
    return _counts(await _service(request).counts(player.id))


def _puzzle_id(puzzle_id: int) -> int:
    if not 1 <= puzzle_id <= _MAX_ID:
        raise Refusal(RefusalCode.NO_SUCH_PUZZLE)
    return puzzle_id


@router.get("/api/mistakes/{puzzle_id}")
async def read_puzzle(puzzle_id: int, player: CurrentPlayer, request: Request) -> PuzzleView:
    """One of your puzzles, without its answer."""
    kept = await _service(request).get(player.id, _puzzle_id(puzzle_id))
    return _view(kept.row, kept.game)


def _play_view(puzzle: Puzzle, play: str, equity: float, rules: RuleSet) -> PlayEquityView:
    steps = ranked_play(puzzle, play, rules)
    return PlayEquityView(
        play=play,
        steps=[StepPointsView(from_point=s.from_point, to_point=s.to_point) for s in steps],
        equity=equity,
    )


@router.post("/api/mistakes/{puzzle_id}/answer")
async def answer_puzzle(
    puzzle_id: int, body: PuzzleAnswer, player: CurrentPlayer, request: Request
) -> PuzzleVerdict:
    """Judge your play by the analysis's ranking; a legal play moves the puzzle
    up a box (right) or back to the first (wrong). A play the rules refuse
    counts for nothing and comes back with the rule's explanation."""
    answered = await _service(request).answer(player.id, _puzzle_id(puzzle_id), body.play)
    row, judged = answered.row, answered.answer
    puzzle, rules = puzzle_from_row(row), rules_from_dict(row.rules)
    explanation: RefusalView | None = None
    if judged.explanation is not None:
        explanation = refusal_view(judged.explanation)
    yours = None
    if judged.candidate is not None:
        yours = _play_view(puzzle, judged.candidate.play, judged.candidate.equity, rules)
    return PuzzleVerdict(
        right=judged.right,
        legal=judged.legal,
        judged=judged.judged,
        explanation=explanation,
        error=judged.error,
        error_code=judged.error_code,
        yours=yours,
        loss=judged.loss,
        played=_play_view(puzzle, row.played, row.played_equity, rules),
        best=_play_view(puzzle, row.best, row.best_equity, rules),
        difference=row.best_equity - row.played_equity,
        tolerance=row.tolerance,
        box=row.box,
        due_at=aware(row.due_at),
        mastered=row.box >= LAST_BOX,
        counts=_counts(answered.counts),
    )
