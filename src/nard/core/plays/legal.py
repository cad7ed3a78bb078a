"""The legal plays of a roll, and whether a play is one (R5-R14, V1, V2).

:class:`LegalPlays` lists every legal play, one per resulting position,
gnubg-style: walk every way to play the dice step by step, then keep the ways
that use the most dice (R8) and, when only one die of a non-double can be
used, the larger one (R9). Under the standard rules, and wherever V1/V2 cannot
bind, the fast search of :mod:`nard.core.plays.standard` does it; else the
customs search of :mod:`nard.core.plays.customs`.

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> from nard.core.plays.play import Play, Step
>>> plays = LegalPlays(Position.initial(), Roll(3, 1))
>>> len(plays)
16
>>> Play((Step(6, 5), Step(8, 5))) in plays
True
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterator
from dataclasses import fields
from typing import TYPE_CHECKING

from nard.core.board import BAR, Position, Side
from nard.core.dice import Roll
from nard.core.plays.customs import Board, CustomsSearch, customs_may_bind
from nard.core.plays.guide import TurnGuide
from nard.core.plays.play import Play
from nard.core.plays.standard import make_plays, standard_ends
from nard.core.rules import STANDARD, RuleSet

if TYPE_CHECKING:
    from nard.core.explain import Explanation


class LegalPlays:
    """The legal plays of a roll, one per resulting position; a cheap view.

    Supports ``len()``, ``bool()``, iteration and ``play in legal_plays``, which
    accepts any order of a play's steps that the rules allow.
    """

    def __init__(self, position: Position, roll: Roll, rules: RuleSet = STANDARD) -> None:
        self.position = position
        self.roll = roll
        self.rules = rules
        if rules.has_move_customs and customs_may_bind(position, roll, rules):
            search = CustomsSearch(position, roll, rules, keep_edges=False)
            dice_used = search.most_dice()
            plays: list[Play] | None = list(search.plays().values()) if dice_used else []
            ends: Collection[object] = plays or ()
        else:
            dice_used, ends = standard_ends(position, roll)
            plays = None  # made when first asked for: most callers only count or look up
        self.dice_used = dice_used
        """How many dice (or units of a double) each legal play uses (R8)."""
        # R10: when no die can be played there is no play to list; the turn passes.
        self._ends = ends
        self._made = plays

    @property
    def _plays(self) -> list[Play]:
        if self._made is None:
            self._made = make_plays(self._ends)  # type: ignore[arg-type]
        return self._made

    def __iter__(self) -> Iterator[Play]:
        return iter(self._plays)

    def __len__(self) -> int:
        return len(self._ends)

    def count(self) -> int:
        """The number of legal plays (distinct resulting positions)."""
        return len(self._ends)

    def __bool__(self) -> bool:
        return bool(self._ends)

    def __contains__(self, play: object) -> bool:
        if not isinstance(play, Play):
            return False
        return is_legal(self.position, self.roll, play, self.rules)

    def items(self) -> Iterator[tuple[Play, Position]]:
        """Each legal play with the position right after it (same side still on roll)."""
        turn = self.position.turn
        for play in self._plays:
            player, opponent = _after(self.position, play)
            yield play, _trusted_position(player, opponent, turn)

    def __repr__(self) -> str:
        shown = ", ".join(str(play) for play in itertools.islice(self, 6))
        more = ", ..." if len(self) > 6 else ""
        return f"<LegalPlays at {self.position.id()} {self.roll}: {len(self)} ({shown}{more})>"


def generate_plays(position: Position, roll: Roll, rules: RuleSet = STANDARD) -> list[Play]:
    """Every legal play of ``roll`` in ``position``, one per resulting position.

    When no die can be played the list is empty and the turn passes (R10).
    """
    return list(LegalPlays(position, roll, rules))


def is_legal(position: Position, roll: Roll, play: Play, rules: RuleSet = STANDARD) -> bool:
    """Whether ``play`` is a legal play of ``roll``: its steps, in some order, are
    allowed one by one and make a whole legal play (R5-R14, V1, V2).

    >>> from nard.core.board import Position
    >>> from nard.core.plays.play import Step
    >>> is_legal(Position.initial(), Roll(6, 4), Play((Step(24, 18), Step(18, 14))))
    True
    >>> is_legal(Position.initial(), Roll(6, 4), Play((Step(24, 18),)))
    False
    """
    guide = TurnGuide(position, roll, rules)
    if not play.steps:
        return guide.dice_used == 0
    return guide.complete_play(play.steps) is not None


def check_play(
    position: Position, roll: Roll, play: Play, rules: RuleSet = STANDARD
) -> Explanation | None:
    """None if the play is legal, else the explanation of why the rules refuse it."""
    from nard.core.explain import explain_play

    return explain_play(position, roll, play, rules)


# A legal play of a valid position leads to a valid position, so the positions
# listed skip Position's checks (five times the cost of the search) as long as
# its fields are the three set here.
_set_player = Position.__dict__["player"].__set__
_set_opponent = Position.__dict__["opponent"].__set__
_set_turn = Position.__dict__["turn"].__set__
_POSITION_FIELDS_KNOWN = [field.name for field in fields(Position)] == [
    "player",
    "opponent",
    "turn",
]


def _trusted_position(player: tuple[int, ...], opponent: tuple[int, ...], turn: Side) -> Position:
    """The position with these checkers, not checked again."""
    if not _POSITION_FIELDS_KNOWN:
        return Position(player, opponent, turn)
    position = object.__new__(Position)
    _set_player(position, player)
    _set_opponent(position, opponent)
    _set_turn(position, turn)
    return position


def _after(position: Position, play: Play) -> Board:
    """The checkers after a legal play, the same side still on roll."""
    player = list(position.player)
    opponent = position.opponent
    beaten = None
    for step in play.steps:
        player[step.from_point] -= 1
        player[step.to_point] += 1
        if step.hit:
            if beaten is None:
                beaten = list(opponent)
            beaten[25 - step.to_point] = 0
            beaten[BAR] += 1
    return tuple(player), (opponent if beaten is None else tuple(beaten))
