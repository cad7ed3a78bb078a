"""Rule sets: standard rules with the Iranian customs as switches.

Every rule has an id and a section in docs/rules.md (anchor ``#r5``, ``#v1``, and
the same in docs/rules.fa.md); explanations and errors cite them.

>>> STANDARD.escape_after_hit, IRANIAN.escape_after_hit
(False, True)
>>> IRANIAN.escape_scope
<EscapeScope.HOME: 'home'>
>>> RuleSet.preset("iranian") == IRANIAN
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final, Literal


class Rule(StrEnum):
    """The rule ids of docs/rules.md."""

    R1 = "R1"
    R2 = "R2"
    R3 = "R3"
    R4 = "R4"
    R5 = "R5"
    R6 = "R6"
    R7 = "R7"
    R8 = "R8"
    R9 = "R9"
    R10 = "R10"
    R11 = "R11"
    R12 = "R12"
    R13 = "R13"
    R14 = "R14"
    R15 = "R15"
    R16 = "R16"
    R17 = "R17"
    R18 = "R18"
    R19 = "R19"
    V1 = "V1"
    V2 = "V2"
    V3 = "V3"
    V4 = "V4"


class EscapeScope(StrEnum):
    """Where a hit must have happened for V1 to bind the hitting checker."""

    HOME = "home"
    """Only hits on the mover's home board (points 1-6)."""
    BOARD = "board"
    """Hits anywhere, entering from the bar included."""


PresetName = Literal["standard", "iranian"]


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The switches that change the game; every field defaults to the standard rules.

    ``escape_after_hit`` is V1, ``no_home_cover_after_hit`` V2, ``gammon_wins_match``
    V3, ``no_backgammon`` V4, ``cube`` whether the doubling cube is in play.
    """

    escape_after_hit: bool = False
    escape_scope: EscapeScope = EscapeScope.HOME
    no_home_cover_after_hit: bool = False
    gammon_wins_match: bool = False
    no_backgammon: bool = False
    cube: bool = True

    @property
    def has_move_customs(self) -> bool:
        """Whether any custom changes which plays are legal (V1 or V2)."""
        return self.escape_after_hit or self.no_home_cover_after_hit

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """The named preset, ``standard`` or ``iranian``."""
        try:
            return PRESETS[name.strip().lower()]
        except KeyError:
            names = ", ".join(sorted(PRESETS))
            raise ValueError(f"unknown rule preset {name!r}; choose one of {names}") from None

    @property
    def preset_name(self) -> PresetName | None:
        """The preset whose switches these are, the cube aside (a page names the cube
        on its own): ``standard``, ``iranian``, or None for custom rules.

        >>> STANDARD.with_(cube=False).preset_name, IRANIAN.with_(cube=True).preset_name
        ('standard', 'iranian')
        >>> print(STANDARD.with_(no_backgammon=True).preset_name)
        None
        """
        for name in PRESET_NAMES:
            preset = PRESETS[name]
            # The escape scope means nothing with the escape rule (V1) off.
            scope = self.escape_scope if self.escape_after_hit else preset.escape_scope
            if replace(self, cube=preset.cube, escape_scope=scope) == preset:
                return name
        return None

    def with_(self, **changes: object) -> RuleSet:
        """A copy with some switches changed."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def describe(self) -> list[str]:
        """The rule ids that differ from the standard rules, for display before a game."""
        active = []
        if self.escape_after_hit:
            active.append(f"V1 ({self.escape_scope.value})")
        if self.no_home_cover_after_hit:
            active.append("V2")
        if self.gammon_wins_match:
            active.append("V3")
        if self.no_backgammon:
            active.append("V4")
        if not self.cube:
            active.append("no cube")
        return active


STANDARD: Final = RuleSet()
IRANIAN: Final = RuleSet(
    escape_after_hit=True,
    escape_scope=EscapeScope.HOME,
    no_home_cover_after_hit=True,
    cube=False,
)
PRESETS: Final[dict[str, RuleSet]] = {"standard": STANDARD, "iranian": IRANIAN}
PRESET_NAMES: Final[tuple[PresetName, ...]] = ("standard", "iranian")
