"""The rule sets a player can train under, by name.

``standard`` and ``iranian`` are nard.core's presets; ``v1-board`` is the
standard rules with V1 alone, binding a checker that hit anywhere on the board
(docs/rules.md#v1, scope ``board``): the third set the engine is checked under.

>>> rule_set("v1-board").escape_scope
<EscapeScope.BOARD: 'board'>
>>> rule_set_name(IRANIAN)
'iranian'
"""

from __future__ import annotations

from typing import Final

from nard.core.rules import IRANIAN, STANDARD, EscapeScope, RuleSet

RULE_SETS: Final[dict[str, RuleSet]] = {
    "standard": STANDARD,
    "iranian": IRANIAN,
    "v1-board": STANDARD.with_(escape_after_hit=True, escape_scope=EscapeScope.BOARD),
}


def rule_set(name: str) -> RuleSet:
    """The rule set called ``name``; ValueError names the choices."""
    try:
        return RULE_SETS[name.strip().lower()]
    except KeyError:
        choices = ", ".join(RULE_SETS)
        raise ValueError(f"unknown rule set {name!r}; choose one of {choices}") from None


def rule_set_name(rules: RuleSet) -> str:
    """The name of one of :data:`RULE_SETS`."""
    for name, known in RULE_SETS.items():
        if known == rules:
            return name
    raise ValueError(f"no trainer rule set is {rules!r}")
