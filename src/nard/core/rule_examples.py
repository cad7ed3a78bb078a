"""The worked example of every rule in docs/rules.md, and its diagram.

Each :class:`RuleExample` is a position (gnubg Position ID, in the numbering
of the side on roll), maybe a roll, and the plays the rule's text talks
about, each with the verdict the text gives: legal, or refused by a named
rule. The first play is drawn as arrows (blue when legal, red when refused)
by :func:`nard.core.svg.board`. tests/core/test_rule_examples.py checks every verdict
against :mod:`nard.core` (and the cube and scoring claims against
:mod:`nard.match`), and that the files in docs/rules/ are what
:func:`diagrams` makes today. Regenerate them after a change with::

    nard diagrams docs/rules

>>> EXAMPLES[Rule.R9].claims[1]
Claim(play='20/18', refused_by=<Rule.R9: 'R9'>, only=False)
>>> render(EXAMPLES[Rule.R9]).count('class="arrow"')
1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.notation import parse_play
from nard.core.plays import Play
from nard.core.rules import IRANIAN, STANDARD, Rule, RuleSet
from nard.core.svg import SvgWrapper, board

__all__ = ["EXAMPLES", "Claim", "RuleExample", "diagrams", "render"]

REFUSED_ARROW: Final = "#c62828"
"""The arrow colour of a drawn play that the rule refuses."""


@dataclass(frozen=True, slots=True)
class Claim:
    """A play the text talks about and its verdict: legal (``refused_by`` None) or
    refused, citing ``refused_by``; ``only`` when the text says it is the only legal play."""

    play: str
    refused_by: Rule | None = None
    only: bool = False


@dataclass(frozen=True, slots=True)
class RuleExample:
    """A rule's example: the board, the dice, the plays the text judges, the cube."""

    rule: Rule
    position_id: str
    turn: Side = Side.WHITE
    roll: Roll | None = None
    claims: tuple[Claim, ...] = ()
    rules: RuleSet = STANDARD
    cube_value: int | None = None
    cube_owner: Side | None = None

    @property
    def position(self) -> Position:
        return Position.from_id(self.position_id, turn=self.turn)

    @property
    def slug(self) -> str:
        """The file stem and the anchor of the rule: ``r5``, ``v1``."""
        return self.rule.value.lower()

    @property
    def drawn(self) -> Claim | None:
        """The claim whose play the diagram draws: the first, when it moves a checker."""
        if not self.claims or not parse_play(self.claims[0].play).steps:
            return None
        return self.claims[0]

    def play(self, claim: Claim) -> Play:
        """The claim's play: split over the dice when legal, as written when refused."""
        if claim.refused_by is None:
            assert self.roll is not None, "a legal play needs the roll"
            return parse_play(claim.play, self.position, self.roll, rules=self.rules)
        return parse_play(claim.play)


def _example(rule: Rule, position_id: str, *claims: Claim, **fields: object) -> RuleExample:
    return RuleExample(rule, position_id, claims=claims, **fields)  # type: ignore[arg-type]


_INITIAL: Final = "4HPwATDgc/ABMA"

