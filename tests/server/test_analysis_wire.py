"""The analysis JSON the server sends is typed: a real analysis validates against
nard.server.protocol.analysis and comes back out of the models unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from nard.ai.analysis import analyse_record
from nard.ai.evaluator import PipCountEvaluator
from nard.server.protocol.analysis import MatchAnalysisView
from nard.server.protocol.http import AnalysisPublic
from nard.server.protocol.server import AnalysisMessage
from tests.ai.test_analysis import cube_record, worst_vs_best_record


def sent(data: dict[str, Any]) -> dict[str, Any]:
    """The analysis as it travels: through JSON, as the database and the socket keep it."""
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


@pytest.fixture(scope="module")
def played() -> dict[str, Any]:
    """A money game of worst against best plays, with the luck of every roll."""
    record = worst_vs_best_record(PipCountEvaluator(), max_turns=12)
    return sent(analyse_record(record, evaluator=PipCountEvaluator()).to_dict())


@pytest.fixture(scope="module")
def cubed() -> dict[str, Any]:
    """A double dropped at once, by the engine (the pip count judges no cube): cube
    decisions and a winner."""
    pytest.importorskip("bgsage")
    return sent(analyse_record(cube_record(), plies=0, luck=False).to_dict())


def test_a_real_analysis_is_what_the_models_describe(
    played: dict[str, Any], cubed: dict[str, Any]
) -> None:
    for data in (played, cubed):
        view = MatchAnalysisView.model_validate(data)
        assert view.model_dump(mode="json") == data


def test_the_analysis_has_what_the_types_name(
    played: dict[str, Any], cubed: dict[str, Any]
) -> None:
    plays = MatchAnalysisView.model_validate(played)
    assert plays.luck_analysed and plays.mistakes and plays.games[0].graph
    assert any(d.luck_kind is not None for d in plays.games[0].decisions)
    assert any(d.plays for d in plays.mistakes), "a marked play lists the roll's plays"
    cube = MatchAnalysisView.model_validate(cubed)
    kinds = {d.kind for d in cube.games[0].decisions}
    assert {"double", "take"} <= kinds
    assert cube.games[0].winner == "black"


def test_the_answer_and_the_message_carry_the_typed_analysis(played: dict[str, Any]) -> None:
    public = AnalysisPublic.model_validate(
        {
            "status": "done",
            "seq": 30,
            "done": 9,
            "total": 9,
            "progress": 1.0,
            "error": None,
            "result": played,
            "analysis": played,
        }
    )
    message = json.loads(AnalysisMessage(**public.model_dump()).model_dump_json())
    assert message["type"] == "analysis"
    assert message["result"] == played and message["analysis"] == played


def test_a_shape_the_models_do_not_know_is_refused(played: dict[str, Any]) -> None:
    drifted = json.loads(json.dumps(played))
    drifted["games"][0]["decisions"][0]["equity_milli"] = 1.0
    with pytest.raises(ValidationError, match="equity_milli"):
        MatchAnalysisView.model_validate(drifted)
    drifted = json.loads(json.dumps(played))
    drifted["stats"][0]["marks"]["awful"] = 1
    with pytest.raises(ValidationError):
        MatchAnalysisView.model_validate(drifted)
