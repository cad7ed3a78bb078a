"""The rules trainer's pages and JSON API (issue 15), and rules problem reports.

Drills are made and checked by nard.trainer (nard.core answers): the page asks
for a drill by ``(seed, kind, rules, level)``, which is also its link
(``/trainer?seed=..``), and posts the player's answers back. A report link
(``/report?position=..&dice=..&play=..&rules=..``) opens a refusal again.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse

from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.errors import InvalidIdError
from nard.core.explain import Explanation
from nard.core.free_steps import free_destinations, free_step
from nard.core.notation import format_play
from nard.core.plays import Play
from nard.server.deps import OptionalPlayer, PlayerOrGuest
from nard.server.protocol.trainer import (
    MAX_PRACTICE_STEPS,
    Answer,
    CustomsRefusalView,
    DecisionVerdict,
    DrillKey,
    DrillView,
    PlaysVerdict,
    PracticeBoardView,
    PracticeSteps,
    PracticeStepView,
    ProgressList,
    ProgressView,
    RefusalView,
    RefusedPlayView,
    RouteView,
    RulesReportView,
    RuleVerdict,
    TextView,
    Verdict,
)
from nard.server.protocol.views import BoardView
from nard.server.refusals import Refusal, RefusalCode
from nard.server.trainer.service import TrainerService
from nard.server.web.pages import STATIC
from nard.trainer import (
    Drill,
    Kind,
    Level,
    check_decision,
    check_plays,
    check_rule,
    make_drill,
)
from nard.trainer.report import rules_report

router = APIRouter(tags=["trainer"])

RULE_CHOICES = ("R5", "R6", "R8", "R9", "R12", "R13", "R14", "V1", "V2")
"""The rules a "why refused" drill offers to choose from."""

_MAX_TEXT = 80
_MAX_STEPS = MAX_PRACTICE_STEPS
"""A turn has at most four steps (doubles): no more are put on a practice board."""


def _shell() -> FileResponse:
    return FileResponse(
        STATIC / "index.html", media_type="text/html", headers={"Cache-Control": "no-cache"}
    )


@router.get("/trainer", include_in_schema=False)
async def trainer_page() -> FileResponse:
    return _shell()


@router.get("/report", include_in_schema=False)
async def report_page() -> FileResponse:
    return _shell()


def _invalid(why: str) -> Refusal:
    """A drill request the trainer cannot answer (a 422, like a field that fails validation)."""
    return Refusal(RefusalCode.INVALID, variant="request", why=why)


def _drill(key: DrillKey) -> Drill:
    try:
        return make_drill(key.seed, Kind.parse(key.kind), key.rules, Level.parse(key.level))
    except ValueError as error:
        raise _invalid(str(error)) from None


def _board(position: Position) -> BoardView:
    """The board as the page's board component reads it (each side's own numbering);
    the side on roll plays White."""
    return BoardView(white=list(position.player), black=list(position.opponent))


def _steps(play: Play) -> list[list[int]]:
    return [[step.from_point, step.to_point] for step in play.steps]


def refusal_view(why: Explanation) -> RefusalView:
    """A refusal for the page: the rule and its section, both messages, the
    common mistake and a legal play to draw instead."""
    return RefusalView(
        rule=why.rule.value,
        code=why.code,
        mistake=why.mistake,
        message=TextView(en=why.message_en, fa=why.message_fa),
        anchor=why.rule.value.lower(),
        legal_play=None if why.legal_play is None else format_play(why.legal_play),
        legal_steps=[] if why.legal_play is None else _steps(why.legal_play),
    )


@router.get("/api/trainer/drill")
async def read_drill(
    seed: Annotated[int, Query(ge=0, le=2**31)],
    kind: Annotated[str, Query(max_length=20)],
    rules: Annotated[str, Query(max_length=20)] = "standard",
    level: Annotated[str, Query(max_length=10)] = "easy",
) -> DrillView:
    """The drill of ``(seed, kind, rules, level)``: position, dice and question, not the answer."""
    drill = _drill(DrillKey(seed=seed, kind=kind, rules=rules, level=level))
    view = DrillView(
        seed=drill.seed,
        kind=drill.kind.value,
        number=drill.kind.number,
        rules=drill.rules_name,
        level=drill.level.value,
        position_id=drill.position.id(),
        board=_board(drill.position),
        dice=[drill.roll.high, drill.roll.low],
        link=f"/trainer?{drill.query}",
    )
    if drill.refused is not None:
        view.refused_play = format_play(drill.refused)
        view.refused_steps = _steps(drill.refused)
        view.choices = [
            rule for rule in RULE_CHOICES if rule[0] == "R" or drill.rules.has_move_customs
        ]
    if drill.kind is Kind.DECISION:
        view.questions = [step.question.value for step in drill.decision()]
        view.double = drill.roll.is_double
    return view


def _trainer(request: Request) -> TrainerService:
    service: TrainerService = request.app.state.trainer
    return service


@router.post("/api/trainer/answer")
async def answer(body: Answer, player: PlayerOrGuest, request: Request) -> Verdict:
    """Check an answer with nard.core (a wrong one comes with its explanation) and
    count it in the player's progress (a guest is made if needed)."""
    counts, verdict = _verdict(_drill(body), body)
    if counts:
        correct = verdict.correct and not body.missed_before
        progress = await _trainer(request).record(
            player.id, body.kind, body.rules, body.level, correct
        )
        verdict.progress = ProgressView(**asdict(progress))
    return verdict