EXAMPLES: Final[dict[Rule, RuleExample]] = {
    example.rule: example
    for example in (
        _example(
            Rule.R1,
            _INITIAL,
            Claim("24/14"),
            Claim("19/13 19/15", Rule.R1),
            roll=Roll(6, 4),
        ),
        _example(Rule.R2, _INITIAL),
        _example(Rule.R3, "uHcAAAgAAAAAAA", Claim("1/off"), roll=Roll(3, 2)),
        _example(Rule.R4, _INITIAL, Claim("8/5 6/5"), roll=Roll(3, 1)),
        _example(
            Rule.R5,
            "4Aw+iDHgc/ABMA",
            Claim("13/7* 13/9"),
            Claim("13/7* 8/4", Rule.R5),
            roll=Roll(6, 4),
        ),
        _example(
            Rule.R6,
            "mNvBBwDgc/ABMA",
            Claim("24/15", Rule.R6),
            Claim("13/7 13/10"),
            roll=Roll(6, 3),
        ),
        _example(
            Rule.R7,
            _INITIAL,
            Claim("24/20(2) 13/9(2)"),
            Claim("13/7", Rule.R7),
            roll=Roll(4, 4),
        ),
        _example(
            Rule.R8,
            "sDMYAxtj3oEDIA",
            Claim("24/14", only=True),
            Claim("13/7", Rule.R8),
            roll=Roll(6, 4),
        ),
        _example(
            Rule.R9,
            "z50DAwB/fwAAAg",
            Claim("20/15"),
            Claim("20/18", Rule.R9),
            roll=Roll(5, 2),
        ),
        _example(
            Rule.R10,
            "bJuDBwDgOfgAWA",
            Claim("Cannot move", only=True),
            Claim("bar/19", Rule.R5),
            roll=Roll(6, 3),
        ),
        _example(
            Rule.R11,
            "cHPwATDgc+IDQA",
            Claim("bar/24 10/4"),
            Claim("10/3", Rule.R12),
            roll=Roll(6, 1),
        ),
        _example(
            Rule.R12,
            "sHPwATDgc/ABYA",
            Claim("bar/23", only=True),
            Claim("bar/23 13/8", Rule.R12),
            roll=Roll(5, 2),
        ),
        _example(
            Rule.R13,
            "3B0AAHD3XgAAAA",
            Claim("7/1 3/off"),
            Claim("6/off 3/off", Rule.R13),
            roll=Roll(6, 3),
        ),
        _example(
            Rule.R14,
            "2A0AADYBAAAAAA",
            Claim("5/off 3/off"),
            Claim("3/off(2)", Rule.R14),
            roll=Roll(6, 4),
        ),
        _example(
            Rule.R15,
            "+L4PAAABAAAAAA",
            Claim("1/off"),
            roll=Roll(2, 1),
            cube_value=2,
            cube_owner=Side.BLACK,
        ),
        _example(Rule.R16, "aAMAAODDfQAMAA", turn=Side.BLACK, cube_value=1),
        _example(Rule.R17, "mOfgATCYz8EDIA", cube_value=2, cube_owner=Side.BLACK),
        _example(Rule.R18, "mOfgATCYz8EDIA", cube_value=1),
        _example(Rule.R19, "sM/BAyDYPgcHAA", cube_value=1),
        _example(
            Rule.V1,
            "hs/BAwiD5+ABMA",
            Claim("8/3*/1", Rule.V1),
            Claim("8/3* 13/11"),
            roll=Roll(5, 2),
            rules=IRANIAN,
        ),
        _example(
            Rule.V2,
            "ANtsGxCAAeB7Dw",
            Claim("8/2*(2)", Rule.V2),
            Claim("8/2*", only=True),
            roll=Roll(6, 6),
            rules=IRANIAN,
        ),
        _example(
            Rule.V3,
            "+L4PAAACAAAAAA",
            Claim("2/1/off"),
            roll=Roll(2, 1),
            rules=STANDARD.with_(gammon_wins_match=True),
        ),
        _example(
            Rule.V4,
            "eN8HAAgBAAAAAA",
            Claim("1/off"),
            roll=Roll(2, 1),
            rules=STANDARD.with_(no_backgammon=True),
        ),
    )
}
"""One example per rule id, in the order of docs/rules.md."""


def render(example: RuleExample) -> SvgWrapper:
    """The example's board: the side on roll at the bottom, its dice and the drawn play."""
    drawn = example.drawn
    colors = {"arrow": REFUSED_ARROW} if drawn is not None and drawn.refused_by else None
    return board(
        example.position,
        roll=example.roll,
        play=None if drawn is None else example.play(drawn),
        cube_value=example.cube_value,
        cube_owner=example.cube_owner,
        colors=colors,
        size=480,
    )


def diagrams() -> dict[str, str]:
    """Every example's diagram by file name (``<slug>.svg``), as docs/rules/ holds them.

    ``nard diagrams docs/rules`` writes them there; the rules engine writes no files.
    """
    return {f"{example.slug}.svg": render(example) + "\n" for example in EXAMPLES.values()}
