"""A new game's settings, checked before anything is saved."""

from __future__ import annotations

from typing import Any

from nard.core.rules import PRESETS, EscapeScope, RuleSet
from nard.match.options import GameOptions, OpeningRule
from nard.match.record import MatchRecord
from nard.server import schemas


def rule_set(switches: schemas.RuleSwitches) -> RuleSet:
    """The preset with the switches given (None keeps the preset's)."""
    changes: dict[str, object] = {
        name: value
        for name, value in switches.model_dump(exclude={"preset"}).items()
        if value is not None
    }
    if "escape_scope" in changes:
        changes["escape_scope"] = EscapeScope(str(changes["escape_scope"]))
    return RuleSet.preset(switches.preset).with_(**changes)


def match_header(request: schemas.GameCreate) -> dict[str, Any]:
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