@router.post("/api/trainer/board")
async def practice_board(body: PracticeSteps) -> PracticeBoardView:
    """The board of a drill or a mistake puzzle after the steps put by hand (any checker
    to a lower point not blocked, or off: nard.core.free_steps); the play is judged
    once entered, so these steps need not be legal."""
    try:
        position = Position.from_id(body.position_id)
        made = []
        for from_point, to_point in body.steps:
            position, step = free_step(position, from_point, to_point)
            made.append(step)
    except (InvalidIdError, ValueError) as error:
        raise _invalid(str(error)) from None
    destinations = {} if len(made) >= _MAX_STEPS else free_destinations(position)
    return PracticeBoardView(
        board=_board(position),
        destinations={str(point): list(targets) for point, targets in destinations.items()},
        steps=[
            PracticeStepView(from_point=s.from_point, to_point=s.to_point, hit=s.hit) for s in made
        ],
    )


@router.get("/api/trainer/progress")
async def read_progress(player: OptionalPlayer, request: Request) -> ProgressList:
    """The player's progress per kind and rule set (empty for a visitor with no cookie)."""
    if player is None:
        return ProgressList(data=[])
    items = await _trainer(request).progress(player.id)
    return ProgressList(data=[ProgressView(**asdict(item)) for item in items])


def _verdict(drill: Drill, body: Answer) -> tuple[bool, Verdict]:
    """The answer checked, and whether it completes the drill (and so counts)."""
    if drill.kind.asks_plays:
        plays = [text[:_MAX_TEXT] for text in body.plays]
        report = check_plays(drill, plays)
        routes = {
            str(die): [
                RouteView(first=str(route.first), then=[str(step) for step in route.then])
                for route in table
            ]
            for die, table in drill.routes().items()
        }
        customs = (
            [
                CustomsRefusalView(play=format_play(play), explanation=refusal_view(why))
                for play, why in drill.customs_refusals()
            ]
            if drill.kind is Kind.CUSTOMS
            else []
        )
        return True, PlaysVerdict(
            correct=report.complete,
            total=max(1, len(drill.legal_plays)),
            found=[format_play(play) for play in report.found],
            missing=[format_play(play) for play in report.missing],
            refused=[
                RefusedPlayView(
                    text=verdict.text,
                    error=verdict.error,
                    explanation=None
                    if verdict.explanation is None
                    else refusal_view(verdict.explanation),
                )
                for verdict in report.refused
            ],
            routes=routes,
            customs=customs,
        )
    if drill.kind is Kind.REFUSED:
        if body.rule is None:
            raise _invalid("a why-refused answer needs a rule id")
        checked = check_rule(drill, body.rule, body.mistake)
        return True, RuleVerdict(
            correct=checked.correct,
            mistake_correct=checked.mistake_correct,
            explanation=refusal_view(checked.explanation),
        )
    if body.step is None or body.yes is None:
        raise _invalid("a decision answer needs step and yes")
    try:
        correct, step = check_decision(drill, body.step, body.yes)
    except ValueError as error:
        raise _invalid(str(error)) from None
    last = body.step == len(drill.decision()) - 1
    return last, DecisionVerdict(
        correct=correct,
        answer=step.yes,
        rule=step.rule.value,
        anchor=step.rule.value.lower(),
        last=last,
    )


@router.get("/api/trainer/report")
async def read_report(
    position: str,
    dice: str,
    play: str,
    rules: Literal["standard", "iranian", "v1-board"] = "standard",
) -> RulesReportView:
    """A rules problem report: the position, the refusal, and the text to paste."""
    try:
        board = Position.from_id(position)
        roll = Roll.parse(dice)
        report = rules_report(board, roll, play[:_MAX_TEXT], rules)
    except (InvalidIdError, ValueError) as error:
        raise _invalid(str(error)) from None
    return RulesReportView(
        position_id=report.position_id,
        board=_board(board),
        dice=list(report.dice),
        play=report.play,
        steps=list(report.steps),
        rules=report.rules,
        version=report.version,
        explanation=None if report.explanation is None else refusal_view(report.explanation),
        text=TextView(en=report.text("en"), fa=report.text("fa")),
        link=report.link,
    )
