"""A new game's settings, checked before anything is saved."""

from __future__ import annotations

import secrets
from typing import TypedDict

from pydantic import JsonValue

from nard.core.rules import PRESETS, EscapeScope, RuleSet
from nard.match.clock import CLOCK_PRESETS, MatchClock
from nard.match.fair import commitment as fair_commitment
from nard.match.options import GameOptions, OpeningRule
from nard.match.record import MatchRecord
from nard.server.games.live import GameMode
from nard.server.players.security import new_token
from nard.server.protocol import http as schemas
from nard.server.refusals import Refusal, RefusalCode


def rule_set(switches: schemas.RuleSwitches) -> RuleSet:
    """The preset with the switches given (None keeps the preset's).

    The escape scope means something only with the escape rule (V1) on; with it
    off the preset's scope is kept, so a form that still sends a scope chosen
    earlier makes no "custom" rule set that plays as the preset does.

    >>> standard = schemas.RuleSwitches(preset="standard", escape_scope="board")
    >>> rule_set(standard) == RuleSet.preset("standard")
    True
    >>> iranian = schemas.RuleSwitches(preset="iranian", escape_scope="board")
    >>> rule_set(iranian).escape_scope.value, rule_set(iranian) == RuleSet.preset("iranian")
    ('board', False)
    """
    changes: dict[str, object] = {
        name: value
        for name, value in switches.model_dump(exclude={"preset"}).items()
        if value is not None
    }
    if "escape_scope" in changes:
        changes["escape_scope"] = EscapeScope(str(changes["escape_scope"]))
    preset = RuleSet.preset(switches.preset)
    rules = preset.with_(**changes)
    if not rules.escape_after_hit:
        rules = rules.with_(escape_scope=preset.escape_scope)
    return rules


def match_header(request: schemas.GameCreate) -> dict[str, JsonValue]:
    """The match record's header (rules, length, options) a game is stored with.

    The match is built once here, so impossible settings (a money-only option
    in a match) raise :class:`ValueError` before anything is saved.
    """
    options = GameOptions(
        opening=OpeningRule(request.options.opening),
        lower_starts=request.options.lower_starts,
        jacoby=request.options.jacoby,
        beavers=request.options.beavers,
        automatic_doubles=request.options.automatic_doubles,
    )
    record = MatchRecord(
        length=request.length,
        rules=rule_set(request.rules),
        options=options,
        crawford_rule=request.crawford,
    )
    record.new_match()
    header = record.to_dict()
    del header["actions"], header["games"]
    return header


def rules_name(rules: object) -> str:
    """``standard``, ``iranian`` or ``custom``: which preset a stored header's rules are.

    >>> rules_name(MatchRecord(length=1, rules=RuleSet.preset("iranian")).to_dict()["rules"])
    'iranian'
    """
    for name in PRESETS:
        if rules == MatchRecord(length=1, rules=RuleSet.preset(name)).to_dict()["rules"]:
            return name
    return "custom"


def starting_clock(
    request: schemas.GameCreate, mode: GameMode, header: dict[str, JsonValue], scale: float
) -> tuple[MatchClock | None, dict[str, JsonValue]]:
    """The clock a new game starts with (docs/clocks.md), and its header naming the preset."""
    if request.clock == "none":
        return None, header
    if mode is not GameMode.FRIEND:
        raise Refusal(RefusalCode.INVALID, why="only games between two people have clocks")
    preset = CLOCK_PRESETS[request.clock].scaled(scale)
    return MatchClock.start(preset, request.length or 0), {**header, "clock": request.clock}


class Founding(TypedDict):
    """The columns every new game row starts with (the rest: its mode and seats)."""

    settings: dict[str, JsonValue]
    """The match record's header and the clock's preset (read as a ``MatchHeader``)."""
    watch_token: str
    server_seed: str | None
    commitment: str | None
    seq: int
    snapshot: dict[str, JsonValue]
    clock: dict[str, JsonValue] | None


def founding_columns(request: schemas.GameCreate, mode: GameMode, scale: float) -> Founding:
    """What every new game is stored with: its checked header, clock, fair dice, no actions."""
    options = request.options
    if request.length is not None and (
        options.jacoby or options.beavers or options.automatic_doubles
    ):
        raise Refusal(RefusalCode.MONEY_ONLY)
    try:
        header = match_header(request)
    except ValueError as error:
        raise Refusal(RefusalCode.INVALID, why=str(error)) from error
    clock, header = starting_clock(request, mode, header, scale)
    seed = secrets.token_bytes(32) if request.fair_dice else None
    return {
        "settings": header,
        "watch_token": new_token(),
        "server_seed": None if seed is None else seed.hex(),
        "commitment": None if seed is None else fair_commitment(seed),
        "seq": 0,
        "snapshot": {},
        "clock": None if clock is None else clock.to_dict(),
    }


def rated_at_creation(request: schemas.GameCreate, *, account: bool) -> bool:
    """Whether a new game is rated: asked for, or by default between accounts.

    Only a match (not a money session) between two accounts is rated: never a
    guest's, never against yourself (hot-seat), never against the computer.
    Whether the opponent is an account is known only when the seat is taken.
    """
    why = None
    if request.length is None:
        why = "money"
    elif request.mode == "hotseat":
        why = "self"
    elif request.mode == "bot":
        why = "bot"
    elif not account:
        why = "guest"
    if request.rated and why is not None:
        raise Refusal(RefusalCode.UNRATED, variant=why)
    return why is None and request.rated is not False
