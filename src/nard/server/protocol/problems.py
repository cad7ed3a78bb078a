"""The body of a refusal the edge answers (too large, bad JSON, invalid, rate limited,
too slow, busy): the application's error shape, with the fields a request got wrong."""

from __future__ import annotations

from nard.server.protocol.views import View, omitted_when_none
from nard.server.refusals import RefusalCode


class FieldProblem(View):
    """One field a request got wrong: where, what, and pydantic's error type."""

    loc: list[str | int]
    msg: str
    type: str


class Problem(View):
    """The body of an edge refusal; ``detail`` repeats ``message`` for FastAPI clients,
    or lists the fields a request got wrong (at most ten, ``errors`` counts them all)."""

    code: RefusalCode
    message: str
    message_fa: str
    rule: None = None
    detail: str | list[FieldProblem]
    errors: int | None = omitted_when_none()
