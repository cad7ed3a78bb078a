"""Moves typed at the terminal, in the mover's own numbering, read by the rules.

A whole play (``24/18 13/11``) becomes one :class:`~nard.match.actions.MakePlay`;
the first moves of a play (``24/18``, or ``24/14`` over both dice) become the
single steps that carry them out (:func:`nard.core.moves.route_moves`), to be
taken back with ``undo`` until ``confirm``. What cannot be made is refused
with the rules' explanation (:mod:`nard.core.explain`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from nard.cli.i18n import Lang
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.errors import AmbiguousPlayError, IllegalPlayError, InvalidPlayError
from nard.core.explain import Explanation, explain_move
from nard.core.moves import Move, route_moves
from nard.core.notation import parse_play, written_moves
from nard.core.plays import Step
from nard.core.rules import RuleSet
from nard.match.actions import Action, MakePlay, MakeStep
from nard.match.game import Game

__all__ = ["Complaint", "Refusal", "explain_written", "read_moves"]


@dataclass(frozen=True, slots=True)
class Refusal:
    """The rules refuse the moves: their explanation, or the error's text without one."""

    explanation: Explanation | None
    fallback: str


@dataclass(frozen=True, slots=True)
class Complaint:
    """The text is not a play the rules can judge: a message (i18n key and values) to show."""

    key: str
    values: dict[str, object] = field(default_factory=dict)


def read_moves(
    game: Game, actor: Side, text: str, lang: Lang
) -> list[Action] | Refusal | Complaint:
    """The actions that make the moves typed as ``text`` this turn, or why there are none.

    A whole play is tried first; with steps made it replaces them (as MakePlay does).
    """
    assert game.turn_start is not None and game.roll is not None
    refused: IllegalPlayError | None = None
    try:
        play = parse_play(text, game.turn_start, game.roll, rules=game.rules)
    except AmbiguousPlayError as error:
        if not game.steps:
            return Complaint("ambiguous", {"error": error})
    except InvalidPlayError as error:
        return _unreadable(game, text, error, lang)
    except IllegalPlayError as error:
        # Perhaps the first moves of a play, to be made as steps; if not, and no
        # step is made yet, the whole play's explanation is the one to show.
        refused = None if game.steps else error
    else:
        return [MakePlay(actor, play)]
    try:
        written = [Move.of(step) for step in parse_play(text).steps]
    except (InvalidPlayError, IllegalPlayError) as error:
        return _unreadable(game, text, error, lang)
    route = route_moves(game.guide, game.steps, written)
    if route is None:
        return Refusal(_why_not(game, written, refused), str(refused or text))
    return [MakeStep(actor, step) for step in route]


def explain_written(
    position: Position, roll: Roll, steps_made: Sequence[Step], text: str, rules: RuleSet
) -> Explanation | None:
    """Why the rules refuse a move of ``text`` read as plain points, whatever its
    direction (``6/7`` breaks R1); None when none is refused or the text is no notation."""
    try:
        moves = written_moves(text)
    except InvalidPlayError:
        return None
    for start, end in moves:
        why = explain_move(position, roll, steps_made, start, end, rules)
        if why is not None:
            return why
    return None


def _unreadable(game: Game, text: str, error: Exception, lang: Lang) -> Refusal | Complaint:
    """Notation the parser refuses: a move it can read as points (``6/7``, backwards)
    gets the rules' explanation; anything else, how to write a play."""
    assert game.turn_start is not None and game.roll is not None
    why = explain_written(game.turn_start, game.roll, game.steps, text, game.rules)
    if why is not None:
        return Refusal(why, text)
    # The parser's English error would be the one English line of a Persian session.
    if lang == "fa":
        return Complaint("bad-notation-text", {"text": text})
    return Complaint("bad-notation", {"error": error})


def _why_not(
    game: Game, written: Sequence[Move], refused: IllegalPlayError | None
) -> Explanation | None:
    if refused is not None and refused.explanation is not None:
        return refused.explanation
    assert game.turn_start is not None and game.roll is not None
    made = game.steps
    for move in written:
        why = explain_move(
            game.turn_start, game.roll, made, move.from_point, move.to_point, game.rules
        )
        if why is not None:
            return why
        route = route_moves(game.guide, made, [move])
        if route is None:
            break
        made = made + route
    return None
